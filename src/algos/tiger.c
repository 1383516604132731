/* SPDX-License-Identifier: MIT
 * tiger.c - Tiger/192 (R. Anderson, E. Biham, "Tiger: A Fast New Hash
 * Function", FSE 1996, sections 3 and 4; padding as MD4 but with the byte
 * 0x01, as the authors' reference code does and libgcrypt's GCRY_MD_TIGER1;
 * message words, length and digest little-endian).
 *
 * Three passes of eight rounds over 64-bit words, each round eight lookups
 * in four S-boxes of 256 64-bit words (8 KiB, the algorithm itself: there
 * is no small-table form, so there is no compact variant; the 8-bit ports
 * have no 64-bit integer anyway).  The boxes are tiger_sboxes.c, generated
 * by the authors' procedure in tools/generate/tiger_sboxes.py, whose --check
 * verifies them.
 */
#include "tiger.h"
#include "hb_util.h"

#if HB_HAVE_U64
#include "hb_md.h"
#include "hb_tables.h"

#define T1 hb_tiger_sbox[0]
#define T2 hb_tiger_sbox[1]
#define T3 hb_tiger_sbox[2]
#define T4 hb_tiger_sbox[3]
#define B(x, n) ((unsigned)((x) >> (8 * (n))) & 0xFFu)

/* One round: c ^= x, then the even bytes of c go through the boxes into a,
 * the odd bytes into b, and b is multiplied by the pass's constant. */
#define ROUND(a, b, c, x, mul)                                                    \
    do {                                                                          \
        (c) ^= (x);                                                               \
        (a) -= T1[B(c, 0)] ^ T2[B(c, 2)] ^ T3[B(c, 4)] ^ T4[B(c, 6)];             \
        (b) += T4[B(c, 1)] ^ T3[B(c, 3)] ^ T2[B(c, 5)] ^ T1[B(c, 7)];             \
        (b) *= (mul);                                                             \
    } while (0)

#define PASS(a, b, c, mul)          \
    do {                            \
        ROUND(a, b, c, x0, mul);    \
        ROUND(b, c, a, x1, mul);    \
        ROUND(c, a, b, x2, mul);    \
        ROUND(a, b, c, x3, mul);    \
        ROUND(b, c, a, x4, mul);    \
        ROUND(c, a, b, x5, mul);    \
        ROUND(a, b, c, x6, mul);    \
        ROUND(b, c, a, x7, mul);    \
    } while (0)

/* The key schedule between passes: mixes the eight message words, word n
 * being W(n) (the written-out rounds' locals x0..x7, the rolled rounds'
 * array x[0..7]). */
#define KEY_SCHEDULE(W)                                 \
    do {                                                \
        W(0) -= W(7) ^ 0xA5A5A5A5A5A5A5A5u;             \
        W(1) ^= W(0);                                   \
        W(2) += W(1);                                   \
        W(3) -= W(2) ^ (~W(1) << 19);                   \
        W(4) ^= W(3);                                   \
        W(5) += W(4);                                   \
        W(6) -= W(5) ^ (~W(4) >> 23);                   \
        W(7) ^= W(6);                                   \
        W(0) += W(7);                                   \
        W(1) -= W(0) ^ (~W(7) << 19);                   \
        W(2) ^= W(1);                                   \
        W(3) += W(2);                                   \
        W(4) -= W(3) ^ (~W(2) >> 23);                   \
        W(5) ^= W(4);                                   \
        W(6) += W(5);                                   \
        W(7) -= W(6) ^ 0x0123456789ABCDEFu;             \
    } while (0)
#define X_LOCAL(n) x##n
#define X_ARRAY(n) x[n]

#ifndef HB_NO_PORTABLE_TABLES
static void hb_tiger_compress(void *state, const uint8_t *p, size_t nblocks)
{
    uint64_t *h = (uint64_t *)state;
    uint64_t a, b, c, x0, x1, x2, x3, x4, x5, x6, x7;

    for (; nblocks; nblocks--, p += 64) {
        x0 = hb_load64_le(p);      x1 = hb_load64_le(p + 8);
        x2 = hb_load64_le(p + 16); x3 = hb_load64_le(p + 24);
        x4 = hb_load64_le(p + 32); x5 = hb_load64_le(p + 40);
        x6 = hb_load64_le(p + 48); x7 = hb_load64_le(p + 56);
        a = h[0]; b = h[1]; c = h[2];

        PASS(a, b, c, 5);
        KEY_SCHEDULE(X_LOCAL);
        PASS(c, a, b, 7);
        KEY_SCHEDULE(X_LOCAL);
        PASS(b, c, a, 9);

        /* feed-forward */
        h[0] ^= a;
        h[1] = b - h[1];
        h[2] += c;
    }
}
#else
/* The 24 rounds rolled (HB_NO_PORTABLE_TABLES): SDCC makes 38 KiB of SM83
 * code of the written-out ones, more than a Game Boy ROM bank.  Round k
 * works on r[ia], r[ib], r[ic], the written-out rounds' a, b, c turning one
 * place a round, with message word k mod 8 and its pass's multiplier. */
static void hb_tiger_compress(void *state, const uint8_t *p, size_t nblocks)
{
    uint64_t *h = (uint64_t *)state;
    uint64_t r[3], x[8], c;
    uint8_t cb[8];
    unsigned k, i, ia, ib, ic, mul;

    for (; nblocks; nblocks--, p += 64) {
        for (i = 0; i < 8; i++) x[i] = hb_load64_le(p + 8 * i);
        r[0] = h[0]; r[1] = h[1]; r[2] = h[2];
        ia = 0; ib = 1; ic = 2; mul = 5;
        for (k = 0; k < 24; k++) {
            c = r[ic] ^ x[k & 7];
            r[ic] = c;
            hb_store64_le(cb, c); /* B(c, n) is cb[n] */
            r[ia] -= T1[cb[0]] ^ T2[cb[2]] ^ T3[cb[4]] ^ T4[cb[6]];
            r[ib] += T4[cb[1]] ^ T3[cb[3]] ^ T2[cb[5]] ^ T1[cb[7]];
            /* b * 5, 7 or 9 as b * 4 + b, b * 8 - b, b * 8 + b: a 64-bit
             * multiply is a library call on an 8-bit CPU */
            c = r[ib] << (mul == 5 ? 2 : 3);
            r[ib] = mul == 7 ? c - r[ib] : c + r[ib];
            i = ia; ia = ib; ib = ic; ic = i;
            if ((k & 7) == 7 && k != 23) {
                KEY_SCHEDULE(X_ARRAY);
                mul += 2;
            }
        }
        h[0] ^= r[0];
        h[1] = r[1] - h[1];
        h[2] += r[2];
    }
}
#endif

/* ---- padding and streaming (hb_md.h) ------------------------------------ */

static const uint64_t hb_tiger_iv[3] = {
    0x0123456789ABCDEFu, 0xFEDCBA9876543210u, 0xF096A5B4C3B2E187u
};

void hb_tiger_init(hb_tiger_ctx *ctx)
{
    memcpy(ctx->h, hb_tiger_iv, sizeof ctx->h);
    ctx->count[0] = 0;
    ctx->count[1] = 0;
}

void hb_tiger_update(hb_tiger_ctx *ctx, const uint8_t *in, size_t len)
{
    hb_md_update(ctx->h, hb_tiger_compress, ctx->buf, sizeof ctx->buf, ctx->count, in, len);
}

/* 0x01, where Tiger2 pads with 0x80. */
void hb_tiger_final(hb_tiger_ctx *ctx, uint8_t *out)
{
    hb_md_pad(ctx->h, hb_tiger_compress, ctx->buf, sizeof ctx->buf, ctx->count, 0x01, 8, HB_MD_LE);
    hb_store64_le(out, ctx->h[0]);
    hb_store64_le(out + 8, ctx->h[1]);
    hb_store64_le(out + 16, ctx->h[2]);
}

void hb_tiger(uint8_t *out, const uint8_t *in, size_t len)
{
    hb_tiger_ctx ctx;
    hb_tiger_init(&ctx);
    hb_tiger_update(&ctx, in, len);
    hb_tiger_final(&ctx, out);
}

#else
typedef int hb_tiger_unused_;
#endif /* HB_HAVE_U64 */
