// pubkey.js — signatures (Ed25519; ECDSA P-256 with SHA-256, DER; RSA-PSS
// in rsa.js) and key
// agreement (X25519, ECDH P-256) from node:crypto, public keys as DER
// SubjectPublicKeyInfo (signatures) or raw (key agreement).
'use strict';
const crypto = require('node:crypto');
const { Failure } = require('./algs');

// An X25519 or P-256 public key from its raw form, as DER SPKI.
const X25519_SPKI = Buffer.from('302a300506032b656e032100', 'hex');
const P256_SPKI = Buffer.from('3059301306072a8648ce3d020106082a8648ce3d030107034200', 'hex');

class Signer {
  constructor(alg) { this.ed = alg === 'ed25519'; this.priv = this.pub = null; }
  keygen() {
    const k = this.ed ? crypto.generateKeyPairSync('ed25519')
      : crypto.generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    this.priv = k.privateKey; this.pub = k.publicKey;
  }
  sign(msg) {
    if (!this.priv) throw new Failure('invalid', 'no private key');
    return this.ed ? crypto.sign(null, msg, this.priv) : crypto.sign('sha256', msg, { key: this.priv, dsaEncoding: 'der' });
  }
  verify(msg, sig) {
    let ok = false;
    try {
      ok = this.ed ? crypto.verify(null, msg, this.pub, sig)
        : crypto.verify('sha256', msg, { key: this.pub, dsaEncoding: 'der' }, sig);
    } catch (e) { ok = false; }
    if (!ok) throw new Failure('auth', 'the signature does not verify');
  }
  // whether k is a public key of this algorithm
  accepts(k) {
    return this.ed ? k.asymmetricKeyType === 'ed25519'
      : k.asymmetricKeyType === 'ec' && k.asymmetricKeyDetails.namedCurve === 'prime256v1';
  }
  call(op, r) {
    switch (op) {
      case 'keygen': this.keygen(); return {};
      case 'sign': return { sig: this.sign(r.msg).toString('hex') };
      case 'verify': this.verify(r.msg, r.tag); return {};
      case 'get_public_key': return { out: this.pub.export({ type: 'spki', format: 'der' }).toString('hex') };
      case 'set_public_key': {
        let k;
        try { k = crypto.createPublicKey({ key: r.key, format: 'der', type: 'spki' }); } catch (e) { throw new Failure('invalid', e.message); }
        if (!this.accepts(k)) throw new Failure('invalid', 'a key of another algorithm');
        this.pub = k; this.priv = null; return {};
      }
    }
    throw new Failure('unsupported', `${op} on a signature`);
  }
  bench(op, size) {
    const msg = crypto.randomBytes(size);
    this.keygen();
    if (op === 'keygen') return () => this.keygen();
    if (op === 'sign') return () => this.sign(msg);
    const sig = this.sign(msg);
    return () => this.verify(msg, sig);
  }
}

class Kex {
  constructor(alg) { this.x = alg === 'x25519'; this.priv = null; }
  generate() {
    return this.x ? crypto.generateKeyPairSync('x25519').privateKey
      : crypto.generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey;
  }
  publicRaw(priv) {
    const der = crypto.createPublicKey(priv).export({ type: 'spki', format: 'der' });
    return der.subarray(this.x ? X25519_SPKI.length : P256_SPKI.length);
  }
  peerKey(peer, spki) {
    let k;
    try {
      k = crypto.createPublicKey({ key: spki ? peer : Buffer.concat([this.x ? X25519_SPKI : P256_SPKI, peer]), format: 'der', type: 'spki' });
    } catch (e) { throw new Failure('invalid', e.message); }
    const want = this.x ? k.asymmetricKeyType === 'x25519'
      : k.asymmetricKeyType === 'ec' && k.asymmetricKeyDetails.namedCurve === 'prime256v1';
    if (!want) throw new Failure('invalid', 'a key of another curve');
    return k;
  }
  derive(peer, spki) {
    const publicKey = this.peerKey(peer, spki);
    let s;
    try { s = crypto.diffieHellman({ privateKey: this.priv, publicKey }); } catch (e) { throw new Failure('invalid', e.message); }
    if (this.x && s.every((b) => b === 0)) throw new Failure('invalid', 'an all-zero shared secret');
    return s;
  }
  setPrivate(key) {
    if (this.x) {
      this.priv = crypto.createPrivateKey({ key: Buffer.concat([Buffer.from('302e020100300506032b656e04220420', 'hex'), key]), format: 'der', type: 'pkcs8' });
      return;
    }
    let d = key;
    while (d.length > 32 && d[0] === 0) d = d.subarray(1);
    if (d.length > 32) throw new Failure('invalid', 'a scalar longer than 32 bytes');
    d = Buffer.concat([Buffer.alloc(32 - d.length), d]);
    const ecdh = crypto.createECDH('prime256v1');
    try { ecdh.setPrivateKey(d); } catch (e) { throw new Failure('invalid', e.message); }
    const b64 = (b) => b.toString('base64url');
    const pub = ecdh.getPublicKey();
    this.priv = crypto.createPrivateKey({ key: { kty: 'EC', crv: 'P-256', d: b64(d), x: b64(pub.subarray(1, 33)), y: b64(pub.subarray(33)) }, format: 'jwk' });
  }
  call(op, r) {
    switch (op) {
      case 'keygen': this.priv = this.generate(); return {};
      case 'set_private_key': this.setPrivate(r.key); return {};
      case 'get_public_key': return { out: this.publicRaw(this.priv).toString('hex') };
      case 'derive':
        if (!this.priv) throw new Failure('invalid', 'no key');
        return { out: this.derive(r.peer, r.peer_spki).toString('hex') };
    }
    throw new Failure('unsupported', `${op} on a key agreement`);
  }
  bench(op, size) {
    this.priv = this.generate();
    if (op === 'keygen') return () => this.generate();
    const peer = this.publicRaw(this.generate());
    return () => this.derive(peer, false);
  }
}

module.exports = { Signer, Kex };
