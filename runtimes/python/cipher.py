"""cipher.py — AES-CBC without padding and AES-CTR from pyca `cryptography`
as cryptometer's cipher class defines them: keyed once; a call with an IV
starts a stream in its direction, a call without one continues it
(`update` on the same encryptor or decryptor), one stream per direction."""
import os

from cryptography.hazmat.primitives.ciphers import Cipher as PycaCipher, algorithms, modes

from algs import Failure


class Cipher:
    def __init__(self, alg, variant, key):
        if len(key) != (16 if alg.startswith("aes-128-") else 32):
            raise Failure("invalid", f"key of {len(key)} bytes")
        self.key, self.ctr = key, alg.endswith("-ctr")
        self.streams = {}

    def start(self, op, iv):
        if len(iv) != 16:
            raise Failure("invalid", f"iv of {len(iv)} bytes")
        c = PycaCipher(algorithms.AES(self.key), modes.CTR(iv) if self.ctr else modes.CBC(iv))
        self.streams[op] = c.encryptor() if op == "encrypt" else c.decryptor()

    def crypt(self, op, iv, data):
        if iv is not None:
            self.start(op, iv)
        if op not in self.streams:
            raise Failure("invalid", "no stream to continue: the first call gives an iv")
        if not self.ctr and len(data) % 16:
            raise Failure("invalid", f"CBC takes whole blocks, not {len(data)} bytes")
        return self.streams[op].update(data)

    def call(self, op, r):
        if op not in ("encrypt", "decrypt"):
            raise Failure("unsupported", f"{op} on a cipher")
        return {"out": self.crypt(op, r.get("iv"), r["msg"]).hex()}

    def bench(self, op, size):
        msg = os.urandom(size)
        if op == "decrypt":
            msg = self.crypt("encrypt", os.urandom(16), msg)
        self.crypt(op, os.urandom(16), msg)
        return lambda: self.streams[op].update(msg)
