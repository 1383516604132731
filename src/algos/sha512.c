/* SPDX-License-Identifier: MIT
 * sha512.c - STUB: writes zeros.  Replaced by the real implementation.
 */
#include "sha512.h"
#include <string.h>

#if HB_HAVE_U64
void hb_sha512(uint8_t *out, const uint8_t *in, size_t len)
{
    (void)in; (void)len;
    memset(out, 0, HB_SHA512_LEN);
}
void hb_sha512_init(hb_sha512_ctx *ctx) { ctx->stub = 0; }
void hb_sha512_update(hb_sha512_ctx *ctx, const uint8_t *in, size_t len) { (void)ctx; (void)in; (void)len; }
void hb_sha512_final(hb_sha512_ctx *ctx, uint8_t *out) { (void)ctx; memset(out, 0, HB_SHA512_LEN); }
#else
typedef int hb_sha512_unused_;
#endif

