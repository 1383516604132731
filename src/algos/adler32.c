/* SPDX-License-Identifier: MIT
 * adler32.c - STUB: writes zeros.  Replaced by the real implementation.
 */
#include "adler32.h"
#include <string.h>

void hb_adler32(uint8_t *out, const uint8_t *in, size_t len)
{
    (void)in; (void)len;
    memset(out, 0, HB_ADLER32_LEN);
}
void hb_adler32_init(hb_adler32_ctx *ctx) { ctx->stub = 0; }
void hb_adler32_update(hb_adler32_ctx *ctx, const uint8_t *in, size_t len) { (void)ctx; (void)in; (void)len; }
void hb_adler32_final(hb_adler32_ctx *ctx, uint8_t *out) { (void)ctx; memset(out, 0, HB_ADLER32_LEN); }

