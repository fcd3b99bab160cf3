/*
 * botan_ffi_costs.cpp — where cryptometer's Botan figures (Botan 2's C FFI)
 * and `botan speed`'s (its C++ API) part, each cost timed alone.
 *
 * Bulk ciphers, against the C++ call `botan speed` makes. For 16 KiB
 * messages of AES-128-CTR, AES-128-CBC (encrypt) and AES-128-GCM it times,
 * in one process and against the same libbotan:
 *   finish            the C++ Cipher_Mode::finish on one buffer in place
 *                     (what `botan speed` times);
 *   assign            secure_vector::assign of the message, alone: the first
 *                     step of botan_cipher_update with the final flag;
 *   ffi final         botan_cipher_update(..., BOTAN_CIPHER_UPDATE_FLAG_FINAL)
 *                     (assign, finish, copy out);
 *   ffi stream        botan_cipher_update without the flag (the FFI copies
 *                     with memcpy but steps one update granularity at a time;
 *                     GCM then finishes with an empty final call for its tag).
 * Prints microseconds per call and MB/s, the best of 5 runs of 20,000 calls.
 *
 * ECDSA P-256 sign through the FFI (botan_pk_op_sign_update and _finish,
 * EMSA1(SHA-256), a 32-byte message) with each random number generator:
 * "user" (Botan's AutoSeeded_RNG, an HMAC_DRBG: cryptometer's) and
 * "system" (the kernel's; `botan speed` reads /dev/urandom, about five
 * reads per signature under strace -c). Best of 5 runs of 2,000 signatures.
 *
 * A benchmark: it asserts nothing. docs/bench-library-tools.md has the figures.
 *
 *   g++ -O2 -std=c++17 $(pkg-config --cflags botan-2) bench/botan_ffi_costs.cpp \
 *       -o /tmp/botan_ffi_costs $(pkg-config --libs botan-2) && taskset -c 1 /tmp/botan_ffi_costs
 */
#include <botan/cipher_mode.h>
#include <botan/ffi.h>
#include <chrono>
#include <cstdio>
#include <functional>

namespace {

const size_t MSG = 16384, CALLS = 20000, SIGNS = 2000;

double best_us(const std::function<void()> &call, size_t calls = CALLS)
{
    double best = 1e30;
    for (int run = 0; run < 5; run++) {
        auto t0 = std::chrono::steady_clock::now();
        for (size_t i = 0; i < calls; i++)
            call();
        std::chrono::duration<double> t = std::chrono::steady_clock::now() - t0;
        best = std::min(best, t.count() / calls * 1e6);
    }
    return best;
}

void show(const char *mode, const char *what, double us)
{
    std::printf("%-22s %-12s %8.2f us/call %8.1f MB/s\n", mode, what, us, MSG / us);
}

void one_mode(const char *mode, bool aead)
{
    const uint8_t key[16] = {1}, nonce[16] = {2}, aad[13] = {3};
    const size_t nonce_len = aead ? 12 : 16, tag = aead ? 16 : 0;
    Botan::secure_vector<uint8_t> buf(MSG), in(MSG);
    std::vector<uint8_t> out(MSG + tag);

    auto cxx = Botan::Cipher_Mode::create(mode, Botan::ENCRYPTION);
    cxx->set_key(key, sizeof key);
    cxx->start(nonce, nonce_len);
    show(mode, "finish", best_us([&] {
             if (aead)
                 cxx->start(nonce, nonce_len);
             buf.resize(MSG);
             cxx->finish(buf);
         }));
    show(mode, "assign", best_us([&] {
             buf.clear();
             buf.assign(in.data(), in.data() + MSG);
         }));

    botan_cipher_t c;
    if (botan_cipher_init(&c, mode, BOTAN_CIPHER_INIT_FLAG_ENCRYPT) != 0 ||
        botan_cipher_set_key(c, key, sizeof key) != 0 || botan_cipher_start(c, nonce, nonce_len) != 0) {
        std::printf("%s: the FFI refused it\n", mode);
        return;
    }
    size_t w, used;
    auto start = [&] {
        if (aead) {
            botan_cipher_set_associated_data(c, aad, 0);
            botan_cipher_start(c, nonce, nonce_len);
        }
    };
    show(mode, "ffi final", best_us([&] {
             start();
             botan_cipher_update(c, BOTAN_CIPHER_UPDATE_FLAG_FINAL, out.data(), out.size(), &w,
                                 in.data(), MSG, &used);
         }));
    show(mode, "ffi stream", best_us([&] {
             start();
             botan_cipher_update(c, 0, out.data(), MSG, &w, in.data(), MSG, &used);
             if (aead)
                 botan_cipher_update(c, BOTAN_CIPHER_UPDATE_FLAG_FINAL, out.data() + MSG, tag, &w,
                                     in.data(), 0, &used);
         }));
    botan_cipher_destroy(c);
}

void ecdsa_sign(const char *rng_type)
{
    botan_rng_t rng;
    botan_privkey_t key;
    botan_pk_op_sign_t op;
    const uint8_t msg[32] = {4};
    uint8_t sig[128];
    if (botan_rng_init(&rng, rng_type) != 0 || botan_privkey_create(&key, "ECDSA", "secp256r1", rng) != 0 ||
        botan_pk_op_sign_create(&op, key, "EMSA1(SHA-256)", 0) != 0) {
        std::printf("ECDSA P-256: the FFI refused rng '%s'\n", rng_type);
        return;
    }
    double us = best_us([&] {
        size_t len = sizeof sig;
        botan_pk_op_sign_update(op, msg, sizeof msg);
        botan_pk_op_sign_finish(op, rng, sig, &len);
    }, SIGNS);
    std::printf("%-22s rng %-7s %8.2f us/call %8.0f sign/s\n", "ECDSA P-256 sign", rng_type, us,
                1e6 / us);
    botan_pk_op_sign_destroy(op);
    botan_privkey_destroy(key);
    botan_rng_destroy(rng);
}

} // namespace

int main()
{
    std::printf("Botan %s, %zu-byte messages, best of 5 runs of %zu calls\n",
                botan_version_string(), MSG, CALLS);
    one_mode("AES-128/CTR", false);
    one_mode("AES-128/CBC/NoPadding", false);
    one_mode("AES-128/GCM(16)", true);
    ecdsa_sign("user");
    ecdsa_sign("system");
    return 0;
}
