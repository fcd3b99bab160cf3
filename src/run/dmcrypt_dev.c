/*
 * dmcrypt_dev.c — the RAM device and the device-mapper mappings of
 * `dmcrypt` (dmcrypt_dev.h): loop over a memfd, and the device-mapper
 * ioctls (linux/dm-ioctl.h) that create, load, resume, list and remove a
 * mapping, with no libdevmapper, cryptsetup or udev needed.
 */
#define _GNU_SOURCE
#include "run/dmcrypt_dev.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>
#include <linux/dm-ioctl.h>
#include <linux/loop.h>

#define DM_CONTROL "/dev/mapper/control"
#define RAM_NAME "cryptometer-ram"

/* One ioctl on the control device with a buffer of size bytes whose header
 * is io; 0 or -1 (errno kept). */
static int dm_call(unsigned long req, struct dm_ioctl *io)
{
    int fd = open(DM_CONTROL, O_RDWR | O_CLOEXEC);
    if (fd < 0)
        return -1;
    int rc = ioctl(fd, req, io);
    int e = errno;
    close(fd);
    errno = e;
    return rc;
}

static void dm_init(struct dm_ioctl *io, size_t size, const char *name)
{
    memset(io, 0, size);
    io->version[0] = DM_VERSION_MAJOR;
    io->data_size = (uint32_t)size;
    io->data_start = sizeof *io;
    if (name)
        snprintf(io->name, sizeof io->name, "%s", name);
}

/* 1 when the kernel has target name ("crypt", "linear"). */
static int dm_has_target(const char *name)
{
    union { struct dm_ioctl io; char b[16384]; } u;
    dm_init(&u.io, sizeof u, NULL);
    if (dm_call(DM_LIST_VERSIONS, &u.io) != 0 || (u.io.flags & DM_BUFFER_FULL_FLAG))
        return 0;
    size_t off = u.io.data_start;
    while (off + sizeof(struct dm_target_versions) < sizeof u) {
        const struct dm_target_versions *t = (const void *)(u.b + off);
        if (strcmp(t->name, name) == 0)
            return 1;
        if (!t->next)
            break;
        off += t->next;
    }
    return 0;
}

/* See dmcrypt_dev.h. */
const char *cm_dm_unavailable(void)
{
    if (geteuid() != 0)
        return "needs root (it creates a RAM block device and device-mapper mappings)";
    if (access(DM_CONTROL, R_OK | W_OK) != 0)
        return "no device-mapper: " DM_CONTROL " is missing (modprobe dm-mod, or a container "
               "without it)";
    if (!dm_has_target("linear"))
        return "the kernel's device-mapper has no linear target";
    if (!dm_has_target("crypt"))
        return "the kernel has no dm-crypt target (modprobe dm-crypt)";
    if (access("/dev/loop-control", R_OK | W_OK) != 0)
        return "no loop devices: /dev/loop-control is missing (modprobe loop)";
    return NULL;
}

/* A block node for dev: /dev/<devname> when it is that device, else one
 * made under dir. 0, or -1 with err. */
static int block_node(char *out, size_t len, const char *devname, const char *dir, dev_t dev,
                      cm_error *err)
{
    struct stat st;
    snprintf(out, len, "/dev/%s", devname);
    if (stat(out, &st) == 0 && S_ISBLK(st.st_mode) && st.st_rdev == dev)
        return 0;
    snprintf(out, len, "%s/%s", dir, devname);
    if (mknod(out, S_IFBLK | 0600, dev) == 0)
        return 0;
    return cm_error_set(err, CM_EXIT_ENVIRONMENT, "cannot make a node for %s: %s", devname,
                        strerror(errno));
}

/* Attaches memfd to a free loop device; its fd, or -1. */
static int loop_attach(int memfd, int *number)
{
    int ctl = open("/dev/loop-control", O_RDWR | O_CLOEXEC);
    if (ctl < 0)
        return -1;
    int fd = -1;
    for (int tries = 0; tries < 8 && fd < 0; tries++) {
        int n = ioctl(ctl, LOOP_CTL_GET_FREE);
        char path[32];
        snprintf(path, sizeof path, "/dev/loop%d", n);
        if (n < 0 || (fd = open(path, O_RDWR | O_CLOEXEC)) < 0)
            break;
        if (ioctl(fd, LOOP_SET_FD, memfd) != 0) {
            close(fd);
            fd = -1;
            if (errno != EBUSY)
                break;
            continue;  /* another process took it first */
        }
        *number = n;
    }
    int e = errno;
    close(ctl);
    errno = e;
    return fd;
}

/* See dmcrypt_dev.h. */
int cm_ramdev_create(cm_ramdev *r, uint64_t bytes, cm_error *err)
{
    memset(r, 0, sizeof *r);
    r->fd = -1;
    int memfd = memfd_create(RAM_NAME, MFD_CLOEXEC);
    if (memfd < 0 || ftruncate(memfd, (off_t)bytes) != 0) {
        int e = errno;
        if (memfd >= 0)
            close(memfd);
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "cannot allocate %llu bytes of memory: %s",
                            (unsigned long long)bytes, strerror(e));
    }
    r->fd = loop_attach(memfd, &r->number);
    int e = errno;
    close(memfd);  /* the loop device keeps the file */
    if (r->fd < 0)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "cannot set up a loop device: %s",
                            strerror(e));
    struct loop_info64 li;
    memset(&li, 0, sizeof li);
    li.lo_flags = LO_FLAGS_AUTOCLEAR;  /* freed on the last close, even after a crash */
    snprintf((char *)li.lo_file_name, sizeof li.lo_file_name, "%s", RAM_NAME);
    struct stat st;
    if (ioctl(r->fd, LOOP_SET_STATUS64, &li) != 0 || fstat(r->fd, &st) != 0) {
        e = errno;
        cm_ramdev_destroy(r);
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "cannot configure the loop device: %s",
                            strerror(e));
    }
    r->dev = st.st_rdev;
    r->bytes = bytes;
    return 0;
}

/* See dmcrypt_dev.h. */
void cm_ramdev_destroy(cm_ramdev *r)
{
    if (r->fd < 0)
        return;
    (void)ioctl(r->fd, LOOP_CLR_FD, 0);  /* EBUSY while a mapping holds it: autoclear then */
    close(r->fd);
    r->fd = -1;
}

/* Loads one target into the inactive table of name and resumes it. */
static int dm_load(const char *name, const char *target, const char *params, uint64_t sectors)
{
    size_t plen = strlen(params) + 1;
    size_t size = sizeof(struct dm_ioctl) + sizeof(struct dm_target_spec) + ((plen + 7) & ~7u);
    struct dm_ioctl *io = calloc(1, size);
    if (!io)
        return -1;
    dm_init(io, size, name);
    io->target_count = 1;
    struct dm_target_spec *t = (void *)(io + 1);
    t->sector_start = 0;
    t->length = sectors;
    snprintf(t->target_type, sizeof t->target_type, "%s", target);
    memcpy(t + 1, params, plen);
    int rc = dm_call(DM_TABLE_LOAD, io);
    if (rc == 0) {
        dm_init(io, sizeof *io, name);  /* DM_DEV_SUSPEND without the flag: resume */
        rc = dm_call(DM_DEV_SUSPEND, io);
    }
    int e = errno;
    explicit_bzero(io, size);  /* the params hold the key */
    free(io);
    errno = e;
    return rc;
}

/* See dmcrypt_dev.h. */
int cm_dm_create(cm_dm_map *m, const char *dir, const char *target, const char *params,
                 uint64_t sectors, cm_error *err)
{
    static unsigned serial;
    struct dm_ioctl io;
    memset(m, 0, sizeof *m);
    snprintf(m->name, sizeof m->name, CM_DM_PREFIX "%ld-%u", (long)getpid(), serial++);
    dm_init(&io, sizeof io, m->name);
    snprintf(io.uuid, sizeof io.uuid, "CRYPTOMETER-%s", m->name);
    if (dm_call(DM_DEV_CREATE, &io) != 0)
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "cannot create mapping %s: %s", m->name,
                            strerror(errno));
    m->live = 1;
    m->dev = (dev_t)io.dev;
    if (dm_load(m->name, target, params, sectors) != 0) {
        int e = errno;
        cm_dm_remove(m);
        return cm_error_set(err, CM_EXIT_ENVIRONMENT, "the kernel refused the %s table: %s",
                            target, strerror(e));
    }
    char devname[32];
    snprintf(devname, sizeof devname, "dm-%u", minor(m->dev));
    if (block_node(m->node, sizeof m->node, devname, dir, m->dev, err) != 0) {
        cm_dm_remove(m);
        return -1;
    }
    return 0;
}

/* Removes the mapping called name; 0 or -1. */
static int dm_remove_name(const char *name)
{
    struct dm_ioctl io;
    int rc = -1;
    for (int tries = 0; tries < 20 && rc != 0; tries++) {
        dm_init(&io, sizeof io, name);
        rc = dm_call(DM_DEV_REMOVE, &io);
        if (rc != 0 && errno == EBUSY)
            usleep(50000);  /* a last close still in flight */
        else
            break;
    }
    return rc;
}

/* See dmcrypt_dev.h. */
int cm_dm_remove(cm_dm_map *m)
{
    if (!m->live)
        return 0;
    if (strncmp(m->node, "/dev/", 5) != 0 && m->node[0])
        unlink(m->node);
    int rc = dm_remove_name(m->name);
    m->live = rc != 0;
    return rc;
}

/* 1 when name is CM_DM_PREFIX<pid>-<n> of a process that is gone. */
static int stale(const char *name)
{
    size_t l = strlen(CM_DM_PREFIX);
    if (strncmp(name, CM_DM_PREFIX, l) != 0)
        return 0;
    char *end;
    long pid = strtol(name + l, &end, 10);
    if (end == name + l || *end != '-' || pid <= 0 || pid > INT_MAX)
        return 0;
    return kill((pid_t)pid, 0) != 0 && errno == ESRCH;
}

/* See dmcrypt_dev.h. */
int cm_dm_cleanup_stale(void (*note)(const char *name))
{
    union { struct dm_ioctl io; char b[65536]; } *u = malloc(sizeof *u);
    if (!u)
        return -1;
    dm_init(&u->io, sizeof *u, NULL);
    if (dm_call(DM_LIST_DEVICES, &u->io) != 0 || (u->io.flags & DM_BUFFER_FULL_FLAG)) {
        free(u);
        return -1;
    }
    int removed = 0;
    size_t off = u->io.data_start;
    while (off + sizeof(struct dm_name_list) < sizeof u->b) {
        const struct dm_name_list *nl = (const void *)(u->b + off);
        if (!nl->dev)
            break;
        if (stale(nl->name) && dm_remove_name(nl->name) == 0) {
            removed++;
            if (note)
                note(nl->name);
        }
        if (!nl->next)
            break;
        off += nl->next;
    }
    free(u);
    return removed;
}
