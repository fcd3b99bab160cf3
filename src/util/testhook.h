/*
 * testhook.h — fault injection points for the end-to-end tests.
 *
 * The writer (write_commit.c) calls cm_test_kill_point(step) at each step
 * of a commit: "tmp-written" after a temporary file's bytes are written,
 * "fsync" after it is flushed, "journal" after the commit journal is in
 * place, "rename" after each rename over a target. In the test build
 * (CRYPTOMETER_TEST_BACKENDS, which defines CM_TEST_CLASSES) the process
 * kills itself with SIGKILL when the environment variable
 * CRYPTOMETER_TEST_KILL_AT names the step: "STEP" (its first time) or
 * "STEP:N" (its Nth time, counting from 1). cm_test_fail_point(step)
 * returns 1 instead when CRYPTOMETER_TEST_FAIL_AT names it the same way:
 * the writer then fails that step as a full disk would (ENOSPC). In every
 * other build both do nothing. tests/e2e/test_write_kill.py uses them, and
 * "document-part" (run: a part of the document built after the measurements
 * fails, as out of memory would).
 */
#ifndef CM_UTIL_TESTHOOK_H
#define CM_UTIL_TESTHOOK_H

void cm_test_kill_point(const char *step);
int cm_test_fail_point(const char *step);

#endif
