/* SPDX-License-Identifier: MIT
 * murmur3.h - STUB generated for the skeleton; replaced by the real implementation.
 */
#ifndef HB_MURMUR3_H
#define HB_MURMUR3_H

#include "hb_config.h"

#define HB_MURMUR3_32_LEN 4
void hb_murmur3_32(uint8_t *out, const uint8_t *in, size_t len);
typedef struct { uint32_t stub; } hb_murmur3_32_ctx;
void hb_murmur3_32_init(hb_murmur3_32_ctx *ctx);
void hb_murmur3_32_update(hb_murmur3_32_ctx *ctx, const uint8_t *in, size_t len);
void hb_murmur3_32_final(hb_murmur3_32_ctx *ctx, uint8_t *out);

#if HB_HAVE_U64
#define HB_MURMUR3_128_LEN 16
void hb_murmur3_128(uint8_t *out, const uint8_t *in, size_t len);
typedef struct { uint32_t stub; } hb_murmur3_128_ctx;
void hb_murmur3_128_init(hb_murmur3_128_ctx *ctx);
void hb_murmur3_128_update(hb_murmur3_128_ctx *ctx, const uint8_t *in, size_t len);
void hb_murmur3_128_final(hb_murmur3_128_ctx *ctx, uint8_t *out);
#endif

#endif /* HB_MURMUR3_H */
