/* SPDX-License-Identifier: MIT
 * md4.c - STUB: writes zeros.  Replaced by the real implementation.
 */
#include "md4.h"
#include <string.h>

void hb_md4(uint8_t *out, const uint8_t *in, size_t len)
{
    (void)in; (void)len;
    memset(out, 0, HB_MD4_LEN);
}
void hb_md4_init(hb_md4_ctx *ctx) { ctx->stub = 0; }
void hb_md4_update(hb_md4_ctx *ctx, const uint8_t *in, size_t len) { (void)ctx; (void)in; (void)len; }
void hb_md4_final(hb_md4_ctx *ctx, uint8_t *out) { (void)ctx; memset(out, 0, HB_MD4_LEN); }

