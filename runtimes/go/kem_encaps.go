//go:build go1.26

// kem_encaps.go — ML-KEM encapsulation with given randomness m (FIPS 203
// ML-KEM.Encaps_internal, what Wycheproof's MLKEMEncapsTest gives), from
// crypto/mlkem/mlkemtest, which Go has from 1.26 (kem_encaps_old.go before).
package main

import (
	"crypto/mlkem"
	"crypto/mlkem/mlkemtest"
)

func encapsulateWith(alg string, peer, m []byte) (secret, ct []byte, err error) {
	if alg == "ml-kem-768" {
		var ek *mlkem.EncapsulationKey768
		if ek, err = mlkem.NewEncapsulationKey768(peer); err == nil {
			secret, ct, err = mlkemtest.Encapsulate768(ek, m)
		}
	} else {
		var ek *mlkem.EncapsulationKey1024
		if ek, err = mlkem.NewEncapsulationKey1024(peer); err == nil {
			secret, ct, err = mlkemtest.Encapsulate1024(ek, m)
		}
	}
	if err != nil {
		return nil, nil, fail("invalid", "%v", err)
	}
	return secret, ct, nil
}
