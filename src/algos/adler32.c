/* SPDX-License-Identifier: MIT
 * adler32.c - Adler-32, RFC 1950 section 8 (sample code: section 9).
 *
 * s1 = 1 + sum of the bytes, s2 = sum of the s1 after each byte, both mod
 * 65521: the running-sum pair of hb_sum2.h, which splits the input into 4
 * independent lanes and reduces once per 5552-byte block (zlib's NMAX).
 * Plain scalar code, with or without the compiler's vectoriser: about 1.3x
 * (clang) to 1.45x (gcc) zlib 1.2.13's adler32() on x86-64 at -O2.  (16
 * lanes in arrays vectorise to 4x zlib with some compilers, but where they
 * do not they run slower than the textbook loop, so we keep the robust form.)
 */
#include "adler32.h"
#include "hb_sum2.h"
#include "hb_util.h"

#define BASE 65521u /* largest prime below 2^16 */

#if HB_SMALL_CPU
/* s1 and s2 are kept as any 16-bit value of their class mod BASE: since
 * 2^16 = 15 mod BASE, a sum that carries out of 16 bits (it wraps to less
 * than what was added) gets 15 added back, and only at the end is each
 * brought below BASE.  A carry and a rare second one are the only tests.
 * Four bytes a turn: the count and the pointer, which SDCC keeps in memory,
 * change once for four. */
#define ADLER_BYTE(x)                                                  \
    do {                                                               \
        s1 += (x);                                                     \
        if (s1 < (x)) /* below 255 now: + 15 cannot carry */           \
            s1 += 15;                                                  \
        s2 += s1;                                                      \
        if (s2 < s1) {                                                 \
            s2 += 15;                                                  \
            if (s2 < 15)                                               \
                s2 += 15;                                              \
        }                                                              \
    } while (0)

static uint32_t adler32_run(uint32_t adler, const uint8_t *in, size_t len)
{
    register const uint8_t *p = in;
    uint16_t s1 = (uint16_t)adler, s2 = (uint16_t)(adler >> 16);
    size_t n;
    for (n = len >> 2; n; n--) {
        ADLER_BYTE(p[0]);
        ADLER_BYTE(p[1]);
        ADLER_BYTE(p[2]);
        ADLER_BYTE(p[3]);
        p += 4;
    }
    for (n = len & 3; n; n--) {
        ADLER_BYTE(*p);
        ++p;
    }
    if (s1 >= BASE)
        s1 -= BASE;
    if (s2 >= BASE)
        s2 -= BASE;
    return ((uint32_t)s2 << 16) | s1;
}
#else
static uint32_t adler32_run(uint32_t adler, const uint8_t *p, size_t len)
{
    uint32_t s1 = adler & 0xFFFFu, s2 = adler >> 16;
    hb_sum2_bytes(&s1, &s2, p, len, BASE);
    return (s2 << 16) | s1;
}
#endif

void hb_adler32(uint8_t *out, const uint8_t *in, size_t len)
{
    hb_store32_be(out, adler32_run(1, in, len));
}

void hb_adler32_init(hb_adler32_ctx *ctx) { ctx->adler = 1; }

void hb_adler32_update(hb_adler32_ctx *ctx, const uint8_t *in, size_t len)
{
    ctx->adler = adler32_run(ctx->adler, in, len);
}

void hb_adler32_final(hb_adler32_ctx *ctx, uint8_t *out)
{
    hb_store32_be(out, ctx->adler);
}
