/* json.c — see json.h. */
#include "util/json.h"

json_t *cm_json_checked(json_t *o, int rc)
{
    if (rc == 0 && o)
        return o;
    json_decref(o);
    return NULL;
}
