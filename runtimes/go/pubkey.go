// pubkey.go — signatures (Ed25519; ECDSA P-256 with SHA-256, DER
// signatures; RSA-PSS, its options in rsa.go) and key agreement (X25519,
// ECDH P-256) on keys kept in the object, public keys as DER
// SubjectPublicKeyInfo (signatures) or raw (key agreement), as the
// parent's classes define them.
package main

import (
	"crypto"
	"crypto/ecdh"
	"crypto/ecdsa"
	"crypto/ed25519"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
)

type signer struct {
	alg  string
	priv any // ed25519.PrivateKey, *ecdsa.PrivateKey or *rsa.PrivateKey; nil after set_public_key
	pub  any // ed25519.PublicKey, *ecdsa.PublicKey or *rsa.PublicKey
}

func newSigner(alg string) *signer { return &signer{alg: alg} }

func (s *signer) keygen() error {
	if s.alg == "ed25519" {
		pub, priv, err := ed25519.GenerateKey(rand.Reader)
		s.priv, s.pub = priv, pub
		return err
	}
	if bits := rsaBits[s.alg]; bits != 0 {
		k, err := rsa.GenerateKey(rand.Reader, bits)
		if err == nil {
			s.priv, s.pub = k, &k.PublicKey
		}
		return err
	}
	k, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err == nil {
		s.priv, s.pub = k, &k.PublicKey
	}
	return err
}

func (s *signer) sign(msg []byte) ([]byte, error) {
	switch k := s.priv.(type) {
	case ed25519.PrivateKey:
		return ed25519.Sign(k, msg), nil
	case *ecdsa.PrivateKey:
		d := sha256.Sum256(msg)
		return ecdsa.SignASN1(rand.Reader, k, d[:])
	case *rsa.PrivateKey:
		d := sha256.Sum256(msg)
		return rsa.SignPSS(rand.Reader, k, crypto.SHA256, d[:], pssOptions)
	}
	return nil, fail("invalid", "no private key")
}

func (s *signer) verify(msg, sig []byte) bool {
	switch k := s.pub.(type) {
	case ed25519.PublicKey:
		return ed25519.Verify(k, msg, sig)
	case *ecdsa.PublicKey:
		d := sha256.Sum256(msg)
		return ecdsa.VerifyASN1(k, d[:], sig)
	case *rsa.PublicKey:
		d := sha256.Sum256(msg)
		return rsa.VerifyPSS(k, crypto.SHA256, d[:], sig, pssOptions) == nil
	}
	return false
}

func (s *signer) setPublic(der []byte) error {
	if bits := rsaBits[s.alg]; bits != 0 {
		k, err := rsaPublic(der, bits)
		if err == nil {
			s.pub, s.priv = k, nil
		}
		return err
	}
	pub, err := x509.ParsePKIXPublicKey(der)
	if err != nil {
		return fail("invalid", "%v", err)
	}
	switch k := pub.(type) {
	case ed25519.PublicKey:
		if s.alg == "ed25519" {
			s.pub, s.priv = k, nil
			return nil
		}
	case *ecdsa.PublicKey:
		if s.alg == "ecdsa-p256-sha256" && k.Curve == elliptic.P256() {
			s.pub, s.priv = k, nil
			return nil
		}
	}
	return fail("invalid", "a key of another algorithm")
}

func callSigner(s *signer, r *request) (map[string]any, error) {
	switch r.Op {
	case "keygen":
		return nil, s.keygen()
	case "sign":
		sig, err := s.sign(unhex(r.Msg))
		return map[string]any{"sig": hexOf(sig)}, err
	case "verify":
		if !s.verify(unhex(r.Msg), unhex(r.Tag)) {
			return nil, fail("auth", "the signature does not verify")
		}
		return nil, nil
	case "set_public_key":
		return nil, s.setPublic(unhex(r.Key))
	case "get_public_key":
		der, err := x509.MarshalPKIXPublicKey(s.pub)
		return map[string]any{"out": hexOf(der)}, err
	}
	return nil, fail("unsupported", "%s on a signature", r.Op)
}

type kexObj struct {
	curve ecdh.Curve
	priv  **ecdh.PrivateKey
}

func newKex(alg string) kexObj {
	c := ecdh.X25519()
	if alg == "ecdh-p256" {
		c = ecdh.P256()
	}
	return kexObj{c, new(*ecdh.PrivateKey)}
}

// peerKey imports a peer's public key: raw, or DER SubjectPublicKeyInfo.
func (k kexObj) peerKey(peer []byte, spki bool) (*ecdh.PublicKey, error) {
	if !spki {
		return k.curve.NewPublicKey(peer)
	}
	pub, err := x509.ParsePKIXPublicKey(peer)
	if err != nil {
		return nil, err
	}
	switch p := pub.(type) {
	case *ecdh.PublicKey:
		return p, nil
	case *ecdsa.PublicKey:
		return p.ECDH()
	}
	return nil, fail("invalid", "not an EC key")
}

func (k kexObj) derive(peer []byte, spki bool) ([]byte, error) {
	pub, err := k.peerKey(peer, spki)
	if err != nil {
		return nil, fail("invalid", "%v", err)
	}
	if pub.Curve() != k.curve {
		return nil, fail("invalid", "a key of another curve")
	}
	secret, err := (*k.priv).ECDH(pub)
	if err != nil {
		return nil, fail("invalid", "%v", err)
	}
	return secret, nil
}

// setPrivate takes the raw scalar; ECDH's may have leading zero bytes
// beyond the field length, or fewer bytes.
func (k kexObj) setPrivate(key []byte) error {
	if k.curve == ecdh.P256() {
		for len(key) > 32 && key[0] == 0 {
			key = key[1:]
		}
		if len(key) < 32 {
			key = append(make([]byte, 32-len(key)), key...)
		}
	}
	p, err := k.curve.NewPrivateKey(key)
	if err != nil {
		return fail("invalid", "%v", err)
	}
	*k.priv = p
	return nil
}

func callKex(k kexObj, r *request) (map[string]any, error) {
	switch r.Op {
	case "keygen":
		p, err := k.curve.GenerateKey(rand.Reader)
		*k.priv = p
		return nil, err
	case "set_private_key":
		return nil, k.setPrivate(unhex(r.Key))
	case "get_public_key":
		if *k.priv == nil {
			return nil, fail("invalid", "no key")
		}
		return map[string]any{"out": hexOf((*k.priv).PublicKey().Bytes())}, nil
	case "derive":
		if *k.priv == nil {
			return nil, fail("invalid", "no key")
		}
		s, err := k.derive(unhex(r.Peer), r.PeerSPKI)
		return map[string]any{"out": hexOf(s)}, err
	}
	return nil, fail("unsupported", "%s on a key agreement", r.Op)
}
