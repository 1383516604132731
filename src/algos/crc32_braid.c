/* SPDX-License-Identifier: MIT
 * crc32_braid.c - the braided table-driven loop of the reflected 32-bit
 * CRCs (hb_crc_braid.h says how it works), shared by crc32.c and crc32c.c,
 * which pass their own tables.
 */
#include "hb_crc_braid.h"

/* Z(x, k) for the k of table t: one lookup per byte of the register. */
HB_INLINE uint32_t fold32(const uint32_t (*t)[256], uint32_t x)
{
#if HB_TABLE_BYTE_OFFSETS
    /* shift and mask straight to a byte offset: no index scaling, and no
     * widening of the 32-bit x to a 64-bit index (hb_config.h) */
#define AT(m, off) (*(const uint32_t *)(const void *)((const unsigned char *)t[m] + (off)))
    return AT(0, (x << 2) & 0x3FC) ^ AT(1, (x >> 6) & 0x3FC) ^
           AT(2, (x >> 14) & 0x3FC) ^ AT(3, (x >> 22) & 0x3FC);
#undef AT
#else
    /* widened once, not once per lookup (x86-64: 10% faster); at least 32
     * bits where size_t is 16 */
    uint_fast32_t y = x;
    return t[0][y & 0xFF] ^ t[1][(y >> 8) & 0xFF] ^
           t[2][(y >> 16) & 0xFF] ^ t[3][y >> 24];
#endif
}

#if HB_BIG_ENDIAN
/* A reflected CRC takes a word's bytes in little-endian order.  On a
 * big-endian CPU the registers are held byte-reversed instead, so that a
 * native (big-endian) load XORs straight in: one or two instructions, where
 * a little-endian load is four byte loads and six shifts and ORs.  The
 * tables are byte-reversed to match (tools/generate/crc_tables.py), and a byte
 * step shifts left, as an MSB-first CRC's does. */
#define LOAD_WORD hb_load32_be
HB_INLINE uint32_t swap32(uint32_t x)
{
    return (x << 24) | ((x & 0xFF00u) << 8) | ((x >> 8) & 0xFF00u) | (x >> 24);
}
#define BYTE_STEP(t, crc, b) (((crc) << 8) ^ (t)[((crc) >> 24) ^ (b)])
#else
#define LOAD_WORD hb_load32_le
#define swap32(x) (x)
#define BYTE_STEP(t, crc, b) (((crc) >> 8) ^ (t)[((crc) ^ (b)) & 0xFF])
#endif

uint32_t hb_crc32_braided(const uint32_t (*word)[256], const uint32_t (*braid)[256],
                          uint32_t crc, const uint8_t *p, size_t len)
{
    /* the byte table Z(b, 1) = Z(b << 24, 4): word[3]; byte-reversed, word[0] */
    const uint32_t *byte = word[HB_BIG_ENDIAN ? 0 : 3];
    size_t blocks;
    crc = swap32(crc);
    /* Byte steps up to a 4-byte boundary: the compiler then knows p is
     * aligned (the round trip through uintptr_t below changes nothing) and
     * loads each word whole where the CPU has no unaligned loads (MIPS: LW,
     * not LWL and LWR; ARMv5: LDR, not four LDRBs). */
    while (len && ((uintptr_t)(const void *)p & 3)) {
        crc = BYTE_STEP(byte, crc, *p++);
        len--;
    }
    if (len == 0)
        return swap32(crc);
    p = (const uint8_t *)(const void *)((uintptr_t)(const void *)p & ~(uintptr_t)3);
    blocks = len / (4 * HB_BRAID_N);
    if (blocks >= 2) {
        uint32_t r0 = crc, r1 = 0, r2 = 0, r3 = 0, r4 = 0;
        blocks--; /* the last block merges the braids */
        len -= blocks * 4 * HB_BRAID_N;
        do {
            r0 = fold32(braid, r0 ^ LOAD_WORD(p));
            r1 = fold32(braid, r1 ^ LOAD_WORD(p + 4));
            r2 = fold32(braid, r2 ^ LOAD_WORD(p + 8));
            r3 = fold32(braid, r3 ^ LOAD_WORD(p + 12));
            r4 = fold32(braid, r4 ^ LOAD_WORD(p + 16));
            p += 4 * HB_BRAID_N;
        } while (--blocks);
        crc = fold32(word, r0 ^ LOAD_WORD(p));
        crc = fold32(word, crc ^ r1 ^ LOAD_WORD(p + 4));
        crc = fold32(word, crc ^ r2 ^ LOAD_WORD(p + 8));
        crc = fold32(word, crc ^ r3 ^ LOAD_WORD(p + 12));
        crc = fold32(word, crc ^ r4 ^ LOAD_WORD(p + 16));
        p += 4 * HB_BRAID_N;
        len -= 4 * HB_BRAID_N;
    }
    for (; len >= 4; p += 4, len -= 4)
        crc = fold32(word, crc ^ LOAD_WORD(p));
    while (len--)
        crc = BYTE_STEP(byte, crc, *p++);
    return swap32(crc);
}
