/* SPDX-License-Identifier: MIT
 * blake2s.h - STUB generated for the skeleton; replaced by the real implementation.
 */
#ifndef HB_BLAKE2S_H
#define HB_BLAKE2S_H

#include "hb_config.h"

#define HB_BLAKE2S_LEN 32
void hb_blake2s(uint8_t *out, const uint8_t *in, size_t len);
typedef struct { uint32_t stub; } hb_blake2s_ctx;
void hb_blake2s_init(hb_blake2s_ctx *ctx);
void hb_blake2s_update(hb_blake2s_ctx *ctx, const uint8_t *in, size_t len);
void hb_blake2s_final(hb_blake2s_ctx *ctx, uint8_t *out);
void hb_blake2s_keyed(uint8_t *out, size_t outlen, const uint8_t *key, size_t keylen,
                      const uint8_t *in, size_t len);

#endif /* HB_BLAKE2S_H */
