// main.go — cryptometer's Go runtime helper (docs/runtimes.md): a server
// of the runtime child protocol on standard input and output, one JSON
// object a line each way. The parent (src/runtimes/) sends
//
//	{"op":"hello"}                          the rows, Go's version, the build
//	{"op":"create","algorithm":A,"key":HEX} a new object; {"h":N}
//	{"op":"digest"|"mac"|"seal"|...,"h":N,...}  one call on it (vectors, cross-check)
//	{"op":"bench","algorithm":A,"operation":O,"size":S,"iters":K,"overhead":B}
//	                                        K calls timed here, no IPC inside
//
// and gets {"ok":true,...} or {"ok":false,"err":"auth"|"invalid"|"unsupported"|"library","why":...}.
// Byte strings travel as lower-case hex.
package main

import (
	"bufio"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"runtime"
)

// request is every field any request may carry.
type request struct {
	Op        string  `json:"op"`
	H         int     `json:"h"`
	Algorithm string  `json:"algorithm"`
	Operation string  `json:"operation"`
	Key       string  `json:"key"`
	IV        *string `json:"iv"` // cipher: nil continues the stream
	Nonce     string  `json:"nonce"`
	AAD       string  `json:"aad"`
	Msg       string  `json:"msg"`
	Tag       string  `json:"tag"`
	TagLen    int     `json:"tag_len"`
	Label     string  `json:"label"`
	Entropy   *string `json:"entropy"` // kem: nil is the runtime's own randomness
	Peer      string  `json:"peer"`
	PeerSPKI  bool    `json:"peer_spki"`
	Size      int     `json:"size"`
	Iters     uint64  `json:"iters"`
	Overhead  bool    `json:"overhead"`
}

// failure is a call's error with the kind the parent maps to a cm_rc.
type failure struct{ kind, why string }

func (f *failure) Error() string { return f.kind + ": " + f.why }

func fail(kind, format string, a ...any) error {
	return &failure{kind, fmt.Sprintf(format, a...)}
}

func unhex(s string) []byte {
	b, err := hex.DecodeString(s)
	if err != nil {
		return nil
	}
	return b
}

func main() {
	runtime.LockOSThread() // the timed loops stay on one OS thread
	in := bufio.NewScanner(os.Stdin)
	in.Buffer(make([]byte, 1<<20), 1<<28)
	out := bufio.NewWriter(os.Stdout)
	enc := json.NewEncoder(out)
	s := newServer()
	for in.Scan() {
		var req request
		var reply map[string]any
		if err := json.Unmarshal(in.Bytes(), &req); err != nil {
			reply = map[string]any{"ok": false, "err": "invalid", "why": "bad request: " + err.Error()}
		} else {
			reply = s.serve(&req)
		}
		enc.Encode(reply)
		out.Flush()
	}
}
