"""pubkey.py — signatures (Ed25519; ECDSA P-256 with SHA-256, DER; RSA-PSS
in rsa.py) and key
agreement (X25519, ECDH P-256) from pyca `cryptography`, public keys as DER
SubjectPublicKeyInfo (signatures) or raw (key agreement)."""
import os

from cryptography.exceptions import InvalidSignature, UnsupportedAlgorithm
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec, ed25519, x25519

from algs import Failure

SPKI = (serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)


class Signer:
    def __init__(self, alg, variant, key):
        self.ed = alg == "ed25519"
        self.priv = self.pub = None

    def keygen(self):
        self.priv = (ed25519.Ed25519PrivateKey.generate() if self.ed
                     else ec.generate_private_key(ec.SECP256R1()))
        self.pub = self.priv.public_key()

    def sign(self, msg):
        if self.priv is None:
            raise Failure("invalid", "no private key")
        return self.priv.sign(msg) if self.ed else self.priv.sign(msg, ec.ECDSA(hashes.SHA256()))

    def verify(self, msg, sig):
        try:
            if self.ed:
                self.pub.verify(sig, msg)
            else:
                self.pub.verify(sig, msg, ec.ECDSA(hashes.SHA256()))
        except (InvalidSignature, ValueError):
            raise Failure("auth", "the signature does not verify") from None

    def accepts(self, pub):
        """Whether pub is a public key of this algorithm."""
        if self.ed:
            return isinstance(pub, ed25519.Ed25519PublicKey)
        return isinstance(pub, ec.EllipticCurvePublicKey) and pub.curve.name == "secp256r1"

    def call(self, op, r):
        if op == "keygen":
            self.keygen()
        elif op == "sign":
            return {"sig": self.sign(r["msg"]).hex()}
        elif op == "verify":
            self.verify(r["msg"], r["tag"])
        elif op == "get_public_key":
            return {"out": self.pub.public_bytes(*SPKI).hex()}
        elif op == "set_public_key":
            try:
                pub = serialization.load_der_public_key(r["key"])
            except (ValueError, TypeError, UnsupportedAlgorithm) as e:
                raise Failure("invalid", str(e)) from None
            if not self.accepts(pub):
                raise Failure("invalid", "a key of another algorithm")
            self.pub, self.priv = pub, None
        else:
            raise Failure("unsupported", f"{op} on a signature")
        return {}

    def bench(self, op, size):
        msg = os.urandom(size)
        self.keygen()
        if op == "keygen":
            return self.keygen
        if op == "sign":
            return lambda: self.sign(msg)
        sig = self.sign(msg)
        return lambda: self.verify(msg, sig)


class Kex:
    def __init__(self, alg, variant, key):
        self.x = alg == "x25519"
        self.priv = None

    def generate(self):
        return x25519.X25519PrivateKey.generate() if self.x else ec.generate_private_key(ec.SECP256R1())

    def public_raw(self, priv):
        if self.x:
            return priv.public_key().public_bytes_raw()
        return priv.public_key().public_bytes(serialization.Encoding.X962,
                                              serialization.PublicFormat.UncompressedPoint)

    def peer_key(self, peer, spki):
        try:
            if spki:
                pub = serialization.load_der_public_key(peer)
            elif self.x:
                pub = x25519.X25519PublicKey.from_public_bytes(peer)
            else:
                pub = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), peer)
        except (ValueError, TypeError, UnsupportedAlgorithm) as e:
            raise Failure("invalid", str(e)) from None
        kind = x25519.X25519PublicKey if self.x else ec.EllipticCurvePublicKey
        if not isinstance(pub, kind) or (not self.x and pub.curve.name != "secp256r1"):
            raise Failure("invalid", "a key of another curve")
        return pub

    def derive(self, peer, spki):
        pub = self.peer_key(peer, spki)
        try:
            return self.priv.exchange(pub) if self.x else self.priv.exchange(ec.ECDH(), pub)
        except ValueError as e:
            raise Failure("invalid", str(e)) from None

    def call(self, op, r):
        if op == "keygen":
            self.priv = self.generate()
        elif op == "set_private_key":
            try:
                self.priv = (x25519.X25519PrivateKey.from_private_bytes(r["key"]) if self.x else
                             ec.derive_private_key(int.from_bytes(r["key"], "big"), ec.SECP256R1()))
            except ValueError as e:
                raise Failure("invalid", str(e)) from None
        elif op == "get_public_key":
            return {"out": self.public_raw(self.priv).hex()}
        elif op == "derive":
            if self.priv is None:
                raise Failure("invalid", "no key")
            return {"out": self.derive(r["peer"], r.get("peer_spki", False)).hex()}
        else:
            raise Failure("unsupported", f"{op} on a key agreement")
        return {}

    def bench(self, op, size):
        self.priv = self.generate()
        if op == "keygen":
            return self.generate
        peer = self.public_raw(self.generate())
        return lambda: self.derive(peer, False)
