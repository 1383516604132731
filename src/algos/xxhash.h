/* SPDX-License-Identifier: MIT
 * xxhash.h - STUB generated for the skeleton; replaced by the real implementation.
 */
#ifndef HB_XXHASH_H
#define HB_XXHASH_H

#include "hb_config.h"

#define HB_XXH32_LEN 4
void hb_xxh32(uint8_t *out, const uint8_t *in, size_t len);
typedef struct { uint32_t stub; } hb_xxh32_ctx;
void hb_xxh32_init(hb_xxh32_ctx *ctx);
void hb_xxh32_update(hb_xxh32_ctx *ctx, const uint8_t *in, size_t len);
void hb_xxh32_final(hb_xxh32_ctx *ctx, uint8_t *out);

#if HB_HAVE_U64
#define HB_XXH64_LEN 8
void hb_xxh64(uint8_t *out, const uint8_t *in, size_t len);
typedef struct { uint32_t stub; } hb_xxh64_ctx;
void hb_xxh64_init(hb_xxh64_ctx *ctx);
void hb_xxh64_update(hb_xxh64_ctx *ctx, const uint8_t *in, size_t len);
void hb_xxh64_final(hb_xxh64_ctx *ctx, uint8_t *out);
#endif

#endif /* HB_XXHASH_H */
