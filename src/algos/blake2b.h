/* SPDX-License-Identifier: MIT
 * blake2b.h - STUB generated for the skeleton; replaced by the real implementation.
 */
#ifndef HB_BLAKE2B_H
#define HB_BLAKE2B_H

#include "hb_config.h"

#if HB_HAVE_U64
#define HB_BLAKE2B_LEN 64
void hb_blake2b(uint8_t *out, const uint8_t *in, size_t len);
typedef struct { uint32_t stub; } hb_blake2b_ctx;
void hb_blake2b_init(hb_blake2b_ctx *ctx);
void hb_blake2b_update(hb_blake2b_ctx *ctx, const uint8_t *in, size_t len);
void hb_blake2b_final(hb_blake2b_ctx *ctx, uint8_t *out);
void hb_blake2b_keyed(uint8_t *out, size_t outlen, const uint8_t *key, size_t keylen,
                      const uint8_t *in, size_t len);
#endif

#endif /* HB_BLAKE2B_H */
