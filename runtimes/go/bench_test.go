// bench_test.go — Go's own benchmarks of the two operations
// bench/vs_runtime_tools.py sets beside cryptometer's go:stdlib figures:
// AES-128-GCM seal and SHA-256 of 16 KiB messages, written as the standard
// library's (crypto/cipher BenchmarkAESGCM, crypto/sha256 benchmarkSize):
// b.SetBytes, one reused output buffer, a 12-byte nonce and 13 bytes of
// AAD as cryptometer's AEAD rows. `go test -bench .` here.
package main

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/sha256"
	"testing"
)

const benchSize = 16384

func BenchmarkAESGCMSeal16K(b *testing.B) {
	block, _ := aes.NewCipher(make([]byte, 16))
	g, _ := cipher.NewGCM(block)
	nonce, aad, msg := make([]byte, 12), make([]byte, 13), make([]byte, benchSize)
	out := make([]byte, 0, benchSize+16)
	b.SetBytes(benchSize)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		out = g.Seal(out[:0], nonce, msg, aad)
	}
}

func BenchmarkSHA256Digest16K(b *testing.B) {
	h, msg := sha256.New(), make([]byte, benchSize)
	sum := make([]byte, 0, 32)
	b.SetBytes(benchSize)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		h.Reset()
		h.Write(msg)
		sum = h.Sum(sum[:0])
	}
}
