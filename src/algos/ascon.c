/* SPDX-License-Identifier: MIT
 * ascon.c - Ascon-Hash256, NIST SP 800-232 (final, August 2025):
 * permutation Ascon-p[rnd] section 3 (constant layer 3.2, substitution
 * layer 3.3 in its bitsliced form, linear layer 3.4), Ascon-Hash256
 * section 5.1 / Algorithm 5 (IV 0x0000080100CC0002, rate 64 bits, 12
 * rounds everywhere), padding Algorithm 2 and the little-endian byte
 * order of Appendix A.
 *
 * The state after initialisation, Ascon-p[12](IV || 0^256), does not
 * depend on the message, so it is precomputed here: one permutation less
 * per message, which matters for short inputs.  The Python oracle
 * (tests/oracles/sponge.py) runs that permutation instead, and the
 * vectors, from the empty message on, check the constant.
 *
 * Two forms of the permutation share one sponge (absorbing, topping up,
 * squeezing: every permutation of a message runs in it) and one
 * streaming layer:
 *   portable  the 12 rounds written out;
 *   compact   one round, rolled.
 * With HB_NO_PORTABLE_TABLES (hb_config.h) the written-out rounds are not
 * compiled and the portable entry points run the rolled round: SDCC makes
 * about 4 KiB of SM83 code of one round of 64-bit words, 48 KiB of the
 * written-out permutation, beyond any Game Boy program.
 */
#include "ascon.h"
#include "hb_util.h"

#if HB_HAVE_U64

/* Ascon-p[12](0x0000080100CC0002, 0, 0, 0, 0). */
static const uint64_t hb_ascon_hash256_iv[5] = {
    UINT64_C(0x9B1E5494E934D681), UINT64_C(0x4BC3A01E333751D2),
    UINT64_C(0xAE65396C6B34B81A), UINT64_C(0x3C7FD4A4D56A4DB3),
    UINT64_C(0x1A5C464906C5976D)
};

/* One round p_L o p_S o p_C on locals x0..x4; c is the round constant. */
#define ASCON_ROUND(c)                                                    \
    do {                                                                  \
        uint64_t t0, t1, t2, t3, t4;                                      \
        x2 ^= (c);                                                        \
        /* p_S: the 5-bit S-box of Table 6 on all 64 columns at once */   \
        x0 ^= x4; x4 ^= x3; x2 ^= x1;                                     \
        t0 = ~x0 & x1; t1 = ~x1 & x2; t2 = ~x2 & x3;                      \
        t3 = ~x3 & x4; t4 = ~x4 & x0;                                     \
        x0 ^= t1; x1 ^= t2; x2 ^= t3; x3 ^= t4; x4 ^= t0;                 \
        x1 ^= x0; x0 ^= x4; x3 ^= x2; x2 = ~x2;                           \
        /* p_L: Sigma_0..Sigma_4 */                                       \
        x0 ^= hb_rotr64(x0, 19) ^ hb_rotr64(x0, 28);                      \
        x1 ^= hb_rotr64(x1, 61) ^ hb_rotr64(x1, 39);                      \
        x2 ^= hb_rotr64(x2, 1) ^ hb_rotr64(x2, 6);                        \
        x3 ^= hb_rotr64(x3, 10) ^ hb_rotr64(x3, 17);                      \
        x4 ^= hb_rotr64(x4, 7) ^ hb_rotr64(x4, 41);                       \
    } while (0)

/* Ascon-p[12], constants const_4..const_15 = 0xf0, 0xe1, .., 0x4b: each
 * is the previous one minus 0x0f.  Written out (portable) or one round in
 * a loop over the constants (compact: a twelfth of the code, the loop's
 * few instructions per round more). */
#define ASCON_P12_WRITTEN_OUT()                                           \
    do {                                                                  \
        ASCON_ROUND(0xf0); ASCON_ROUND(0xe1); ASCON_ROUND(0xd2);          \
        ASCON_ROUND(0xc3); ASCON_ROUND(0xb4); ASCON_ROUND(0xa5);          \
        ASCON_ROUND(0x96); ASCON_ROUND(0x87); ASCON_ROUND(0x78);          \
        ASCON_ROUND(0x69); ASCON_ROUND(0x5a); ASCON_ROUND(0x4b);          \
    } while (0)
#define ASCON_P12_ROLLED()                                                \
    do {                                                                  \
        unsigned rc_;                                                     \
        for (rc_ = 0xf0; rc_ != 0x3c; rc_ -= 0x0f) ASCON_ROUND(rc_);      \
    } while (0)

/* The sponge, the one place a permutation runs: n of them, each after
 * absorbing an 8-byte block of `in` into S0 (in != NULL) and before
 * squeezing S0 into 8 bytes of `out` (out != NULL) - a block topped up
 * byte by byte (neither), whole blocks (in), the four squeezes (out).  The
 * state stays in locals across the n permutations: gcc and clang keep all
 * five words in registers.  One function per form of the rounds, so each
 * form is compiled once. */
#define ASCON_SPONGE(P12)                                                 \
    do {                                                                  \
        uint64_t x0 = s[0], x1 = s[1], x2 = s[2], x3 = s[3], x4 = s[4];   \
        for (; n; n--) {                                                  \
            if (in) {                                                     \
                x0 ^= hb_load64_le(in);                                   \
                in += 8;                                                  \
            }                                                             \
            P12();                                                        \
            if (out) {                                                    \
                hb_store64_le(out, x0);                                   \
                out += 8;                                                 \
            }                                                             \
        }                                                                 \
        s[0] = x0; s[1] = x1; s[2] = x2; s[3] = x3; s[4] = x4;            \
    } while (0)

typedef void (*hb_ascon_sponge_fn)(uint64_t s[5], const uint8_t *in, uint8_t *out, size_t n);

static void hb_ascon_sponge_compact(uint64_t s[5], const uint8_t *in, uint8_t *out, size_t n)
{
    ASCON_SPONGE(ASCON_P12_ROLLED);
}

#ifdef HB_NO_PORTABLE_TABLES
#define hb_ascon_sponge hb_ascon_sponge_compact
#else
static void hb_ascon_sponge(uint64_t s[5], const uint8_t *in, uint8_t *out, size_t n)
{
    ASCON_SPONGE(ASCON_P12_WRITTEN_OUT);
}
#endif

void hb_ascon_p12(uint64_t s[5])
{
    hb_ascon_sponge(s, NULL, NULL, 1);
}

void hb_ascon_hash256_init(hb_ascon_hash256_ctx *ctx)
{
    memcpy(ctx->s, hb_ascon_hash256_iv, sizeof ctx->s);
    ctx->pos = 0;
}

/* A block is permuted as soon as it is full; final then pads into a fresh
 * block after a message that ends on a block boundary, as Algorithm 2
 * requires (the padding is never empty). */
HB_INLINE void hb_ascon_update_with(hb_ascon_hash256_ctx *ctx, const uint8_t *in, size_t len,
                                    hb_ascon_sponge_fn sponge)
{
    unsigned pos = ctx->pos;
    size_t nblocks;

    for (; pos != 0 && len; in++, len--) { /* top up a partial block */
        ctx->s[0] ^= (uint64_t)*in << (8 * pos);
        if (++pos == 8) {
            sponge(ctx->s, NULL, NULL, 1);
            pos = 0;
        }
    }
    nblocks = len / 8;
    if (nblocks) {
        sponge(ctx->s, in, NULL, nblocks);
        in += nblocks * 8;
        len -= nblocks * 8;
    }
    for (; len; in++, len--) ctx->s[0] ^= (uint64_t)*in << (8 * pos++);
    ctx->pos = pos;
}

/* Padding: the byte 0x01 after the message (Appendix A's little-endian
 * form of "append 1, then 0s"); then four 64-bit squeezes, each after a
 * permutation. */
HB_INLINE void hb_ascon_final_with(hb_ascon_hash256_ctx *ctx, uint8_t *out, hb_ascon_sponge_fn sponge)
{
    ctx->s[0] ^= (uint64_t)1 << (8 * ctx->pos);
    sponge(ctx->s, NULL, out, 4);
}

void hb_ascon_hash256_update(hb_ascon_hash256_ctx *ctx, const uint8_t *in, size_t len)
{
    hb_ascon_update_with(ctx, in, len, hb_ascon_sponge);
}

void hb_ascon_hash256_final(hb_ascon_hash256_ctx *ctx, uint8_t *out)
{
    hb_ascon_final_with(ctx, out, hb_ascon_sponge);
}

void hb_ascon_hash256(uint8_t *out, const uint8_t *in, size_t len)
{
    hb_ascon_hash256_ctx ctx;
    hb_ascon_hash256_init(&ctx);
    hb_ascon_update_with(&ctx, in, len, hb_ascon_sponge);
    hb_ascon_final_with(&ctx, out, hb_ascon_sponge);
}

void hb_ascon_hash256_compact(uint8_t *out, const uint8_t *in, size_t len)
{
    hb_ascon_hash256_ctx ctx;
    hb_ascon_hash256_init(&ctx);
    hb_ascon_update_with(&ctx, in, len, hb_ascon_sponge_compact);
    hb_ascon_final_with(&ctx, out, hb_ascon_sponge_compact);
}

#else
typedef int hb_ascon_unused_; /* ISO C forbids an empty translation unit */
#endif /* HB_HAVE_U64 */
