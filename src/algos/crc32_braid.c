/* SPDX-License-Identifier: MIT
 * crc32_braid.c - the braided table-driven loop of the reflected 32-bit
 * CRCs (hb_crc_braid.h says how it works), shared by crc32.c and crc32c.c,
 * which pass their own tables.
 */
#include "hb_crc_braid.h"

/* Z(x, k) for the k of table t: one lookup per byte of the register. */
HB_INLINE uint32_t fold32(const uint32_t (*t)[256], uint32_t x)
{
    return t[0][x & 0xFF] ^ t[1][(x >> 8) & 0xFF] ^
           t[2][(x >> 16) & 0xFF] ^ t[3][x >> 24];
}

/* A reflected CRC takes a word's bytes in little-endian order, so a
 * little-endian load XORs straight into the register. */
uint32_t hb_crc32_braided(const uint32_t (*word)[256], const uint32_t (*braid)[256],
                          uint32_t crc, const uint8_t *p, size_t len)
{
    size_t blocks = len / (4 * HB_BRAID_N);
    if (blocks >= 2) {
        uint32_t r0 = crc, r1 = 0, r2 = 0, r3 = 0, r4 = 0;
        blocks--; /* the last block merges the braids */
        len -= blocks * 4 * HB_BRAID_N;
        do {
            r0 = fold32(braid, r0 ^ hb_load32_le(p));
            r1 = fold32(braid, r1 ^ hb_load32_le(p + 4));
            r2 = fold32(braid, r2 ^ hb_load32_le(p + 8));
            r3 = fold32(braid, r3 ^ hb_load32_le(p + 12));
            r4 = fold32(braid, r4 ^ hb_load32_le(p + 16));
            p += 4 * HB_BRAID_N;
        } while (--blocks);
        crc = fold32(word, r0 ^ hb_load32_le(p));
        crc = fold32(word, crc ^ r1 ^ hb_load32_le(p + 4));
        crc = fold32(word, crc ^ r2 ^ hb_load32_le(p + 8));
        crc = fold32(word, crc ^ r3 ^ hb_load32_le(p + 12));
        crc = fold32(word, crc ^ r4 ^ hb_load32_le(p + 16));
        p += 4 * HB_BRAID_N;
        len -= 4 * HB_BRAID_N;
    }
    for (; len >= 4; p += 4, len -= 4)
        crc = fold32(word, crc ^ hb_load32_le(p));
    /* word[3][b] = Z(b << 24, 4) = Z(b, 1): the byte table. */
    while (len--)
        crc = (crc >> 8) ^ word[3][(crc ^ *p++) & 0xFF];
    return crc;
}

