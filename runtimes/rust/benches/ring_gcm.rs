// benches/ring_gcm.rs — criterion's own timing of ring's AES-128-GCM seal
// of 16 KiB, the call rust:ring/aes-128-gcm/seal times (a 12-byte nonce,
// 13 bytes of AAD, sealed in place on a key set up once), for
// bench/vs_runtime_tools.py to run beside cryptometer.
use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use ring::aead;

fn seal(c: &mut Criterion) {
    let key = aead::UnboundKey::new(&aead::AES_128_GCM, &[7u8; 16]).expect("a 16-byte key");
    let key = aead::LessSafeKey::new(key);
    let mut buf = vec![0u8; 16384];
    let mut g = c.benchmark_group("ring");
    g.throughput(Throughput::Bytes(buf.len() as u64));
    g.bench_function("aes-128-gcm-seal-16k", |b| {
        b.iter(|| {
            let nonce = aead::Nonce::assume_unique_for_key([1u8; 12]);
            key.seal_in_place_separate_tag(nonce, aead::Aad::from([2u8; 13]), &mut buf)
        })
    });
    g.finish();
}

criterion_group!(benches, seal);
criterion_main!(benches);
