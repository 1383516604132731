/* SPDX-License-Identifier: MIT
 * xxh3.c - XXH3_64bits, seed 0, default secret (xxHash specification
 * doc/xxhash_spec.md, XXH3 part; reference xxhash.h v0.8.x).
 *
 * Length classes, each its own function below: 0, 1-3, 4-8, 9-16,
 * 17-128, 129-240, and > 240 ("long"): 8 accumulators over 64-byte
 * stripes, a scramble after every 16-stripe (1024-byte) block, a last
 * overlapping stripe on the final 64 bytes, and a merge.
 *
 * The 64x64->128 multiply is written with four 32x32->64 products unless
 * hb_config.h offers a 128-bit type (C99 has none, and platform #ifs stay
 * out of algorithm files).  It only serves the short classes and the final
 * merge.  The long loop needs only 32x32->64 products; as written (lane
 * pairs, the fastest of the forms we tried) it runs scalar at some 13-15
 * GB/s on x86-64 with gcc 12 and clang 14 at -O2, as fast as xxHash's own
 * scalar path.  xxHash's SSE2/AVX2 intrinsics are several times faster;
 * plain C99 gets no such code from these compilers at -O2.
 * Seed 0 makes every "+ seed" and "- seed" of the reference vanish.
 */
#include "xxh3.h"
#include "hb_util.h"

#if HB_HAVE_U64

#define P32_1 UINT64_C(0x9E3779B1)
#define P32_2 UINT64_C(0x85EBCA77)
#define P32_3 UINT64_C(0xC2B2AE3D)
#define P64_1 UINT64_C(0x9E3779B185EBCA87)
#define P64_2 UINT64_C(0xC2B2AE3D27D4EB4F)
#define P64_3 UINT64_C(0x165667B19E3779F9)
#define P64_4 UINT64_C(0x85EBCA77C2B2AE63)
#define P64_5 UINT64_C(0x27D4EB2F165667C5)
#define PMX_1 UINT64_C(0x165667919E3779F9)
#define PMX_2 UINT64_C(0x9FB21C651E98DF25)

#define SECRET_LEN 192
#define STRIPE 64
#define STRIPES_PER_BLOCK ((SECRET_LEN - STRIPE) / 8) /* 16: 1024-byte blocks */

/* The default secret, XXH3_kSecret of xxhash.h (xxHash says it was taken
 * from FARSH's key).  It is data, not derivable: tests/vectors/importers/noncrypto.py
 * checks these bytes against the copy in the xxhash package's xxhash.h
 * (SHA-256 of the 192 bytes:
 * 2cf2f88bf9b71283059b6df53e5bcde20adbfd9e8d6ce2c1ab106262bb283bed). */
static const uint8_t hb_xxh3_secret[SECRET_LEN] = {
    0xb8, 0xfe, 0x6c, 0x39, 0x23, 0xa4, 0x4b, 0xbe, 0x7c, 0x01, 0x81, 0x2c, 0xf7, 0x21, 0xad, 0x1c,
    0xde, 0xd4, 0x6d, 0xe9, 0x83, 0x90, 0x97, 0xdb, 0x72, 0x40, 0xa4, 0xa4, 0xb7, 0xb3, 0x67, 0x1f,
    0xcb, 0x79, 0xe6, 0x4e, 0xcc, 0xc0, 0xe5, 0x78, 0x82, 0x5a, 0xd0, 0x7d, 0xcc, 0xff, 0x72, 0x21,
    0xb8, 0x08, 0x46, 0x74, 0xf7, 0x43, 0x24, 0x8e, 0xe0, 0x35, 0x90, 0xe6, 0x81, 0x3a, 0x26, 0x4c,
    0x3c, 0x28, 0x52, 0xbb, 0x91, 0xc3, 0x00, 0xcb, 0x88, 0xd0, 0x65, 0x8b, 0x1b, 0x53, 0x2e, 0xa3,
    0x71, 0x64, 0x48, 0x97, 0xa2, 0x0d, 0xf9, 0x4e, 0x38, 0x19, 0xef, 0x46, 0xa9, 0xde, 0xac, 0xd8,
    0xa8, 0xfa, 0x76, 0x3f, 0xe3, 0x9c, 0x34, 0x3f, 0xf9, 0xdc, 0xbb, 0xc7, 0xc7, 0x0b, 0x4f, 0x1d,
    0x8a, 0x51, 0xe0, 0x4b, 0xcd, 0xb4, 0x59, 0x31, 0xc8, 0x9f, 0x7e, 0xc9, 0xd9, 0x78, 0x73, 0x64,
    0xea, 0xc5, 0xac, 0x83, 0x34, 0xd3, 0xeb, 0xc3, 0xc5, 0x81, 0xa0, 0xff, 0xfa, 0x13, 0x63, 0xeb,
    0x17, 0x0d, 0xdd, 0x51, 0xb7, 0xf0, 0xda, 0x49, 0xd3, 0x16, 0x55, 0x26, 0x29, 0xd4, 0x68, 0x9e,
    0x2b, 0x16, 0xbe, 0x58, 0x7d, 0x47, 0xa1, 0xfc, 0x8f, 0xf8, 0xb8, 0xd1, 0x7a, 0xd0, 0x31, 0xce,
    0x45, 0xcb, 0x3a, 0x8f, 0x95, 0x16, 0x04, 0x28, 0xaf, 0xd7, 0xfb, 0xca, 0xbb, 0x4b, 0x40, 0x7e
};

#define SEC64(off) hb_load64_le(hb_xxh3_secret + (off))

/* ---- mixers ------------------------------------------------------------ */

/* Low half XOR high half of the 128-bit product.  Where hb_config.h
 * offers a 128-bit type (HB_HAVE_U128, hb_u128) one multiply does it: that
 * halves the time of the 17-240 byte classes with gcc.  Otherwise four
 * 32x32->64 products; the cross sum cannot overflow:
 * 3 * (2^32 - 1) + (2^32 - 1)^2 < 2^64. */
static uint64_t hb_xxh3_mul128_fold64(uint64_t a, uint64_t b)
{
#if defined(HB_HAVE_U128) && HB_HAVE_U128
    hb_u128 r = (hb_u128)a * b;
    return (uint64_t)r ^ (uint64_t)(r >> 64);
#else
    uint64_t al = a & 0xFFFFFFFFu, ah = a >> 32;
    uint64_t bl = b & 0xFFFFFFFFu, bh = b >> 32;
    uint64_t ll = al * bl, hl = ah * bl, lh = al * bh, hh = ah * bh;
    uint64_t cross = (ll >> 32) + (hl & 0xFFFFFFFFu) + lh;
    uint64_t hi = (hl >> 32) + (cross >> 32) + hh;
    uint64_t lo = (cross << 32) | (ll & 0xFFFFFFFFu);
    return lo ^ hi;
#endif
}

static uint64_t hb_xxh64_avalanche(uint64_t h)
{
    h ^= h >> 33;
    h *= P64_2;
    h ^= h >> 29;
    h *= P64_3;
    return h ^ (h >> 32);
}

static uint64_t hb_xxh3_avalanche(uint64_t h)
{
    h ^= h >> 37;
    h *= PMX_1;
    return h ^ (h >> 32);
}

/* "rrmxmx", the stronger finaliser of the 4-8 byte class. */
static uint64_t hb_xxh3_rrmxmx(uint64_t h, uint64_t len)
{
    h ^= hb_rotl64(h, 49) ^ hb_rotl64(h, 24);
    h *= PMX_2;
    h ^= (h >> 35) + len;
    h *= PMX_2;
    return h ^ (h >> 28);
}

/* Out of line in small builds (HB_NO_PORTABLE_TABLES): SDCC inlines its
 * loads and the folding multiply at each of its eleven call sites, 15 KiB
 * of SM83 code in the 17-128 byte class alone: the file is 45 KiB, more
 * than a Game Boy program holds, instead of 25 KiB. */
#ifdef HB_NO_PORTABLE_TABLES
static uint64_t hb_xxh3_mix16(const uint8_t *p, unsigned soff)
#else
HB_INLINE uint64_t hb_xxh3_mix16(const uint8_t *p, unsigned soff)
#endif
{
    return hb_xxh3_mul128_fold64(hb_load64_le(p) ^ SEC64(soff),
                                 hb_load64_le(p + 8) ^ SEC64(soff + 8));
}

/* ---- short inputs -------------------------------------------------------- */

static uint64_t hb_xxh3_len_1to3(const uint8_t *p, size_t len)
{
    uint32_t combined = ((uint32_t)p[0] << 16) | ((uint32_t)p[len >> 1] << 24) |
                        (uint32_t)p[len - 1] | ((uint32_t)len << 8);
    uint64_t flip = (uint64_t)(hb_load32_le(hb_xxh3_secret) ^
                               hb_load32_le(hb_xxh3_secret + 4));
    return hb_xxh64_avalanche((uint64_t)combined ^ flip);
}

static uint64_t hb_xxh3_len_4to8(const uint8_t *p, size_t len)
{
    uint64_t in1 = hb_load32_le(p), in2 = hb_load32_le(p + len - 4);
    uint64_t flip = SEC64(8) ^ SEC64(16);
    return hb_xxh3_rrmxmx((in2 + (in1 << 32)) ^ flip, (uint64_t)len);
}

static uint64_t hb_xxh3_len_9to16(const uint8_t *p, size_t len)
{
    uint64_t lo = hb_load64_le(p) ^ (SEC64(24) ^ SEC64(32));
    uint64_t hi = hb_load64_le(p + len - 8) ^ (SEC64(40) ^ SEC64(48));
    /* byte-swapped lo = big-endian read XOR the byte-swapped constant */
    uint64_t lo_swapped = hb_load64_be(p) ^
                          (hb_load64_be(hb_xxh3_secret + 24) ^ hb_load64_be(hb_xxh3_secret + 32));
    uint64_t acc = (uint64_t)len + lo_swapped + hi + hb_xxh3_mul128_fold64(lo, hi);
    return hb_xxh3_avalanche(acc);
}

static uint64_t hb_xxh3_len_17to128(const uint8_t *p, size_t len)
{
    uint64_t acc = (uint64_t)len * P64_1;
    if (len > 32) {
        if (len > 64) {
            if (len > 96) {
                acc += hb_xxh3_mix16(p + 48, 96);
                acc += hb_xxh3_mix16(p + len - 64, 112);
            }
            acc += hb_xxh3_mix16(p + 32, 64);
            acc += hb_xxh3_mix16(p + len - 48, 80);
        }
        acc += hb_xxh3_mix16(p + 16, 32);
        acc += hb_xxh3_mix16(p + len - 32, 48);
    }
    acc += hb_xxh3_mix16(p, 0);
    acc += hb_xxh3_mix16(p + len - 16, 16);
    return hb_xxh3_avalanche(acc);
}

static uint64_t hb_xxh3_len_129to240(const uint8_t *p, size_t len)
{
    uint64_t acc = (uint64_t)len * P64_1;
    unsigned i, rounds = (unsigned)(len / 16);
    for (i = 0; i < 8; i++) acc += hb_xxh3_mix16(p + 16 * i, 16 * i);
    acc = hb_xxh3_avalanche(acc);
    /* rounds 8.. restart at secret offset 3 */
    for (i = 8; i < rounds; i++) acc += hb_xxh3_mix16(p + 16 * i, 16 * (i - 8) + 3);
    /* the last 16 bytes, at secret offset 136 - 17 */
    acc += hb_xxh3_mix16(p + len - 16, 119);
    return hb_xxh3_avalanche(acc);
}

static uint64_t hb_xxh3_short(const uint8_t *p, size_t len)
{
    if (len > 128) return hb_xxh3_len_129to240(p, len);
    if (len > 16) return hb_xxh3_len_17to128(p, len);
    if (len > 8) return hb_xxh3_len_9to16(p, len);
    if (len >= 4) return hb_xxh3_len_4to8(p, len);
    if (len) return hb_xxh3_len_1to3(p, len);
    return hb_xxh64_avalanche(SEC64(56) ^ SEC64(64));
}

/* ---- long inputs ------------------------------------------------------------ */

/* n stripes, stripe k keyed by the secret at soff + 8k.  Lane pairs are
 * written out: lane i's input goes to its neighbour i^1, its keyed 32x32
 * product to itself. */
static void hb_xxh3_accumulate(uint64_t acc[8], const uint8_t *p, unsigned soff, size_t n)
{
    uint64_t a[8];
    unsigned i;
    for (i = 0; i < 8; i++) a[i] = acc[i];
    for (; n; n--, p += STRIPE, soff += 8) {
        const uint8_t *s = hb_xxh3_secret + soff;
        for (i = 0; i < 8; i += 2) {
            uint64_t d0 = hb_load64_le(p + 8 * i), d1 = hb_load64_le(p + 8 * i + 8);
            uint64_t k0 = d0 ^ hb_load64_le(s + 8 * i), k1 = d1 ^ hb_load64_le(s + 8 * i + 8);
            a[i] += d1 + (k0 & 0xFFFFFFFFu) * (k0 >> 32);
            a[i + 1] += d0 + (k1 & 0xFFFFFFFFu) * (k1 >> 32);
        }
    }
    for (i = 0; i < 8; i++) acc[i] = a[i];
}

static void hb_xxh3_scramble(uint64_t acc[8])
{
    unsigned i;
    for (i = 0; i < 8; i++) {
        uint64_t a = acc[i];
        a ^= a >> 47;
        a ^= SEC64(SECRET_LEN - STRIPE + 8 * i);
        acc[i] = a * P32_1;
    }
}

/* n whole stripes; *stripe counts the stripes already in the current block
 * and the block is scrambled as soon as it is full.  Callers never pass the
 * stripe holding the input's last byte, so a block ending exactly at the end
 * of the input is not scrambled: the reference's (len - 1) / 1024 blocks. */
static void hb_xxh3_consume(uint64_t acc[8], unsigned *stripe, const uint8_t *p, size_t n)
{
    while (n) {
        size_t take = STRIPES_PER_BLOCK - *stripe;
        if (take > n) take = n;
        hb_xxh3_accumulate(acc, p, 8 * *stripe, take);
        p += take * STRIPE;
        n -= take;
        *stripe += (unsigned)take;
        if (*stripe == STRIPES_PER_BLOCK) {
            hb_xxh3_scramble(acc);
            *stripe = 0;
        }
    }
}

/* The last stripe (the final 64 input bytes, which may overlap stripes
 * already taken) at secret offset 192 - 64 - 7, then the merge of the
 * accumulators at secret offset 11. */
static uint64_t hb_xxh3_long_finish(uint64_t acc[8], const uint8_t *last, uint64_t len)
{
    uint64_t h = len * P64_1;
    unsigned i;
    hb_xxh3_accumulate(acc, last, SECRET_LEN - STRIPE - 7, 1);
    for (i = 0; i < 4; i++)
        h += hb_xxh3_mul128_fold64(acc[2 * i] ^ SEC64(11 + 16 * i),
                                   acc[2 * i + 1] ^ SEC64(11 + 16 * i + 8));
    return hb_xxh3_avalanche(h);
}

static void hb_xxh3_acc_init(uint64_t acc[8])
{
    acc[0] = P32_3; acc[1] = P64_1; acc[2] = P64_2; acc[3] = P64_3;
    acc[4] = P64_4; acc[5] = P32_2; acc[6] = P64_5; acc[7] = P32_1;
}

void hb_xxh3_64(uint8_t *out, const uint8_t *in, size_t len)
{
    uint64_t h;
    if (len <= 240) {
        h = hb_xxh3_short(in, len);
    } else {
        uint64_t acc[8];
        unsigned stripe = 0;
        hb_xxh3_acc_init(acc);
        hb_xxh3_consume(acc, &stripe, in, (len - 1) / STRIPE);
        h = hb_xxh3_long_finish(acc, in + len - STRIPE, (uint64_t)len);
    }
    hb_store64_be(out, h);
}

/* ---- streaming ------------------------------------------------------------ */

#define BUF 256 /* 4 stripes; more than the 240 bytes of the short classes */

void hb_xxh3_64_init(hb_xxh3_64_ctx *ctx)
{
    hb_xxh3_acc_init(ctx->acc);
    ctx->count = 0;
    ctx->buffered = 0;
    ctx->stripe = 0;
}

void hb_xxh3_64_update(hb_xxh3_64_ctx *ctx, const uint8_t *in, size_t len)
{
    if (len == 0) return; /* keeps memcpy away from a null `in` */
    ctx->count += (uint64_t)len;
    if (len <= BUF - ctx->buffered) {
        memcpy(ctx->buf + ctx->buffered, in, len);
        ctx->buffered += (unsigned)len;
        return;
    }
    /* More input follows a full buffer: its 4 stripes can go. */
    if (ctx->buffered) {
        unsigned take = BUF - ctx->buffered;
        memcpy(ctx->buf + ctx->buffered, in, take);
        in += take;
        len -= take;
        hb_xxh3_consume(ctx->acc, &ctx->stripe, ctx->buf, BUF / STRIPE);
        ctx->buffered = 0;
    }
    if (len > BUF) {
        /* Stripes straight from the input, leaving 1..64 bytes; keep the
         * last 64 consumed bytes where final looks for them. */
        size_t n = (len - 1) / STRIPE;
        hb_xxh3_consume(ctx->acc, &ctx->stripe, in, n);
        in += n * STRIPE;
        len -= n * STRIPE;
        memcpy(ctx->buf + BUF - STRIPE, in - STRIPE, STRIPE);
    }
    memcpy(ctx->buf, in, len);
    ctx->buffered = (unsigned)len;
}

void hb_xxh3_64_final(hb_xxh3_64_ctx *ctx, uint8_t *out)
{
    uint64_t h;
    if (ctx->count <= 240) {
        h = hb_xxh3_short(ctx->buf, (size_t)ctx->count);
    } else {
        /* Work on copies: final leaves the context as it was. */
        uint64_t acc[8];
        unsigned stripe = ctx->stripe, b = ctx->buffered;
        uint8_t last[STRIPE];
        const uint8_t *lastp;
        memcpy(acc, ctx->acc, sizeof acc);
        /* b >= 1 here: the input's last byte is never consumed early */
        hb_xxh3_consume(acc, &stripe, ctx->buf, (b - 1) / STRIPE);
        if (b >= STRIPE) {
            lastp = ctx->buf + b - STRIPE;
        } else {
            /* the tail of what was consumed, then the b buffered bytes */
            memcpy(last, ctx->buf + BUF - (STRIPE - b), STRIPE - b);
            memcpy(last + STRIPE - b, ctx->buf, b);
            lastp = last;
        }
        h = hb_xxh3_long_finish(acc, lastp, ctx->count);
    }
    hb_store64_be(out, h);
}

#else
typedef int hb_xxh3_64_unused_;
#endif /* HB_HAVE_U64 */
