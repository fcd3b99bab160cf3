// cipher.js — AES-CBC without padding and AES-CTR from node:crypto as
// cryptometer's cipher class defines them: keyed once; a call with an IV
// starts a stream in its direction (createCipheriv / createDecipheriv), a
// call without one continues it (update on the same object), one stream
// per direction.
'use strict';
const crypto = require('node:crypto');
const { Failure } = require('./algs');

class Cipher {
  constructor(alg, key) {
    if (key.length !== (alg.startsWith('aes-128-') ? 16 : 32)) throw new Failure('invalid', `key of ${key.length} bytes`);
    this.alg = alg; this.key = key; this.ctr = alg.endsWith('-ctr');
    this.streams = {};
  }
  crypt(op, iv, data) {
    if (iv) {
      if (iv.length !== 16) throw new Failure('invalid', `iv of ${iv.length} bytes`);
      const make = op === 'encrypt' ? crypto.createCipheriv : crypto.createDecipheriv;
      this.streams[op] = make(this.alg, this.key, iv).setAutoPadding(false);
    }
    if (!this.streams[op]) throw new Failure('invalid', 'no stream to continue: the first call gives an iv');
    if (!this.ctr && data.length % 16) throw new Failure('invalid', `CBC takes whole blocks, not ${data.length} bytes`);
    return this.streams[op].update(data);
  }
  call(op, r) {
    if (op !== 'encrypt' && op !== 'decrypt') throw new Failure('unsupported', `${op} on a cipher`);
    return { out: this.crypt(op, r.iv, r.msg).toString('hex') };
  }
  bench(op, size) {
    let msg = crypto.randomBytes(size);
    if (op === 'decrypt') msg = this.crypt('encrypt', crypto.randomBytes(16), msg);
    this.crypt(op, crypto.randomBytes(16), msg);
    const s = this.streams[op];
    return () => s.update(msg);
  }
}

module.exports = { Cipher };
