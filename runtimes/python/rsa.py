"""rsa.py — RSA from pyca `cryptography` as cryptometer's classes define
it: OAEP with SHA-256 and MGF1-SHA-256 (the pke class: keys as DER PKCS#8
and SubjectPublicKeyInfo) and PSS with SHA-256, MGF1-SHA-256 and a 32-byte
salt (the signature class: pubkey.py's Signer with RSA keys); e = 65537,
2048-bit keys."""
import os

from cryptography.exceptions import InvalidSignature, UnsupportedAlgorithm
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding, rsa

from algs import Failure
from pubkey import SPKI, Signer

BITS = 2048
PSS = padding.PSS(mgf=padding.MGF1(hashes.SHA256()), salt_length=32)


def oaep(label):
    return padding.OAEP(mgf=padding.MGF1(hashes.SHA256()), algorithm=hashes.SHA256(),
                        label=label or None)


def load(der, private):
    try:
        key = (serialization.load_der_private_key(der, None) if private
               else serialization.load_der_public_key(der))
    except (ValueError, TypeError, UnsupportedAlgorithm) as e:
        raise Failure("invalid", str(e)) from None
    kind = rsa.RSAPrivateKey if private else rsa.RSAPublicKey
    if not isinstance(key, kind) or key.key_size != BITS:
        raise Failure("invalid", f"not an RSA-{BITS} key")
    return key


def generate():
    return rsa.generate_private_key(public_exponent=65537, key_size=BITS)


class RsaSigner(Signer):
    """RSA-PSS on Signer's calls."""

    def keygen(self):
        self.priv = generate()
        self.pub = self.priv.public_key()

    def sign(self, msg):
        if self.priv is None:
            raise Failure("invalid", "no private key")
        return self.priv.sign(msg, PSS, hashes.SHA256())

    def verify(self, msg, sig):
        try:
            self.pub.verify(sig, msg, PSS, hashes.SHA256())
        except (InvalidSignature, ValueError):
            raise Failure("auth", "the signature does not verify") from None

    def accepts(self, pub):
        return isinstance(pub, rsa.RSAPublicKey) and pub.key_size == BITS


class Pke:
    """RSA-OAEP; the timed loops share one key pair, made once."""
    kept = None

    def __init__(self, alg, variant, key):
        self.priv = self.pub = None

    def encrypt(self, msg, label=b""):
        try:
            return self.pub.encrypt(msg, oaep(label))
        except ValueError as e:
            raise Failure("invalid", str(e)) from None

    def decrypt(self, ct, label=b""):
        if self.priv is None:
            raise Failure("invalid", "no private key")
        try:
            return self.priv.decrypt(ct, oaep(label))
        except ValueError as e:
            raise Failure("auth", str(e)) from None

    def call(self, op, r):
        label = r.get("label", b"")
        if op in ("keygen", "set_private_key"):
            self.priv = generate() if op == "keygen" else load(r["key"], True)
            self.pub = self.priv.public_key()
        elif op == "set_public_key":
            self.pub, self.priv = load(r["key"], False), None
        elif self.pub is None:
            raise Failure("invalid", "no key")
        elif op == "get_public_key":
            return {"out": self.pub.public_bytes(*SPKI).hex()}
        elif op == "encrypt":
            return {"out": self.encrypt(r["msg"], label).hex()}
        elif op == "decrypt":
            return {"out": self.decrypt(r["msg"], label).hex()}
        else:
            raise Failure("unsupported", f"{op} on a public-key encryption")
        return {}

    def bench(self, op, size):
        if Pke.kept is None:
            Pke.kept = generate()
        self.priv, msg = Pke.kept, os.urandom(size)
        self.pub = self.priv.public_key()
        if op == "encrypt":
            return lambda: self.encrypt(msg)
        ct = self.encrypt(msg)
        return lambda: self.decrypt(ct)
