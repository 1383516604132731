/* SPDX-License-Identifier: MIT
 * sha256.c - SHA-256 (FIPS 180-4: functions 4.1.2, constants 4.2.2,
 * padding 5.1.1, initial value 5.3.3, computation 6.2.2).
 *
 * Two compression functions share one padding and streaming layer:
 *   portable  16 rounds written out, with the message schedule kept in a
 *             16-word ring (FIPS 180-4 6.2.2 step 1 computed in place):
 *             constant ring indices let the compiler keep it in registers.
 *             (All 64 rounds written out measured no faster with gcc or
 *             clang on x86-64.)
 *   compact   one rolled round, the eight working variables in an array,
 *             64 bytes of schedule: for the 8-bit ports.  cc65 makes 2.6 KiB
 *             of 6502 code of this file with only the rolled round, 14 KiB
 *             with both; the rolled round costs the 6502 only 25% more time.
 * With HB_NO_PORTABLE_TABLES (hb_config.h) the written-out rounds are not
 * compiled and the portable entry points use the rolled round too: SDCC
 * makes some 55 KiB of Z80/SM83 code of them, more than a Game Boy ROM.
 * The byte count is kept in two 32-bit words, so SHA-256 needs no 64-bit
 * integer (cc65 has none).
 */
#include "sha256.h"
#include "hb_util.h"
#include "hb_md.h"

/* First 32 bits of the fractional parts of the cube roots of the first 64
 * primes (4.2.2). */
static const uint32_t hb_sha256_k[64] = {
    0x428a2f98u, 0x71374491u, 0xb5c0fbcfu, 0xe9b5dba5u, 0x3956c25bu, 0x59f111f1u,
    0x923f82a4u, 0xab1c5ed5u, 0xd807aa98u, 0x12835b01u, 0x243185beu, 0x550c7dc3u,
    0x72be5d74u, 0x80deb1feu, 0x9bdc06a7u, 0xc19bf174u, 0xe49b69c1u, 0xefbe4786u,
    0x0fc19dc6u, 0x240ca1ccu, 0x2de92c6fu, 0x4a7484aau, 0x5cb0a9dcu, 0x76f988dau,
    0x983e5152u, 0xa831c66du, 0xb00327c8u, 0xbf597fc7u, 0xc6e00bf3u, 0xd5a79147u,
    0x06ca6351u, 0x14292967u, 0x27b70a85u, 0x2e1b2138u, 0x4d2c6dfcu, 0x53380d13u,
    0x650a7354u, 0x766a0abbu, 0x81c2c92eu, 0x92722c85u, 0xa2bfe8a1u, 0xa81a664bu,
    0xc24b8b70u, 0xc76c51a3u, 0xd192e819u, 0xd6990624u, 0xf40e3585u, 0x106aa070u,
    0x19a4c116u, 0x1e376c08u, 0x2748774cu, 0x34b0bcb5u, 0x391c0cb3u, 0x4ed8aa4au,
    0x5b9cca4fu, 0x682e6ff3u, 0x748f82eeu, 0x78a5636fu, 0x84c87814u, 0x8cc70208u,
    0x90befffau, 0xa4506cebu, 0xbef9a3f7u, 0xc67178f2u
};

/* Square roots of the first 8 primes (5.3.3). */
static const uint32_t hb_sha256_iv[8] = {
    0x6a09e667u, 0xbb67ae85u, 0x3c6ef372u, 0xa54ff53au,
    0x510e527fu, 0x9b05688cu, 0x1f83d9abu, 0x5be0cd19u
};

/* 4.1.2.  Ch and Maj in their two-operation forms.  The big sigmas nested,
 * ROTR^2(x) ^ ROTR^13(x) ^ ROTR^22(x) = ROTR^2(x ^ ROTR^11(x ^ ROTR^9(x))):
 * the same three rotations and two XORs with one temporary instead of
 * three, which Thumb-1's eight registers feel (ARM7TDMI in IWRAM: 7% fewer
 * cycles); 0.2-8% fewer instructions on aarch64, i686, riscv64, x86-64.
 * Not on the 8-bit CPUs, whose rotations cost by their count (hb_util.h):
 * 9, 11, 14, 5 cost the 6502 3% more than 13, 22, 11, 25. */
#define CH(x, y, z)  ((((y) ^ (z)) & (x)) ^ (z))
#define MAJ(x, y, z) (((x) & (y)) | (((x) | (y)) & (z)))
#if HB_SMALL_CPU
#define BSIG0(x) (hb_rotr32(x, 2) ^ hb_rotr32(x, 13) ^ hb_rotr32(x, 22))
#define BSIG1(x) (hb_rotr32(x, 6) ^ hb_rotr32(x, 11) ^ hb_rotr32(x, 25))
#else
#define BSIG0(x) hb_rotr32((x) ^ hb_rotr32((x) ^ hb_rotr32(x, 9), 11), 2)
#define BSIG1(x) hb_rotr32((x) ^ hb_rotr32((x) ^ hb_rotr32(x, 14), 5), 6)
#endif
#define SSIG0(x) (hb_rotr32(x, 7) ^ hb_rotr32(x, 18) ^ ((x) >> 3))
#define SSIG1(x) (hb_rotr32(x, 17) ^ hb_rotr32(x, 19) ^ ((x) >> 10))

/* ---- compact compression ------------------------------------------- */

static void hb_sha256_compress_compact(void *state, const uint8_t *p, size_t nblocks)
{
    uint32_t *h8 = (uint32_t *)state;
    uint32_t w[16], v[8], t1, t2;
    unsigned t, i;

    for (; nblocks; nblocks--, p += 64) {
        for (i = 0; i < 8; i++) v[i] = h8[i];
        for (t = 0; t < 64; t++) {
            if (t < 16)
                w[t] = hb_load32_be(p + 4 * t);
            else
                w[t & 15] += SSIG1(w[(t - 2) & 15]) + w[(t - 7) & 15] + SSIG0(w[(t - 15) & 15]);
            t1 = v[7] + BSIG1(v[4]) + CH(v[4], v[5], v[6]) + hb_sha256_k[t] + w[t & 15];
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
void hb_sha256_compress(uint32_t h8[8], const uint8_t *p, size_t nblocks)
{
    hb_sha256_compress_compact(h8, p, nblocks);
}
#else
/* ---- portable compression ------------------------------------------ */

/* One round.  The working variables are renamed from round to round
 * instead of being moved: only d and h are written. */
#define RND(a, b, c, d, e, f, g, h, i, wi)                               \
    do {                                                                 \
        uint32_t t_ = (h) + BSIG1(e) + CH(e, f, g) + hb_sha256_k[i] + (wi); \
        (d) += t_;                                                       \
        (h) = t_ + BSIG0(a) + MAJ(a, b, c);                              \
    } while (0)

/* W_t of the first 16 rounds: the message block itself. */
#define WLOAD(t) (w[t] = hb_load32_be(p + 4 * (t)))
/* W_t for t >= 16, written over W_{t-16} in the ring. */
#define WNEXT(t) (w[t] += SSIG1(w[((t) + 14) & 15]) + w[((t) + 9) & 15] + \
                          SSIG0(w[((t) + 1) & 15]))

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

void hb_sha256_compress(uint32_t h8[8], const uint8_t *p, size_t nblocks)
{
    uint32_t w[16];
    uint32_t a, b, c, d, e, f, g, h;
    unsigned j;

    for (; nblocks; nblocks--, p += 64) {
        a = h8[0]; b = h8[1]; c = h8[2]; d = h8[3];
        e = h8[4]; f = h8[5]; g = h8[6]; h = h8[7];
#define W(t) WLOAD(t)
        RND16(0);
#undef W
#define W(t) WNEXT(t)
        for (j = 16; j < 64; j += 16) {
            RND16(j);
        }
#undef W
        h8[0] += a; h8[1] += b; h8[2] += c; h8[3] += d;
        h8[4] += e; h8[5] += f; h8[6] += g; h8[7] += h;
    }
}
#endif /* HB_NO_PORTABLE_TABLES */

/* ---- padding and streaming (hb_md.h), shared by both ------------------- */

/* hb_sha256_compress keeps its typed signature: HMAC and PBKDF2 call it. */
static void hb_sha256_compress_md(void *state, const uint8_t *p, size_t nblocks)
{
    hb_sha256_compress((uint32_t *)state, p, nblocks);
}

void hb_sha256_init(hb_sha256_ctx *ctx)
{
    memcpy(ctx->h, hb_sha256_iv, sizeof ctx->h);
    ctx->count[0] = 0;
    ctx->count[1] = 0;
}

void hb_sha256_update(hb_sha256_ctx *ctx, const uint8_t *in, size_t len)
{
    hb_md_update(ctx->h, hb_sha256_compress_md, ctx->buf, sizeof ctx->buf, ctx->count, in, len);
}

static void hb_sha256_final_with(hb_sha256_ctx *ctx, uint8_t *out, hb_md_compress_fn compress)
{
    unsigned i;

    hb_md_pad(ctx->h, compress, ctx->buf, sizeof ctx->buf, ctx->count, 0x80, 8, HB_MD_BE);
    for (i = 0; i < 8; i++) hb_store32_be(out + 4 * i, ctx->h[i]);
}

void hb_sha256_final(hb_sha256_ctx *ctx, uint8_t *out)
{
    hb_sha256_final_with(ctx, out, hb_sha256_compress_md);
}

HB_INLINE void hb_sha256_with(uint8_t *out, const uint8_t *in, size_t len, hb_md_compress_fn compress)
{
    hb_sha256_ctx ctx;
    hb_sha256_init(&ctx);
    hb_md_update(ctx.h, compress, ctx.buf, sizeof ctx.buf, ctx.count, in, len);
    hb_sha256_final_with(&ctx, out, compress);
}

void hb_sha256(uint8_t *out, const uint8_t *in, size_t len)
{
    hb_sha256_with(out, in, len, hb_sha256_compress_md);
}

void hb_sha256_compact(uint8_t *out, const uint8_t *in, size_t len)
{
    hb_sha256_with(out, in, len, hb_sha256_compress_compact);
}
