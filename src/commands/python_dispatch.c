/*
 * python_dispatch.c — runs the subcommands that live in Python
 * (python/cryptometer) as `python -m cryptometer <command> ...`, git-style.
 *
 * The interpreter: $CRYPTOMETER_PYTHON, else the project's virtual
 * environment (<source>/.venv/bin/python, made by bootstrap.sh), else
 * python3 on PATH. The package: $CRYPTOMETER_PYTHONPATH, else
 * <source>/python, else <prefix>/share/cryptometer/python next to an
 * installed binary.
 *
 * Which commands are Python's, with their help, is read from the list the
 * Python package keeps (python/cryptometer/commands.json, embedded in the
 * binary): one list for both sides.
 */
#include <errno.h>
#include <limits.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <jansson.h>
#include "commands/commands.h"
#include "util/embedded.h"
#include "util/error.h"

#define COMMANDS_JSON "python/cryptometer/commands.json"

/* See commands.h. The list is parsed once and kept for the process. */
int cm_python_command(size_t i, const char **name, const char **help)
{
    static json_t *commands;
    if (!commands) {
        const cm_embedded_file *f = cm_embedded_find(COMMANDS_JSON);
        json_t *doc = f ? json_loadb((const char *)f->data, f->len, 0, NULL) : NULL;
        commands = json_incref(json_object_get(doc, "commands"));
        json_decref(doc);
        if (!json_is_array(commands))
            return 0;
    }
    json_t *entry = json_array_get(commands, i);
    const char *n = json_string_value(json_object_get(entry, "name"));
    const char *h = json_string_value(json_object_get(entry, "help"));
    if (!n || !h)
        return 0;
    *name = n;
    *help = h;
    return 1;
}

/* The first of candidates that exists (and, for want_exec, is executable). */
static const char *first_existing(const char *const *candidates, int n, int want_exec)
{
    for (int i = 0; i < n; i++)
        if (candidates[i] && access(candidates[i], want_exec ? X_OK : R_OK) == 0)
            return candidates[i];
    return NULL;
}

int cm_python_main(const char *self, int argc, char **argv)
{
    char venv_python[PATH_MAX], installed_pkg[PATH_MAX], self_dir[PATH_MAX];
    snprintf(venv_python, sizeof venv_python, "%s/.venv/bin/python", CM_SOURCE_DIR);
    char *resolved = realpath(self, NULL);
    setenv("CRYPTOMETER_BIN", resolved ? resolved : self, 1); /* Python runs `aes-score` with it */
    snprintf(self_dir, sizeof self_dir, "%s", resolved ? resolved : self);
    free(resolved);
    snprintf(installed_pkg, sizeof installed_pkg, "%s/../share/cryptometer/python/cryptometer",
             dirname(self_dir));

    const char *pythons[] = {getenv("CRYPTOMETER_PYTHON"), venv_python};
    const char *python = first_existing(pythons, 2, 1);
    const char *pkg = getenv("CRYPTOMETER_PYTHONPATH");
    if (!pkg) {
        const char *src_pkg = CM_SOURCE_DIR "/python/cryptometer";
        const char *pkgs[] = {src_pkg, installed_pkg};
        const char *found = first_existing(pkgs, 2, 0);
        if (!found) {
            fprintf(stderr, "cryptometer %s: error: the Python part of cryptometer is not "
                            "installed (looked in %s and %s)\n", argv[0], src_pkg, installed_pkg);
            return CM_EXIT_ENVIRONMENT;
        }
        static char pkg_dir[PATH_MAX];
        snprintf(pkg_dir, sizeof pkg_dir, "%s", found);
        pkg = dirname(pkg_dir);
    }
    setenv("PYTHONPATH", pkg, 1);

    char **args = calloc((size_t)argc + 4, sizeof *args);
    args[0] = (char *)(python ? python : "python3");
    args[1] = "-m";
    args[2] = "cryptometer";
    for (int i = 0; i < argc; i++)
        args[3 + i] = argv[i];
    if (python)
        execv(python, args);
    else
        execvp("python3", args);
    fprintf(stderr, "cryptometer %s: error: this command needs Python 3 (%s: %s): run "
                    "./bootstrap.sh build (it installs python3 and sets up %s/.venv)\n",
            argv[0], python ? python : "python3", strerror(errno), CM_SOURCE_DIR);
    free(args);
    return CM_EXIT_ENVIRONMENT;
}
