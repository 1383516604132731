/* SPDX-License-Identifier: MIT
 * hmac_sha256.c - STUB: writes zeros.  Replaced by the real implementation.
 */
#include "hmac_sha256.h"
#include <string.h>

void hb_hmac_sha256(uint8_t *out, const uint8_t *in, size_t len)
{
    (void)in; (void)len;
    memset(out, 0, HB_HMAC_SHA256_LEN);
}
void hb_hmac_sha256_init(hb_hmac_sha256_ctx *ctx) { ctx->stub = 0; }
void hb_hmac_sha256_update(hb_hmac_sha256_ctx *ctx, const uint8_t *in, size_t len) { (void)ctx; (void)in; (void)len; }
void hb_hmac_sha256_final(hb_hmac_sha256_ctx *ctx, uint8_t *out) { (void)ctx; memset(out, 0, HB_HMAC_SHA256_LEN); }

void hb_hmac_sha256_keyed(uint8_t out[32], const uint8_t *key, size_t keylen,
                          const uint8_t *msg, size_t len)
{ (void)key; (void)keylen; (void)msg; (void)len; memset(out, 0, 32); }
