// cipher.go — AES-CBC without padding and AES-CTR (crypto/aes,
// crypto/cipher) as the parent's cipher class defines them: keyed once; a
// call with an IV starts a stream in its direction, a call without one
// continues that direction's stream (CBC chains from the last block, CTR
// goes on from the next keystream byte), so one object keeps two streams.
package main

import (
	"crypto/aes"
	"crypto/cipher"
	"strings"
)

type cipherObj struct {
	block   cipher.Block
	ctr     bool
	streams [2]func(dst, src []byte) // encrypt, decrypt
}

func newCipher(alg string, key []byte) (*cipherObj, error) {
	if len(key) != keyLen(alg) {
		return nil, fail("invalid", "key of %d bytes", len(key))
	}
	b, err := aes.NewCipher(key)
	if err != nil {
		return nil, fail("invalid", "%v", err)
	}
	return &cipherObj{block: b, ctr: strings.HasSuffix(alg, "-ctr")}, nil
}

// keyLen is the key length of an AES row (AES-128 or AES-256).
func keyLen(alg string) int {
	if strings.HasPrefix(alg, "aes-128-") {
		return 16
	}
	return 32
}

// start begins direction dir's stream (0 encrypt, 1 decrypt) from iv.
func (c *cipherObj) start(dir int, iv []byte) error {
	if len(iv) != aes.BlockSize {
		return fail("invalid", "iv of %d bytes", len(iv))
	}
	switch {
	case c.ctr:
		c.streams[dir] = cipher.NewCTR(c.block, iv).XORKeyStream
	case dir == 0:
		c.streams[dir] = cipher.NewCBCEncrypter(c.block, iv).CryptBlocks
	default:
		c.streams[dir] = cipher.NewCBCDecrypter(c.block, iv).CryptBlocks
	}
	return nil
}

// crypt runs in through direction dir's stream (started from iv when
// given) into out, of in's length.
func (c *cipherObj) crypt(dir int, iv *string, in, out []byte) error {
	if iv != nil {
		if err := c.start(dir, unhex(*iv)); err != nil {
			return err
		}
	}
	if c.streams[dir] == nil {
		return fail("invalid", "no stream to continue: the first call gives an iv")
	}
	if !c.ctr && len(in)%aes.BlockSize != 0 {
		return fail("invalid", "CBC takes whole blocks, not %d bytes", len(in))
	}
	c.streams[dir](out, in)
	return nil
}

func callCipher(c *cipherObj, r *request) (map[string]any, error) {
	dir := map[string]int{"encrypt": 0, "decrypt": 1}
	d, ok := dir[r.Op]
	if !ok {
		return nil, fail("unsupported", "%s on a cipher", r.Op)
	}
	in := unhex(r.Msg)
	out := make([]byte, len(in))
	if err := c.crypt(d, r.IV, in, out); err != nil {
		return nil, err
	}
	return map[string]any{"out": hexOf(out)}, nil
}

// cipherBench: one stream started once; each timed call continues it over
// the same size bytes (a decrypt's input is a ciphertext of them).
func cipherBench(c *cipherObj, op string, msg []byte) (func() error, error) {
	dir := 0
	if op == "decrypt" {
		dir = 1
		ct := make([]byte, len(msg))
		if err := c.start(0, randomBytes(aes.BlockSize)); err != nil {
			return nil, err
		}
		if err := c.crypt(0, nil, msg, ct); err != nil {
			return nil, err
		}
		msg = ct
	}
	iv, out := hexOf(randomBytes(aes.BlockSize)), make([]byte, len(msg))
	if err := c.crypt(dir, &iv, msg, out); err != nil {
		return nil, err
	}
	stream := c.streams[dir]
	return func() error { stream(out, msg); return nil }, nil
}
