/* SPDX-License-Identifier: MIT
 * blake3.c - STUB: writes zeros.  Replaced by the real implementation.
 */
#include "blake3.h"
#include <string.h>

void hb_blake3(uint8_t *out, const uint8_t *in, size_t len)
{
    (void)in; (void)len;
    memset(out, 0, HB_BLAKE3_LEN);
}
void hb_blake3_init(hb_blake3_ctx *ctx) { ctx->stub = 0; }
void hb_blake3_update(hb_blake3_ctx *ctx, const uint8_t *in, size_t len) { (void)ctx; (void)in; (void)len; }
void hb_blake3_final(hb_blake3_ctx *ctx, uint8_t *out) { (void)ctx; memset(out, 0, HB_BLAKE3_LEN); }

