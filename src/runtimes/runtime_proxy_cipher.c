/*
 * runtime_proxy_cipher.c — the cipher class's proxy table (primitive.h,
 * cm_cipher_vtable) for a runtime backend's rows: each encrypt or decrypt
 * is one request, "iv" in hex to start a stream, absent (JSON null) to
 * continue the one of the previous call in that direction; the server
 * keeps one stream per direction, as the class's interleaved pieces need.
 */
#include <jansson.h>
#include "cryptometer/algorithm.h"
#include "runtimes/runtime.h"
#include "runtimes/runtime_proxy.h"

static cm_rc crypt(const char *op, void *state, const uint8_t *iv, const uint8_t *in,
                   uint8_t *out, size_t len)
{
    const cm_algorithm *alg = cm_algorithm_find(cm_runtime_algorithm());
    json_t *r;
    cm_rc rc = cm_proxy_call(state, json_pack("{s:s, s:o?, s:o}", "op", op, "iv",
                                              iv && alg ? cm_proxy_hex(iv, alg->iv_len) : NULL,
                                              "msg", cm_proxy_hex(in, len)),
                             &r);
    return rc != CM_OK ? rc : cm_proxy_take(r, "out", out, len, NULL);
}

static cm_rc encrypt(void *state, const uint8_t *iv, const uint8_t *in, uint8_t *out, size_t len)
{
    return crypt("encrypt", state, iv, in, out, len);
}

static cm_rc decrypt(void *state, const uint8_t *iv, const uint8_t *in, uint8_t *out, size_t len)
{
    return crypt("decrypt", state, iv, in, out, len);
}

const cm_cipher_vtable cm_proxy_cipher = {cm_proxy_create_keyed, encrypt, decrypt,
                                          cm_proxy_destroy};
