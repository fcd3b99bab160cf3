/*
 * platform.h — what the machine is, what it has for cryptography, whether
 * that is used, and whether figures taken on it now can be trusted: all the
 * headers of the platform layer in one include.
 *
 * The platform layer (src/platform/) includes only src/util/ and itself;
 * the layers above build on it (docs/architecture.md, "Layers"). It gives the
 * detect document (src/run/detect.c) its facts and every result file its
 * context and health flags:
 *
 *   cpu.h        CPU vendor/model/cores, per-core MIDR and core names
 *                (data/cpu_cores.json), clusters with their frequencies
 *   features.h   crypto features from the CPU itself (x86 cpuid + xgetbv,
 *                arm getauxval), what each accelerates
 *                (data/cpu_features.json), /proc/cpuinfo cross-check,
 *                the CRYPTOMETER_ISA_MASK override
 *   kcrypto.h    /proc/crypto drivers, the one the kernel selects, their
 *                class (data/kernel_drivers.json); AF_ALG, /dev/crypto, hwrng
 *   health.h     snapshots before/after a run and the flags they raise
 *   timer.h      the monotonic clock (the one helper), CPU time, cycle counter
 *   cpuclock.h   the core clock from chains of dependent instructions (the
 *                architecture-specific assembly), pinning to a CPU
 *   clock.h      the real clock of each cluster against the claimed one
 *   aes_score.h  the AES-score-per-MHz rule (data/aes_score_per_mhz.json)
 *   describe.h   the "system" and "cpu" JSON objects; the --sysroot check
 *   context.h    a run's context before, its health flags after
 *   sysroot.h    (internal) file access under a sysroot, shared parsers,
 *                data tables; cpuid.h (internal) x86 cpuid and xgetbv
 *
 * Every reader takes a sysroot: NULL or "" reads the live system; a
 * directory reads its proc/ and sys/ instead (recorded trees in tests,
 * `--sysroot DIR` on the command line). With a sysroot nothing is asked of
 * the running CPU or kernel (no cpuid, no getauxval, no AF_ALG socket, no
 * clock measurement): those facts come from the tree or are reported as not
 * probed. A missing file is always a normal "absent", never an error.
 *
 * Environment:
 *   CRYPTOMETER_ISA_MASK  comma-separated feature names (the /proc/cpuinfo
 *       spelling or the label, case-insensitive, '-' = '_': "aes,pclmulqdq",
 *       "SHA-NI,avx512f"; "all" masks every feature) that cryptometer
 *       pretends the CPU lacks. Detection reports them present=false with
 *       masked=true, platform_cpu_has() answers 0 for them, and a health
 *       flag says the mask is active. Names are literal: masking avx does
 *       not mask avx2. Libraries keep their own switches (OPENSSL_ia32cap,
 *       OPENSSL_armcap). Used to test every code path of a multi-ISA
 *       implementation on one machine.
 *
 * Not thread-safe: call from the main thread (the data tables and the
 * feature cache are filled on first use).
 */
#ifndef CM_PLATFORM_PLATFORM_H
#define CM_PLATFORM_PLATFORM_H

#include "platform/aes_score.h"
#include "platform/clock.h"
#include "platform/context.h"
#include "platform/cpu.h"
#include "platform/cpu_doc.h"
#include "platform/cpuclock.h"
#include "platform/describe.h"
#include "platform/features.h"
#include "platform/health.h"
#include "platform/kcrypto.h"
#include "platform/timer.h"

#endif
