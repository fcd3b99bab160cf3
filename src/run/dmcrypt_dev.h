/*
 * dmcrypt_dev.h — the block devices `dmcrypt` measures through, all created
 * and removed by the tool itself: a RAM device (a loop device over a memfd,
 * freed by the kernel on its last close) and device-mapper mappings over it
 * (dm-crypt or dm-linear), made with the device-mapper ioctls. Never an
 * existing device: every mapping is named "cryptometer-<pid>-<n>", and the
 * mappings of a process that is gone (a crash, kill -9) are removed by the
 * next run (cm_dm_cleanup_stale).
 */
#ifndef CM_RUN_DMCRYPT_DEV_H
#define CM_RUN_DMCRYPT_DEV_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include "util/error.h"

/* The prefix of every mapping the tool creates. */
#define CM_DM_PREFIX "cryptometer-"

/* A loop device over memory. */
typedef struct cm_ramdev {
    int fd;              /* the loop device, open; -1 when none */
    int number;          /* N of /dev/loopN */
    dev_t dev;
    uint64_t bytes;
} cm_ramdev;

/* A device-mapper mapping and a private block node for it. */
typedef struct cm_dm_map {
    char name[64];       /* cryptometer-<pid>-<n> */
    dev_t dev;
    char node[96];       /* a block node in the run's private directory */
    int live;
} cm_dm_map;

/* Why dm-crypt cannot be measured here (not root, no device-mapper, no
 * crypt or linear target, no loop control), or NULL when it can. The
 * text is static. */
const char *cm_dm_unavailable(void);

/* Creates a RAM device of bytes. 0, or -1 with err (CM_EXIT_ENVIRONMENT). */
int cm_ramdev_create(cm_ramdev *r, uint64_t bytes, cm_error *err);
/* Detaches and frees it (the kernel frees the memory on its last close). */
void cm_ramdev_destroy(cm_ramdev *r);

/* Creates mapping m over r: target "crypt" or "linear" with its params
 * (for crypt: everything after the key's device, see dmcrypt.c), the node
 * made under dir. 0, or -1 with err. */
int cm_dm_create(cm_dm_map *m, const char *dir, const char *target, const char *params,
                 uint64_t sectors, cm_error *err);
/* Removes it (and its node); 0, or -1 when the kernel refused. */
int cm_dm_remove(cm_dm_map *m);

/* Removes every mapping named CM_DM_PREFIX<pid>-* whose process is gone;
 * calls note(name) for each removed. Returns how many, or -1 when the
 * mappings cannot be listed. */
int cm_dm_cleanup_stale(void (*note)(const char *name));

#endif
