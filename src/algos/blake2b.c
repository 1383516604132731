/* SPDX-License-Identifier: MIT
 * blake2b.c - STUB: writes zeros.  Replaced by the real implementation.
 */
#include "blake2b.h"
#include <string.h>

#if HB_HAVE_U64
void hb_blake2b(uint8_t *out, const uint8_t *in, size_t len)
{
    (void)in; (void)len;
    memset(out, 0, HB_BLAKE2B_LEN);
}
void hb_blake2b_init(hb_blake2b_ctx *ctx) { ctx->stub = 0; }
void hb_blake2b_update(hb_blake2b_ctx *ctx, const uint8_t *in, size_t len) { (void)ctx; (void)in; (void)len; }
void hb_blake2b_final(hb_blake2b_ctx *ctx, uint8_t *out) { (void)ctx; memset(out, 0, HB_BLAKE2B_LEN); }
void hb_blake2b_keyed(uint8_t *out, size_t outlen, const uint8_t *key, size_t keylen,
                      const uint8_t *in, size_t len)
{ (void)key; (void)keylen; (void)in; (void)len; memset(out, 0, outlen); }
#else
typedef int hb_blake2b_unused_;
#endif

