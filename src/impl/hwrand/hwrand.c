/*
 * hwrand.c — hwrand_fill (hwrand.h): the retry-and-count loop shared by
 * every random instruction.
 */
#include <string.h>
#include "impl/hwrand/hwrand.h"

int hwrand_fill(uint8_t *out, size_t len, hwrand_count *c, hwrand_step_fn step, int tries,
                void (*pause)(void))
{
    while (len > 0) {
        unsigned long long w;
        for (int n = 0;;) {
            c->attempts++;
            if (step(&w))
                break;
            c->failures++;
            if (++n >= tries)
                return -1;
            if (pause)
                pause();
        }
        size_t k = len < sizeof w ? len : sizeof w;
        memcpy(out, &w, k);
        out += k;
        len -= k;
    }
    return 0;
}
