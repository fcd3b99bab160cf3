// aead.go — AES-GCM (crypto/cipher, any nonce length or a tag of 12-16
// bytes, as the standard library allows: not both at once) and
// ChaCha20-Poly1305 (x/crypto: 12-byte nonce, 16-byte tag).
package main

import (
	"crypto/cipher"
)

type aeadObj struct {
	block cipher.Block           // AES; nil for ChaCha20-Poly1305
	fixed cipher.AEAD            // ChaCha20-Poly1305
	cache map[[2]int]cipher.AEAD // GCM by (nonce, tag) length
}

// aead returns the AEAD for these lengths, or why it cannot.
func (a aeadObj) aead(nonceLen, tagLen int) (cipher.AEAD, error) {
	if a.fixed != nil {
		if nonceLen != a.fixed.NonceSize() || tagLen != a.fixed.Overhead() {
			return nil, fail("unsupported", "nonce %d, tag %d bytes", nonceLen, tagLen)
		}
		return a.fixed, nil
	}
	if g, ok := a.cache[[2]int{nonceLen, tagLen}]; ok {
		return g, nil
	}
	var g cipher.AEAD
	var err error
	switch {
	case nonceLen == 12:
		g, err = cipher.NewGCMWithTagSize(a.block, tagLen)
	case tagLen == 16 && nonceLen > 0:
		g, err = cipher.NewGCMWithNonceSize(a.block, nonceLen)
	default:
		return nil, fail("unsupported", "nonce %d with tag %d bytes", nonceLen, tagLen)
	}
	if err != nil {
		return nil, fail("unsupported", "%v", err)
	}
	a.cache[[2]int{nonceLen, tagLen}] = g
	return g, nil
}

func callAEAD(a aeadObj, r *request) (map[string]any, error) {
	nonce, aad, msg := unhex(r.Nonce), unhex(r.AAD), unhex(r.Msg)
	tagLen := r.TagLen
	if r.Op == "open" {
		tagLen = len(r.Tag) / 2
	}
	g, err := a.aead(len(nonce), tagLen)
	if err != nil {
		return nil, err
	}
	switch r.Op {
	case "seal":
		ct := g.Seal(nil, nonce, msg, aad)
		return map[string]any{"out": hexOf(ct[:len(msg)]), "tag": hexOf(ct[len(msg):])}, nil
	case "open":
		pt, err := g.Open(nil, nonce, append(msg, unhex(r.Tag)...), aad)
		if err != nil {
			return nil, fail("auth", "%v", err)
		}
		return map[string]any{"out": hexOf(pt)}, nil
	}
	return nil, fail("unsupported", "%s on an AEAD", r.Op)
}
