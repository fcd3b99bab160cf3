/*
 * detect_text_kernel.h — detect's text of the kernel's crypto
 * (detect_text_kernel.c): the drivers worth a look, then AF_ALG,
 * /dev/crypto and hwrng.
 */
#ifndef CM_RUN_DETECT_TEXT_KERNEL_H
#define CM_RUN_DETECT_TEXT_KERNEL_H

#include <stdio.h>
#include "platform/kernel_crypto.h"

/* Renders the "Kernel" section and the interface lines under it. */
void cm_detect_render_kernel(FILE *out, const platform_kcrypto *kc);

#endif
