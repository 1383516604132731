/* SPDX-License-Identifier: MIT
 * md4.c - MD4 (RFC 1320: padding 3.1-3.2, initial value 3.3, the three
 * rounds 3.4, output 3.5).
 *
 * Two compression functions share one padding and streaming layer:
 *   portable  the 48 steps written out, message word and rotation as
 *             immediates.
 *   compact   one rolled step: the message index is computed (rounds 2
 *             and 3 read the words in transposed and bit-reversed order)
 *             and the 12 rotation counts come from a table.  Code size
 *             follows the number of 32-bit operations written: this file
 *             makes 6.4 KiB of 6502 code (cc65 -O) with both, 2.1 KiB with
 *             the rolled step alone (SDCC Z80: 17.8 and 5.3 KiB); the rolled
 *             step costs the 6502 42% more time (sim65, 1 KiB).
 * With HB_NO_PORTABLE_TABLES (hb_config.h) the written-out steps are not
 * compiled and the portable entry points use the rolled step too.
 * The byte count is kept in two 32-bit words: MD4 needs no 64-bit integer.
 */
#include "md4.h"
#include "hb_util.h"
#include "hb_md.h"

/* 3.3 */
static const uint32_t hb_md4_iv[4] = {
    0x67452301u, 0xefcdab89u, 0x98badcfeu, 0x10325476u
};

/* 3.4: F (select), G (majority), H (parity); F and G in forms with one
 * operation fewer than the RFC's. */
#define F(x, y, z) ((z) ^ ((x) & ((y) ^ (z))))
#define G(x, y, z) (((x) & (y)) | (((x) | (y)) & (z)))
#define H(x, y, z) ((x) ^ ((y) ^ (z)))

/* Round constants: sqrt(2) and sqrt(3) in 2.30 fixed point. */
#define K2 0x5a827999u
#define K3 0x6ed9eba1u

/* ---- compact compression ------------------------------------------- */

static const uint8_t hb_md4_s[12] = { 3, 7, 11, 19, 3, 5, 9, 13, 3, 9, 11, 15 };

static void hb_md4_compress_compact(void *state, const uint8_t *p, size_t nblocks)
{
    uint32_t *h = (uint32_t *)state;
    uint32_t a, b, c, d, t;
    unsigned i, j, k;

    for (; nblocks; nblocks--, p += 64) {
        a = h[0]; b = h[1]; c = h[2]; d = h[3];
        for (i = 0; i < 48; i++) {
            j = i & 15;
            if (i < 16) {
                t = F(b, c, d);
                k = j;
            } else if (i < 32) {
                t = G(b, c, d) + K2;
                k = ((j & 3) << 2) | (j >> 2);                 /* 0 4 8 12 1 ... */
            } else {
                t = H(b, c, d) + K3;
                k = ((j & 1) << 3) | ((j & 2) << 1) | ((j & 4) >> 1) | (j >> 3); /* 0 8 4 12 ... */
            }
            t += a + hb_load32_le(p + 4 * k);
            a = d; d = c; c = b;
            b = hb_rotl32_fn(t, hb_md4_s[((i >> 2) & 12) | (i & 3)]);
        }
        h[0] += a; h[1] += b; h[2] += c; h[3] += d;
    }
}

#ifdef HB_NO_PORTABLE_TABLES
/* The small-code build (hb_config.h). */
static void hb_md4_compress(void *state, const uint8_t *p, size_t nblocks)
{
    hb_md4_compress_compact(state, p, nblocks);
}
#else
/* ---- portable compression ------------------------------------------ */

/* a = (a + f(b, c, d) + X[k] + K) <<< s, 3.4.  The variables are renamed
 * from step to step instead of being moved.  What does not depend on b, the
 * newest variable, is added first; the majority function is written as
 * (c & d) + (b & (c ^ d)), two terms that never share a bit, so that only
 * one AND follows b.  (25% faster with gcc on x86-64.) */
#define R1(a, b, c, d, k, s) ((a) += x[k], (a) = hb_rotl32_fn((a) + F(b, c, d), s))
#define R2(a, b, c, d, k, s) \
    ((a) += x[k] + K2 + ((c) & (d)), (a) = hb_rotl32_fn((a) + ((b) & ((c) ^ (d))), s))
#define R3(a, b, c, d, k, s) ((a) += x[k] + K3, (a) = hb_rotl32_fn((a) + H(b, c, d), s))

static void hb_md4_compress(void *state, const uint8_t *p, size_t nblocks)
{
    uint32_t *h = (uint32_t *)state;
    uint32_t x[16];
    uint32_t a, b, c, d;
    unsigned i;

    for (; nblocks; nblocks--, p += 64) {
        for (i = 0; i < 16; i++) x[i] = hb_load32_le(p + 4 * i);
        a = h[0]; b = h[1]; c = h[2]; d = h[3];

        R1(a, b, c, d, 0, 3);  R1(d, a, b, c, 1, 7);
        R1(c, d, a, b, 2, 11); R1(b, c, d, a, 3, 19);
        R1(a, b, c, d, 4, 3);  R1(d, a, b, c, 5, 7);
        R1(c, d, a, b, 6, 11); R1(b, c, d, a, 7, 19);
        R1(a, b, c, d, 8, 3);  R1(d, a, b, c, 9, 7);
        R1(c, d, a, b, 10, 11); R1(b, c, d, a, 11, 19);
        R1(a, b, c, d, 12, 3); R1(d, a, b, c, 13, 7);
        R1(c, d, a, b, 14, 11); R1(b, c, d, a, 15, 19);

        R2(a, b, c, d, 0, 3);  R2(d, a, b, c, 4, 5);
        R2(c, d, a, b, 8, 9);  R2(b, c, d, a, 12, 13);
        R2(a, b, c, d, 1, 3);  R2(d, a, b, c, 5, 5);
        R2(c, d, a, b, 9, 9);  R2(b, c, d, a, 13, 13);
        R2(a, b, c, d, 2, 3);  R2(d, a, b, c, 6, 5);
        R2(c, d, a, b, 10, 9); R2(b, c, d, a, 14, 13);
        R2(a, b, c, d, 3, 3);  R2(d, a, b, c, 7, 5);
        R2(c, d, a, b, 11, 9); R2(b, c, d, a, 15, 13);

        R3(a, b, c, d, 0, 3);  R3(d, a, b, c, 8, 9);
        R3(c, d, a, b, 4, 11); R3(b, c, d, a, 12, 15);
        R3(a, b, c, d, 2, 3);  R3(d, a, b, c, 10, 9);
        R3(c, d, a, b, 6, 11); R3(b, c, d, a, 14, 15);
        R3(a, b, c, d, 1, 3);  R3(d, a, b, c, 9, 9);
        R3(c, d, a, b, 5, 11); R3(b, c, d, a, 13, 15);
        R3(a, b, c, d, 3, 3);  R3(d, a, b, c, 11, 9);
        R3(c, d, a, b, 7, 11); R3(b, c, d, a, 15, 15);

        h[0] += a; h[1] += b; h[2] += c; h[3] += d;
    }
}
#endif /* HB_NO_PORTABLE_TABLES */

/* ---- padding and streaming (hb_md.h), shared by both ------------------- */

void hb_md4_init(hb_md4_ctx *ctx)
{
    memcpy(ctx->h, hb_md4_iv, sizeof ctx->h);
    ctx->count[0] = 0;
    ctx->count[1] = 0;
}

void hb_md4_update(hb_md4_ctx *ctx, const uint8_t *in, size_t len)
{
    hb_md_update(ctx->h, hb_md4_compress, ctx->buf, sizeof ctx->buf, ctx->count, in, len);
}

static void hb_md4_final_with(hb_md4_ctx *ctx, uint8_t *out, hb_md_compress_fn compress)
{
    unsigned i;

    hb_md_pad(ctx->h, compress, ctx->buf, sizeof ctx->buf, ctx->count, 0x80, 8, HB_MD_LE);
    for (i = 0; i < 4; i++) hb_store32_le(out + 4 * i, ctx->h[i]);
}

void hb_md4_final(hb_md4_ctx *ctx, uint8_t *out)
{
    hb_md4_final_with(ctx, out, hb_md4_compress);
}

HB_INLINE void hb_md4_with(uint8_t *out, const uint8_t *in, size_t len, hb_md_compress_fn compress)
{
    hb_md4_ctx ctx;
    hb_md4_init(&ctx);
    hb_md_update(ctx.h, compress, ctx.buf, sizeof ctx.buf, ctx.count, in, len);
    hb_md4_final_with(&ctx, out, compress);
}

void hb_md4(uint8_t *out, const uint8_t *in, size_t len)
{
    hb_md4_with(out, in, len, hb_md4_compress);
}

void hb_md4_compact(uint8_t *out, const uint8_t *in, size_t len)
{
    hb_md4_with(out, in, len, hb_md4_compress_compact);
}
