// server.js — cryptometer's Node.js runtime server (docs/runtimes.md): the
// runtime child protocol on standard input and output, one JSON object a
// line each way (the messages: runtimes/go/main.go). node:crypto only: no
// package from npm (package-lock.json locks the empty set).
//
// JIT warm-up: before the first sample of an (algorithm, operation, size),
// batches of calls of about 10 ms run until three in a row agree within 3%
// (max/min of their per-call times) or 3 s have passed. At a further size of
// an operation whose warm-up ended steady, the code V8 optimised is the code
// that runs: the same check runs, at most 1 s, and the replies name the size
// warmed up (warmup_from). The time it took and whether it became steady
// are on every reply of that bench.
'use strict';
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const readline = require('node:readline');
const { PerformanceObserver, performance } = require('node:perf_hooks');
const { Failure, Hash, Mac, Aead } = require('./algs');
const { Signer, Kex } = require('./pubkey');
const { Cipher } = require('./cipher');
const { RsaSigner, Pke } = require('./rsa');

const ROWS = JSON.parse(fs.readFileSync(path.join(__dirname, 'rows.json'), 'utf8'));
const CLASS = {
  'aes-128-gcm': Aead, 'aes-256-gcm': Aead, 'chacha20-poly1305': Aead, 'hmac-sha256': Mac,
  ed25519: Signer, 'ecdsa-p256-sha256': Signer, x25519: Kex, 'ecdh-p256': Kex,
  'aes-128-cbc': Cipher, 'aes-256-cbc': Cipher, 'aes-128-ctr': Cipher, 'aes-256-ctr': Cipher,
  'rsa-2048-pss-sha256': RsaSigner, 'rsa-2048-oaep-sha256': Pke,
};
const HEX = ['key', 'nonce', 'aad', 'msg', 'tag', 'peer', 'iv', 'label']; // iv: null continues a stream
const gcs = []; // [start, end] in performance.now() ms, of every collection seen
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) gcs.push([e.startTime, e.startTime + e.duration]);
}).observe({ entryTypes: ['gc'] });

function hello() {
  return {
    ok: true, type: 'hello', backend: 'node', version: process.versions.node,
    impls: ROWS.map((r) => ({ ...r, available: true })),
    details: {
      runtime: 'node', runtime_version: process.version, openssl: process.versions.openssl,
      v8: process.versions.v8, execArgv: process.execArgv, fips: crypto.getFips(),
      warmup_criterion: '10 ms batches until 3 in a row agree within 3%, at most 3 s; at a further size '
        + 'of an operation warmed up steady, at most 1 s',
    },
  };
}

function loop(fn, n) {
  const t0 = process.hrtime.bigint();
  for (let i = 0; i < n; i++) fn();
  return Number(process.hrtime.bigint() - t0);
}

// Warms fn up until steady (the criterion above), for at most maxNs: {ns, steady}.
function warmUp(fn, maxNs) {
  const start = process.hrtime.bigint();
  let n = 1;
  while (loop(fn, n) < 10e6 && n < 1 << 30) n *= 2;
  const per = [];
  for (;;) {
    per.push(loop(fn, n) / n);
    const last = per.slice(-3);
    const ns = Number(process.hrtime.bigint() - start);
    const steady = last.length === 3 && Math.max(...last) <= 1.03 * Math.min(...last);
    if (steady || ns > maxNs) return { ns, steady };
  }
}

const nothing = () => undefined;

class Server {
  constructor() {
    this.objects = new Map(); this.next = 1; this.benches = new Map();
    this.warmed = new Map(); // algorithm/operation -> the size its warm-up ended steady at
  }

  make(alg, variant, key) { return new (CLASS[alg] || Hash)(alg, key || Buffer.alloc(0)); }

  async bench(r) {
    const what = `${r.algorithm}/${r.operation}`, key = `${what}/${r.size}`;
    if (!this.benches.has(key)) {
      const fn = this.make(r.algorithm, r.variant, crypto.randomBytes(r.algorithm.startsWith('aes-128-') ? 16 : 32)).bench(r.operation, r.size);
      const from = this.warmed.get(what);
      const warm = warmUp(fn, from === undefined ? 3e9 : 1e9);
      if (warm.steady && from === undefined) this.warmed.set(what, r.size);
      this.benches.set(key, { fn, warm, from });
    }
    const b = this.benches.get(key), fn = r.overhead ? nothing : b.fn;
    const c0 = process.cpuUsage(), p0 = performance.now();
    const wall = loop(fn, r.iters);
    const p1 = performance.now(), c = process.cpuUsage(c0);
    await new Promise((resolve) => setImmediate(resolve)); // the collector's entries arrive
    await new Promise((resolve) => setImmediate(resolve));
    const during = gcs.filter(([s, e]) => e >= p0 && s <= p1);
    return {
      wall_ns: wall, cpu_ns: (c.user + c.system) * 1000, user_ns: c.user * 1000, sys_ns: c.system * 1000,
      gc: during.length, gc_pause_ns: Math.round(during.reduce((t, [s, e]) => t + (e - s), 0) * 1e6),
      warmup_ns: b.warm.ns, warmup_steady: b.warm.steady,
      ...(b.from === undefined ? {} : { warmup_from: b.from }),
    };
  }

  async serve(r) {
    if (r.op === 'hello') return hello();
    for (const k of HEX) if (typeof r[k] === 'string') r[k] = Buffer.from(r[k], 'hex');
    if (r.op === 'create') {
      this.objects.set(this.next, this.make(r.algorithm, r.variant, r.key));
      return { h: this.next++ };
    }
    if (r.op === 'bench') return this.bench(r);
    if (r.op === 'destroy') { this.objects.delete(r.h); return {}; }
    const obj = this.objects.get(r.h);
    if (!obj) throw new Failure('invalid', `no object ${r.h}`);
    return obj.call(r.op, r);
  }
}

async function main() {
  const server = new Server();
  for await (const line of readline.createInterface({ input: process.stdin, crlfDelay: Infinity })) {
    let reply;
    try {
      reply = { ok: true, ...(await server.serve(JSON.parse(line))) };
    } catch (e) {
      reply = { ok: false, err: e instanceof Failure ? e.kind : 'library', why: String(e.message) };
    }
    process.stdout.write(`${JSON.stringify(reply)}\n`);
  }
}

main();
