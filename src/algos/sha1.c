/* SPDX-License-Identifier: MIT
 * sha1.c - STUB: writes zeros.  Replaced by the real implementation.
 */
#include "sha1.h"
#include <string.h>

void hb_sha1(uint8_t *out, const uint8_t *in, size_t len)
{
    (void)in; (void)len;
    memset(out, 0, HB_SHA1_LEN);
}
void hb_sha1_init(hb_sha1_ctx *ctx) { ctx->stub = 0; }
void hb_sha1_update(hb_sha1_ctx *ctx, const uint8_t *in, size_t len) { (void)ctx; (void)in; (void)len; }
void hb_sha1_final(hb_sha1_ctx *ctx, uint8_t *out) { (void)ctx; memset(out, 0, HB_SHA1_LEN); }

