/* SPDX-License-Identifier: MIT
 * murmur3.c - STUB: writes zeros.  Replaced by the real implementation.
 */
#include "murmur3.h"
#include <string.h>

void hb_murmur3_32(uint8_t *out, const uint8_t *in, size_t len)
{
    (void)in; (void)len;
    memset(out, 0, HB_MURMUR3_32_LEN);
}
void hb_murmur3_32_init(hb_murmur3_32_ctx *ctx) { ctx->stub = 0; }
void hb_murmur3_32_update(hb_murmur3_32_ctx *ctx, const uint8_t *in, size_t len) { (void)ctx; (void)in; (void)len; }
void hb_murmur3_32_final(hb_murmur3_32_ctx *ctx, uint8_t *out) { (void)ctx; memset(out, 0, HB_MURMUR3_32_LEN); }

#if HB_HAVE_U64
void hb_murmur3_128(uint8_t *out, const uint8_t *in, size_t len)
{
    (void)in; (void)len;
    memset(out, 0, HB_MURMUR3_128_LEN);
}
void hb_murmur3_128_init(hb_murmur3_128_ctx *ctx) { ctx->stub = 0; }
void hb_murmur3_128_update(hb_murmur3_128_ctx *ctx, const uint8_t *in, size_t len) { (void)ctx; (void)in; (void)len; }
void hb_murmur3_128_final(hb_murmur3_128_ctx *ctx, uint8_t *out) { (void)ctx; memset(out, 0, HB_MURMUR3_128_LEN); }
#else
typedef int hb_murmur3_128_unused_;
#endif

