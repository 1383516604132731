/* SPDX-License-Identifier: MIT
 * sha1.c - SHA-1 (FIPS 180-4: functions 4.1.1, constants 4.2.1, padding
 * 5.1.1, initial value 5.3.1, computation 6.1.2).
 *
 * Two compression functions share one padding and streaming layer:
 *   portable  the 80 rounds written out, the message schedule in a 16-word
 *             ring computed in place (FIPS 180-4 6.1.3): constant ring
 *             indices let the compiler keep it in registers.
 *   compact   one rolled round, the five working variables moved rather
 *             than renamed, function and constant chosen by the round
 *             number.  This file makes 14.3 KiB of 6502 code (cc65 -O)
 *             with both, 2.4 KiB with the rolled round alone (SDCC Z80:
 *             54 and 5.8 KiB: more than a 32 KiB Game Boy ROM); the rolled
 *             round costs the 6502 20% more time (sim65, 1 KiB).  On
 *             the 8-bit CPUs (HB_SMALL_CPU) it is four loops of five
 *             renamed rounds instead, below: on SDCC faster than the
 *             written-out rounds (Z80 2.4x), which no longer fit the Z80
 *             beside it.
 * With HB_NO_PORTABLE_TABLES (hb_config.h) the written-out rounds are not
 * compiled and the portable entry points use the rolled round too.
 * The byte count is kept in two 32-bit words: SHA-1 needs no 64-bit integer.
 */
#include "sha1.h"
#include "hb_util.h"
#include "hb_md.h"

/* 5.3.1 */
static const uint32_t hb_sha1_iv[5] = {
    0x67452301u, 0xefcdab89u, 0x98badcfeu, 0x10325476u, 0xc3d2e1f0u
};

/* 4.2.1 */
#define K0 0x5a827999u
#define K1 0x6ed9eba1u
#define K2 0x8f1bbcdcu
#define K3 0xca62c1d6u

/* 4.1.1: Ch, Parity, Maj; Ch and Maj in forms with fewer operations. */
#define CH(x, y, z)  ((z) ^ ((x) & ((y) ^ (z))))
#define PAR(x, y, z) ((x) ^ (y) ^ (z))
#define MAJ(x, y, z) (((x) & (y)) | (((x) | (y)) & (z)))

/* W_t for t >= 16 over W_{t-16} in a 16-word ring (6.1.3). */
#define WNEXT(t) (w[(t) & 15] = hb_rotl32(w[((t) + 13) & 15] ^ w[((t) + 8) & 15] ^ \
                                          w[((t) + 2) & 15] ^ w[(t) & 15], 1))

/* ---- compact compression ------------------------------------------- */

#if HB_SMALL_CPU
/* On the 8-bit CPUs (HB_SMALL_CPU, hb_config.h) the schedule is expanded
 * first, all 80 words (320 bytes), then four loops of five renamed rounds
 * (below), one loop per round function: no per-round choice, no ring
 * index, no moving of the five variables, a pointer walking the schedule.
 * On SDCC the state is static (HB_SMALL_STATIC) and the rotations are
 * one-bit steps, five register instructions each, where its constant
 * rotations are two shift loops, the larger over memory (ROTL30: 30 steps
 * of four read-modify-writes), and its 32-bit loads shift by 24, 16 and 8
 * in loops too.  cc65 calls hb_rotl32_fn (hb_util.h) instead.  SM83:
 * 3.2x fewer cycles than the one rolled round; Z80 2.8x, 6502 6%. */
#if !HB_NO_INLINE
#define ROL1(v) ((v) = ((v) << 1) | ((v) >> 31))
#define ROR1(v) ((v) = ((v) >> 1) | ((v) << 31))
#define ROTL5(v) (ROL1(v), ROL1(v), ROL1(v), ROL1(v), ROL1(v))
#define LOAD32_BE(q) (((((((uint32_t)(q)[0] << 8) | (q)[1]) << 8) | (q)[2]) << 8) | (q)[3])
#define ROTL30(v) (ROR1(v), ROR1(v))
#else
#define ROL1(v) ((v) = hb_rotl32(v, 1))
#define LOAD32_BE(q) hb_load32_be(q)
#define ROTL5(v) ((v) = hb_rotl32(v, 5))
#define ROTL30(v) ((v) = hb_rotl32(v, 30))
#endif
/* One round, renamed as the written-out rounds are: e += ROTL5(a) +
 * F_n(b, c, d) + K_n + W_t, b = ROTL30(b); five of them a turn.  The
 * function goes by its number, pasted: cc65's preprocessor cannot take a
 * macro name as an argument. */
#define F0(x, y, z) CH(x, y, z)
#define F1(x, y, z) PAR(x, y, z)
#define F2(x, y, z) MAJ(x, y, z)
#define F3(x, y, z) PAR(x, y, z)
#define SHA1_R(n, a, b, c, d, e)                                            \
    (t = (a), ROTL5(t), (e) += t + F##n(b, c, d) + K##n + *wp++, ROTL30(b))
#define SHA1_ROUNDS(n)                                                      \
    for (i = 0; i < 4; i++) {                                               \
        SHA1_R(n, a, b, c, d, e); SHA1_R(n, e, a, b, c, d);                 \
        SHA1_R(n, d, e, a, b, c); SHA1_R(n, c, d, e, a, b);                 \
        SHA1_R(n, b, c, d, e, a);                                           \
    }

static void hb_sha1_compress_compact(void *state, const uint8_t *p, size_t nblocks)
{
    uint32_t *h = (uint32_t *)state;
    HB_SMALL_STATIC uint32_t w[80], a, b, c, d, e;
    uint32_t t;
    HB_SMALL_STATIC uint32_t *wp;
    HB_SMALL_STATIC uint8_t i;

    for (; nblocks; nblocks--, p += 64) {
        for (i = 0; i < 16; i++) w[i] = LOAD32_BE(p + 4 * i);
        for (wp = w; i < 80; i++, wp++) {
            t = wp[13] ^ wp[8] ^ wp[2] ^ wp[0];
            ROL1(t);
            wp[16] = t;
        }
        a = h[0]; b = h[1]; c = h[2]; d = h[3]; e = h[4];
        wp = w;
        SHA1_ROUNDS(0)
        SHA1_ROUNDS(1)
        SHA1_ROUNDS(2)
        SHA1_ROUNDS(3)
        h[0] += a; h[1] += b; h[2] += c; h[3] += d; h[4] += e;
    }
}
#else
static void hb_sha1_compress_compact(void *state, const uint8_t *p, size_t nblocks)
{
    uint32_t *h = (uint32_t *)state;
    uint32_t w[16], a, b, c, d, e, t;
    unsigned i;

    for (; nblocks; nblocks--, p += 64) {
        a = h[0]; b = h[1]; c = h[2]; d = h[3]; e = h[4];
        for (i = 0; i < 80; i++) {
            if (i < 16)
                w[i] = hb_load32_be(p + 4 * i);
            else
                WNEXT(i);
            if (i < 20)
                t = CH(b, c, d) + K0;
            else if (i < 40)
                t = PAR(b, c, d) + K1;
            else if (i < 60)
                t = MAJ(b, c, d) + K2;
            else
                t = PAR(b, c, d) + K3;
            t += hb_rotl32(a, 5) + e + w[i & 15];
            e = d; d = c; c = hb_rotl32(b, 30); b = a; a = t;
        }
        h[0] += a; h[1] += b; h[2] += c; h[3] += d; h[4] += e;
    }
}
#endif

#ifdef HB_NO_PORTABLE_TABLES
/* The small-code build (hb_config.h). */
static void hb_sha1_compress(void *state, const uint8_t *p, size_t nblocks)
{
    hb_sha1_compress_compact(state, p, nblocks);
}
#else
/* ---- portable compression ------------------------------------------ */

/* One round: T = ROTL5(a) + f(b, c, d) + e + K + W_t; then e = d, d = c,
 * c = ROTL30(b), b = a, a = T, done by renaming: the caller passes the
 * variables rotated, so only e and b are written.  One macro per round
 * function: cc65's preprocessor cannot take a macro name as an argument. */
#define WLOAD(t) (w[t] = hb_load32_be(p + 4 * (t)))
#define R0(a, b, c, d, e, wt) \
    ((e) += hb_rotl32(a, 5) + CH(b, c, d) + K0 + (wt), (b) = hb_rotl32(b, 30))
#define R1(a, b, c, d, e, wt) \
    ((e) += hb_rotl32(a, 5) + PAR(b, c, d) + K1 + (wt), (b) = hb_rotl32(b, 30))
#define R2(a, b, c, d, e, wt) \
    ((e) += hb_rotl32(a, 5) + MAJ(b, c, d) + K2 + (wt), (b) = hb_rotl32(b, 30))
#define R3(a, b, c, d, e, wt) \
    ((e) += hb_rotl32(a, 5) + PAR(b, c, d) + K3 + (wt), (b) = hb_rotl32(b, 30))

static void hb_sha1_compress(void *state, const uint8_t *p, size_t nblocks)
{
    uint32_t *h = (uint32_t *)state;
    uint32_t w[16];
    uint32_t a, b, c, d, e;

    for (; nblocks; nblocks--, p += 64) {
        a = h[0]; b = h[1]; c = h[2]; d = h[3]; e = h[4];

        R0(a, b, c, d, e, WLOAD(0));  R0(e, a, b, c, d, WLOAD(1));
        R0(d, e, a, b, c, WLOAD(2));  R0(c, d, e, a, b, WLOAD(3));
        R0(b, c, d, e, a, WLOAD(4));  R0(a, b, c, d, e, WLOAD(5));
        R0(e, a, b, c, d, WLOAD(6));  R0(d, e, a, b, c, WLOAD(7));
        R0(c, d, e, a, b, WLOAD(8));  R0(b, c, d, e, a, WLOAD(9));
        R0(a, b, c, d, e, WLOAD(10)); R0(e, a, b, c, d, WLOAD(11));
        R0(d, e, a, b, c, WLOAD(12)); R0(c, d, e, a, b, WLOAD(13));
        R0(b, c, d, e, a, WLOAD(14)); R0(a, b, c, d, e, WLOAD(15));
        R0(e, a, b, c, d, WNEXT(16)); R0(d, e, a, b, c, WNEXT(17));
        R0(c, d, e, a, b, WNEXT(18)); R0(b, c, d, e, a, WNEXT(19));

        R1(a, b, c, d, e, WNEXT(20)); R1(e, a, b, c, d, WNEXT(21));
        R1(d, e, a, b, c, WNEXT(22)); R1(c, d, e, a, b, WNEXT(23));
        R1(b, c, d, e, a, WNEXT(24)); R1(a, b, c, d, e, WNEXT(25));
        R1(e, a, b, c, d, WNEXT(26)); R1(d, e, a, b, c, WNEXT(27));
        R1(c, d, e, a, b, WNEXT(28)); R1(b, c, d, e, a, WNEXT(29));
        R1(a, b, c, d, e, WNEXT(30)); R1(e, a, b, c, d, WNEXT(31));
        R1(d, e, a, b, c, WNEXT(32)); R1(c, d, e, a, b, WNEXT(33));
        R1(b, c, d, e, a, WNEXT(34)); R1(a, b, c, d, e, WNEXT(35));
        R1(e, a, b, c, d, WNEXT(36)); R1(d, e, a, b, c, WNEXT(37));
        R1(c, d, e, a, b, WNEXT(38)); R1(b, c, d, e, a, WNEXT(39));

        R2(a, b, c, d, e, WNEXT(40)); R2(e, a, b, c, d, WNEXT(41));
        R2(d, e, a, b, c, WNEXT(42)); R2(c, d, e, a, b, WNEXT(43));
        R2(b, c, d, e, a, WNEXT(44)); R2(a, b, c, d, e, WNEXT(45));
        R2(e, a, b, c, d, WNEXT(46)); R2(d, e, a, b, c, WNEXT(47));
        R2(c, d, e, a, b, WNEXT(48)); R2(b, c, d, e, a, WNEXT(49));
        R2(a, b, c, d, e, WNEXT(50)); R2(e, a, b, c, d, WNEXT(51));
        R2(d, e, a, b, c, WNEXT(52)); R2(c, d, e, a, b, WNEXT(53));
        R2(b, c, d, e, a, WNEXT(54)); R2(a, b, c, d, e, WNEXT(55));
        R2(e, a, b, c, d, WNEXT(56)); R2(d, e, a, b, c, WNEXT(57));
        R2(c, d, e, a, b, WNEXT(58)); R2(b, c, d, e, a, WNEXT(59));

        R3(a, b, c, d, e, WNEXT(60)); R3(e, a, b, c, d, WNEXT(61));
        R3(d, e, a, b, c, WNEXT(62)); R3(c, d, e, a, b, WNEXT(63));
        R3(b, c, d, e, a, WNEXT(64)); R3(a, b, c, d, e, WNEXT(65));
        R3(e, a, b, c, d, WNEXT(66)); R3(d, e, a, b, c, WNEXT(67));
        R3(c, d, e, a, b, WNEXT(68)); R3(b, c, d, e, a, WNEXT(69));
        R3(a, b, c, d, e, WNEXT(70)); R3(e, a, b, c, d, WNEXT(71));
        R3(d, e, a, b, c, WNEXT(72)); R3(c, d, e, a, b, WNEXT(73));
        R3(b, c, d, e, a, WNEXT(74)); R3(a, b, c, d, e, WNEXT(75));
        R3(e, a, b, c, d, WNEXT(76)); R3(d, e, a, b, c, WNEXT(77));
        R3(c, d, e, a, b, WNEXT(78)); R3(b, c, d, e, a, WNEXT(79));

        h[0] += a; h[1] += b; h[2] += c; h[3] += d; h[4] += e;
    }
}
#endif /* HB_NO_PORTABLE_TABLES */

/* ---- padding and streaming (hb_md.h), shared by both ------------------- */

void hb_sha1_init(hb_sha1_ctx *ctx)
{
    memcpy(ctx->h, hb_sha1_iv, sizeof ctx->h);
    ctx->count[0] = 0;
    ctx->count[1] = 0;
}

void hb_sha1_update(hb_sha1_ctx *ctx, const uint8_t *in, size_t len)
{
    hb_md_update(ctx->h, hb_sha1_compress, ctx->buf, sizeof ctx->buf, ctx->count, in, len);
}

static void hb_sha1_final_with(hb_sha1_ctx *ctx, uint8_t *out, hb_md_compress_fn compress)
{
    unsigned i;

    hb_md_pad(ctx->h, compress, ctx->buf, sizeof ctx->buf, ctx->count, 0x80, 8, HB_MD_BE);
    for (i = 0; i < 5; i++) hb_store32_be(out + 4 * i, ctx->h[i]);
}

void hb_sha1_final(hb_sha1_ctx *ctx, uint8_t *out)
{
    hb_sha1_final_with(ctx, out, hb_sha1_compress);
}

HB_INLINE void hb_sha1_with(uint8_t *out, const uint8_t *in, size_t len, hb_md_compress_fn compress)
{
    hb_sha1_ctx ctx;
    hb_sha1_init(&ctx);
    hb_md_update(ctx.h, compress, ctx.buf, sizeof ctx.buf, ctx.count, in, len);
    hb_sha1_final_with(&ctx, out, compress);
}

void hb_sha1(uint8_t *out, const uint8_t *in, size_t len)
{
    hb_sha1_with(out, in, len, hb_sha1_compress);
}

void hb_sha1_compact(uint8_t *out, const uint8_t *in, size_t len)
{
    hb_sha1_with(out, in, len, hb_sha1_compress_compact);
}
