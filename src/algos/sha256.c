/* SPDX-License-Identifier: MIT
 * sha256.c - STUB: writes zeros.  Replaced by the real implementation.
 */
#include "sha256.h"
#include <string.h>

void hb_sha256(uint8_t *out, const uint8_t *in, size_t len)
{
    (void)in; (void)len;
    memset(out, 0, HB_SHA256_LEN);
}
void hb_sha256_init(hb_sha256_ctx *ctx) { ctx->stub = 0; }
void hb_sha256_update(hb_sha256_ctx *ctx, const uint8_t *in, size_t len) { (void)ctx; (void)in; (void)len; }
void hb_sha256_final(hb_sha256_ctx *ctx, uint8_t *out) { (void)ctx; memset(out, 0, HB_SHA256_LEN); }

