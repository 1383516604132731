/* SPDX-License-Identifier: MIT
 * blake2b.c - BLAKE2b (RFC 7693: G 3.1, F 3.2, parameter block and
 * padding 3.3, constants 2.6 and 2.7).
 *
 * The twelve rounds are written out with the message schedule taken from
 * the sigma table at constant indices, so that the compiler reads message
 * words straight from registers instead of through the table.  With
 * HB_NO_PORTABLE_TABLES (hb_config.h) one rolled round serves all twelve:
 * SDCC's 64-bit SM83 code of the written-out rounds would not fit a ROM.
 */
#include "blake2b.h"

#if HB_HAVE_U64
#include "hb_util.h"

/* 2.6: the SHA-512 initial value. */
static const uint64_t hb_blake2b_iv[8] = {
    0x6A09E667F3BCC908u, 0xBB67AE8584CAA73Bu, 0x3C6EF372FE94F82Bu, 0xA54FF53A5F1D36F1u,
    0x510E527FADE682D1u, 0x9B05688C2B3E6C1Fu, 0x1F83D9ABFB41BD6Bu, 0x5BE0CD19137E2179u
};

/* 2.7: the message word permutations; rounds 10 and 11 reuse rows 0 and 1. */
static const uint8_t hb_blake2b_sigma[12][16] = {
    { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 },
    { 14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3 },
    { 11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4 },
    { 7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8 },
    { 9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13 },
    { 2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9 },
    { 12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11 },
    { 13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10 },
    { 6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5 },
    { 10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0 },
    { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 },
    { 14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3 }
};

/* G (3.1) with R1..R4 = 32, 24, 16, 63; G and the round: hb_blake.h. */
#define HB_BLAKE_ROTR hb_rotr64
#define HB_BLAKE_R1 32
#define HB_BLAKE_R2 24
#define HB_BLAKE_R3 16
#define HB_BLAKE_R4 63
#include "hb_blake.h"

/* 3.2.  f0 is 0 or all ones; the last-node flag f1 stays 0 (sequential
 * mode).  The work vector is sixteen scalars, as in blake2s.c (gcc 12:
 * 1.07x faster than an array). */
static void hb_blake2b_block(uint64_t h[8], const uint8_t *p, uint64_t t0, uint64_t t1,
                             uint64_t f0)
{
    uint64_t m[16];
    uint64_t v0, v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11, v12, v13, v14, v15;
    unsigned i;

    for (i = 0; i < 16; i++) m[i] = hb_load64_le(p + 8 * i);
    v0 = h[0]; v1 = h[1]; v2 = h[2]; v3 = h[3];
    v4 = h[4]; v5 = h[5]; v6 = h[6]; v7 = h[7];
    v8 = hb_blake2b_iv[0]; v9 = hb_blake2b_iv[1];
    v10 = hb_blake2b_iv[2]; v11 = hb_blake2b_iv[3];
    v12 = hb_blake2b_iv[4] ^ t0; v13 = hb_blake2b_iv[5] ^ t1;
    v14 = hb_blake2b_iv[6] ^ f0; v15 = hb_blake2b_iv[7];
#ifdef HB_NO_PORTABLE_TABLES
    for (i = 0; i < 12; i++) HB_BLAKE_ROUND(hb_blake2b_sigma[i]);
#else
    HB_BLAKE_ROUND(hb_blake2b_sigma[0]);
    HB_BLAKE_ROUND(hb_blake2b_sigma[1]);
    HB_BLAKE_ROUND(hb_blake2b_sigma[2]);
    HB_BLAKE_ROUND(hb_blake2b_sigma[3]);
    HB_BLAKE_ROUND(hb_blake2b_sigma[4]);
    HB_BLAKE_ROUND(hb_blake2b_sigma[5]);
    HB_BLAKE_ROUND(hb_blake2b_sigma[6]);
    HB_BLAKE_ROUND(hb_blake2b_sigma[7]);
    HB_BLAKE_ROUND(hb_blake2b_sigma[8]);
    HB_BLAKE_ROUND(hb_blake2b_sigma[9]);
    HB_BLAKE_ROUND(hb_blake2b_sigma[10]);
    HB_BLAKE_ROUND(hb_blake2b_sigma[11]);
#endif
    h[0] ^= v0 ^ v8;  h[1] ^= v1 ^ v9;  h[2] ^= v2 ^ v10; h[3] ^= v3 ^ v11;
    h[4] ^= v4 ^ v12; h[5] ^= v5 ^ v13; h[6] ^= v6 ^ v14; h[7] ^= v7 ^ v15;
}

void hb_blake2b_compress(uint64_t h[8], const uint8_t block[128], const uint64_t t[2],
                         int last)
{
    hb_blake2b_block(h, block, t[0], t[1], last ? ~(uint64_t)0 : 0);
}

/* t += n, n <= 128, carrying into the high word. */
HB_INLINE void hb_blake2b_count(hb_blake2b_ctx *ctx, unsigned n)
{
    ctx->t[0] += n;
    if (ctx->t[0] < n) ctx->t[1]++;
}

/* 3.3 / 2.5: the parameter block is all zero but for digest length,
 * key length, fanout 1 and depth 1; a key is hashed as a first block of
 * its own, zero-padded.  The caller has checked outlen and keylen. */
static void hb_blake2b_setup(hb_blake2b_ctx *ctx, unsigned outlen, const uint8_t *key,
                             unsigned keylen)
{
    memcpy(ctx->h, hb_blake2b_iv, sizeof ctx->h);
    ctx->h[0] ^= 0x01010000u ^ ((uint64_t)keylen << 8) ^ (uint64_t)outlen;
    ctx->t[0] = 0;
    ctx->t[1] = 0;
    ctx->buflen = 0;
    ctx->outlen = outlen;
    if (keylen) {
        memset(ctx->buf, 0, sizeof ctx->buf);
        memcpy(ctx->buf, key, keylen);
        ctx->buflen = 128;
    }
}

void hb_blake2b_init(hb_blake2b_ctx *ctx)
{
    hb_blake2b_setup(ctx, HB_BLAKE2B_LEN, NULL, 0);
}

void hb_blake2b_update(hb_blake2b_ctx *ctx, const uint8_t *in, size_t len)
{
    if (len == 0) return; /* also keeps memcpy away from a null `in` */
    /* The last block must reach final() unprocessed (it alone is flagged),
     * so a block is compressed only once input beyond it is known. */
    if (len > (size_t)(128 - ctx->buflen)) {
        unsigned take = 128 - ctx->buflen;
        memcpy(ctx->buf + ctx->buflen, in, take);
        in += take;
        len -= take;
        hb_blake2b_count(ctx, 128);
        hb_blake2b_block(ctx->h, ctx->buf, ctx->t[0], ctx->t[1], 0);
        ctx->buflen = 0;
        while (len > 128) { /* whole blocks straight from the input, no copy */
            hb_blake2b_count(ctx, 128);
            hb_blake2b_block(ctx->h, in, ctx->t[0], ctx->t[1], 0);
            in += 128;
            len -= 128;
        }
    }
    memcpy(ctx->buf + ctx->buflen, in, len);
    ctx->buflen += (unsigned)len;
}

void hb_blake2b_final(hb_blake2b_ctx *ctx, uint8_t *out)
{
    uint8_t digest[64];
    unsigned i;

    hb_blake2b_count(ctx, ctx->buflen);
    memset(ctx->buf + ctx->buflen, 0, 128 - ctx->buflen);
    hb_blake2b_block(ctx->h, ctx->buf, ctx->t[0], ctx->t[1], ~(uint64_t)0);
    for (i = 0; i < 8; i++) hb_store64_le(digest + 8 * i, ctx->h[i]);
    memcpy(out, digest, ctx->outlen);
}

void hb_blake2b(uint8_t *out, const uint8_t *in, size_t len)
{
    hb_blake2b_ctx ctx;
    hb_blake2b_init(&ctx);
    hb_blake2b_update(&ctx, in, len);
    hb_blake2b_final(&ctx, out);
}

void hb_blake2b_keyed(uint8_t *out, size_t outlen, const uint8_t *key, size_t keylen,
                      const uint8_t *in, size_t len)
{
    hb_blake2b_ctx ctx;
    if (outlen < 1 || outlen > 64 || keylen > HB_BLAKE2B_KEYMAX) return;
    hb_blake2b_setup(&ctx, (unsigned)outlen, key, (unsigned)keylen);
    hb_blake2b_update(&ctx, in, len);
    hb_blake2b_final(&ctx, out);
}

#else
/* ISO C forbids an empty translation unit. */
typedef int hb_blake2b_unused_;
#endif /* HB_HAVE_U64 */
