/*
 * commands.h — the subcommands of `cryptometer`; each takes the arguments
 * after its name (argv[0] is the subcommand) and returns an exit code from
 * enum cm_exit (error.h).
 */
#ifndef CM_COMMANDS_COMMANDS_H
#define CM_COMMANDS_COMMANDS_H

#include <stddef.h>

int cm_run_main(int argc, char **argv);
int cm_list_main(int argc, char **argv);
/* `files`: the file workloads beside the coreutils (cmd_files.c). */
int cm_files_main(int argc, char **argv);
/* `sweep`: the chunk-size × total-size sweep of one algorithm (cmd_sweep.c). */
int cm_sweep_main(int argc, char **argv);
/* `dmcrypt`: the kernel's drivers through dm-crypt (cmd_dmcrypt.c). */
int cm_dmcrypt_main(int argc, char **argv);
/* `tcrypt`: the kernel's speed test, from its log (cmd_tcrypt.c). */
int cm_tcrypt_main(int argc, char **argv);
/* `detect` (cmd_detect.c). */
int cm_detect_main(int argc, char **argv);
/* `probe`: the instruction probes and their bounds (cmd_probe.c). */
int cm_probe_main(int argc, char **argv);
/* `show`: a saved document as its command's text (cmd_show.c). */
int cm_show_main(int argc, char **argv);
/* `aes-score`, hidden: the AES score rule for the Python layer (cmd_aes_score.c). */
int cm_aes_score_main(int argc, char **argv);
/* In Python (python/cryptometer): exec'ed with the same arguments. */
int cm_python_main(const char *self, int argc, char **argv);

/* The Python subcommands, as python/cryptometer/commands.json lists them (the
 * one list, embedded in the binary): the i-th one's name and line of help, in
 * order; 0 past the last (or when the list is missing from the build). */
int cm_python_command(size_t i, const char **name, const char **help);

#endif
