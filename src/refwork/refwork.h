/*
 * refwork.h — the reference workload of the processor-normalised score
 * (docs/methodology.md, "Processor-normalised score").
 *
 * cm_refwork_run(rounds) does a fixed mix of the integer work crypto code
 * does: add-rotate-xor rounds (ChaCha20), byte-indexed table lookups (AES
 * T-tables), 64x64->128-bit multiply-accumulate with carries (bignum,
 * Poly1305) and 64-bit rotate/shift/xor (SHA-512's sigma functions). It
 * returns a checksum of the state: CM_REFWORK_ANSWER for
 * CM_REFWORK_ROUNDS rounds, so a miscompiled or broken workload is caught
 * before its time is used. refwork.c is compiled alone with fixed flags
 * (CMakeLists.txt, CM_REFWORK_FLAGS), never with the build's own, so two
 * builds of one version measure the same work.
 */
#ifndef CM_REFWORK_H
#define CM_REFWORK_H

#include <stdint.h>

#define CM_REFWORK_VERSION "cm-refwork-1"
#define CM_REFWORK_ROUNDS 20000u
#define CM_REFWORK_ANSWER UINT64_C(0xbd749867b376671f)

uint64_t cm_refwork_run(uint32_t rounds);

#endif
