/* SPDX-License-Identifier: MIT
 * ripemd160.c - STUB: writes zeros.  Replaced by the real implementation.
 */
#include "ripemd160.h"
#include <string.h>

void hb_ripemd160(uint8_t *out, const uint8_t *in, size_t len)
{
    (void)in; (void)len;
    memset(out, 0, HB_RIPEMD160_LEN);
}
void hb_ripemd160_init(hb_ripemd160_ctx *ctx) { ctx->stub = 0; }
void hb_ripemd160_update(hb_ripemd160_ctx *ctx, const uint8_t *in, size_t len) { (void)ctx; (void)in; (void)len; }
void hb_ripemd160_final(hb_ripemd160_ctx *ctx, uint8_t *out) { (void)ctx; memset(out, 0, HB_RIPEMD160_LEN); }

