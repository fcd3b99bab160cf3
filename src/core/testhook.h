/*
 * testhook.h — fault injection points for the end-to-end tests.
 *
 * cm_test_kill_point(step) is called by the writer at each step of an
 * atomic write (document.c: "tmp-written" after a temporary file's bytes
 * are written, "fsync" after it is flushed, "rename" after each rename over
 * a target). In the test build (CRYPTOMETER_TEST_BACKENDS, which defines
 * CM_TEST_CLASSES) the process kills itself with SIGKILL when the
 * environment variable CRYPTOMETER_TEST_KILL_AT names the step: "STEP" (its
 * first time) or "STEP:N" (its Nth time, counting from 1). In every other
 * build it does nothing. tests/e2e/test_write_kill.py uses it.
 */
#ifndef CM_CORE_TESTHOOK_H
#define CM_CORE_TESTHOOK_H

void cm_test_kill_point(const char *step);

#endif
