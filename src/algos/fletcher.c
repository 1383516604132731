/* SPDX-License-Identifier: MIT
 * fletcher.c - STUB: writes zeros.  Replaced by the real implementation.
 */
#include "fletcher.h"
#include <string.h>

void hb_fletcher16(uint8_t *out, const uint8_t *in, size_t len)
{
    (void)in; (void)len;
    memset(out, 0, HB_FLETCHER16_LEN);
}
void hb_fletcher16_init(hb_fletcher16_ctx *ctx) { ctx->stub = 0; }
void hb_fletcher16_update(hb_fletcher16_ctx *ctx, const uint8_t *in, size_t len) { (void)ctx; (void)in; (void)len; }
void hb_fletcher16_final(hb_fletcher16_ctx *ctx, uint8_t *out) { (void)ctx; memset(out, 0, HB_FLETCHER16_LEN); }

void hb_fletcher32(uint8_t *out, const uint8_t *in, size_t len)
{
    (void)in; (void)len;
    memset(out, 0, HB_FLETCHER32_LEN);
}
void hb_fletcher32_init(hb_fletcher32_ctx *ctx) { ctx->stub = 0; }
void hb_fletcher32_update(hb_fletcher32_ctx *ctx, const uint8_t *in, size_t len) { (void)ctx; (void)in; (void)len; }
void hb_fletcher32_final(hb_fletcher32_ctx *ctx, uint8_t *out) { (void)ctx; memset(out, 0, HB_FLETCHER32_LEN); }

void hb_fletcher64(uint8_t *out, const uint8_t *in, size_t len)
{
    (void)in; (void)len;
    memset(out, 0, HB_FLETCHER64_LEN);
}
void hb_fletcher64_init(hb_fletcher64_ctx *ctx) { ctx->stub = 0; }
void hb_fletcher64_update(hb_fletcher64_ctx *ctx, const uint8_t *in, size_t len) { (void)ctx; (void)in; (void)len; }
void hb_fletcher64_final(hb_fletcher64_ctx *ctx, uint8_t *out) { (void)ctx; memset(out, 0, HB_FLETCHER64_LEN); }

