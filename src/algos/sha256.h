/* SPDX-License-Identifier: MIT
 * sha256.h - STUB generated for the skeleton; replaced by the real implementation.
 */
#ifndef HB_SHA256_H
#define HB_SHA256_H

#include "hb_config.h"

#define HB_SHA256_LEN 32
void hb_sha256(uint8_t *out, const uint8_t *in, size_t len);
typedef struct { uint32_t stub; } hb_sha256_ctx;
void hb_sha256_init(hb_sha256_ctx *ctx);
void hb_sha256_update(hb_sha256_ctx *ctx, const uint8_t *in, size_t len);
void hb_sha256_final(hb_sha256_ctx *ctx, uint8_t *out);

#endif /* HB_SHA256_H */
