"""algs.py — the objects of the Python runtime's rows (rows.json): hashlib
and hmac from the standard library (Python's own OpenSSL), and pyca
`cryptography` (its wheel's OpenSSL). Each object answers the calls of the
runtime child protocol (server.py) and makes the closure one timed
operation runs (bench)."""
import hashlib
import hmac as std_hmac
import os

from cryptography.exceptions import InvalidTag
from cryptography.hazmat.primitives import hashes, hmac
from cryptography.hazmat.primitives.ciphers.aead import AESGCM, ChaCha20Poly1305


class Failure(Exception):
    """A call's error with its kind: auth, invalid, unsupported, library."""

    def __init__(self, kind, why):
        super().__init__(why)
        self.kind = kind


HASHLIB = {"sha1": "sha1", "sha256": "sha256", "sha512": "sha512", "sha3-256": "sha3_256",
           "sha3-512": "sha3_512", "blake2b-512": "blake2b", "blake2s-256": "blake2s"}
PYCA_HASH = {"sha256": hashes.SHA256, "sha512": hashes.SHA512}


class Hash:
    def __init__(self, alg, variant, key):
        if variant == "hashlib":
            name = HASHLIB[alg]
            self.digest = lambda msg: hashlib.new(name, msg).digest()
        else:
            algo = PYCA_HASH[alg]()

            def digest(msg):
                h = hashes.Hash(algo)
                h.update(msg)
                return h.finalize()
            self.digest = digest

    def call(self, op, r):
        return {"out": self.digest(r["msg"]).hex()}

    def bench(self, op, size):
        msg = os.urandom(size)
        return lambda: self.digest(msg)


class Mac:
    """HMAC-SHA-256 keyed once; each message on a copy of the keyed state."""

    def __init__(self, alg, variant, key):
        if variant == "hashlib":
            base = std_hmac.new(key, digestmod="sha256")
            self.new_key = lambda k, m: std_hmac.digest(k, m, "sha256")
        else:
            base = hmac.HMAC(key, hashes.SHA256())

            def new_key(k, m):
                h = hmac.HMAC(k, hashes.SHA256())
                h.update(m)
                return h.finalize()
            self.new_key = new_key

        def mac(msg):
            h = base.copy()
            h.update(msg)
            return h.digest() if variant == "hashlib" else h.finalize()
        self.mac = mac

    def call(self, op, r):
        return {"out": self.mac(r["msg"]).hex()}

    def bench(self, op, size):
        msg, key = os.urandom(size), os.urandom(32)
        if op == "mac-newkey":
            return lambda: self.new_key(key, msg)
        return lambda: self.mac(msg)


class Aead:
    """AES-GCM (nonce of 8 to 128 bytes) and ChaCha20-Poly1305 (12), 16-byte tags."""

    def __init__(self, alg, variant, key):
        want = {"aes-128-gcm": 16, "aes-256-gcm": 32, "chacha20-poly1305": 32}[alg]
        if len(key) != want:
            raise Failure("invalid", f"key of {len(key)} bytes")
        self.a = ChaCha20Poly1305(key) if alg == "chacha20-poly1305" else AESGCM(key)

    def call(self, op, r):
        tag_len = r["tag_len"] if op == "seal" else len(r["tag"])
        if tag_len != 16:
            raise Failure("unsupported", f"a {tag_len}-byte tag")
        try:
            if op == "seal":
                ct = self.a.encrypt(r["nonce"], r["msg"], r["aad"])
                return {"out": ct[:-16].hex(), "tag": ct[-16:].hex()}
            if op == "open":
                return {"out": self.a.decrypt(r["nonce"], r["msg"] + r["tag"], r["aad"]).hex()}
        except InvalidTag:
            raise Failure("auth", "the tag does not match") from None
        except ValueError as e:
            raise Failure("unsupported", str(e)) from None
        raise Failure("unsupported", f"{op} on an AEAD")

    def bench(self, op, size):
        nonce, aad, msg = os.urandom(12), os.urandom(13), os.urandom(size)
        if op == "seal":
            return lambda: self.a.encrypt(nonce, msg, aad)
        ct = self.a.encrypt(nonce, msg, aad)
        return lambda: self.a.decrypt(nonce, ct, aad)
