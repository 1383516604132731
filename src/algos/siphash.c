/* SPDX-License-Identifier: MIT
 * siphash.c - STUB: writes zeros.  Replaced by the real implementation.
 */
#include "siphash.h"
#include <string.h>

#if HB_HAVE_U64
void hb_siphash24(uint8_t *out, const uint8_t *in, size_t len)
{
    (void)in; (void)len;
    memset(out, 0, HB_SIPHASH24_LEN);
}
void hb_siphash24_init(hb_siphash24_ctx *ctx) { ctx->stub = 0; }
void hb_siphash24_update(hb_siphash24_ctx *ctx, const uint8_t *in, size_t len) { (void)ctx; (void)in; (void)len; }
void hb_siphash24_final(hb_siphash24_ctx *ctx, uint8_t *out) { (void)ctx; memset(out, 0, HB_SIPHASH24_LEN); }
void hb_siphash24_keyed(uint8_t out[8], const uint8_t key[16], const uint8_t *in, size_t len)
{ (void)key; (void)in; (void)len; memset(out, 0, 8); }
#else
typedef int hb_siphash24_unused_;
#endif

