// algs.go — the rows this helper offers (cryptometer's algorithm names,
// variant "stdlib" or "x-crypto") and the objects that run them: the
// standard library's crypto packages (ciphers in cipher.go, RSA in rsa.go,
// ML-KEM in kem.go), ChaCha20-Poly1305 from
// golang.org/x/crypto (pinned in go.sum).
package main

import (
	"crypto/aes"
	"crypto/cipher"
	"crypto/hmac"
	"crypto/sha1"
	"crypto/sha256"
	"crypto/sha3"
	"crypto/sha512"
	_ "embed"
	"encoding/json"
	"hash"

	"golang.org/x/crypto/chacha20poly1305"
)

// row is one implementation: an algorithm (cryptometer's name) and its
// variant. The rows are rows.json, which CMake reads too (the backend's
// rows when this server cannot be asked: cmake/Runtimes.cmake).
type row struct {
	Algorithm string `json:"algorithm"`
	Variant   string `json:"variant"`
}

//go:embed rows.json
var rowsJSON []byte

func rows() []row {
	var r []row
	if err := json.Unmarshal(rowsJSON, &r); err != nil {
		panic("rows.json: " + err.Error())
	}
	return r
}

var hashes = map[string]func() hash.Hash{
	"sha1": sha1.New, "sha256": sha256.New, "sha512": sha512.New,
	"sha3-256": func() hash.Hash { return sha3.New256() },
	"sha3-512": func() hash.Hash { return sha3.New512() },
}

// hasher digests whole messages, reusing one hash state (Reset, Write, Sum).
type hasher struct {
	h   hash.Hash
	out []byte
}

func (h hasher) digest(msg []byte) []byte {
	h.h.Reset()
	h.h.Write(msg)
	return h.h.Sum(h.out[:0])
}

// macer is HMAC keyed once; each call a whole message.
type macer struct{ hasher }

func (m macer) mac(msg []byte) []byte { return m.digest(msg) }

// create makes the object of one algorithm (key: for MACs and AEADs).
func create(alg string, key []byte) (any, error) {
	if newHash, ok := hashes[alg]; ok {
		return hasher{newHash(), make([]byte, 0, 64)}, nil
	}
	switch alg {
	case "hmac-sha256":
		return macer{hasher{hmac.New(sha256.New, key), make([]byte, 0, 32)}}, nil
	case "aes-128-gcm", "aes-256-gcm":
		if len(key) != keyLen(alg) {
			return nil, fail("invalid", "key of %d bytes", len(key))
		}
		b, err := aes.NewCipher(key)
		if err != nil {
			return nil, fail("invalid", "%v", err)
		}
		return aeadObj{block: b, cache: map[[2]int]cipher.AEAD{}}, nil
	case "chacha20-poly1305":
		a, err := chacha20poly1305.New(key)
		if err != nil {
			return nil, fail("invalid", "%v", err)
		}
		return aeadObj{fixed: a}, nil
	case "aes-128-cbc", "aes-256-cbc", "aes-128-ctr", "aes-256-ctr":
		return newCipher(alg, key)
	case "rsa-2048-oaep-sha256":
		return &pkeObj{bits: rsaBits[alg]}, nil
	case "ml-kem-768", "ml-kem-1024":
		return &kemObj{alg: alg}, nil
	case "ed25519", "ecdsa-p256-sha256", "rsa-2048-pss-sha256":
		return newSigner(alg), nil
	case "x25519", "ecdh-p256":
		return newKex(alg), nil
	}
	return nil, fail("unsupported", "no algorithm %s here", alg)
}
