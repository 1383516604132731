/* SPDX-License-Identifier: MIT
 * murmur3.c - MurmurHash3_x86_32 and MurmurHash3_x64_128 (Austin Appleby,
 * SMHasher MurmurHash3.cpp, public domain), seed 0.
 *
 * Blocks are read little-endian, as the reference does on the x86 it was
 * written for (the reference reads native words, so on a big-endian CPU it
 * gives other values; SMHasher's verification values are little-endian).
 * The tail is the reference's switch: the last len % blocksize bytes form a
 * zero-padded little-endian word, mixed only when there is at least one
 * byte.  The length is XORed in as the reference's `len` (mod 2^32 for the
 * 32-bit hash, the full count for the 128-bit one), then fmix.
 *
 * No tables and one short loop each: this is already what an 8-bit port
 * wants, so there is no separate compact variant.  On the 8-bit CPUs
 * (HB_SMALL_CPU) the 32-bit hash's two multiplies per block go through byte
 * tables (hb_mul8.h, 2 KiB), 5-10x cheaper there than the compilers'
 * 32 x 32-bit multiply; h * 5 is h + (h << 2).
 */
#include "murmur3.h"
#include "hb_util.h"

/* ---- MurmurHash3_x86_32 ------------------------------------------------ */

#define M3_C1 0xcc9e2d51u
#define M3_C2 0x1b873593u

#if HB_SMALL_CPU
#include "hb_mul8.h"
HB_MUL8_32(m3_mul_c1, M3_C1)
HB_MUL8_32(m3_mul_c2, M3_C2)
#define M3_MUL_C1(k) m3_mul_c1(k)
#define M3_MUL_C2(k) m3_mul_c2(k)
#define M3_MUL_5(h) ((h) + ((h) << 2))
#else
#define M3_MUL_C1(k) ((k) * M3_C1)
#define M3_MUL_C2(k) ((k) * M3_C2)
#define M3_MUL_5(h) ((h) * 5u)
#endif

HB_INLINE uint32_t hb_m3_mixk32(uint32_t k)
{
    k = M3_MUL_C1(k);
    k = hb_rotl32(k, 15);
    return M3_MUL_C2(k);
}

HB_INLINE uint32_t hb_m3_fmix32(uint32_t h)
{
    h ^= h >> 16;
    h *= 0x85ebca6bu;
    h ^= h >> 13;
    h *= 0xc2b2ae35u;
    h ^= h >> 16;
    return h;
}

static uint32_t hb_m3_32_blocks(uint32_t h, const uint8_t *p, size_t nblocks)
{
    for (; nblocks; nblocks--, p += 4) {
        h ^= hb_m3_mixk32(hb_load32_le(p));
        h = hb_rotl32(h, 13);
        h = M3_MUL_5(h) + 0xe6546b64u;
    }
    return h;
}

/* tail: the last rem (< 4) bytes; len: the whole length mod 2^32. */
static void hb_m3_32_finish(uint8_t *out, uint32_t h, const uint8_t *tail,
                            unsigned rem, uint32_t len)
{
    uint32_t k = 0;
    switch (rem) {
    case 3: k ^= (uint32_t)tail[2] << 16; /* fall through */
    case 2: k ^= (uint32_t)tail[1] << 8;  /* fall through */
    case 1: k ^= (uint32_t)tail[0];
            h ^= hb_m3_mixk32(k);
    }
    h ^= len;
    hb_store32_be(out, hb_m3_fmix32(h));
}

void hb_murmur3_32(uint8_t *out, const uint8_t *in, size_t len)
{
    size_t nblocks = len / 4;
    uint32_t h = hb_m3_32_blocks(0, in, nblocks);
    /* (len ? ... : in): no arithmetic on a null `in` when len is 0 */
    hb_m3_32_finish(out, h, len ? in + nblocks * 4 : in, (unsigned)(len & 3),
                    (uint32_t)len);
}

void hb_murmur3_32_init(hb_murmur3_32_ctx *ctx)
{
    ctx->h = 0; /* the seed */
    ctx->count = 0;
}

void hb_murmur3_32_update(hb_murmur3_32_ctx *ctx, const uint8_t *in, size_t len)
{
    unsigned fill = (unsigned)(ctx->count & 3);
    size_t nblocks;

    if (len == 0) return; /* keeps memcpy away from a null `in` */
    ctx->count += (uint32_t)len;
    if (fill) {
        unsigned take = 4 - fill;
        if (len < take) {
            memcpy(ctx->buf + fill, in, len);
            return;
        }
        memcpy(ctx->buf + fill, in, take);
        ctx->h = hb_m3_32_blocks(ctx->h, ctx->buf, 1);
        in += take;
        len -= take;
    }
    nblocks = len / 4;
    ctx->h = hb_m3_32_blocks(ctx->h, in, nblocks);
    memcpy(ctx->buf, in + nblocks * 4, len & 3);
}

void hb_murmur3_32_final(hb_murmur3_32_ctx *ctx, uint8_t *out)
{
    hb_m3_32_finish(out, ctx->h, ctx->buf, (unsigned)(ctx->count & 3), ctx->count);
}

#if HB_HAVE_U64
/* ---- MurmurHash3_x64_128 ----------------------------------------------- */

#define M3_K1 UINT64_C(0x87c37b91114253d5)
#define M3_K2 UINT64_C(0x4cf5ad432745937f)

HB_INLINE uint64_t hb_m3_fmix64(uint64_t k)
{
    k ^= k >> 33;
    k *= UINT64_C(0xff51afd7ed558ccd);
    k ^= k >> 33;
    k *= UINT64_C(0xc4ceb9fe1a85ec53);
    k ^= k >> 33;
    return k;
}

HB_INLINE uint64_t hb_m3_mixk1(uint64_t k)
{
    k *= M3_K1;
    k = hb_rotl64(k, 31);
    return k * M3_K2;
}

HB_INLINE uint64_t hb_m3_mixk2(uint64_t k)
{
    k *= M3_K2;
    k = hb_rotl64(k, 33);
    return k * M3_K1;
}

static void hb_m3_128_blocks(uint64_t h[2], const uint8_t *p, size_t nblocks)
{
    uint64_t h1 = h[0], h2 = h[1];
    for (; nblocks; nblocks--, p += 16) {
        h1 ^= hb_m3_mixk1(hb_load64_le(p));
        h1 = hb_rotl64(h1, 27);
        h1 += h2;
        h1 = h1 * 5u + 0x52dce729u;
        h2 ^= hb_m3_mixk2(hb_load64_le(p + 8));
        h2 = hb_rotl64(h2, 31);
        h2 += h1;
        h2 = h2 * 5u + 0x38495ab5u;
    }
    h[0] = h1;
    h[1] = h2;
}

/* tail: the last rem (< 16) bytes; len: the whole length. */
static void hb_m3_128_finish(uint8_t *out, uint64_t h1, uint64_t h2,
                             const uint8_t *tail, unsigned rem, uint64_t len)
{
    /* The reference's tail switch is a zero-padded little-endian read of
     * the rem bytes; k2 is mixed only when bytes 8.. exist, k1 when any do. */
    uint8_t t[16] = { 0 };
    if (rem) memcpy(t, tail, rem);
    if (rem > 8) h2 ^= hb_m3_mixk2(hb_load64_le(t + 8));
    if (rem > 0) h1 ^= hb_m3_mixk1(hb_load64_le(t));

    h1 ^= len;
    h2 ^= len;
    h1 += h2;
    h2 += h1;
    h1 = hb_m3_fmix64(h1);
    h2 = hb_m3_fmix64(h2);
    h1 += h2;
    h2 += h1;
    hb_store64_le(out, h1);
    hb_store64_le(out + 8, h2);
}

void hb_murmur3_128(uint8_t *out, const uint8_t *in, size_t len)
{
    uint64_t h[2] = { 0, 0 }; /* the seed, in both halves */
    size_t nblocks = len / 16;
    hb_m3_128_blocks(h, in, nblocks);
    hb_m3_128_finish(out, h[0], h[1], len ? in + nblocks * 16 : in,
                     (unsigned)(len & 15), (uint64_t)len);
}

void hb_murmur3_128_init(hb_murmur3_128_ctx *ctx)
{
    ctx->h1 = 0;
    ctx->h2 = 0;
    ctx->count = 0;
}

void hb_murmur3_128_update(hb_murmur3_128_ctx *ctx, const uint8_t *in, size_t len)
{
    unsigned fill = (unsigned)(ctx->count & 15);
    uint64_t h[2];
    size_t nblocks;

    if (len == 0) return;
    ctx->count += (uint64_t)len;
    h[0] = ctx->h1;
    h[1] = ctx->h2;
    if (fill) {
        unsigned take = 16 - fill;
        if (len < take) {
            memcpy(ctx->buf + fill, in, len);
            return;
        }
        memcpy(ctx->buf + fill, in, take);
        hb_m3_128_blocks(h, ctx->buf, 1);
        in += take;
        len -= take;
    }
    nblocks = len / 16;
    hb_m3_128_blocks(h, in, nblocks);
    memcpy(ctx->buf, in + nblocks * 16, len & 15);
    ctx->h1 = h[0];
    ctx->h2 = h[1];
}

void hb_murmur3_128_final(hb_murmur3_128_ctx *ctx, uint8_t *out)
{
    hb_m3_128_finish(out, ctx->h1, ctx->h2, ctx->buf, (unsigned)(ctx->count & 15),
                     ctx->count);
}
#endif /* HB_HAVE_U64 */
