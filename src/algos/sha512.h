/* SPDX-License-Identifier: MIT
 * sha512.h - STUB generated for the skeleton; replaced by the real implementation.
 */
#ifndef HB_SHA512_H
#define HB_SHA512_H

#include "hb_config.h"

#if HB_HAVE_U64
#define HB_SHA512_LEN 64
void hb_sha512(uint8_t *out, const uint8_t *in, size_t len);
typedef struct { uint32_t stub; } hb_sha512_ctx;
void hb_sha512_init(hb_sha512_ctx *ctx);
void hb_sha512_update(hb_sha512_ctx *ctx, const uint8_t *in, size_t len);
void hb_sha512_final(hb_sha512_ctx *ctx, uint8_t *out);
#endif

#endif /* HB_SHA512_H */
