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
 * by the authors' procedure in tools/gen_tiger_sboxes.py, whose --check
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

/* The key schedule between passes: mixes the eight message words. */
#define KEY_SCHEDULE()                                  \
    do {                                                \
        x0 -= x7 ^ 0xA5A5A5A5A5A5A5A5u;                 \
        x1 ^= x0;                                       \
        x2 += x1;                                       \
        x3 -= x2 ^ (~x1 << 19);                         \
        x4 ^= x3;                                       \
        x5 += x4;                                       \
        x6 -= x5 ^ (~x4 >> 23);                         \
        x7 ^= x6;                                       \
        x0 += x7;                                       \
        x1 -= x0 ^ (~x7 << 19);                         \
        x2 ^= x1;                                       \
        x3 += x2;                                       \
        x4 -= x3 ^ (~x2 >> 23);                         \
        x5 ^= x4;                                       \
        x6 += x5;                                       \
        x7 -= x6 ^ 0x0123456789ABCDEFu;                 \
    } while (0)

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
        KEY_SCHEDULE();
        PASS(c, a, b, 7);
        KEY_SCHEDULE();
        PASS(b, c, a, 9);

        /* feed-forward */
        h[0] ^= a;
        h[1] = b - h[1];
        h[2] += c;
    }
}

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
