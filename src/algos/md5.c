/* SPDX-License-Identifier: MIT
 * md5.c - STUB: writes zeros.  Replaced by the real implementation.
 */
#include "md5.h"
#include <string.h>

void hb_md5(uint8_t *out, const uint8_t *in, size_t len)
{
    (void)in; (void)len;
    memset(out, 0, HB_MD5_LEN);
}
void hb_md5_init(hb_md5_ctx *ctx) { ctx->stub = 0; }
void hb_md5_update(hb_md5_ctx *ctx, const uint8_t *in, size_t len) { (void)ctx; (void)in; (void)len; }
void hb_md5_final(hb_md5_ctx *ctx, uint8_t *out) { (void)ctx; memset(out, 0, HB_MD5_LEN); }

