// algs.js — the objects of the Node.js runtime's rows (rows.json), all
// from node:crypto (Node's bundled OpenSSL): each answers the calls of the
// runtime child protocol and makes the closure one timed operation runs.
'use strict';
const crypto = require('node:crypto');

class Failure extends Error {
  constructor(kind, why) { super(why); this.kind = kind; }
}

const HASH = { sha1: 'sha1', sha256: 'sha256', sha512: 'sha512', 'sha3-256': 'sha3-256', 'sha3-512': 'sha3-512' };
const AEAD = { 'aes-128-gcm': 16, 'aes-256-gcm': 32, 'chacha20-poly1305': 32 };

class Hash {
  constructor(alg) { this.name = HASH[alg]; }
  digest(msg) { return crypto.createHash(this.name).update(msg).digest(); }
  call(op, r) { return { out: this.digest(r.msg).toString('hex') }; }
  bench(op, size) { const msg = crypto.randomBytes(size); return () => this.digest(msg); }
}

// HMAC-SHA-256: node:crypto keys a new Hmac per message (no copy of a keyed state).
class Mac {
  constructor(alg, key) { this.key = crypto.createSecretKey(key.length ? key : Buffer.alloc(0)); }
  mac(msg, key) { return crypto.createHmac('sha256', key || this.key).update(msg).digest(); }
  call(op, r) { return { out: this.mac(r.msg).toString('hex') }; }
  bench(op, size) {
    const msg = crypto.randomBytes(size), raw = crypto.randomBytes(32);
    return op === 'mac-newkey' ? () => this.mac(msg, raw) : () => this.mac(msg);
  }
}

class Aead {
  constructor(alg, key) {
    if (key.length !== AEAD[alg]) throw new Failure('invalid', `key of ${key.length} bytes`);
    this.alg = alg; this.key = key;
  }
  seal(nonce, aad, msg, tagLen) {
    const c = crypto.createCipheriv(this.alg, this.key, nonce, { authTagLength: tagLen });
    c.setAAD(aad);
    const out = Buffer.concat([c.update(msg), c.final()]);
    return [out, c.getAuthTag()];
  }
  open(nonce, aad, ct, tag) {
    const d = crypto.createDecipheriv(this.alg, this.key, nonce, { authTagLength: tag.length });
    d.setAAD(aad);
    d.setAuthTag(tag);
    const out = d.update(ct);
    try { return Buffer.concat([out, d.final()]); } catch (e) { throw new Failure('auth', e.message); }
  }
  call(op, r) {
    try {
      if (op === 'seal') {
        const [out, tag] = this.seal(r.nonce, r.aad, r.msg, r.tag_len);
        return { out: out.toString('hex'), tag: tag.toString('hex') };
      }
      if (op === 'open') return { out: this.open(r.nonce, r.aad, r.msg, r.tag).toString('hex') };
    } catch (e) {
      if (e instanceof Failure) throw e;
      throw new Failure('unsupported', e.message);
    }
    throw new Failure('unsupported', `${op} on an AEAD`);
  }
  bench(op, size) {
    const nonce = crypto.randomBytes(12), aad = crypto.randomBytes(13), msg = crypto.randomBytes(size);
    if (op === 'seal') return () => this.seal(nonce, aad, msg, 16);
    const [ct, tag] = this.seal(nonce, aad, msg, 16);
    return () => this.open(nonce, aad, ct, tag);
  }
}

module.exports = { Failure, Hash, Mac, Aead };
