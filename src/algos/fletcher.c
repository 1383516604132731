/* SPDX-License-Identifier: MIT
 * fletcher.c - Fletcher-16, -32 and -64 (Fletcher, IEEE Trans. Commun.
 * 30(1), 1982; RFC 1146 for the 8- and 16-bit forms) with the word order,
 * tails and values of docs/algorithms.md (see fletcher.h).
 *
 * Fletcher-16 and -32 defer the modulo: they run 4 interleaved lanes of
 * plain 32-bit sums and reduce once per block, with the block short enough
 * that no 32-bit sum can overflow; independent lanes let the CPU overlap
 * the additions that the textbook loop chains.  Fletcher-16 is hb_sum2.h's
 * byte kernel (shared with Adler-32; the algebra is there), Fletcher-32 the
 * same on big-endian 16-bit words.
 *
 * Fletcher-64 works mod 2^32 - 1 in 32-bit arithmetic: x + y mod 2^32-1 is
 * the 32-bit sum plus its carry ("end-around carry", one's complement
 * addition), which keeps every value in 0..2^32-1 with 2^32-1 standing for
 * 0 until the end.  No 64-bit type is needed, so it builds with HB_NO_U64.
 */
#include "fletcher.h"
#include "hb_sum2.h"
#include "hb_util.h"

/* ---- Fletcher-16: bytes, mod 255 ------------------------------------ */

void hb_fletcher16_init(hb_fletcher16_ctx *ctx)
{
    ctx->a = 0;
    ctx->b = 0;
}

void hb_fletcher16_update(hb_fletcher16_ctx *ctx, const uint8_t *in, size_t len)
{
    hb_sum2_bytes(&ctx->a, &ctx->b, in, len, 255u);
}

void hb_fletcher16_final(hb_fletcher16_ctx *ctx, uint8_t *out)
{
    hb_store16_be(out, (uint16_t)((ctx->b << 8) | ctx->a));
}

void hb_fletcher16(uint8_t *out, const uint8_t *in, size_t len)
{
    hb_fletcher16_ctx ctx;
    hb_fletcher16_init(&ctx);
    hb_fletcher16_update(&ctx, in, len);
    hb_fletcher16_final(&ctx, out);
}

/* ---- Fletcher-32: big-endian 16-bit words, mod 65535 ---------------- */

/* 4 lanes of m <= 128 words: the B_j sum to at most 4 * 65535 m (m+1) / 2
 * = 2.17e9 < 2^32; the A_j, n a and the rest stay far smaller. */
#define F32_BLOCK 512u

static void f32_run(uint32_t *pa, uint32_t *pb, const uint8_t *p, size_t nwords)
{
    uint32_t a = *pa, b = *pb;
    while (nwords >= 4) {
        size_t n = nwords < F32_BLOCK ? (nwords & ~(size_t)3) : F32_BLOCK, k;
        uint32_t a0 = 0, a1 = 0, a2 = 0, a3 = 0;
        uint32_t b0 = 0, b1 = 0, b2 = 0, b3 = 0;
        uint32_t sb, sja;
        for (k = 0; k < 2 * n; k += 8) {
            a0 += hb_load16_be(p + k);
            a1 += hb_load16_be(p + k + 2);
            a2 += hb_load16_be(p + k + 4);
            a3 += hb_load16_be(p + k + 6);
            b0 += a0;
            b1 += a1;
            b2 += a2;
            b3 += a3;
        }
        p += 2 * n;
        nwords -= n;
        sb = (b0 + b1 + b2 + b3) % 65535u;
        sja = (a1 + 2 * a2 + 3 * a3) % 65535u;
        b = (b + (uint32_t)n * a + 4 * sb + (65535u - sja)) % 65535u;
        a = (a + a0 + a1 + a2 + a3) % 65535u;
    }
    while (nwords--) {
        a += hb_load16_be(p);
        b += a;
        p += 2;
    }
    *pa = a % 65535u;
    *pb = b % 65535u;
}

void hb_fletcher32_init(hb_fletcher32_ctx *ctx)
{
    ctx->a = 0;
    ctx->b = 0;
    ctx->npart = 0;
}

void hb_fletcher32_update(hb_fletcher32_ctx *ctx, const uint8_t *in, size_t len)
{
    if (len == 0)
        return;
    if (ctx->npart) { /* complete the word the last update cut */
        uint8_t w[2];
        w[0] = ctx->part[0];
        w[1] = in[0];
        f32_run(&ctx->a, &ctx->b, w, 1);
        ctx->npart = 0;
        in++;
        len--;
    }
    f32_run(&ctx->a, &ctx->b, in, len / 2);
    if (len & 1) {
        ctx->part[0] = in[len - 1];
        ctx->npart = 1;
    }
}

void hb_fletcher32_final(hb_fletcher32_ctx *ctx, uint8_t *out)
{
    if (ctx->npart) { /* odd length: the last byte is a word's high byte */
        uint8_t w[2];
        w[0] = ctx->part[0];
        w[1] = 0;
        f32_run(&ctx->a, &ctx->b, w, 1);
        ctx->npart = 0;
    }
    hb_store32_be(out, (ctx->b << 16) | ctx->a);
}

void hb_fletcher32(uint8_t *out, const uint8_t *in, size_t len)
{
    hb_fletcher32_ctx ctx;
    hb_fletcher32_init(&ctx);
    hb_fletcher32_update(&ctx, in, len);
    hb_fletcher32_final(&ctx, out);
}

/* ---- Fletcher-64: big-endian 32-bit words, mod 2^32 - 1 ------------- */

/* x + y mod 2^32-1 for x, y <= 2^32-1: the wrapped sum plus its carry.
 * If the sum wrapped it is at most 2^32-2, so adding 1 cannot wrap again. */
HB_INLINE uint32_t add_ones(uint32_t x, uint32_t y)
{
    x += y;
    return x + (uint32_t)(x < y);
}

static void f64_run(uint32_t *pa, uint32_t *pb, const uint8_t *p, size_t nwords)
{
    uint32_t a = *pa, b = *pb;
    size_t i;
    for (i = 0; i < nwords; i++) {
        a = add_ones(a, hb_load32_be(p + 4 * i));
        b = add_ones(b, a);
    }
    *pa = a;
    *pb = b;
}

void hb_fletcher64_init(hb_fletcher64_ctx *ctx)
{
    ctx->a = 0;
    ctx->b = 0;
    ctx->npart = 0;
}

void hb_fletcher64_update(hb_fletcher64_ctx *ctx, const uint8_t *in, size_t len)
{
    size_t rest;
    if (len == 0)
        return;
    if (ctx->npart) { /* complete the word the last update cut */
        uint8_t w[4];
        size_t need = 4u - ctx->npart;
        if (len < need) {
            memcpy(ctx->part + ctx->npart, in, len);
            ctx->npart = (uint8_t)(ctx->npart + len);
            return;
        }
        memcpy(w, ctx->part, ctx->npart);
        memcpy(w + ctx->npart, in, need);
        f64_run(&ctx->a, &ctx->b, w, 1);
        ctx->npart = 0;
        in += need;
        len -= need;
    }
    f64_run(&ctx->a, &ctx->b, in, len / 4);
    rest = len % 4;
    if (rest) {
        memcpy(ctx->part, in + (len - rest), rest);
        ctx->npart = (uint8_t)rest;
    }
}

void hb_fletcher64_final(hb_fletcher64_ctx *ctx, uint8_t *out)
{
    if (ctx->npart) { /* 1-3 byte tail, left-aligned in a zero word */
        uint8_t w[4] = { 0, 0, 0, 0 };
        memcpy(w, ctx->part, ctx->npart);
        f64_run(&ctx->a, &ctx->b, w, 1);
        ctx->npart = 0;
    }
    /* 2^32-1 is the one's complement form of 0. */
    hb_store32_be(out, ctx->b == 0xFFFFFFFFu ? 0 : ctx->b);
    hb_store32_be(out + 4, ctx->a == 0xFFFFFFFFu ? 0 : ctx->a);
}

void hb_fletcher64(uint8_t *out, const uint8_t *in, size_t len)
{
    hb_fletcher64_ctx ctx;
    hb_fletcher64_init(&ctx);
    hb_fletcher64_update(&ctx, in, len);
    hb_fletcher64_final(&ctx, out);
}
