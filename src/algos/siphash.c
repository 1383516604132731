/* SPDX-License-Identifier: MIT
 * siphash.c - SipHash-2-4 (Aumasson and Bernstein, "SipHash: a fast
 * short-input PRF", INDOCRYPT 2012, section 2 and Appendix A), 64-bit
 * output.  The roster's key is the bytes 00..0F, the key of the paper's
 * Appendix A and of the reference's test vectors.
 *
 * Message words and the key are read little-endian; the final word holds
 * the 0..7 leftover bytes and (len mod 256) in its top byte.  Two SipRounds
 * per word, four at finalisation.  The state stays in locals across a run
 * of words so the compiler keeps it in registers.
 */
#include "siphash.h"
#include "hb_util.h"

#if HB_HAVE_U64

/* The roster's fixed key: 00 01 02 .. 0F. */
static const uint8_t hb_siphash24_key[16] = {
    0x00, 0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07,
    0x08, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x0e, 0x0f
};

#define SIPROUND(v0, v1, v2, v3)                               \
    do {                                                       \
        v0 += v1; v1 = hb_rotl64(v1, 13); v1 ^= v0;            \
        v0 = hb_rotl64(v0, 32);                                \
        v2 += v3; v3 = hb_rotl64(v3, 16); v3 ^= v2;            \
        v0 += v3; v3 = hb_rotl64(v3, 21); v3 ^= v0;            \
        v2 += v1; v1 = hb_rotl64(v1, 17); v1 ^= v2;            \
        v2 = hb_rotl64(v2, 32);                                \
    } while (0)

/* v0..v3 from the key, 2.1's initialisation. */
HB_INLINE void hb_siphash24_key_state(uint64_t v[4], const uint8_t key[16])
{
    uint64_t k0 = hb_load64_le(key), k1 = hb_load64_le(key + 8);
    /* "somepseudorandomlygeneratedbytes" */
    v[0] = k0 ^ UINT64_C(0x736f6d6570736575);
    v[1] = k1 ^ UINT64_C(0x646f72616e646f6d);
    v[2] = k0 ^ UINT64_C(0x6c7967656e657261);
    v[3] = k1 ^ UINT64_C(0x7465646279746573);
}

void hb_siphash24_init_key(hb_siphash24_ctx *ctx, const uint8_t key[16])
{
    hb_siphash24_key_state(ctx->v, key);
    ctx->count = 0;
}

void hb_siphash24_init(hb_siphash24_ctx *ctx)
{
    hb_siphash24_init_key(ctx, hb_siphash24_key);
}

/* Compression of n whole 8-byte words. */
HB_INLINE void hb_siphash24_words(uint64_t v[4], const uint8_t *p, size_t n)
{
    uint64_t v0 = v[0], v1 = v[1], v2 = v[2], v3 = v[3];
    for (; n; n--, p += 8) {
        uint64_t m = hb_load64_le(p);
        v3 ^= m;
        SIPROUND(v0, v1, v2, v3);
        SIPROUND(v0, v1, v2, v3);
        v0 ^= m;
    }
    v[0] = v0; v[1] = v1; v[2] = v2; v[3] = v3;
}

/* The last word (the rem = count % 8 leftover bytes of `tail`, count in
 * the top byte), then finalisation and the output. */
HB_INLINE void hb_siphash24_finish(const uint64_t v[4], const uint8_t *tail, unsigned rem, uint8_t count,
                                   uint8_t *out)
{
    uint64_t v0 = v[0], v1 = v[1], v2 = v[2], v3 = v[3];
    uint64_t b = (uint64_t)count << 56;
    unsigned i;

    for (i = 0; i < rem; i++) b |= (uint64_t)tail[i] << (8 * i);
    v3 ^= b;
    SIPROUND(v0, v1, v2, v3);
    SIPROUND(v0, v1, v2, v3);
    v0 ^= b;
    v2 ^= 0xff;
    SIPROUND(v0, v1, v2, v3);
    SIPROUND(v0, v1, v2, v3);
    SIPROUND(v0, v1, v2, v3);
    SIPROUND(v0, v1, v2, v3);
    hb_store64_le(out, v0 ^ v1 ^ v2 ^ v3);
}

void hb_siphash24_update(hb_siphash24_ctx *ctx, const uint8_t *in, size_t len)
{
    unsigned fill = ctx->count & 7u;
    size_t n;

    if (len == 0) return; /* keeps memcpy away from a null `in` */
    ctx->count = (uint8_t)(ctx->count + (uint8_t)len); /* mod 256 */
    if (fill) {
        unsigned take = 8 - fill;
        if (len < take) {
            memcpy(ctx->buf + fill, in, len);
            return;
        }
        memcpy(ctx->buf + fill, in, take);
        hb_siphash24_words(ctx->v, ctx->buf, 1);
        in += take;
        len -= take;
    }
    n = len / 8;
    hb_siphash24_words(ctx->v, in, n);
    memcpy(ctx->buf, in + n * 8, len & 7);
}

void hb_siphash24_final(hb_siphash24_ctx *ctx, uint8_t *out)
{
    hb_siphash24_finish(ctx->v, ctx->buf, ctx->count & 7u, ctx->count, out);
}

/* One message in one call: the state in locals throughout, the leftover
 * bytes read where they are (no context, no copy into its buffer).  Inline
 * in both callers, so that the roster's fixed key folds into constants. */
HB_INLINE void hb_siphash24_oneshot(uint8_t out[8], const uint8_t key[16], const uint8_t *in, size_t len)
{
    uint64_t v[4];
    size_t n = len / 8;

    hb_siphash24_key_state(v, key);
    hb_siphash24_words(v, in, n);
    hb_siphash24_finish(v, in + n * 8, (unsigned)(len & 7), (uint8_t)len, out);
}

void hb_siphash24_keyed(uint8_t out[8], const uint8_t key[16], const uint8_t *in, size_t len)
{
    hb_siphash24_oneshot(out, key, in, len);
}

void hb_siphash24(uint8_t *out, const uint8_t *in, size_t len)
{
    hb_siphash24_oneshot(out, hb_siphash24_key, in, len);
}

#else
typedef int hb_siphash24_unused_;
#endif /* HB_HAVE_U64 */
