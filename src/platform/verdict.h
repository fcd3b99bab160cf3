/*
 * verdict.h — verdicts that weigh all the evidence of a detect document or
 * a run's context: whether the CPU is emulated (verdict_emulation.c), what
 * the kernel's drivers say about hardware engines (verdict_kernel.c),
 * clusters whose AES score disagrees with their twins' (aes_twins.c), and
 * the AES score judged with the CPU's features, the library's capability
 * vector and the emulator evidence together (verdict.c, through the one
 * rule of aes_score.c). docs/detect.md ("Verdicts") states each rule.
 *
 * Every verdict is an object {id, subject, code, message, evidence}: id
 * "cpu", "aes-score", "twins" or "kernel"; code a fixed word; message one
 * sentence that names the evidence and says what to do next.
 */
#ifndef CM_PLATFORM_VERDICT_H
#define CM_PLATFORM_VERDICT_H

#include <stddef.h>
#include "platform/cpu_doc.h"
#include "platform/health.h"

struct json_t;
struct platform_aes_result;
struct platform_emulation_doc;
struct platform_kcrypto;
struct platform_library;

/* The emulator evidence of a CPU description and of the hypervisor its
 * health snapshot names (snapshot NULL: none; a detect document, a run's
 * context, a probe document): {emulated (bool: positive evidence),
 * evidence [sentences: positive], hints [sentences: supporting only],
 * native (a hardware hypervisor's signature: guest instructions run
 * natively; absent otherwise)}, with data/emulators.json. New reference,
 * NULL when out of memory. */
struct json_t *platform_emulation(const platform_cpu_doc *cpu, const platform_health *snapshot);

/* The same evidence as the struct *em (emulation.h). 0, or -1 when out of
 * memory (nothing to free then). */
int platform_emulation_fill(struct platform_emulation_doc *em, const platform_cpu_doc *cpu,
                            const platform_health *snapshot);

/* platform_emulation() with the snapshot still JSON (a document's
 * "health_snapshot" or "health_before"; NULL or null: none), parsed here.
 * NULL when out of memory or when it does not parse. */
struct json_t *platform_emulation_of(const platform_cpu_doc *cpu, const struct json_t *snapshot);

/* The hardware-engine verdicts of the kernel's crypto (kernel_crypto.h:
 * algorithms with their drivers, classes, priorities and the kernel's
 * choice): per
 * engine, "engine-selected", "engine-not-selected",
 * "engine-selected-alone" (only because nothing else is loaded) and
 * "engine-unusable" (failed or unknown selftest). Appends to verdicts;
 * 0, or -1 when out of memory. */
int platform_kernel_verdicts(const struct platform_kcrypto *kc, struct json_t *verdicts);

/* Flags the clusters of one run or log whose AES score per MHz disagrees
 * with their twins' (the same family, clocks within 3%): each verdict of
 * scores[0..n) (aes_result.h, with an optional cluster and observed [what
 * the run or log shows during that cluster's test]) that has twins gets
 * its twin check (clusters, reference score per MHz, deviation, flagged,
 * message). 0, or -1 when out of memory. */
int platform_aes_twins(struct platform_aes_result *scores, size_t n);

/* Judges again each AES score of scores[0..n) (aes_result.h, keeping what
 * was added after the rule) with the evidence: the CPU's features, the
 * openssl library's capability vector (library.h; NULL: not built) and the
 * emulation (emulation.h), then compares twins. 0, or -1 when out of memory. */
int platform_weigh_aes_scores(struct platform_aes_result *scores, size_t n, const platform_cpu_doc *cpu,
                              const struct platform_library *openssl, const struct platform_emulation_doc *em);

/* The "verdicts" array of a detect document: the CPU (emulated or not),
 * each AES score, twins, kernel engines; judging doc's aes_score.scores
 * again on the way (platform_weigh_aes_scores()). The verdicts are filled
 * into a platform_verdict_list (verdict_list.h) and written by its one
 * writer; the kernel's are appended to that JSON by
 * platform_kernel_verdicts(). New reference, NULL when out of memory or
 * when doc's "cpu" or "health_snapshot" has a key of the wrong type. */
struct json_t *platform_verdicts(struct json_t *doc);

#endif
