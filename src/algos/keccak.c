/* SPDX-License-Identifier: MIT
 * keccak.c - STUB: writes zeros.  Replaced by the real implementation.
 */
#include "keccak.h"
#include <string.h>

#if HB_HAVE_U64
void hb_sha3_256(uint8_t *out, const uint8_t *in, size_t len)
{
    (void)in; (void)len;
    memset(out, 0, HB_SHA3_256_LEN);
}
void hb_sha3_256_init(hb_sha3_256_ctx *ctx) { ctx->stub = 0; }
void hb_sha3_256_update(hb_sha3_256_ctx *ctx, const uint8_t *in, size_t len) { (void)ctx; (void)in; (void)len; }
void hb_sha3_256_final(hb_sha3_256_ctx *ctx, uint8_t *out) { (void)ctx; memset(out, 0, HB_SHA3_256_LEN); }
#else
typedef int hb_sha3_256_unused_;
#endif

#if HB_HAVE_U64
void hb_sha3_512(uint8_t *out, const uint8_t *in, size_t len)
{
    (void)in; (void)len;
    memset(out, 0, HB_SHA3_512_LEN);
}
void hb_sha3_512_init(hb_sha3_512_ctx *ctx) { ctx->stub = 0; }
void hb_sha3_512_update(hb_sha3_512_ctx *ctx, const uint8_t *in, size_t len) { (void)ctx; (void)in; (void)len; }
void hb_sha3_512_final(hb_sha3_512_ctx *ctx, uint8_t *out) { (void)ctx; memset(out, 0, HB_SHA3_512_LEN); }
#else
typedef int hb_sha3_512_unused_;
#endif

#if HB_HAVE_U64
void hb_keccak256(uint8_t *out, const uint8_t *in, size_t len)
{
    (void)in; (void)len;
    memset(out, 0, HB_KECCAK256_LEN);
}
void hb_keccak256_init(hb_keccak256_ctx *ctx) { ctx->stub = 0; }
void hb_keccak256_update(hb_keccak256_ctx *ctx, const uint8_t *in, size_t len) { (void)ctx; (void)in; (void)len; }
void hb_keccak256_final(hb_keccak256_ctx *ctx, uint8_t *out) { (void)ctx; memset(out, 0, HB_KECCAK256_LEN); }
#else
typedef int hb_keccak256_unused_;
#endif

