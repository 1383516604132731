/* SPDX-License-Identifier: MIT
 * xxhash.c - XXH32 and XXH64, seed 0 (xxHash specification,
 * doc/xxhash_spec.md v0.1.1: "XXH32 algorithm description" and
 * "XXH64 algorithm description", steps 1-6 each).
 *
 * Both are four independent lanes over 16- (32-) byte stripes, a
 * convergence step, then the last len % 16 (% 32) bytes in 4- (8-) byte
 * words and single bytes, then an avalanche.  The lanes are kept in locals
 * across a whole run of stripes so the four multiply chains overlap.
 *
 * XXH64's tail consumes every whole 8-byte word before the optional 4-byte
 * word and the single bytes (spec step 5); the hash-bench family's
 * copy got this wrong when len % 32 >= 8.
 *
 * No tables and small code: this is already what an 8-bit port wants, so
 * there is no separate compact variant.  On the 8-bit CPUs (HB_SMALL_CPU)
 * XXH32's multiplies by PRIME32_1 and PRIME32_2, two per lane step, go
 * through byte tables (hb_mul8.h, 2 KiB), 3-6x cheaper there than the
 * compilers' 32 x 32-bit multiply.
 */
#include "xxhash.h"
#include "hb_util.h"

/* ---- XXH32 ----------------------------------------------------------- */

#define P32_1 0x9E3779B1u
#define P32_2 0x85EBCA77u
#define P32_3 0xC2B2AE3Du
#define P32_4 0x27D4EB2Fu
#define P32_5 0x165667B1u

#if HB_SMALL_CPU
#include "hb_mul8.h"
HB_MUL8_32(xxh32_mul_p1, P32_1)
HB_MUL8_32(xxh32_mul_p2, P32_2)
#define MUL_P32_1(x) xxh32_mul_p1(x)
#define MUL_P32_2(x) xxh32_mul_p2(x)
#else
#define MUL_P32_1(x) ((x) * P32_1)
#define MUL_P32_2(x) ((x) * P32_2)
#endif

HB_INLINE uint32_t hb_xxh32_round(uint32_t acc, uint32_t lane)
{
    acc += MUL_P32_2(lane);
    acc = hb_rotl32_fn(acc, 13); /* a call on SDCC: see hb_util.h */
    return MUL_P32_1(acc);
}

/* One 16-byte stripe through the four lanes (spec step 2). */
#define XXH32_STRIPE(p)                                  \
    do {                                                 \
        v1 = hb_xxh32_round(v1, hb_load32_le(p));        \
        v2 = hb_xxh32_round(v2, hb_load32_le((p) + 4));  \
        v3 = hb_xxh32_round(v3, hb_load32_le((p) + 8));  \
        v4 = hb_xxh32_round(v4, hb_load32_le((p) + 12)); \
    } while (0)

/* Step 3: lane convergence. */
#define XXH32_CONVERGE() \
    (hb_rotl32(v1, 1) + hb_rotl32(v2, 7) + hb_rotl32(v3, 12) + hb_rotl32(v4, 18))

/* Streaming: nstripes stripes through the lanes kept in the context;
 * returns the input pointer after them.  (gcc -O2 turns this loop, whose
 * lanes are stored back side by side, into SSE2 code with a long
 * shift-and-add chain for the constant multiply, some 5x slower than the
 * scalar loop; the one-shot below converges in registers and stays scalar.
 * The reference prevents it with inline assembly, which C99 has not.) */
static const uint8_t *hb_xxh32_stripes(uint32_t v[4], const uint8_t *p, size_t nstripes)
{
    uint32_t v1 = v[0], v2 = v[1], v3 = v[2], v4 = v[3];
    for (; nstripes; nstripes--, p += 16) XXH32_STRIPE(p);
    v[0] = v1; v[1] = v2; v[2] = v3; v[3] = v4;
    return p;
}

/* Step 1 with seed 0, as in the one-shot. */
static void hb_xxh32_lanes_init(uint32_t v[4])
{
    v[0] = P32_1 + P32_2;
    v[1] = P32_2;
    v[2] = 0;
    v[3] = 0u - P32_1;
}

/* Steps 4-6: h is the converged lanes (or seed + P5 for inputs under 16
 * bytes) plus the length; consume the rem (< 16) bytes at p, avalanche,
 * store big-endian. */
static void hb_xxh32_finish(uint8_t *out, uint32_t h, const uint8_t *p, size_t rem)
{
    for (; rem >= 4; rem -= 4, p += 4) {
        h += hb_load32_le(p) * P32_3;
        h = hb_rotl32(h, 17) * P32_4;
    }
    for (; rem; rem--, p++) {
        h += (uint32_t)*p * P32_5;
        h = MUL_P32_1(hb_rotl32(h, 11));
    }
    h ^= h >> 15;
    h = MUL_P32_2(h);
    h ^= h >> 13;
    h *= P32_3;
    h ^= h >> 16;
    hb_store32_be(out, h);
}

void hb_xxh32(uint8_t *out, const uint8_t *in, size_t len)
{
    uint32_t h = P32_5; /* seed + P5 */
    const uint8_t *p = in;
    if (len >= 16) {
        /* seed 0: seed + P1 + P2, seed + P2, seed, seed - P1 (mod 2^32) */
        uint32_t v1 = P32_1 + P32_2, v2 = P32_2, v3 = 0, v4 = 0u - P32_1;
        size_t n = len / 16;
        for (; n; n--, p += 16) XXH32_STRIPE(p);
        h = XXH32_CONVERGE();
    }
    hb_xxh32_finish(out, h + (uint32_t)len, p, len & 15);
}

void hb_xxh32_init(hb_xxh32_ctx *ctx)
{
    hb_xxh32_lanes_init(ctx->v);
    ctx->count = 0;
    ctx->large = 0;
}

void hb_xxh32_update(hb_xxh32_ctx *ctx, const uint8_t *in, size_t len)
{
    /* count wraps mod 2^32 like XXH32's length term; 2^32 is a multiple of
     * 16, so count % 16 is still the number of bytes buffered. */
    unsigned fill = (unsigned)(ctx->count & 15);

    if (len == 0) return; /* keeps memcpy away from a null `in` */
    ctx->count += (uint32_t)len;
    if (len >= 16 || ctx->count >= 16) ctx->large = 1;
    if (fill) {
        unsigned take = 16 - fill;
        if (len < take) {
            memcpy(ctx->buf + fill, in, len);
            return;
        }
        memcpy(ctx->buf + fill, in, take);
        hb_xxh32_stripes(ctx->v, ctx->buf, 1);
        in += take;
        len -= take;
    }
    in = hb_xxh32_stripes(ctx->v, in, len / 16);
    memcpy(ctx->buf, in, len & 15);
}

void hb_xxh32_final(hb_xxh32_ctx *ctx, uint8_t *out)
{
    uint32_t h = P32_5;
    if (ctx->large) {
        uint32_t v1 = ctx->v[0], v2 = ctx->v[1], v3 = ctx->v[2], v4 = ctx->v[3];
        h = XXH32_CONVERGE();
    }
    hb_xxh32_finish(out, h + ctx->count, ctx->buf, ctx->count & 15);
}

#if HB_HAVE_U64
/* ---- XXH64 ----------------------------------------------------------- */

#define P64_1 UINT64_C(0x9E3779B185EBCA87)
#define P64_2 UINT64_C(0xC2B2AE3D27D4EB4F)
#define P64_3 UINT64_C(0x165667B19E3779F9)
#define P64_4 UINT64_C(0x85EBCA77C2B2AE63)
#define P64_5 UINT64_C(0x27D4EB2F165667C5)

HB_INLINE uint64_t hb_xxh64_round(uint64_t acc, uint64_t lane)
{
    acc += lane * P64_2;
    acc = hb_rotl64(acc, 31);
    return acc * P64_1;
}

HB_INLINE uint64_t hb_xxh64_merge(uint64_t h, uint64_t v)
{
    h ^= hb_xxh64_round(0, v);
    return h * P64_1 + P64_4;
}

static const uint8_t *hb_xxh64_stripes(uint64_t v[4], const uint8_t *p, size_t nstripes)
{
    uint64_t v1 = v[0], v2 = v[1], v3 = v[2], v4 = v[3];
    for (; nstripes; nstripes--, p += 32) {
        v1 = hb_xxh64_round(v1, hb_load64_le(p));
        v2 = hb_xxh64_round(v2, hb_load64_le(p + 8));
        v3 = hb_xxh64_round(v3, hb_load64_le(p + 16));
        v4 = hb_xxh64_round(v4, hb_load64_le(p + 24));
    }
    v[0] = v1; v[1] = v2; v[2] = v3; v[3] = v4;
    return p;
}

static void hb_xxh64_lanes_init(uint64_t v[4])
{
    v[0] = P64_1 + P64_2;
    v[1] = P64_2;
    v[2] = 0;
    v[3] = 0u - P64_1;
}

static void hb_xxh64_finish(uint8_t *out, const uint64_t v[4], uint64_t len,
                            const uint8_t *p, size_t rem)
{
    uint64_t h;
    if (len >= 32) {
        h = hb_rotl64(v[0], 1) + hb_rotl64(v[1], 7) +
            hb_rotl64(v[2], 12) + hb_rotl64(v[3], 18);
        h = hb_xxh64_merge(h, v[0]);
        h = hb_xxh64_merge(h, v[1]);
        h = hb_xxh64_merge(h, v[2]);
        h = hb_xxh64_merge(h, v[3]);
    } else {
        h = P64_5; /* seed + P5 */
    }
    h += len;
    /* every whole 8-byte word, then at most one 4-byte word, then bytes */
    for (; rem >= 8; rem -= 8, p += 8) {
        h ^= hb_xxh64_round(0, hb_load64_le(p));
        h = hb_rotl64(h, 27) * P64_1 + P64_4;
    }
    if (rem >= 4) {
        h ^= (uint64_t)hb_load32_le(p) * P64_1;
        h = hb_rotl64(h, 23) * P64_2 + P64_3;
        rem -= 4;
        p += 4;
    }
    for (; rem; rem--, p++) {
        h ^= (uint64_t)*p * P64_5;
        h = hb_rotl64(h, 11) * P64_1;
    }
    h ^= h >> 33;
    h *= P64_2;
    h ^= h >> 29;
    h *= P64_3;
    h ^= h >> 32;
    hb_store64_be(out, h);
}

void hb_xxh64(uint8_t *out, const uint8_t *in, size_t len)
{
    uint64_t v[4];
    const uint8_t *p = in;
    hb_xxh64_lanes_init(v);
    if (len >= 32) p = hb_xxh64_stripes(v, in, len / 32);
    hb_xxh64_finish(out, v, (uint64_t)len, p, len & 31);
}

void hb_xxh64_init(hb_xxh64_ctx *ctx)
{
    hb_xxh64_lanes_init(ctx->v);
    ctx->count = 0;
}

void hb_xxh64_update(hb_xxh64_ctx *ctx, const uint8_t *in, size_t len)
{
    unsigned fill = (unsigned)(ctx->count & 31);

    if (len == 0) return;
    ctx->count += (uint64_t)len;
    if (fill) {
        unsigned take = 32 - fill;
        if (len < take) {
            memcpy(ctx->buf + fill, in, len);
            return;
        }
        memcpy(ctx->buf + fill, in, take);
        hb_xxh64_stripes(ctx->v, ctx->buf, 1);
        in += take;
        len -= take;
    }
    in = hb_xxh64_stripes(ctx->v, in, len / 32);
    memcpy(ctx->buf, in, len & 31);
}

void hb_xxh64_final(hb_xxh64_ctx *ctx, uint8_t *out)
{
    hb_xxh64_finish(out, ctx->v, ctx->count, ctx->buf, (size_t)(ctx->count & 31));
}
#endif /* HB_HAVE_U64 */
