// rsa.js — RSA from node:crypto as cryptometer's classes define it: OAEP
// with SHA-256 and MGF1-SHA-256 (the pke class: keys as DER PKCS#8 and
// SubjectPublicKeyInfo) and PSS with SHA-256, MGF1-SHA-256 and a 32-byte
// salt (the signature class: pubkey.js's Signer with RSA keys); e = 65537,
// 2048-bit keys.
'use strict';
const crypto = require('node:crypto');
const { Failure } = require('./algs');
const { Signer } = require('./pubkey');

const BITS = 2048;
const PSS = { padding: crypto.constants.RSA_PKCS1_PSS_PADDING, saltLength: 32 };
const generate = () => crypto.generateKeyPairSync('rsa', { modulusLength: BITS, publicExponent: 65537 });
const isRsa = (k) => k.asymmetricKeyType === 'rsa' && k.asymmetricKeyDetails.modulusLength === BITS;

function load(der, type) {
  let k;
  try {
    k = type === 'pkcs8' ? crypto.createPrivateKey({ key: der, format: 'der', type })
      : crypto.createPublicKey({ key: der, format: 'der', type });
  } catch (e) { throw new Failure('invalid', e.message); }
  if (!isRsa(k)) throw new Failure('invalid', `not an RSA-${BITS} key`);
  return k;
}

class RsaSigner extends Signer {
  keygen() { const k = generate(); this.priv = k.privateKey; this.pub = k.publicKey; }
  sign(msg) {
    if (!this.priv) throw new Failure('invalid', 'no private key');
    return crypto.sign('sha256', msg, { key: this.priv, ...PSS });
  }
  verify(msg, sig) {
    let ok = false;
    try { ok = crypto.verify('sha256', msg, { key: this.pub, ...PSS }, sig); } catch (e) { ok = false; }
    if (!ok) throw new Failure('auth', 'the signature does not verify');
  }
  accepts(k) { return isRsa(k); }
}

// OAEP's options for key, with label when it is not empty
function oaep(key, label) {
  const opts = { key, padding: crypto.constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' };
  if (label && label.length) opts.oaepLabel = label;
  return opts;
}

// RSA-OAEP; the timed loops share one key pair, made once.
let kept = null;
class Pke {
  constructor() { this.priv = this.pub = null; }
  encrypt(msg, label) {
    try { return crypto.publicEncrypt(oaep(this.pub, label), msg); } catch (e) { throw new Failure('invalid', e.message); }
  }
  decrypt(ct, label) {
    if (!this.priv) throw new Failure('invalid', 'no private key');
    try { return crypto.privateDecrypt(oaep(this.priv, label), ct); } catch (e) { throw new Failure('auth', e.message); }
  }
  call(op, r) {
    switch (op) {
      case 'keygen': { const k = generate(); this.priv = k.privateKey; this.pub = k.publicKey; return {}; }
      case 'set_private_key': this.priv = load(r.key, 'pkcs8'); this.pub = crypto.createPublicKey(this.priv); return {};
      case 'set_public_key': this.pub = load(r.key, 'spki'); this.priv = null; return {};
    }
    if (!this.pub) throw new Failure('invalid', 'no key');
    switch (op) {
      case 'get_public_key': return { out: this.pub.export({ type: 'spki', format: 'der' }).toString('hex') };
      case 'encrypt': return { out: this.encrypt(r.msg, r.label).toString('hex') };
      case 'decrypt': return { out: this.decrypt(r.msg, r.label).toString('hex') };
    }
    throw new Failure('unsupported', `${op} on a public-key encryption`);
  }
  bench(op, size) {
    kept = kept || generate();
    this.priv = kept.privateKey; this.pub = kept.publicKey;
    const msg = crypto.randomBytes(size);
    if (op === 'encrypt') return () => this.encrypt(msg);
    const ct = this.encrypt(msg);
    return () => this.decrypt(ct);
  }
}

module.exports = { RsaSigner, Pke };
