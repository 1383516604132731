/* SPDX-License-Identifier: MIT
 * sha1.h - STUB generated for the skeleton; replaced by the real implementation.
 */
#ifndef HB_SHA1_H
#define HB_SHA1_H

#include "hb_config.h"

#define HB_SHA1_LEN 20
void hb_sha1(uint8_t *out, const uint8_t *in, size_t len);
typedef struct { uint32_t stub; } hb_sha1_ctx;
void hb_sha1_init(hb_sha1_ctx *ctx);
void hb_sha1_update(hb_sha1_ctx *ctx, const uint8_t *in, size_t len);
void hb_sha1_final(hb_sha1_ctx *ctx, uint8_t *out);

#endif /* HB_SHA1_H */
