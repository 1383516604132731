/* SPDX-License-Identifier: MIT
 * hb_sum2.h - the pair of running sums a += x; b += a over bytes, mod m,
 * that Adler-32 (m = 65521) and Fletcher-16 (m = 255) are made of.
 *
 * The textbook loop is a chain of two dependent adds per byte.  Here the
 * input is split into 4 interleaved lanes (bytes 0,4,8.. / 1,5,9.. / ...),
 * each with its own pair of plain 32-bit sums, recombined and reduced once
 * per block.  For a block of n = 4k bytes with lane sums A_j (bytes) and
 * B_j (running sums), byte i = 4q + j is weighted n - i = 4(k - q) - j in b:
 *     a' = a + sum A_j
 *     b' = b + n a + 4 sum B_j - sum j A_j.
 * Static inline: with m a constant at each call the % become multiplies.
 */
#ifndef HB_SUM2_H
#define HB_SUM2_H

#include "hb_config.h"

/* Bytes per block: k <= 1388 per lane, so B_j <= 255 k (k+1) / 2 and the
 * four together stay below 2^30; n a < 5552 m fits 32 bits for m <= 65521. */
#define HB_SUM2_BLOCK 5552u

/* *pa, *pb: the sums so far, each below m (m <= 65521); left reduced. */
HB_INLINE void hb_sum2_bytes(uint32_t *pa, uint32_t *pb, const uint8_t *p, size_t len,
                             uint32_t m)
{
    uint32_t a = *pa, b = *pb;

    while (len >= 4) {
        size_t n = len < HB_SUM2_BLOCK ? (len & ~(size_t)3) : HB_SUM2_BLOCK, k;
        uint32_t a0 = 0, a1 = 0, a2 = 0, a3 = 0;
        uint32_t b0 = 0, b1 = 0, b2 = 0, b3 = 0;
        uint32_t sb, sja;
        /* Eight scalars, not arrays: plain registers whether or not the
         * compiler vectorises. */
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
        sb = (b0 + b1 + b2 + b3) % m;
        sja = (a1 + 2 * a2 + 3 * a3) % m;
        /* m - sja keeps the subtraction non-negative. */
        b = (b + (uint32_t)n * a + 4 * sb + (m - sja)) % m;
        a = (a + a0 + a1 + a2 + a3) % m;
    }
    while (len--) {
        a += *p++;
        b += a;
    }
    *pa = a % m;
    *pb = b % m;
}

#endif /* HB_SUM2_H */
