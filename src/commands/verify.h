/*
 * verify.h — `cryptometer verify`: the known-answer vectors and the
 * cross-check (kat.h) alone, for every implementation of this build, each
 * in a forked child (isolate.h) so that a crash or a hang is reported and
 * the run goes on. With --wycheproof FILE, that file's vectors instead of
 * the built-in ones, against every implementation of the algorithms it
 * applies to.
 *
 * After one line per implementation comes one COVERAGE line per vector file
 * used: its cases, those run (by algorithm), those that applied to no
 * implementation checked here, by reason ("keySize 192: no aes-192-gcm
 * implementation in this build", "... matches --filter", ...), and the
 * cases each implementation skipped (declined with CM_ERR_UNSUPPORTED).
 * --json FILE writes all of it (format in docs/result-format.md); FILE is
 * checked for writability before anything runs, and written atomically.
 *
 *   cryptometer verify [--wycheproof FILE] [--filter REGEX] [--algorithms LIST]
 *                      [--backends LIST] [--sizes LIST] [--json FILE]
 *                      [--timeout SECONDS] [--quiet]
 *
 * The options, their checks and the selection are `run`'s (options.h,
 * plan.h); each child runs the checking half of the run's child protocol
 * (child.h). The code: verify.c (the command), verify_coverage.c,
 * verify_output.c (verify_internal.h).
 *
 * Exit codes (enum cm_exit): 0 every implementation that could run passed;
 * 1 some failed, crashed or timed out; 2 usage error (unknown option, bad
 * regex, bad timeout or size list, unknown algorithm or backend, nothing
 * matches the selection, --json not writable);
 * 3 the Wycheproof file is unreadable, not JSON, not a Wycheproof file this
 * build can run, or applies to nothing available here; 130 interrupted.
 */
#ifndef CM_COMMANDS_VERIFY_H
#define CM_COMMANDS_VERIFY_H


struct cm_options;
struct cm_error;
struct json_t;

/* The subcommand (commands.h): prints one line per implementation on
 * stdout and errors as one line on stderr; returns an exit code from enum
 * cm_exit. */
int cm_verify_main(struct cm_options *o);

/* Prints the "cryptometer-verify-v1" document doc as `verify` printed it
 * without --quiet (`show`; verify_doc_json.c): 0, or -1 with err
 * (CM_EXIT_ENVIRONMENT) naming a field missing or of the wrong type, with
 * nothing printed. */
int cm_verify_show(const struct json_t *doc, struct cm_error *err);

/* Prints the "cryptometer-verify-pairs-v1" document doc as `verify --pairs`
 * printed it without --quiet (`show`; verify_pairs_text.c): 0, or -1 with
 * err as cm_verify_show's, with nothing printed. */
int cm_verify_pairs_show(const struct json_t *doc, struct cm_error *err);

#endif
