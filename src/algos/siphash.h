/* SPDX-License-Identifier: MIT
 * siphash.h - STUB generated for the skeleton; replaced by the real implementation.
 */
#ifndef HB_SIPHASH_H
#define HB_SIPHASH_H

#include "hb_config.h"

#if HB_HAVE_U64
#define HB_SIPHASH24_LEN 8
void hb_siphash24(uint8_t *out, const uint8_t *in, size_t len);
typedef struct { uint32_t stub; } hb_siphash24_ctx;
void hb_siphash24_init(hb_siphash24_ctx *ctx);
void hb_siphash24_update(hb_siphash24_ctx *ctx, const uint8_t *in, size_t len);
void hb_siphash24_final(hb_siphash24_ctx *ctx, uint8_t *out);
void hb_siphash24_keyed(uint8_t out[8], const uint8_t key[16], const uint8_t *in, size_t len);
#endif

#endif /* HB_SIPHASH_H */
