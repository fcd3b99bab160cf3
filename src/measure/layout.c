/*
 * layout.c — see layout.h: the offsets and their JSON both ways. They come
 * from getrandom(2), or from the clock and the process id where it is
 * missing: they need to differ between children, not to be secret.
 */
#include <stdint.h>
#include <unistd.h>
#include <sys/random.h>
#include "measure/layout.h"
#include "util/now.h"

static const char *const keys[3] = {"stack", "in", "out"};

unsigned cm_layout_offset(void)
{
    uint32_t r;
    if (getrandom(&r, sizeof r, GRND_NONBLOCK) != (ssize_t)sizeof r)
        r = (uint32_t)(cm_now_ns() ^ ((uint64_t)getpid() << 16)) * 2654435761u;
    return (r >> 8) % (CM_LAYOUT_SPAN / CM_LAYOUT_STEP) * CM_LAYOUT_STEP;
}

json_t *cm_layout_json(const cm_layout *l)
{
    return json_pack("{s:i, s:i, s:i}", keys[0], (int)l->stack, keys[1], (int)l->in, keys[2],
                     (int)l->out);
}

int cm_layout_parse(const json_t *o, cm_layout *l)
{
    unsigned *at[3] = {&l->stack, &l->in, &l->out};
    *l = (cm_layout){0};
    for (int i = 0; i < 3; i++) {
        const json_t *v = json_object_get(o, keys[i]);
        json_int_t n = json_integer_value(v);
        if (!json_is_integer(v) || n < 0 || n >= (json_int_t)CM_LAYOUT_SPAN)
            return -1;
        *at[i] = (unsigned)n;
    }
    l->present = 1;
    return 0;
}
