/* SPDX-License-Identifier: MIT
 * md5.c - MD5 (RFC 1321: padding 3.1-3.2, initial value 3.3, the four
 * rounds 3.4, output 3.5).
 *
 * Two compression functions share one padding and streaming layer:
 *   portable  the 64 steps written out, each with its constant, message
 *             word and rotation as immediates.
 *   compact   one rolled step driven by the step number: the constants
 *             from a 256-byte table, the message index computed (RFC 1321's
 *             four index sequences are i, 5i+1, 3i+5 and 7i mod 16) and
 *             the 16 rotation counts from a table.  Code size follows the
 *             number of 32-bit operations written: this file makes 8.5 KiB
 *             of 6502 code (cc65 -O) with both, 2.1 KiB with the rolled
 *             step alone (SDCC Z80: 22.9 and 5.6 KiB); the rolled step
 *             costs the 6502 44% more time (sim65, 1 KiB).
 * With HB_NO_PORTABLE_TABLES (hb_config.h) the written-out steps are not
 * compiled and the portable entry points use the rolled step too.
 * The byte count is kept in two 32-bit words: MD5 needs no 64-bit integer.
 */
#include "md5.h"
#include "hb_util.h"
#include "hb_md.h"

/* 3.3 */
static const uint32_t hb_md5_iv[4] = {
    0x67452301u, 0xefcdab89u, 0x98badcfeu, 0x10325476u
};

/* 3.4: F, G, H, I.  F and G in forms with one operation fewer than the
 * RFC's (the same truth tables). */
#define F(x, y, z) ((z) ^ ((x) & ((y) ^ (z))))
#define G(x, y, z) ((y) ^ ((z) & ((x) ^ (y))))
#define H(x, y, z) ((x) ^ (y) ^ (z))
#define I(x, y, z) ((y) ^ ((x) | ~(z)))

/* ---- compact compression ------------------------------------------- */

/* T[i] = floor(2^32 * abs(sin(i + 1))), 3.4. */
static const uint32_t hb_md5_t[64] = {
    0xd76aa478u, 0xe8c7b756u, 0x242070dbu, 0xc1bdceeeu, 0xf57c0fafu, 0x4787c62au,
    0xa8304613u, 0xfd469501u, 0x698098d8u, 0x8b44f7afu, 0xffff5bb1u, 0x895cd7beu,
    0x6b901122u, 0xfd987193u, 0xa679438eu, 0x49b40821u, 0xf61e2562u, 0xc040b340u,
    0x265e5a51u, 0xe9b6c7aau, 0xd62f105du, 0x02441453u, 0xd8a1e681u, 0xe7d3fbc8u,
    0x21e1cde6u, 0xc33707d6u, 0xf4d50d87u, 0x455a14edu, 0xa9e3e905u, 0xfcefa3f8u,
    0x676f02d9u, 0x8d2a4c8au, 0xfffa3942u, 0x8771f681u, 0x6d9d6122u, 0xfde5380cu,
    0xa4beea44u, 0x4bdecfa9u, 0xf6bb4b60u, 0xbebfbc70u, 0x289b7ec6u, 0xeaa127fau,
    0xd4ef3085u, 0x04881d05u, 0xd9d4d039u, 0xe6db99e5u, 0x1fa27cf8u, 0xc4ac5665u,
    0xf4292244u, 0x432aff97u, 0xab9423a7u, 0xfc93a039u, 0x655b59c3u, 0x8f0ccc92u,
    0xffeff47du, 0x85845dd1u, 0x6fa87e4fu, 0xfe2ce6e0u, 0xa3014314u, 0x4e0811a1u,
    0xf7537e82u, 0xbd3af235u, 0x2ad7d2bbu, 0xeb86d391u
};

/* Rotation counts: four per round, repeating within the round. */
static const uint8_t hb_md5_s[16] = {
    7, 12, 17, 22, 5, 9, 14, 20, 4, 11, 16, 23, 6, 10, 15, 21
};

static void hb_md5_compress_compact(void *state, const uint8_t *p, size_t nblocks)
{
    uint32_t *h = (uint32_t *)state;
    uint32_t a, b, c, d, t;
    unsigned i, k;

    for (; nblocks; nblocks--, p += 64) {
        a = h[0]; b = h[1]; c = h[2]; d = h[3];
        for (i = 0; i < 64; i++) {
            switch (i >> 4) {
            case 0:  t = F(b, c, d); k = i;         break;
            case 1:  t = G(b, c, d); k = 5 * i + 1; break;
            case 2:  t = H(b, c, d); k = 3 * i + 5; break;
            default: t = I(b, c, d); k = 7 * i;     break;
            }
            t += a + hb_md5_t[i] + hb_load32_le(p + 4 * (k & 15));
            a = d; d = c; c = b;
            b += hb_rotl32_fn(t, hb_md5_s[((i >> 2) & 12) | (i & 3)]);
        }
        h[0] += a; h[1] += b; h[2] += c; h[3] += d;
    }
}

#ifdef HB_NO_PORTABLE_TABLES
/* The small-code build (hb_config.h). */
static void hb_md5_compress(void *state, const uint8_t *p, size_t nblocks)
{
    hb_md5_compress_compact(state, p, nblocks);
}
#else
/* ---- portable compression ------------------------------------------ */

/* a = b + ((a + f(b, c, d) + X[k] + T[i]) <<< s), 3.4.  The variables are
 * renamed from step to step instead of being moved.  X[k] + T[i] is added
 * first and, in round 2, G's term without b too (G's two terms never share
 * a bit, so | is +): the chain through b, the newest variable, gets short.
 * (10% faster with gcc on x86-64.)  One macro per round function: cc65's
 * preprocessor cannot take a macro name as an argument. */
#define STEP(a, b, fv, xk, ti, s)                         \
    do {                                                  \
        (a) += (xk) + (uint32_t)(ti);                     \
        (a) += (fv);                                      \
        (a) = hb_rotl32_fn(a, s) + (b);                      \
    } while (0)
#define FF(a, b, c, d, k, ti, s) STEP(a, b, F(b, c, d), x[k], ti, s)
#define GG(a, b, c, d, k, ti, s)                                   \
    do {                                                           \
        (a) += x[k] + (uint32_t)(ti) + ((c) & ~(d));               \
        (a) += (b) & (d);                                          \
        (a) = hb_rotl32_fn(a, s) + (b);                               \
    } while (0)
#define HH(a, b, c, d, k, ti, s) STEP(a, b, H(b, c, d), x[k], ti, s)
#define II(a, b, c, d, k, ti, s) STEP(a, b, I(b, c, d), x[k], ti, s)

static void hb_md5_compress(void *state, const uint8_t *p, size_t nblocks)
{
    uint32_t *h = (uint32_t *)state;
    uint32_t x[16];
    uint32_t a, b, c, d;
    unsigned i;

    for (; nblocks; nblocks--, p += 64) {
        for (i = 0; i < 16; i++) x[i] = hb_load32_le(p + 4 * i);
        a = h[0]; b = h[1]; c = h[2]; d = h[3];

        FF(a, b, c, d, 0, 0xd76aa478u, 7);
        FF(d, a, b, c, 1, 0xe8c7b756u, 12);
        FF(c, d, a, b, 2, 0x242070dbu, 17);
        FF(b, c, d, a, 3, 0xc1bdceeeu, 22);
        FF(a, b, c, d, 4, 0xf57c0fafu, 7);
        FF(d, a, b, c, 5, 0x4787c62au, 12);
        FF(c, d, a, b, 6, 0xa8304613u, 17);
        FF(b, c, d, a, 7, 0xfd469501u, 22);
        FF(a, b, c, d, 8, 0x698098d8u, 7);
        FF(d, a, b, c, 9, 0x8b44f7afu, 12);
        FF(c, d, a, b, 10, 0xffff5bb1u, 17);
        FF(b, c, d, a, 11, 0x895cd7beu, 22);
        FF(a, b, c, d, 12, 0x6b901122u, 7);
        FF(d, a, b, c, 13, 0xfd987193u, 12);
        FF(c, d, a, b, 14, 0xa679438eu, 17);
        FF(b, c, d, a, 15, 0x49b40821u, 22);

        GG(a, b, c, d, 1, 0xf61e2562u, 5);
        GG(d, a, b, c, 6, 0xc040b340u, 9);
        GG(c, d, a, b, 11, 0x265e5a51u, 14);
        GG(b, c, d, a, 0, 0xe9b6c7aau, 20);
        GG(a, b, c, d, 5, 0xd62f105du, 5);
        GG(d, a, b, c, 10, 0x02441453u, 9);
        GG(c, d, a, b, 15, 0xd8a1e681u, 14);
        GG(b, c, d, a, 4, 0xe7d3fbc8u, 20);
        GG(a, b, c, d, 9, 0x21e1cde6u, 5);
        GG(d, a, b, c, 14, 0xc33707d6u, 9);
        GG(c, d, a, b, 3, 0xf4d50d87u, 14);
        GG(b, c, d, a, 8, 0x455a14edu, 20);
        GG(a, b, c, d, 13, 0xa9e3e905u, 5);
        GG(d, a, b, c, 2, 0xfcefa3f8u, 9);
        GG(c, d, a, b, 7, 0x676f02d9u, 14);
        GG(b, c, d, a, 12, 0x8d2a4c8au, 20);

        HH(a, b, c, d, 5, 0xfffa3942u, 4);
        HH(d, a, b, c, 8, 0x8771f681u, 11);
        HH(c, d, a, b, 11, 0x6d9d6122u, 16);
        HH(b, c, d, a, 14, 0xfde5380cu, 23);
        HH(a, b, c, d, 1, 0xa4beea44u, 4);
        HH(d, a, b, c, 4, 0x4bdecfa9u, 11);
        HH(c, d, a, b, 7, 0xf6bb4b60u, 16);
        HH(b, c, d, a, 10, 0xbebfbc70u, 23);
        HH(a, b, c, d, 13, 0x289b7ec6u, 4);
        HH(d, a, b, c, 0, 0xeaa127fau, 11);
        HH(c, d, a, b, 3, 0xd4ef3085u, 16);
        HH(b, c, d, a, 6, 0x04881d05u, 23);
        HH(a, b, c, d, 9, 0xd9d4d039u, 4);
        HH(d, a, b, c, 12, 0xe6db99e5u, 11);
        HH(c, d, a, b, 15, 0x1fa27cf8u, 16);
        HH(b, c, d, a, 2, 0xc4ac5665u, 23);

        II(a, b, c, d, 0, 0xf4292244u, 6);
        II(d, a, b, c, 7, 0x432aff97u, 10);
        II(c, d, a, b, 14, 0xab9423a7u, 15);
        II(b, c, d, a, 5, 0xfc93a039u, 21);
        II(a, b, c, d, 12, 0x655b59c3u, 6);
        II(d, a, b, c, 3, 0x8f0ccc92u, 10);
        II(c, d, a, b, 10, 0xffeff47du, 15);
        II(b, c, d, a, 1, 0x85845dd1u, 21);
        II(a, b, c, d, 8, 0x6fa87e4fu, 6);
        II(d, a, b, c, 15, 0xfe2ce6e0u, 10);
        II(c, d, a, b, 6, 0xa3014314u, 15);
        II(b, c, d, a, 13, 0x4e0811a1u, 21);
        II(a, b, c, d, 4, 0xf7537e82u, 6);
        II(d, a, b, c, 11, 0xbd3af235u, 10);
        II(c, d, a, b, 2, 0x2ad7d2bbu, 15);
        II(b, c, d, a, 9, 0xeb86d391u, 21);

        h[0] += a; h[1] += b; h[2] += c; h[3] += d;
    }
}
#endif /* HB_NO_PORTABLE_TABLES */

/* ---- padding and streaming (hb_md.h), shared by both ------------------- */

void hb_md5_init(hb_md5_ctx *ctx)
{
    memcpy(ctx->h, hb_md5_iv, sizeof ctx->h);
    ctx->count[0] = 0;
    ctx->count[1] = 0;
}

void hb_md5_update(hb_md5_ctx *ctx, const uint8_t *in, size_t len)
{
    hb_md_update(ctx->h, hb_md5_compress, ctx->buf, sizeof ctx->buf, ctx->count, in, len);
}

static void hb_md5_final_with(hb_md5_ctx *ctx, uint8_t *out, hb_md_compress_fn compress)
{
    unsigned i;

    hb_md_pad(ctx->h, compress, ctx->buf, sizeof ctx->buf, ctx->count, 0x80, 8, HB_MD_LE);
    for (i = 0; i < 4; i++) hb_store32_le(out + 4 * i, ctx->h[i]);
}

void hb_md5_final(hb_md5_ctx *ctx, uint8_t *out)
{
    hb_md5_final_with(ctx, out, hb_md5_compress);
}

HB_INLINE void hb_md5_with(uint8_t *out, const uint8_t *in, size_t len, hb_md_compress_fn compress)
{
    hb_md5_ctx ctx;
    hb_md5_init(&ctx);
    hb_md_update(ctx.h, compress, ctx.buf, sizeof ctx.buf, ctx.count, in, len);
    hb_md5_final_with(&ctx, out, compress);
}

void hb_md5(uint8_t *out, const uint8_t *in, size_t len)
{
    hb_md5_with(out, in, len, hb_md5_compress);
}

void hb_md5_compact(uint8_t *out, const uint8_t *in, size_t len)
{
    hb_md5_with(out, in, len, hb_md5_compress_compact);
}
