/* SPDX-License-Identifier: MIT
 * sha512.c - SHA-512 (FIPS 180-4: functions 4.1.3, constants 4.2.3,
 * padding 5.1.2, initial value 5.3.5, computation 6.4.2).
 *
 * The same layout as sha256.c: a portable compression function with 16
 * rounds written out and the schedule in a 16-word ring, a compact one with
 * a single rolled round (for SDCC targets, where each written-out 64-bit
 * round costs a lot of code), and one padding and streaming layer for both.
 * HB_NO_PORTABLE_TABLES (hb_config.h) compiles only the rolled rounds.
 */
#include "sha512.h"
#include "hb_util.h"

#if HB_HAVE_U64
#include "hb_md.h"

/* First 64 bits of the fractional parts of the cube roots of the first 80
 * primes (4.2.3). */
static const uint64_t hb_sha512_k[80] = {
    UINT64_C(0x428a2f98d728ae22), UINT64_C(0x7137449123ef65cd), UINT64_C(0xb5c0fbcfec4d3b2f),
    UINT64_C(0xe9b5dba58189dbbc), UINT64_C(0x3956c25bf348b538), UINT64_C(0x59f111f1b605d019),
    UINT64_C(0x923f82a4af194f9b), UINT64_C(0xab1c5ed5da6d8118), UINT64_C(0xd807aa98a3030242),
    UINT64_C(0x12835b0145706fbe), UINT64_C(0x243185be4ee4b28c), UINT64_C(0x550c7dc3d5ffb4e2),
    UINT64_C(0x72be5d74f27b896f), UINT64_C(0x80deb1fe3b1696b1), UINT64_C(0x9bdc06a725c71235),
    UINT64_C(0xc19bf174cf692694), UINT64_C(0xe49b69c19ef14ad2), UINT64_C(0xefbe4786384f25e3),
    UINT64_C(0x0fc19dc68b8cd5b5), UINT64_C(0x240ca1cc77ac9c65), UINT64_C(0x2de92c6f592b0275),
    UINT64_C(0x4a7484aa6ea6e483), UINT64_C(0x5cb0a9dcbd41fbd4), UINT64_C(0x76f988da831153b5),
    UINT64_C(0x983e5152ee66dfab), UINT64_C(0xa831c66d2db43210), UINT64_C(0xb00327c898fb213f),
    UINT64_C(0xbf597fc7beef0ee4), UINT64_C(0xc6e00bf33da88fc2), UINT64_C(0xd5a79147930aa725),
    UINT64_C(0x06ca6351e003826f), UINT64_C(0x142929670a0e6e70), UINT64_C(0x27b70a8546d22ffc),
    UINT64_C(0x2e1b21385c26c926), UINT64_C(0x4d2c6dfc5ac42aed), UINT64_C(0x53380d139d95b3df),
    UINT64_C(0x650a73548baf63de), UINT64_C(0x766a0abb3c77b2a8), UINT64_C(0x81c2c92e47edaee6),
    UINT64_C(0x92722c851482353b), UINT64_C(0xa2bfe8a14cf10364), UINT64_C(0xa81a664bbc423001),
    UINT64_C(0xc24b8b70d0f89791), UINT64_C(0xc76c51a30654be30), UINT64_C(0xd192e819d6ef5218),
    UINT64_C(0xd69906245565a910), UINT64_C(0xf40e35855771202a), UINT64_C(0x106aa07032bbd1b8),
    UINT64_C(0x19a4c116b8d2d0c8), UINT64_C(0x1e376c085141ab53), UINT64_C(0x2748774cdf8eeb99),
    UINT64_C(0x34b0bcb5e19b48a8), UINT64_C(0x391c0cb3c5c95a63), UINT64_C(0x4ed8aa4ae3418acb),
    UINT64_C(0x5b9cca4f7763e373), UINT64_C(0x682e6ff3d6b2b8a3), UINT64_C(0x748f82ee5defb2fc),
    UINT64_C(0x78a5636f43172f60), UINT64_C(0x84c87814a1f0ab72), UINT64_C(0x8cc702081a6439ec),
    UINT64_C(0x90befffa23631e28), UINT64_C(0xa4506cebde82bde9), UINT64_C(0xbef9a3f7b2c67915),
    UINT64_C(0xc67178f2e372532b), UINT64_C(0xca273eceea26619c), UINT64_C(0xd186b8c721c0c207),
    UINT64_C(0xeada7dd6cde0eb1e), UINT64_C(0xf57d4f7fee6ed178), UINT64_C(0x06f067aa72176fba),
    UINT64_C(0x0a637dc5a2c898a6), UINT64_C(0x113f9804bef90dae), UINT64_C(0x1b710b35131c471b),
    UINT64_C(0x28db77f523047d84), UINT64_C(0x32caab7b40c72493), UINT64_C(0x3c9ebe0a15c9bebc),
    UINT64_C(0x431d67c49c100d4c), UINT64_C(0x4cc5d4becb3e42b6), UINT64_C(0x597f299cfc657e2a),
    UINT64_C(0x5fcb6fab3ad6faec), UINT64_C(0x6c44198c4a475817)
};

/* Square roots of the first 8 primes (5.3.5). */
static const uint64_t hb_sha512_iv[8] = {
    UINT64_C(0x6a09e667f3bcc908), UINT64_C(0xbb67ae8584caa73b),
    UINT64_C(0x3c6ef372fe94f82b), UINT64_C(0xa54ff53a5f1d36f1),
    UINT64_C(0x510e527fade682d1), UINT64_C(0x9b05688c2b3e6c1f),
    UINT64_C(0x1f83d9abfb41bd6b), UINT64_C(0x5be0cd19137e2179)
};

/* 4.1.3 */
#define CH(x, y, z)  ((((y) ^ (z)) & (x)) ^ (z))
#define MAJ(x, y, z) (((x) & (y)) | (((x) | (y)) & (z)))
#define BSIG0(x) (hb_rotr64(x, 28) ^ hb_rotr64(x, 34) ^ hb_rotr64(x, 39))
#define BSIG1(x) (hb_rotr64(x, 14) ^ hb_rotr64(x, 18) ^ hb_rotr64(x, 41))
#define SSIG0(x) (hb_rotr64(x, 1) ^ hb_rotr64(x, 8) ^ ((x) >> 7))
#define SSIG1(x) (hb_rotr64(x, 19) ^ hb_rotr64(x, 61) ^ ((x) >> 6))

/* ---- compact compression ------------------------------------------- */

static void hb_sha512_compress_compact(void *state, const uint8_t *p, size_t nblocks)
{
    uint64_t *h8 = (uint64_t *)state;
    uint64_t w[16], v[8], t1, t2;
    unsigned t, i;

    for (; nblocks; nblocks--, p += 128) {
        for (i = 0; i < 8; i++) v[i] = h8[i];
        for (t = 0; t < 80; t++) {
            if (t < 16)
                w[t] = hb_load64_be(p + 8 * t);
            else
                w[t & 15] += SSIG1(w[(t - 2) & 15]) + w[(t - 7) & 15] + SSIG0(w[(t - 15) & 15]);
            t1 = v[7] + BSIG1(v[4]) + CH(v[4], v[5], v[6]) + hb_sha512_k[t] + w[t & 15];
            t2 = BSIG0(v[0]) + MAJ(v[0], v[1], v[2]);
            for (i = 7; i > 0; i--) v[i] = v[i - 1];
            v[4] += t1;
            v[0] = t1 + t2;
        }
        for (i = 0; i < 8; i++) h8[i] += v[i];
    }
}

#ifdef HB_NO_PORTABLE_TABLES
/* The small-code build (hb_config.h): the portable entry points run the
 * rolled rounds too, so that this file fits where ROM is tight. */
void hb_sha512_compress(uint64_t h8[8], const uint8_t *p, size_t nblocks)
{
    hb_sha512_compress_compact(h8, p, nblocks);
}
#else
/* ---- portable compression ------------------------------------------ */

/* The schedule in a ring of 16 words; SIG0/SIG1 are the small Sigmas in the
 * form the compression below uses. */
#define WLOAD(t) (w[t] = hb_load64_be(p + 8 * (t)))
#define WNEXT(t) (w[t] += SIG1(w[((t) + 14) & 15]) + w[((t) + 9) & 15] + \
                          SIG0(w[((t) + 1) & 15]))

#define RND16(j)                                      \
    RND(a, b, c, d, e, f, g, h, (j) + 0, W(0));       \
    RND(h, a, b, c, d, e, f, g, (j) + 1, W(1));       \
    RND(g, h, a, b, c, d, e, f, (j) + 2, W(2));       \
    RND(f, g, h, a, b, c, d, e, (j) + 3, W(3));       \
    RND(e, f, g, h, a, b, c, d, (j) + 4, W(4));       \
    RND(d, e, f, g, h, a, b, c, (j) + 5, W(5));       \
    RND(c, d, e, f, g, h, a, b, (j) + 6, W(6));       \
    RND(b, c, d, e, f, g, h, a, (j) + 7, W(7));       \
    RND(a, b, c, d, e, f, g, h, (j) + 8, W(8));       \
    RND(h, a, b, c, d, e, f, g, (j) + 9, W(9));       \
    RND(g, h, a, b, c, d, e, f, (j) + 10, W(10));     \
    RND(f, g, h, a, b, c, d, e, (j) + 11, W(11));     \
    RND(e, f, g, h, a, b, c, d, (j) + 12, W(12));     \
    RND(d, e, f, g, h, a, b, c, (j) + 13, W(13));     \
    RND(c, d, e, f, g, h, a, b, (j) + 14, W(14));     \
    RND(b, c, d, e, f, g, h, a, (j) + 15, W(15))

#if HB_32BIT_CPU
/* The working variables as 32-bit halves, a_hi and a_lo (HB_32BIT_CPU in
 * hb_config.h); only the sums are whole uint64_t values, which a compiler
 * for a 32-bit CPU adds with add and add-with-carry (a carry written in C,
 * s < x, costs a compare and conditional moves instead).  A 64-bit rotation
 * by n < 32 takes each half's bits from both halves,
 *   lo' = lo >> n ^ hi << (32 - n),  hi' = hi >> n ^ lo << (32 - n)
 * (the two parts share no bits, so ^ joins them as | would), and by n >= 32
 * it is the rotation by n - 32 of the swapped halves: each Sigma half is six
 * shifted terms XORed, on ARM six eor instructions with a shifted operand. */
#define HI(x) ((uint32_t)((x) >> 32))
#define LO(x) ((uint32_t)(x))
#define JOIN(h, l) ((uint64_t)(h) << 32 | (l))
#define SPLIT(v, x) ((v##_hi) = HI(x), (v##_lo) = LO(x))

#define BSIG0_LO(h, l) (((l) >> 28 ^ (h) << 4) ^ ((h) >> 2 ^ (l) << 30) ^ ((h) >> 7 ^ (l) << 25))
#define BSIG0_HI(h, l) (((h) >> 28 ^ (l) << 4) ^ ((l) >> 2 ^ (h) << 30) ^ ((l) >> 7 ^ (h) << 25))
#define BSIG1_LO(h, l) (((l) >> 14 ^ (h) << 18) ^ ((l) >> 18 ^ (h) << 14) ^ ((h) >> 9 ^ (l) << 23))
#define BSIG1_HI(h, l) (((h) >> 14 ^ (l) << 18) ^ ((h) >> 18 ^ (l) << 14) ^ ((l) >> 9 ^ (h) << 23))
#define SSIG0_LO(h, l) (((l) >> 1 ^ (h) << 31) ^ ((l) >> 8 ^ (h) << 24) ^ ((l) >> 7 ^ (h) << 25))
#define SSIG0_HI(h, l) (((h) >> 1 ^ (l) << 31) ^ ((h) >> 8 ^ (l) << 24) ^ ((h) >> 7))
#define SSIG1_LO(h, l) (((l) >> 19 ^ (h) << 13) ^ ((h) >> 29 ^ (l) << 3) ^ ((l) >> 6 ^ (h) << 26))
#define SSIG1_HI(h, l) (((h) >> 19 ^ (l) << 13) ^ ((l) >> 29 ^ (h) << 3) ^ ((h) >> 6))
/* Whole 64-bit Sigmas and Ch/Maj of a variable pair, for the sums. */
#define SIG0(x) JOIN(SSIG0_HI(HI(x), LO(x)), SSIG0_LO(HI(x), LO(x)))
#define SIG1(x) JOIN(SSIG1_HI(HI(x), LO(x)), SSIG1_LO(HI(x), LO(x)))
#define BIG0(v) JOIN(BSIG0_HI(v##_hi, v##_lo), BSIG0_LO(v##_hi, v##_lo))
#define BIG1(v) JOIN(BSIG1_HI(v##_hi, v##_lo), BSIG1_LO(v##_hi, v##_lo))
#define CH2(x, y, z) JOIN(CH(x##_hi, y##_hi, z##_hi), CH(x##_lo, y##_lo, z##_lo))
#define MAJ2(x, y, z) JOIN(MAJ(x##_hi, y##_hi, z##_hi), MAJ(x##_lo, y##_lo, z##_lo))

/* One round; the variable pairs are renamed, not moved. */
#define RND(a, b, c, d, e, f, g, h, i, wi)                                       \
    do {                                                                         \
        uint64_t t_ = JOIN(h##_hi, h##_lo) + BIG1(e) + CH2(e, f, g) +            \
                      hb_sha512_k[i] + (wi);                                     \
        SPLIT(d, JOIN(d##_hi, d##_lo) + t_);                                     \
        t_ += BIG0(a) + MAJ2(a, b, c);                                           \
        SPLIT(h, t_);                                                            \
    } while (0)

/* The state: pairs of halves, loaded from and added back to whole words. */
#define STATE uint32_t a_hi, a_lo, b_hi, b_lo, c_hi, c_lo, d_hi, d_lo, \
                       e_hi, e_lo, f_hi, f_lo, g_hi, g_lo, h_hi, h_lo
#define LOAD(v, i) SPLIT(v, h8[i])
#define ADD(v, i) (h8[i] += JOIN(v##_hi, v##_lo))
#else
#define SIG0(x) SSIG0(x)
#define SIG1(x) SSIG1(x)

/* One round; the working variables are renamed, not moved. */
#define RND(a, b, c, d, e, f, g, h, i, wi)                               \
    do {                                                                 \
        uint64_t t_ = (h) + BSIG1(e) + CH(e, f, g) + hb_sha512_k[i] + (wi); \
        (d) += t_;                                                       \
        (h) = t_ + BSIG0(a) + MAJ(a, b, c);                              \
    } while (0)

/* The state: whole words. */
#define STATE uint64_t a, b, c, d, e, f, g, h
#define LOAD(v, i) ((v) = h8[i])
#define ADD(v, i) (h8[i] += (v))
#endif /* HB_32BIT_CPU */

void hb_sha512_compress(uint64_t h8[8], const uint8_t *p, size_t nblocks)
{
    uint64_t w[16];
    STATE;
    unsigned j;

    for (; nblocks; nblocks--, p += 128) {
        LOAD(a, 0); LOAD(b, 1); LOAD(c, 2); LOAD(d, 3);
        LOAD(e, 4); LOAD(f, 5); LOAD(g, 6); LOAD(h, 7);
#define W(t) WLOAD(t)
        RND16(0);
#undef W
#define W(t) WNEXT(t)
        for (j = 16; j < 80; j += 16) {
            RND16(j);
        }
#undef W
        ADD(a, 0); ADD(b, 1); ADD(c, 2); ADD(d, 3);
        ADD(e, 4); ADD(f, 5); ADD(g, 6); ADD(h, 7);
    }
}
#endif /* HB_NO_PORTABLE_TABLES */

/* ---- padding and streaming (hb_md.h), shared by both ------------------- */

/* hb_sha512_compress keeps its typed signature: it is public. */
static void hb_sha512_compress_md(void *state, const uint8_t *p, size_t nblocks)
{
    hb_sha512_compress((uint64_t *)state, p, nblocks);
}

void hb_sha512_init(hb_sha512_ctx *ctx)
{
    memcpy(ctx->h, hb_sha512_iv, sizeof ctx->h);
    ctx->count[0] = 0;
    ctx->count[1] = 0;
}

void hb_sha512_update(hb_sha512_ctx *ctx, const uint8_t *in, size_t len)
{
    hb_md_update(ctx->h, hb_sha512_compress_md, ctx->buf, sizeof ctx->buf, ctx->count, in, len);
}

static void hb_sha512_final_with(hb_sha512_ctx *ctx, uint8_t *out, hb_md_compress_fn compress)
{
    unsigned i;

    hb_md_pad(ctx->h, compress, ctx->buf, sizeof ctx->buf, ctx->count, 0x80, 16, HB_MD_BE);
    for (i = 0; i < 8; i++) hb_store64_be(out + 8 * i, ctx->h[i]);
}

void hb_sha512_final(hb_sha512_ctx *ctx, uint8_t *out)
{
    hb_sha512_final_with(ctx, out, hb_sha512_compress_md);
}

HB_INLINE void hb_sha512_with(uint8_t *out, const uint8_t *in, size_t len, hb_md_compress_fn compress)
{
    hb_sha512_ctx ctx;
    hb_sha512_init(&ctx);
    hb_md_update(ctx.h, compress, ctx.buf, sizeof ctx.buf, ctx.count, in, len);
    hb_sha512_final_with(&ctx, out, compress);
}

void hb_sha512(uint8_t *out, const uint8_t *in, size_t len)
{
    hb_sha512_with(out, in, len, hb_sha512_compress_md);
}

void hb_sha512_compact(uint8_t *out, const uint8_t *in, size_t len)
{
    hb_sha512_with(out, in, len, hb_sha512_compress_compact);
}

#else
typedef int hb_sha512_unused_;
#endif /* HB_HAVE_U64 */
