/* SPDX-License-Identifier: MIT
 * keccak.c - Keccak-f[1600] (FIPS 202 section 3: step mappings 3.2,
 * round constants 3.2.5, permutation 3.3/3.4), the sponge (section 4,
 * pad10*1 5.1), SHA3-256 and SHA3-512 (6.1) and Keccak-256 (the Keccak
 * team's submission padding, as Ethereum uses it).
 *
 * The permutation keeps the 25 lanes in named locals and runs two rounds
 * per loop turn, the first from a.. into e.., the second back, so no round
 * copies the state.  One round computes theta's column parities, then each
 * output row of chi straight from the five lanes that rho and pi move into
 * it: B[X][Y] = rot(A[x][X] ^ D[x], r[x][X]) with x = (X + 3Y) mod 5 (the
 * inverse of pi's (x, y) -> (y, 2x + 3y)).  The round constants are a
 * table rather than the LFSR of 3.2.5 (computed once, checked by the
 * vectors).  This runs at about 90% of OpenSSL's assembly for SHA3-256 on
 * x86-64 with gcc and clang -O2.  Left out on purpose: lane complementing
 * (it would save 17 of chi's 25 NOTs, about 6% of a round's ~300
 * instructions, at the cost of a state that no longer reads like the spec)
 * and accumulating the next theta parities inside chi (measured: no gain).
 *
 * Lanes are loaded and stored little-endian with hb_util.h, so the code is
 * the same on big-endian hosts (FIPS 202 B.1 fixes the byte order).
 *
 * With HB_NO_PORTABLE_TABLES (hb_config.h) the permutation is the rolled
 * form instead: one round a turn on the state array, rho and pi along pi's
 * cycle through the 24 lanes that move.  SDCC makes 40 KiB of SM83 code of
 * the pair of written-out rounds, more than a Game Boy ROM bank (16 KiB)
 * or program (32 KiB) holds; the rolled permutation is 7 KiB.
 */
#include "keccak.h"
#include "hb_util.h"

#if HB_HAVE_U64

/* RC[i] for i = 0..23 (FIPS 202 Algorithm 6, rc(t) of Algorithm 5). */
static const uint64_t hb_keccak_rc[24] = {
    UINT64_C(0x0000000000000001), UINT64_C(0x0000000000008082),
    UINT64_C(0x800000000000808A), UINT64_C(0x8000000080008000),
    UINT64_C(0x000000000000808B), UINT64_C(0x0000000080000001),
    UINT64_C(0x8000000080008081), UINT64_C(0x8000000000008009),
    UINT64_C(0x000000000000008A), UINT64_C(0x0000000000000088),
    UINT64_C(0x0000000080008009), UINT64_C(0x000000008000000A),
    UINT64_C(0x000000008000808B), UINT64_C(0x800000000000008B),
    UINT64_C(0x8000000000008089), UINT64_C(0x8000000000008003),
    UINT64_C(0x8000000000008002), UINT64_C(0x8000000000000080),
    UINT64_C(0x000000000000800A), UINT64_C(0x800000008000000A),
    UINT64_C(0x8000000080008081), UINT64_C(0x8000000000008080),
    UINT64_C(0x0000000080000001), UINT64_C(0x8000000080008008)
};

#define ROL hb_rotl64

/* chi on one row of five rho/pi outputs b0..b4, written to row y of T. */
#define CHI_ROW(T, y)                          \
    T##0##y = b0 ^ (~b1 & b2);                 \
    T##1##y = b1 ^ (~b2 & b3);                 \
    T##2##y = b2 ^ (~b3 & b4);                 \
    T##3##y = b3 ^ (~b4 & b0);                 \
    T##4##y = b4 ^ (~b0 & b1)

/* One round from lanes S<x><y> into T<x><y>.  The rotation amounts are
 * r[x][y] of FIPS 202 Table 2 (mod 64); lane (0,0) is not rotated. */
#define KECCAK_ROUND(S, T, rc)                                            \
    do {                                                                  \
        uint64_t c0 = S##00 ^ S##01 ^ S##02 ^ S##03 ^ S##04;              \
        uint64_t c1 = S##10 ^ S##11 ^ S##12 ^ S##13 ^ S##14;              \
        uint64_t c2 = S##20 ^ S##21 ^ S##22 ^ S##23 ^ S##24;              \
        uint64_t c3 = S##30 ^ S##31 ^ S##32 ^ S##33 ^ S##34;              \
        uint64_t c4 = S##40 ^ S##41 ^ S##42 ^ S##43 ^ S##44;              \
        uint64_t d0 = c4 ^ ROL(c1, 1), d1 = c0 ^ ROL(c2, 1);              \
        uint64_t d2 = c1 ^ ROL(c3, 1), d3 = c2 ^ ROL(c4, 1);              \
        uint64_t d4 = c3 ^ ROL(c0, 1);                                    \
        uint64_t b0, b1, b2, b3, b4;                                      \
        /* row 0 <- lanes (0,0) (1,1) (2,2) (3,3) (4,4) */                \
        b0 = S##00 ^ d0;                                                  \
        b1 = ROL(S##11 ^ d1, 44);                                         \
        b2 = ROL(S##22 ^ d2, 43);                                         \
        b3 = ROL(S##33 ^ d3, 21);                                         \
        b4 = ROL(S##44 ^ d4, 14);                                         \
        CHI_ROW(T, 0);                                                    \
        T##00 ^= (rc); /* iota */                                         \
        /* row 1 <- (3,0) (4,1) (0,2) (1,3) (2,4) */                      \
        b0 = ROL(S##30 ^ d3, 28);                                         \
        b1 = ROL(S##41 ^ d4, 20);                                         \
        b2 = ROL(S##02 ^ d0, 3);                                          \
        b3 = ROL(S##13 ^ d1, 45);                                         \
        b4 = ROL(S##24 ^ d2, 61);                                         \
        CHI_ROW(T, 1);                                                    \
        /* row 2 <- (1,0) (2,1) (3,2) (4,3) (0,4) */                      \
        b0 = ROL(S##10 ^ d1, 1);                                          \
        b1 = ROL(S##21 ^ d2, 6);                                          \
        b2 = ROL(S##32 ^ d3, 25);                                         \
        b3 = ROL(S##43 ^ d4, 8);                                          \
        b4 = ROL(S##04 ^ d0, 18);                                         \
        CHI_ROW(T, 2);                                                    \
        /* row 3 <- (4,0) (0,1) (1,2) (2,3) (3,4) */                      \
        b0 = ROL(S##40 ^ d4, 27);                                         \
        b1 = ROL(S##01 ^ d0, 36);                                         \
        b2 = ROL(S##12 ^ d1, 10);                                         \
        b3 = ROL(S##23 ^ d2, 15);                                         \
        b4 = ROL(S##34 ^ d3, 56);                                         \
        CHI_ROW(T, 3);                                                    \
        /* row 4 <- (2,0) (3,1) (4,2) (0,3) (1,4) */                      \
        b0 = ROL(S##20 ^ d2, 62);                                         \
        b1 = ROL(S##31 ^ d3, 55);                                         \
        b2 = ROL(S##42 ^ d4, 39);                                         \
        b3 = ROL(S##03 ^ d0, 41);                                         \
        b4 = ROL(S##14 ^ d1, 2);                                          \
        CHI_ROW(T, 4);                                                    \
    } while (0)

/* Lane (x, y) <-> a[x + 5y] for every lane, as one list. */
#define LANES(F)                                                          \
    F(0, 0) F(1, 0) F(2, 0) F(3, 0) F(4, 0) F(0, 1) F(1, 1) F(2, 1) F(3, 1) \
    F(4, 1) F(0, 2) F(1, 2) F(2, 2) F(3, 2) F(4, 2) F(0, 3) F(1, 3) F(2, 3) \
    F(3, 3) F(4, 3) F(0, 4) F(1, 4) F(2, 4) F(3, 4) F(4, 4)
#define LOAD_LANE(x, y) uint64_t a##x##y = st[x + 5 * y], e##x##y;
#define STORE_LANE(x, y) st[x + 5 * y] = a##x##y;

#ifndef HB_NO_PORTABLE_TABLES
void hb_keccak_f1600(uint64_t st[25])
{
    unsigned i;
    LANES(LOAD_LANE)

    for (i = 0; i < 24; i += 2) {
        KECCAK_ROUND(a, e, hb_keccak_rc[i]);
        KECCAK_ROUND(e, a, hb_keccak_rc[i + 1]);
    }
    LANES(STORE_LANE)
}
#else
/* Pi's cycle from lane 1: lane hb_keccak_pi[i] takes the previous lane of
 * the cycle, rotated by hb_keccak_rho[i] (FIPS 202 Table 2 along it). */
static const uint8_t hb_keccak_pi[24] = {
    10, 7, 11, 17, 18, 3, 5, 16, 8, 21, 24, 4, 15, 23, 19, 13, 12, 2, 20, 14, 22, 9, 6, 1
};
static const uint8_t hb_keccak_rho[24] = {
    1, 3, 6, 10, 15, 21, 28, 36, 45, 55, 2, 14, 27, 41, 56, 8, 25, 43, 62, 18, 39, 61, 20, 44
};

/* x rotated left by n (0..63) where n is a variable: whole bytes by
 * constant shifts (byte moves on an 8-bit CPU), then at most four one-bit
 * steps the short way round.  SDCC makes a 64-bit shift by a variable
 * count a loop of one-bit steps over all eight bytes. */
static uint64_t hb_keccak_rol(uint64_t x, unsigned n)
{
    unsigned r = n & 7, q = ((n >> 3) + (r > 4)) & 7;
    if (q & 4) x = (x << 32) | (x >> 32);
    if (q & 2) x = (x << 16) | (x >> 48);
    if (q & 1) x = (x << 8) | (x >> 56);
    if (r > 4) {
        for (r = 8 - r; r; r--) x = (x >> 1) | (x << 63);
    } else {
        for (; r; r--) x = (x << 1) | (x >> 63);
    }
    return x;
}

void hb_keccak_f1600(uint64_t st[25])
{
    uint64_t c0, c1, c2, c3, c4, d0, d1, d2, d3, d4, t, u;
    unsigned r, i;

    for (r = 0; r < 24; r++) {
        /* theta */
        c0 = st[0] ^ st[5] ^ st[10] ^ st[15] ^ st[20];
        c1 = st[1] ^ st[6] ^ st[11] ^ st[16] ^ st[21];
        c2 = st[2] ^ st[7] ^ st[12] ^ st[17] ^ st[22];
        c3 = st[3] ^ st[8] ^ st[13] ^ st[18] ^ st[23];
        c4 = st[4] ^ st[9] ^ st[14] ^ st[19] ^ st[24];
        d0 = c4 ^ ROL(c1, 1); d1 = c0 ^ ROL(c2, 1); d2 = c1 ^ ROL(c3, 1);
        d3 = c2 ^ ROL(c4, 1); d4 = c3 ^ ROL(c0, 1);
        for (i = 0; i < 25; i += 5) {
            st[i] ^= d0; st[i + 1] ^= d1; st[i + 2] ^= d2; st[i + 3] ^= d3; st[i + 4] ^= d4;
        }
        /* rho and pi */
        t = st[1];
        for (i = 0; i < 24; i++) {
            u = st[hb_keccak_pi[i]];
            st[hb_keccak_pi[i]] = hb_keccak_rol(t, hb_keccak_rho[i]);
            t = u;
        }
        /* chi, a row at a time; iota */
        for (i = 0; i < 25; i += 5) {
            c0 = st[i]; c1 = st[i + 1]; c2 = st[i + 2]; c3 = st[i + 3]; c4 = st[i + 4];
            st[i] = c0 ^ (~c1 & c2);
            st[i + 1] = c1 ^ (~c2 & c3);
            st[i + 2] = c2 ^ (~c3 & c4);
            st[i + 3] = c3 ^ (~c4 & c0);
            st[i + 4] = c4 ^ (~c0 & c1);
        }
        st[0] ^= hb_keccak_rc[r];
    }
}
#endif

#undef LOAD_LANE
#undef STORE_LANE
#undef LANES
#undef KECCAK_ROUND
#undef CHI_ROW
#undef ROL

/* ---- the sponge, shared by the three hashes ---------------------------- */

static void hb_keccak_init(hb_keccak_ctx *ctx)
{
    memset(ctx->a, 0, sizeof ctx->a);
    ctx->pos = 0;
}

/* Absorbs len bytes at rate `rate` (a multiple of 8).  A block is permuted
 * as soon as it is full: final always pads into a block that still has
 * room, a fresh one after a message that ends on a block boundary. */
static void hb_keccak_absorb(hb_keccak_ctx *ctx, const uint8_t *in, size_t len,
                             unsigned rate)
{
    uint64_t *a = ctx->a;
    unsigned pos = ctx->pos;
    unsigned i;

    while (len) {
        if (pos == 0 && len >= rate) { /* whole blocks straight from the input */
            do {
                for (i = 0; i < rate / 8; i++) a[i] ^= hb_load64_le(in + 8 * i);
                hb_keccak_f1600(a);
                in += rate;
                len -= rate;
            } while (len >= rate);
            continue;
        }
        if ((pos & 7) == 0 && len >= 8) {
            a[pos >> 3] ^= hb_load64_le(in);
            pos += 8;
            in += 8;
            len -= 8;
        } else {
            a[pos >> 3] ^= (uint64_t)*in << (8 * (pos & 7));
            pos++;
            in++;
            len--;
        }
        if (pos == rate) {
            hb_keccak_f1600(a);
            pos = 0;
        }
    }
    ctx->pos = pos;
}

/* pad10*1 after the domain bits: `pad` is the first padding byte with the
 * domain suffix in its low bits (0x06 = SHA-3's 01 then the first 1 of
 * pad10*1, FIPS 202 B.2; 0x01 = Keccak's bare pad10*1); the closing 1 bit
 * is bit 7 of the block's last byte.  Both may land in the same byte.
 * The digest is no longer than the rate, so one squeeze suffices. */
static void hb_keccak_final(hb_keccak_ctx *ctx, uint8_t *out, size_t outlen,
                            unsigned rate, uint8_t pad)
{
    size_t i;

    ctx->a[ctx->pos >> 3] ^= (uint64_t)pad << (8 * (ctx->pos & 7));
    ctx->a[(rate - 1) >> 3] ^= UINT64_C(0x80) << 56;
    hb_keccak_f1600(ctx->a);
    for (i = 0; i < outlen / 8; i++) hb_store64_le(out + 8 * i, ctx->a[i]);
}

#define HB_SHA3_PAD 0x06
#define HB_KECCAK_PAD 0x01

/* Each entry point hands the sponge its constants; one-shot is the
 * streaming API run once (no second copy of the padding logic). */
#define HB_KECCAK_HASH(sym, rate, pad, outlen)                               \
    void hb_##sym##_init(hb_##sym##_ctx *ctx) { hb_keccak_init(ctx); }       \
    void hb_##sym##_update(hb_##sym##_ctx *ctx, const uint8_t *in, size_t len) \
    {                                                                        \
        hb_keccak_absorb(ctx, in, len, rate);                                \
    }                                                                        \
    void hb_##sym##_final(hb_##sym##_ctx *ctx, uint8_t *out)                 \
    {                                                                        \
        hb_keccak_final(ctx, out, outlen, rate, pad);                        \
    }                                                                        \
    void hb_##sym(uint8_t *out, const uint8_t *in, size_t len)               \
    {                                                                        \
        hb_keccak_ctx ctx;                                                   \
        hb_keccak_init(&ctx);                                                \
        hb_keccak_absorb(&ctx, in, len, rate);                               \
        hb_keccak_final(&ctx, out, outlen, rate, pad);                       \
    }

HB_KECCAK_HASH(sha3_256, HB_SHA3_256_RATE, HB_SHA3_PAD, HB_SHA3_256_LEN)
HB_KECCAK_HASH(sha3_512, HB_SHA3_512_RATE, HB_SHA3_PAD, HB_SHA3_512_LEN)
HB_KECCAK_HASH(keccak256, HB_KECCAK256_RATE, HB_KECCAK_PAD, HB_KECCAK256_LEN)

#else
typedef int hb_keccak_unused_; /* ISO C forbids an empty translation unit */
#endif /* HB_HAVE_U64 */
