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
 * vectors, from the empty message on, check the constant.  The twelve
 * rounds are written out once, in ascon_permute; with HB_NO_PORTABLE_TABLES
 * (hb_config.h) they are one round in a loop: SDCC makes about 4 KiB of
 * SM83 code of one round of 64-bit words, so twelve written out would be
 * beyond any Game Boy program.
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

/* Ascon-p[12]: constants const_4..const_15 = 0xf0, 0xe1, .., 0x4b. */
#ifndef HB_NO_PORTABLE_TABLES
#define ASCON_P12()                                                       \
    do {                                                                  \
        ASCON_ROUND(0xf0); ASCON_ROUND(0xe1); ASCON_ROUND(0xd2);          \
        ASCON_ROUND(0xc3); ASCON_ROUND(0xb4); ASCON_ROUND(0xa5);          \
        ASCON_ROUND(0x96); ASCON_ROUND(0x87); ASCON_ROUND(0x78);          \
        ASCON_ROUND(0x69); ASCON_ROUND(0x5a); ASCON_ROUND(0x4b);          \
    } while (0)
#else
/* Rolled: each constant is the previous one minus 0x0f. */
#define ASCON_P12()                                                       \
    do {                                                                  \
        unsigned rc_;                                                     \
        for (rc_ = 0xf0; rc_ != 0x3c; rc_ -= 0x0f) ASCON_ROUND(rc_);      \
    } while (0)
#endif

/* The permutation, written once.  Its callers keep the state in a local
 * array: where the build asks for speed the body is inlined into each (GNU
 * C's always_inline), and the compiler keeps the five words in registers
 * across a run of whole blocks; at -Os, and in the small builds, it stays
 * one function that each calls. */
#if defined(__GNUC__) && !defined(__OPTIMIZE_SIZE__) && !defined(HB_NO_PORTABLE_TABLES)
#define ASCON_PERMUTE_INLINE __attribute__((always_inline)) inline
#else
#define ASCON_PERMUTE_INLINE
#endif

static ASCON_PERMUTE_INLINE void ascon_permute(uint64_t *s0, uint64_t *s1, uint64_t *s2, uint64_t *s3,
                                                uint64_t *s4)
{
    uint64_t x0 = *s0, x1 = *s1, x2 = *s2, x3 = *s3, x4 = *s4;
    ASCON_P12();
    *s0 = x0; *s1 = x1; *s2 = x2; *s3 = x3; *s4 = x4;
}

void hb_ascon_p12(uint64_t s[5])
{
    ascon_permute(&s[0], &s[1], &s[2], &s[3], &s[4]);
}

/* Whole 8-byte blocks, the state in locals (the input's bytes may alias
 * the context; locals cannot be). */
static void hb_ascon_absorb_blocks(uint64_t s[5], const uint8_t *in, size_t nblocks)
{
    uint64_t x0 = s[0], x1 = s[1], x2 = s[2], x3 = s[3], x4 = s[4];
    for (; nblocks; nblocks--, in += 8) {
        x0 ^= hb_load64_le(in);
        ascon_permute(&x0, &x1, &x2, &x3, &x4);
    }
    s[0] = x0; s[1] = x1; s[2] = x2; s[3] = x3; s[4] = x4;
}

void hb_ascon_hash256_init(hb_ascon_hash256_ctx *ctx)
{
    memcpy(ctx->s, hb_ascon_hash256_iv, sizeof ctx->s);
    ctx->pos = 0;
}

/* A block is permuted as soon as it is full; final then pads into a fresh
 * block after a message that ends on a block boundary, as Algorithm 2
 * requires (the padding is never empty). */
void hb_ascon_hash256_update(hb_ascon_hash256_ctx *ctx, const uint8_t *in, size_t len)
{
    unsigned pos = ctx->pos;
    size_t nblocks;

    for (; pos != 0 && len; in++, len--) { /* top up a partial block */
        ctx->s[0] ^= (uint64_t)*in << (8 * pos);
        if (++pos == 8) {
            hb_ascon_p12(ctx->s);
            pos = 0;
        }
    }
    nblocks = len / 8;
    if (nblocks) {
        hb_ascon_absorb_blocks(ctx->s, in, nblocks);
        in += nblocks * 8;
        len -= nblocks * 8;
    }
    for (; len; in++, len--) ctx->s[0] ^= (uint64_t)*in << (8 * pos++);
    ctx->pos = pos;
}

/* Padding: the byte 0x01 after the message (Appendix A's little-endian
 * form of "append 1, then 0s"); then four 64-bit squeezes, each after a
 * permutation. */
void hb_ascon_hash256_final(hb_ascon_hash256_ctx *ctx, uint8_t *out)
{
    uint64_t x0 = ctx->s[0], x1 = ctx->s[1], x2 = ctx->s[2], x3 = ctx->s[3], x4 = ctx->s[4];
    unsigned i;
    x0 ^= (uint64_t)1 << (8 * ctx->pos);
    for (i = 0; i < 4; i++) {
        ascon_permute(&x0, &x1, &x2, &x3, &x4);
        hb_store64_le(out + 8 * i, x0);
    }
}

void hb_ascon_hash256(uint8_t *out, const uint8_t *in, size_t len)
{
    hb_ascon_hash256_ctx ctx;
    hb_ascon_hash256_init(&ctx);
    hb_ascon_hash256_update(&ctx, in, len);
    hb_ascon_hash256_final(&ctx, out);
}

#else
typedef int hb_ascon_unused_; /* ISO C forbids an empty translation unit */
#endif /* HB_HAVE_U64 */
