/* SPDX-License-Identifier: MIT
 * hmac_sha256.h - HMAC-SHA-256 (RFC 2104 section 2, FIPS 198-1; test
 * cases RFC 4231), on the SHA-256 streaming API.
 *
 * The roster's HMAC uses the fixed 16-byte key ASCII "hash-bench-nds"
 * followed by two 0x00 bytes; hb_hmac_sha256_keyed takes any key.
 */
#ifndef HB_HMAC_SHA256_H
#define HB_HMAC_SHA256_H

#include "hb_config.h"
#include "sha256.h"

#define HB_HMAC_SHA256_LEN 32

typedef struct {
    hb_sha256_ctx inner; /* has absorbed K ^ ipad */
    hb_sha256_ctx outer; /* has absorbed K ^ opad */
} hb_hmac_sha256_ctx;

void hb_hmac_sha256(uint8_t *out, const uint8_t *in, size_t len);
void hb_hmac_sha256_init(hb_hmac_sha256_ctx *ctx);
void hb_hmac_sha256_update(hb_hmac_sha256_ctx *ctx, const uint8_t *in, size_t len);
void hb_hmac_sha256_final(hb_hmac_sha256_ctx *ctx, uint8_t *out);

/* Any key length: keys longer than the 64-byte block are hashed first. */
void hb_hmac_sha256_init_key(hb_hmac_sha256_ctx *ctx, const uint8_t *key, size_t keylen);
void hb_hmac_sha256_keyed(uint8_t out[32], const uint8_t *key, size_t keylen,
                          const uint8_t *msg, size_t len);

#endif /* HB_HMAC_SHA256_H */
