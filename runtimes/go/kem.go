// kem.go — ML-KEM-768 and ML-KEM-1024 (crypto/mlkem, FIPS 203) as the
// parent's kem class defines them: a key pair made anew or from its
// 64-byte seed (d || z), the encapsulation key raw; encapsulate imports
// the peer's key and encapsulates to it (with given randomness m only
// where this Go has crypto/mlkem/mlkemtest: kem_encaps*.go); decapsulate
// with the object's key (implicit rejection: a tampered ciphertext gives
// another secret).
package main

import (
	"crypto/mlkem"
)

// kemKey is one parameter set's decapsulation key.
type kemKey interface {
	encapsulationKey() []byte
	decapsulate(ct []byte) ([]byte, error)
}

type dk768 struct{ *mlkem.DecapsulationKey768 }
type dk1024 struct{ *mlkem.DecapsulationKey1024 }

func (k dk768) encapsulationKey() []byte               { return k.EncapsulationKey().Bytes() }
func (k dk768) decapsulate(ct []byte) ([]byte, error)  { return k.Decapsulate(ct) }
func (k dk1024) encapsulationKey() []byte              { return k.EncapsulationKey().Bytes() }
func (k dk1024) decapsulate(ct []byte) ([]byte, error) { return k.Decapsulate(ct) }

type kemObj struct {
	alg string
	key kemKey // nil until keygen or set_private_seed
}

// setSeed makes the key pair from seed (nil: a new random one).
func (k *kemObj) setSeed(seed []byte) error {
	var err error
	switch {
	case k.alg == "ml-kem-768" && seed == nil:
		var d *mlkem.DecapsulationKey768
		d, err = mlkem.GenerateKey768()
		k.key = dk768{d}
	case k.alg == "ml-kem-768":
		var d *mlkem.DecapsulationKey768
		d, err = mlkem.NewDecapsulationKey768(seed)
		k.key = dk768{d}
	case seed == nil:
		var d *mlkem.DecapsulationKey1024
		d, err = mlkem.GenerateKey1024()
		k.key = dk1024{d}
	default:
		var d *mlkem.DecapsulationKey1024
		d, err = mlkem.NewDecapsulationKey1024(seed)
		k.key = dk1024{d}
	}
	if err != nil {
		k.key = nil
		return fail("invalid", "%v", err)
	}
	return nil
}

// encapsulate imports the peer's encapsulation key and encapsulates to
// it; with m, deterministically (encapsulateWith).
func (k *kemObj) encapsulate(peer, m []byte) (secret, ct []byte, err error) {
	if m != nil {
		return encapsulateWith(k.alg, peer, m)
	}
	if k.alg == "ml-kem-768" {
		var ek *mlkem.EncapsulationKey768
		if ek, err = mlkem.NewEncapsulationKey768(peer); err == nil {
			secret, ct = ek.Encapsulate()
		}
	} else {
		var ek *mlkem.EncapsulationKey1024
		if ek, err = mlkem.NewEncapsulationKey1024(peer); err == nil {
			secret, ct = ek.Encapsulate()
		}
	}
	if err != nil {
		return nil, nil, fail("invalid", "%v", err)
	}
	return secret, ct, nil
}

func callKem(k *kemObj, r *request) (map[string]any, error) {
	switch r.Op {
	case "keygen":
		return nil, k.setSeed(nil)
	case "set_private_seed":
		return nil, k.setSeed(unhex(r.Key))
	case "encapsulate":
		var m []byte
		if r.Entropy != nil {
			m = unhex(*r.Entropy)
		}
		secret, ct, err := k.encapsulate(unhex(r.Peer), m)
		return map[string]any{"ct": hexOf(ct), "out": hexOf(secret)}, err
	}
	if k.key == nil {
		return nil, fail("invalid", "no key")
	}
	switch r.Op {
	case "get_public_key":
		return map[string]any{"out": hexOf(k.key.encapsulationKey())}, nil
	case "decapsulate":
		secret, err := k.key.decapsulate(unhex(r.Msg))
		if err != nil {
			return nil, fail("invalid", "%v", err)
		}
		return map[string]any{"out": hexOf(secret)}, nil
	}
	return nil, fail("unsupported", "%s on a key encapsulation", r.Op)
}

// kemBench: keygen makes a new key pair; encapsulate imports the key
// pair's encapsulation key each time, as a server does with a key share;
// decapsulate opens one ciphertext.
func kemBench(k *kemObj, op string) (func() error, error) {
	if op == "keygen" {
		return func() error { return k.setSeed(nil) }, nil
	}
	if err := k.setSeed(nil); err != nil {
		return nil, err
	}
	ek := k.key.encapsulationKey()
	if op == "encapsulate" {
		return func() error { _, _, err := k.encapsulate(ek, nil); return err }, nil
	}
	_, ct, err := k.encapsulate(ek, nil)
	return func() error { _, err := k.key.decapsulate(ct); return err }, err
}
