// server.go — the objects the parent made (create) and the calls on them:
// one request, one reply.
package main

import (
	"encoding/hex"
	"errors"
)

type server struct {
	objects map[int]any
	next    int
	benches map[benchKey]*benchSetup
}

func newServer() *server {
	return &server{objects: map[int]any{}, next: 1, benches: map[benchKey]*benchSetup{}}
}

func hexOf(b []byte) string { return hex.EncodeToString(b) }

// replyOf turns a call's outcome into the reply line.
func replyOf(fields map[string]any, err error) map[string]any {
	if err != nil {
		var f *failure
		if errors.As(err, &f) {
			return map[string]any{"ok": false, "err": f.kind, "why": f.why}
		}
		return map[string]any{"ok": false, "err": "library", "why": err.Error()}
	}
	if fields == nil {
		fields = map[string]any{}
	}
	fields["ok"] = true
	return fields
}

func (s *server) serve(r *request) map[string]any {
	switch r.Op {
	case "hello":
		return hello()
	case "create":
		obj, err := create(r.Algorithm, unhex(r.Key))
		if err != nil {
			return replyOf(nil, err)
		}
		s.objects[s.next] = obj
		s.next++
		return replyOf(map[string]any{"h": s.next - 1}, nil)
	case "destroy":
		delete(s.objects, r.H)
		return replyOf(nil, nil)
	case "bench":
		return s.bench(r)
	}
	obj, ok := s.objects[r.H]
	if !ok {
		return replyOf(nil, fail("invalid", "no object %d", r.H))
	}
	return replyOf(call(obj, r))
}

// call runs one operation on obj, by its class.
func call(obj any, r *request) (map[string]any, error) {
	switch o := obj.(type) {
	case hasher:
		if r.Op == "digest" {
			return map[string]any{"out": hexOf(o.digest(unhex(r.Msg)))}, nil
		}
	case macer:
		if r.Op == "mac" {
			return map[string]any{"out": hexOf(o.mac(unhex(r.Msg)))}, nil
		}
	case aeadObj:
		return callAEAD(o, r)
	case *cipherObj:
		return callCipher(o, r)
	case *pkeObj:
		return callPKE(o, r)
	case *kemObj:
		return callKem(o, r)
	case *signer:
		return callSigner(o, r)
	case kexObj:
		return callKex(o, r)
	}
	return nil, fail("unsupported", "%s on this object", r.Op)
}
