/* SPDX-License-Identifier: MIT
 * hmac_sha256.h - STUB generated for the skeleton; replaced by the real implementation.
 */
#ifndef HB_HMAC_SHA256_H
#define HB_HMAC_SHA256_H

#include "hb_config.h"

#define HB_HMAC_SHA256_LEN 32
void hb_hmac_sha256(uint8_t *out, const uint8_t *in, size_t len);
typedef struct { uint32_t stub; } hb_hmac_sha256_ctx;
void hb_hmac_sha256_init(hb_hmac_sha256_ctx *ctx);
void hb_hmac_sha256_update(hb_hmac_sha256_ctx *ctx, const uint8_t *in, size_t len);
void hb_hmac_sha256_final(hb_hmac_sha256_ctx *ctx, uint8_t *out);
void hb_hmac_sha256_keyed(uint8_t out[32], const uint8_t *key, size_t keylen,
                          const uint8_t *msg, size_t len);

#endif /* HB_HMAC_SHA256_H */
