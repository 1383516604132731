/* SPDX-License-Identifier: MIT
 * blake2s.c - STUB: writes zeros.  Replaced by the real implementation.
 */
#include "blake2s.h"
#include <string.h>

void hb_blake2s(uint8_t *out, const uint8_t *in, size_t len)
{
    (void)in; (void)len;
    memset(out, 0, HB_BLAKE2S_LEN);
}
void hb_blake2s_init(hb_blake2s_ctx *ctx) { ctx->stub = 0; }
void hb_blake2s_update(hb_blake2s_ctx *ctx, const uint8_t *in, size_t len) { (void)ctx; (void)in; (void)len; }
void hb_blake2s_final(hb_blake2s_ctx *ctx, uint8_t *out) { (void)ctx; memset(out, 0, HB_BLAKE2S_LEN); }

void hb_blake2s_keyed(uint8_t *out, size_t outlen, const uint8_t *key, size_t keylen,
                      const uint8_t *in, size_t len)
{ (void)key; (void)keylen; (void)in; (void)len; memset(out, 0, outlen); }
