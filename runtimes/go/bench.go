// bench.go — the timed loop, inside the runtime (no IPC per call): one
// sample is iters calls of the operation, set up once per (algorithm,
// operation, size) on random inputs; the overhead sample is the same loop
// calling a function that does nothing. Each sample reports its wall time
// (CLOCK_MONOTONIC), the process's CPU time (the collector's threads
// included) with its user/system split, and the garbage collections that
// ended during it and their pause time.
package main

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"runtime"
	"time"

	"golang.org/x/sys/unix"
)

type benchKey struct {
	alg, op string
	size    int
}

type benchSetup struct{ fn func() error }

//go:noinline
func nothing() error { return nil }

func randomBytes(n int) []byte {
	b := make([]byte, n)
	rand.Read(b)
	return b
}

// setUp makes the call one timed operation runs.
func setUp(alg, op string, size int) (func() error, error) {
	obj, err := create(alg, randomBytes(keyLen(alg)))
	if err != nil {
		return nil, err
	}
	msg := randomBytes(size)
	switch o := obj.(type) {
	case hasher:
		return func() error { o.digest(msg); return nil }, nil
	case macer:
		if op == "mac-newkey" { // HMAC keyed anew for each message
			key, out := randomBytes(32), make([]byte, 0, 32)
			return func() error {
				m := hmac.New(sha256.New, key)
				m.Write(msg)
				m.Sum(out[:0])
				return nil
			}, nil
		}
		return func() error { o.mac(msg); return nil }, nil
	case aeadObj:
		return aeadBench(o, op, msg)
	case *cipherObj:
		return cipherBench(o, op, msg)
	case *pkeObj:
		return pkeBench(alg, o, op, msg)
	case *kemObj:
		return kemBench(o, op)
	case *signer:
		return signBench(o, op, msg)
	case kexObj:
		return kexBench(o, op)
	}
	return nil, fail("unsupported", "%s/%s", alg, op)
}

// aeadBench: one whole message with a 12-byte nonce and 13 bytes of AAD.
func aeadBench(a aeadObj, op string, msg []byte) (func() error, error) {
	g, err := a.aead(12, 16)
	if err != nil {
		return nil, err
	}
	nonce, aad := randomBytes(12), randomBytes(13)
	out := make([]byte, 0, len(msg)+16)
	if op == "seal" {
		return func() error { g.Seal(out[:0], nonce, msg, aad); return nil }, nil
	}
	ct := g.Seal(nil, nonce, msg, aad)
	return func() error { _, err := g.Open(out[:0], nonce, ct, aad); return err }, nil
}

func signBench(s *signer, op string, msg []byte) (func() error, error) {
	if err := s.keygen(); err != nil {
		return nil, err
	}
	switch op {
	case "keygen":
		return s.keygen, nil
	case "sign":
		return func() error { _, err := s.sign(msg); return err }, nil
	}
	sig, err := s.sign(msg)
	return func() error {
		if !s.verify(msg, sig) {
			return fail("auth", "verify failed")
		}
		return nil
	}, err
}

// kexBench: derive imports the peer's raw public key each time, as a
// handshake does.
func kexBench(k kexObj, op string) (func() error, error) {
	p, err := k.curve.GenerateKey(rand.Reader)
	if err != nil {
		return nil, err
	}
	*k.priv = p
	if op == "keygen" {
		return func() error { _, err := k.curve.GenerateKey(rand.Reader); return err }, nil
	}
	q, _ := k.curve.GenerateKey(rand.Reader)
	peer := q.PublicKey().Bytes()
	return func() error { _, err := k.derive(peer, false); return err }, nil
}

func cpuNow() (total, user, sys int64) {
	var ts unix.Timespec
	unix.ClockGettime(unix.CLOCK_PROCESS_CPUTIME_ID, &ts)
	var ru unix.Rusage
	unix.Getrusage(unix.RUSAGE_SELF, &ru)
	return ts.Nano(), ru.Utime.Nano(), ru.Stime.Nano()
}

func (s *server) bench(r *request) map[string]any {
	key := benchKey{r.Algorithm, r.Operation, r.Size}
	b, ok := s.benches[key]
	if !ok {
		fn, err := setUp(r.Algorithm, r.Operation, r.Size)
		if err != nil {
			return replyOf(nil, err)
		}
		b = &benchSetup{fn}
		s.benches[key] = b
	}
	fn := b.fn
	if r.Overhead {
		fn = nothing
	}
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	c0, u0, s0 := cpuNow()
	t0 := time.Now()
	var err error
	for i := r.Iters; i > 0 && err == nil; i-- {
		err = fn()
	}
	wall := time.Since(t0)
	c1, u1, s1 := cpuNow()
	runtime.ReadMemStats(&after)
	if err != nil {
		return replyOf(nil, err)
	}
	return replyOf(map[string]any{"wall_ns": wall.Nanoseconds(), "cpu_ns": c1 - c0,
		"user_ns": u1 - u0, "sys_ns": s1 - s0, "gc": after.NumGC - before.NumGC,
		"gc_pause_ns": after.PauseTotalNs - before.PauseTotalNs}, nil)
}
