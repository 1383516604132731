/* SPDX-License-Identifier: MIT
 * ripemd160.c - RIPEMD-160 (ISO/IEC 10118-3:2018 clause 7, "Dedicated Hash-
 * Function 1"; the authors' description: Dobbertin, Bosselaers, Preneel,
 * FSE 1996, appendix A).  Message words, length and digest are little-endian,
 * the padding is MD4's.
 *
 * Two compression functions share one padding and streaming layer:
 *   portable  the 2 x 80 steps written out, the left and the right line
 *             interleaved step by step so that the two independent chains
 *             overlap in the pipeline.
 *   compact   one rolled loop doing a step of each line per iteration;
 *             message index and rotation of every step packed in one byte
 *             (2 x 80 bytes of tables).  This file makes 20.8 KiB of
 *             6502 code (cc65 -O) with both, 2.5 KiB with the rolled loop
 *             alone (SDCC Z80: 61 and 6.8 KiB); the rolled loop costs the
 *             6502 50% more time (sim65, 1 KiB).
 * With HB_NO_PORTABLE_TABLES (hb_config.h) the written-out steps are not
 * compiled and the portable entry points use the rolled loop too.
 * The byte count is kept in two 32-bit words: RIPEMD-160 needs no 64-bit
 * integer.
 */
#include "ripemd160.h"
#include "hb_util.h"
#include "hb_md.h"

static const uint32_t hb_ripemd160_iv[5] = {
    0x67452301u, 0xefcdab89u, 0x98badcfeu, 0x10325476u, 0xc3d2e1f0u
};

/* The five boolean functions, f1..f5 of the specification, in forms with
 * the same truth tables that put the fewest operations after x, the newest
 * variable: f4's two terms never share a bit, so | is +, and the adds can
 * start before x is known. */
#define F1(x, y, z) ((x) ^ ((y) ^ (z)))
#define F2(x, y, z) ((z) ^ ((x) & ((y) ^ (z))))
#define F3(x, y, z) (((x) | ~(y)) ^ (z))
#define F4(x, y, z) (((y) & ~(z)) + ((x) & (z)))
#define F5(x, y, z) ((x) ^ ((y) | ~(z)))

/* Round constants: left line 0 and the integer parts of 2^30 times the
 * square roots of 2, 3, 5, 7; right line those of the cube roots, and 0. */
#define KL1 0x00000000u
#define KL2 0x5a827999u
#define KL3 0x6ed9eba1u
#define KL4 0x8f1bbcdcu
#define KL5 0xa953fd4eu
#define KR1 0x50a28be6u
#define KR2 0x5c4dd124u
#define KR3 0x6d703ef3u
#define KR4 0x7a6d76e9u
#define KR5 0x00000000u

/* ---- compact compression ------------------------------------------- */

/* Per step: message word index | rotation << 4 (rotations are 5..15). */
static const uint8_t hb_ripemd160_left[80] = {
    0xb0, 0xe1, 0xf2, 0xc3, 0x54, 0x85, 0x76, 0x97, 0xb8, 0xd9, 0xea, 0xfb, 0x6c, 0x7d, 0x9e, 0x8f,
    0x77, 0x64, 0x8d, 0xd1, 0xba, 0x96, 0x7f, 0xf3, 0x7c, 0xc0, 0xf9, 0x95, 0xb2, 0x7e, 0xdb, 0xc8,
    0xb3, 0xda, 0x6e, 0x74, 0xe9, 0x9f, 0xd8, 0xf1, 0xe2, 0x87, 0xd0, 0x66, 0x5d, 0xcb, 0x75, 0x5c,
    0xb1, 0xc9, 0xeb, 0xfa, 0xe0, 0xf8, 0x9c, 0x84, 0x9d, 0xe3, 0x57, 0x6f, 0x8e, 0x65, 0x56, 0xc2,
    0x94, 0xf0, 0x55, 0xb9, 0x67, 0x8c, 0xd2, 0xca, 0x5e, 0xc1, 0xd3, 0xe8, 0xbb, 0x86, 0x5f, 0x6d
};
static const uint8_t hb_ripemd160_right[80] = {
    0x85, 0x9e, 0x97, 0xb0, 0xd9, 0xf2, 0xfb, 0x54, 0x7d, 0x76, 0x8f, 0xb8, 0xe1, 0xea, 0xc3, 0x6c,
    0x96, 0xdb, 0xf3, 0x77, 0xc0, 0x8d, 0x95, 0xba, 0x7e, 0x7f, 0xc8, 0x7c, 0x64, 0xf9, 0xd1, 0xb2,
    0x9f, 0x75, 0xf1, 0xb3, 0x87, 0x6e, 0x66, 0xe9, 0xcb, 0xd8, 0x5c, 0xe2, 0xda, 0xd0, 0x74, 0x5d,
    0xf8, 0x56, 0x84, 0xb1, 0xe3, 0xeb, 0x6f, 0xe0, 0x65, 0x9c, 0xc2, 0x9d, 0xc9, 0x57, 0xfa, 0x8e,
    0x8c, 0x5f, 0xca, 0x94, 0xc1, 0x55, 0xe8, 0x67, 0x86, 0xd2, 0x6d, 0x5e, 0xf0, 0xd3, 0xb9, 0xbb
};
static const uint32_t hb_ripemd160_kl[5] = { KL1, KL2, KL3, KL4, KL5 };
static const uint32_t hb_ripemd160_kr[5] = { KR1, KR2, KR3, KR4, KR5 };

/* f_{n+1}(x, y, z): the left line uses f1..f5, the right line f5..f1. */
static uint32_t hb_ripemd160_f(unsigned n, uint32_t x, uint32_t y, uint32_t z)
{
    switch (n) {
    case 0:  return F1(x, y, z);
    case 1:  return F2(x, y, z);
    case 2:  return F3(x, y, z);
    case 3:  return F4(x, y, z);
    default: return F5(x, y, z);
    }
}

static void hb_ripemd160_compress_compact(void *state, const uint8_t *p, size_t nblocks)
{
    uint32_t *h = (uint32_t *)state;
    uint32_t a, b, c, d, e, ap, bp, cp, dp, ep, t;
    unsigned j, r, v;

    for (; nblocks; nblocks--, p += 64) {
        a = ap = h[0]; b = bp = h[1]; c = cp = h[2]; d = dp = h[3]; e = ep = h[4];
        for (j = 0; j < 80; j++) {
            r = j >> 4;
            v = hb_ripemd160_left[j];
            t = a + hb_ripemd160_f(r, b, c, d) + hb_load32_le(p + 4 * (v & 15)) +
                hb_ripemd160_kl[r];
            t = hb_rotl32_fn(t, v >> 4) + e;
            a = e; e = d; d = hb_rotl32_fn(c, 10); c = b; b = t;
            v = hb_ripemd160_right[j];
            t = ap + hb_ripemd160_f(4 - r, bp, cp, dp) + hb_load32_le(p + 4 * (v & 15)) +
                hb_ripemd160_kr[r];
            t = hb_rotl32_fn(t, v >> 4) + ep;
            ap = ep; ep = dp; dp = hb_rotl32_fn(cp, 10); cp = bp; bp = t;
        }
        t = h[1] + c + dp;
        h[1] = h[2] + d + ep;
        h[2] = h[3] + e + ap;
        h[3] = h[4] + a + bp;
        h[4] = h[0] + b + cp;
        h[0] = t;
    }
}

#ifdef HB_NO_PORTABLE_TABLES
/* The small-code build (hb_config.h). */
static void hb_ripemd160_compress(void *state, const uint8_t *p, size_t nblocks)
{
    hb_ripemd160_compress_compact(state, p, nblocks);
}
#else
/* ---- portable compression ------------------------------------------ */

/* One step: a = ((a + f(b, c, d) + X[k] + K) <<< s) + e, c = c <<< 10; the
 * shift of the five variables is done by renaming in the caller.  X[k] + K
 * is added first: it does not wait for b, the newest variable.  Ln is
 * round n of the left line, Rn of the right.  (One macro per function:
 * cc65's preprocessor cannot take a macro name as an argument.) */
#define STEP(a, c, e, fv, xk, k, s)                        \
    do {                                                   \
        (a) += (xk) + (k);                                 \
        (a) = hb_rotl32_fn((a) + (fv), s) + (e);              \
        (c) = hb_rotl32_fn(c, 10);                            \
    } while (0)
#define L1(a, b, c, d, e, i, s) STEP(a, c, e, F1(b, c, d), x[i], KL1, s)
#define L2(a, b, c, d, e, i, s) STEP(a, c, e, F2(b, c, d), x[i], KL2, s)
#define L3(a, b, c, d, e, i, s) STEP(a, c, e, F3(b, c, d), x[i], KL3, s)
#define L4(a, b, c, d, e, i, s) STEP(a, c, e, F4(b, c, d), x[i], KL4, s)
#define L5(a, b, c, d, e, i, s) STEP(a, c, e, F5(b, c, d), x[i], KL5, s)
#define R1(a, b, c, d, e, i, s) STEP(a, c, e, F5(b, c, d), x[i], KR1, s)
#define R2(a, b, c, d, e, i, s) STEP(a, c, e, F4(b, c, d), x[i], KR2, s)
#define R3(a, b, c, d, e, i, s) STEP(a, c, e, F3(b, c, d), x[i], KR3, s)
#define R4(a, b, c, d, e, i, s) STEP(a, c, e, F2(b, c, d), x[i], KR4, s)
#define R5(a, b, c, d, e, i, s) STEP(a, c, e, F1(b, c, d), x[i], KR5, s)

static void hb_ripemd160_compress(void *state, const uint8_t *p, size_t nblocks)
{
    uint32_t *h = (uint32_t *)state;
    uint32_t x[16];
    uint32_t a, b, c, d, e, ap, bp, cp, dp, ep, t;
    unsigned i;

    for (; nblocks; nblocks--, p += 64) {
        for (i = 0; i < 16; i++) x[i] = hb_load32_le(p + 4 * i);
        a = ap = h[0]; b = bp = h[1]; c = cp = h[2]; d = dp = h[3]; e = ep = h[4];

        L1(a, b, c, d, e,  0, 11); R1(ap, bp, cp, dp, ep,  5,  8);
        L1(e, a, b, c, d,  1, 14); R1(ep, ap, bp, cp, dp, 14,  9);
        L1(d, e, a, b, c,  2, 15); R1(dp, ep, ap, bp, cp,  7,  9);
        L1(c, d, e, a, b,  3, 12); R1(cp, dp, ep, ap, bp,  0, 11);
        L1(b, c, d, e, a,  4,  5); R1(bp, cp, dp, ep, ap,  9, 13);
        L1(a, b, c, d, e,  5,  8); R1(ap, bp, cp, dp, ep,  2, 15);
        L1(e, a, b, c, d,  6,  7); R1(ep, ap, bp, cp, dp, 11, 15);
        L1(d, e, a, b, c,  7,  9); R1(dp, ep, ap, bp, cp,  4,  5);
        L1(c, d, e, a, b,  8, 11); R1(cp, dp, ep, ap, bp, 13,  7);
        L1(b, c, d, e, a,  9, 13); R1(bp, cp, dp, ep, ap,  6,  7);
        L1(a, b, c, d, e, 10, 14); R1(ap, bp, cp, dp, ep, 15,  8);
        L1(e, a, b, c, d, 11, 15); R1(ep, ap, bp, cp, dp,  8, 11);
        L1(d, e, a, b, c, 12,  6); R1(dp, ep, ap, bp, cp,  1, 14);
        L1(c, d, e, a, b, 13,  7); R1(cp, dp, ep, ap, bp, 10, 14);
        L1(b, c, d, e, a, 14,  9); R1(bp, cp, dp, ep, ap,  3, 12);
        L1(a, b, c, d, e, 15,  8); R1(ap, bp, cp, dp, ep, 12,  6);

        L2(e, a, b, c, d,  7,  7); R2(ep, ap, bp, cp, dp,  6,  9);
        L2(d, e, a, b, c,  4,  6); R2(dp, ep, ap, bp, cp, 11, 13);
        L2(c, d, e, a, b, 13,  8); R2(cp, dp, ep, ap, bp,  3, 15);
        L2(b, c, d, e, a,  1, 13); R2(bp, cp, dp, ep, ap,  7,  7);
        L2(a, b, c, d, e, 10, 11); R2(ap, bp, cp, dp, ep,  0, 12);
        L2(e, a, b, c, d,  6,  9); R2(ep, ap, bp, cp, dp, 13,  8);
        L2(d, e, a, b, c, 15,  7); R2(dp, ep, ap, bp, cp,  5,  9);
        L2(c, d, e, a, b,  3, 15); R2(cp, dp, ep, ap, bp, 10, 11);
        L2(b, c, d, e, a, 12,  7); R2(bp, cp, dp, ep, ap, 14,  7);
        L2(a, b, c, d, e,  0, 12); R2(ap, bp, cp, dp, ep, 15,  7);
        L2(e, a, b, c, d,  9, 15); R2(ep, ap, bp, cp, dp,  8, 12);
        L2(d, e, a, b, c,  5,  9); R2(dp, ep, ap, bp, cp, 12,  7);
        L2(c, d, e, a, b,  2, 11); R2(cp, dp, ep, ap, bp,  4,  6);
        L2(b, c, d, e, a, 14,  7); R2(bp, cp, dp, ep, ap,  9, 15);
        L2(a, b, c, d, e, 11, 13); R2(ap, bp, cp, dp, ep,  1, 13);
        L2(e, a, b, c, d,  8, 12); R2(ep, ap, bp, cp, dp,  2, 11);

        L3(d, e, a, b, c,  3, 11); R3(dp, ep, ap, bp, cp, 15,  9);
        L3(c, d, e, a, b, 10, 13); R3(cp, dp, ep, ap, bp,  5,  7);
        L3(b, c, d, e, a, 14,  6); R3(bp, cp, dp, ep, ap,  1, 15);
        L3(a, b, c, d, e,  4,  7); R3(ap, bp, cp, dp, ep,  3, 11);
        L3(e, a, b, c, d,  9, 14); R3(ep, ap, bp, cp, dp,  7,  8);
        L3(d, e, a, b, c, 15,  9); R3(dp, ep, ap, bp, cp, 14,  6);
        L3(c, d, e, a, b,  8, 13); R3(cp, dp, ep, ap, bp,  6,  6);
        L3(b, c, d, e, a,  1, 15); R3(bp, cp, dp, ep, ap,  9, 14);
        L3(a, b, c, d, e,  2, 14); R3(ap, bp, cp, dp, ep, 11, 12);
        L3(e, a, b, c, d,  7,  8); R3(ep, ap, bp, cp, dp,  8, 13);
        L3(d, e, a, b, c,  0, 13); R3(dp, ep, ap, bp, cp, 12,  5);
        L3(c, d, e, a, b,  6,  6); R3(cp, dp, ep, ap, bp,  2, 14);
        L3(b, c, d, e, a, 13,  5); R3(bp, cp, dp, ep, ap, 10, 13);
        L3(a, b, c, d, e, 11, 12); R3(ap, bp, cp, dp, ep,  0, 13);
        L3(e, a, b, c, d,  5,  7); R3(ep, ap, bp, cp, dp,  4,  7);
        L3(d, e, a, b, c, 12,  5); R3(dp, ep, ap, bp, cp, 13,  5);

        L4(c, d, e, a, b,  1, 11); R4(cp, dp, ep, ap, bp,  8, 15);
        L4(b, c, d, e, a,  9, 12); R4(bp, cp, dp, ep, ap,  6,  5);
        L4(a, b, c, d, e, 11, 14); R4(ap, bp, cp, dp, ep,  4,  8);
        L4(e, a, b, c, d, 10, 15); R4(ep, ap, bp, cp, dp,  1, 11);
        L4(d, e, a, b, c,  0, 14); R4(dp, ep, ap, bp, cp,  3, 14);
        L4(c, d, e, a, b,  8, 15); R4(cp, dp, ep, ap, bp, 11, 14);
        L4(b, c, d, e, a, 12,  9); R4(bp, cp, dp, ep, ap, 15,  6);
        L4(a, b, c, d, e,  4,  8); R4(ap, bp, cp, dp, ep,  0, 14);
        L4(e, a, b, c, d, 13,  9); R4(ep, ap, bp, cp, dp,  5,  6);
        L4(d, e, a, b, c,  3, 14); R4(dp, ep, ap, bp, cp, 12,  9);
        L4(c, d, e, a, b,  7,  5); R4(cp, dp, ep, ap, bp,  2, 12);
        L4(b, c, d, e, a, 15,  6); R4(bp, cp, dp, ep, ap, 13,  9);
        L4(a, b, c, d, e, 14,  8); R4(ap, bp, cp, dp, ep,  9, 12);
        L4(e, a, b, c, d,  5,  6); R4(ep, ap, bp, cp, dp,  7,  5);
        L4(d, e, a, b, c,  6,  5); R4(dp, ep, ap, bp, cp, 10, 15);
        L4(c, d, e, a, b,  2, 12); R4(cp, dp, ep, ap, bp, 14,  8);

        L5(b, c, d, e, a,  4,  9); R5(bp, cp, dp, ep, ap, 12,  8);
        L5(a, b, c, d, e,  0, 15); R5(ap, bp, cp, dp, ep, 15,  5);
        L5(e, a, b, c, d,  5,  5); R5(ep, ap, bp, cp, dp, 10, 12);
        L5(d, e, a, b, c,  9, 11); R5(dp, ep, ap, bp, cp,  4,  9);
        L5(c, d, e, a, b,  7,  6); R5(cp, dp, ep, ap, bp,  1, 12);
        L5(b, c, d, e, a, 12,  8); R5(bp, cp, dp, ep, ap,  5,  5);
        L5(a, b, c, d, e,  2, 13); R5(ap, bp, cp, dp, ep,  8, 14);
        L5(e, a, b, c, d, 10, 12); R5(ep, ap, bp, cp, dp,  7,  6);
        L5(d, e, a, b, c, 14,  5); R5(dp, ep, ap, bp, cp,  6,  8);
        L5(c, d, e, a, b,  1, 12); R5(cp, dp, ep, ap, bp,  2, 13);
        L5(b, c, d, e, a,  3, 13); R5(bp, cp, dp, ep, ap, 13,  6);
        L5(a, b, c, d, e,  8, 14); R5(ap, bp, cp, dp, ep, 14,  5);
        L5(e, a, b, c, d, 11, 11); R5(ep, ap, bp, cp, dp,  0, 15);
        L5(d, e, a, b, c,  6,  8); R5(dp, ep, ap, bp, cp,  3, 13);
        L5(c, d, e, a, b, 15,  5); R5(cp, dp, ep, ap, bp,  9, 11);
        L5(b, c, d, e, a, 13,  6); R5(bp, cp, dp, ep, ap, 11, 11);

        /* 80 renamings bring the names back to their roles. */
        t = h[1] + c + dp;
        h[1] = h[2] + d + ep;
        h[2] = h[3] + e + ap;
        h[3] = h[4] + a + bp;
        h[4] = h[0] + b + cp;
        h[0] = t;
    }
}
#endif /* HB_NO_PORTABLE_TABLES */

/* ---- padding and streaming (hb_md.h), shared by both ------------------- */

void hb_ripemd160_init(hb_ripemd160_ctx *ctx)
{
    memcpy(ctx->h, hb_ripemd160_iv, sizeof ctx->h);
    ctx->count[0] = 0;
    ctx->count[1] = 0;
}

void hb_ripemd160_update(hb_ripemd160_ctx *ctx, const uint8_t *in, size_t len)
{
    hb_md_update(ctx->h, hb_ripemd160_compress, ctx->buf, sizeof ctx->buf, ctx->count, in, len);
}

static void hb_ripemd160_final_with(hb_ripemd160_ctx *ctx, uint8_t *out, hb_md_compress_fn compress)
{
    unsigned i;

    hb_md_pad(ctx->h, compress, ctx->buf, sizeof ctx->buf, ctx->count, 0x80, 8, HB_MD_LE);
    for (i = 0; i < 5; i++) hb_store32_le(out + 4 * i, ctx->h[i]);
}

void hb_ripemd160_final(hb_ripemd160_ctx *ctx, uint8_t *out)
{
    hb_ripemd160_final_with(ctx, out, hb_ripemd160_compress);
}

HB_INLINE void hb_ripemd160_with(uint8_t *out, const uint8_t *in, size_t len, hb_md_compress_fn compress)
{
    hb_ripemd160_ctx ctx;
    hb_ripemd160_init(&ctx);
    hb_md_update(ctx.h, compress, ctx.buf, sizeof ctx.buf, ctx.count, in, len);
    hb_ripemd160_final_with(&ctx, out, compress);
}

void hb_ripemd160(uint8_t *out, const uint8_t *in, size_t len)
{
    hb_ripemd160_with(out, in, len, hb_ripemd160_compress);
}

void hb_ripemd160_compact(uint8_t *out, const uint8_t *in, size_t len)
{
    hb_ripemd160_with(out, in, len, hb_ripemd160_compress_compact);
}
