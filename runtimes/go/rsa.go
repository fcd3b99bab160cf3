// rsa.go — RSA (crypto/rsa) as the parent's classes define it: OAEP with
// SHA-256 and MGF1-SHA-256 (the pke class: encrypt to the public key,
// decrypt with the private one, keys as DER PKCS#8 and
// SubjectPublicKeyInfo) and PSS with SHA-256, MGF1-SHA-256 and a 32-byte
// salt (the signature class, in pubkey.go's signer); e = 65537.
package main

import (
	"crypto"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
)

// rsaBits is the modulus length of an RSA row.
var rsaBits = map[string]int{"rsa-2048-oaep-sha256": 2048, "rsa-2048-pss-sha256": 2048}

var pssOptions = &rsa.PSSOptions{SaltLength: 32, Hash: crypto.SHA256}

type pkeObj struct {
	bits int
	priv *rsa.PrivateKey // nil after set_public_key
	pub  *rsa.PublicKey
}

func (p *pkeObj) keygen() error {
	k, err := rsa.GenerateKey(rand.Reader, p.bits)
	if err == nil {
		p.priv, p.pub = k, &k.PublicKey
	}
	return err
}

// rsaPublic parses a DER SubjectPublicKeyInfo of an RSA key of bits.
func rsaPublic(der []byte, bits int) (*rsa.PublicKey, error) {
	pub, err := x509.ParsePKIXPublicKey(der)
	if err != nil {
		return nil, fail("invalid", "%v", err)
	}
	k, ok := pub.(*rsa.PublicKey)
	if !ok || k.N.BitLen() != bits {
		return nil, fail("invalid", "not an RSA-%d key", bits)
	}
	return k, nil
}

func (p *pkeObj) setPrivate(pkcs8 []byte) error {
	key, err := x509.ParsePKCS8PrivateKey(pkcs8)
	if err != nil {
		return fail("invalid", "%v", err)
	}
	k, ok := key.(*rsa.PrivateKey)
	if !ok || k.N.BitLen() != p.bits {
		return fail("invalid", "not an RSA-%d key", p.bits)
	}
	p.priv, p.pub = k, &k.PublicKey
	return nil
}

func (p *pkeObj) encrypt(msg, label []byte) ([]byte, error) {
	ct, err := rsa.EncryptOAEP(sha256.New(), rand.Reader, p.pub, msg, label)
	if err != nil {
		return nil, fail("invalid", "%v", err)
	}
	return ct, nil
}

func (p *pkeObj) decrypt(ct, label []byte) ([]byte, error) {
	msg, err := rsa.DecryptOAEP(sha256.New(), nil, p.priv, ct, label)
	if err != nil {
		return nil, fail("auth", "%v", err)
	}
	return msg, nil
}

func callPKE(p *pkeObj, r *request) (map[string]any, error) {
	var out []byte
	var err error
	switch {
	case r.Op == "keygen":
		return nil, p.keygen()
	case r.Op == "set_private_key":
		return nil, p.setPrivate(unhex(r.Key))
	case r.Op == "set_public_key":
		p.pub, err = rsaPublic(unhex(r.Key), p.bits)
		p.priv = nil
		return nil, err
	case p.pub == nil:
		return nil, fail("invalid", "no key")
	case r.Op == "get_public_key":
		out, err = x509.MarshalPKIXPublicKey(p.pub)
	case r.Op == "encrypt":
		out, err = p.encrypt(unhex(r.Msg), unhex(r.Label))
	case r.Op == "decrypt" && p.priv == nil:
		return nil, fail("invalid", "no private key")
	case r.Op == "decrypt":
		out, err = p.decrypt(unhex(r.Msg), unhex(r.Label))
	default:
		return nil, fail("unsupported", "%s on a public-key encryption", r.Op)
	}
	return map[string]any{"out": hexOf(out)}, err
}

// rsaKeys are the key pairs the timed loops use, one per row, made once
// (key generation is the signature rows' keygen, not a pke operation).
var rsaKeys = map[string]*rsa.PrivateKey{}

func pkeBench(alg string, p *pkeObj, op string, msg []byte) (func() error, error) {
	if rsaKeys[alg] == nil {
		if err := p.keygen(); err != nil {
			return nil, err
		}
		rsaKeys[alg] = p.priv
	}
	p.priv, p.pub = rsaKeys[alg], &rsaKeys[alg].PublicKey
	if op == "encrypt" {
		return func() error { _, err := p.encrypt(msg, nil); return err }, nil
	}
	ct, err := p.encrypt(msg, nil)
	return func() error { _, err := p.decrypt(ct, nil); return err }, err
}
