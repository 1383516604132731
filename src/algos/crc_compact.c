/* SPDX-License-Identifier: MIT
 * crc_compact.c - the CRCs of crc.h with no tables: a few dozen bytes of
 * code each instead of 0.25-16 KiB of tables.  This is what the 6502, Z80
 * and Game Boy ports run.  Parameters as in crc.h (CRC catalogue; RFC 3720
 * B.4; ECMA-182).
 *
 * CRC-32, CRC-32C and CRC-64 go bit by bit: "shift, then XOR the polynomial
 * if the bit that fell out was set", 8 steps per byte (8-bit compilers make
 * that a bit test and a branch, host compilers a branch-free mask).  CRC-8
 * and CRC-16 have polynomials sparse enough that the 8 steps collapse into
 * a handful of shifts and XORs per byte (derived below), exact for every
 * input: still no table, and 4-10x fewer cycles on the 8-bit CPUs.
 */
#include "crc.h"
#include "hb_util.h"

/* CRC-8, poly x^8 + x^2 + x + 1: for t = crc ^ byte the new register is
 * t * x^8 mod P, and x^8 = x^2 + x + 1 there, so it is t ^ t<<1 ^ t<<2, with
 * the two bits pushed past bit 7 (bit 8 = t7 ^ t6, bit 9 = t7) folded back in
 * the same way.  Eight bit steps in a dozen byte operations. */
void hb_crc8_compact(uint8_t *out, const uint8_t *in, size_t len)
{
    /* 8-bit: byte state and byte temporaries, one statement per operation,
     * so that neither cc65 nor SDCC widens anything to int. */
    register const uint8_t *p = in;
    register uint8_t crc = 0;
    uint8_t t, h;
    size_t n;
    for (n = len; n; n--) {
        t = crc ^ *p;
        ++p;
        h = t >> 6; /* bits 9, 8 of t * (x^2 + x + 1): t7, t7 ^ t6 */
        if (t & 0x80)
            h ^= 1;
        crc = t;
        t = (uint8_t)(t << 1);
        crc ^= t;
        t = (uint8_t)(t << 1);
        crc ^= t;
        crc ^= h; /* h * (x^2 + x + 1) */
        h = (uint8_t)(h << 1);
        crc ^= h;
        h = (uint8_t)(h << 1);
        crc ^= h;
    }
    out[0] = crc;
}

/* CRC-16/XMODEM, poly 0x1021 = x^16 + x^12 + x^5 + 1, a byte at a time
 * with no table: x = (crc >> 8) ^ byte, x ^= x >> 4, then
 * crc = (crc << 8) ^ (x << 12) ^ (x << 5) ^ x (the CCITT shortcut: the
 * polynomial's terms are far enough apart that one fold covers all 8 bits). */
void hb_crc16_compact(uint8_t *out, const uint8_t *in, size_t len)
{
    /* 8-bit: the register as its two bytes, each term split between them. */
    register const uint8_t *p = in;
    register uint8_t hi = 0, lo = 0;
    uint8_t x;
    size_t n;
    for (n = len; n; n--) {
        x = hi ^ *p;
        ++p;
        x ^= x >> 4;
        hi = (uint8_t)(lo ^ (uint8_t)(x << 4) ^ (x >> 3));
        lo = (uint8_t)((uint8_t)(x << 5) ^ x);
    }
    out[0] = hi;
    out[1] = lo;
}

/* One byte of a reflected CRC-32: eight steps "shift right, XOR the
 * reversed polynomial if the bit that fell out was set".  A function of its
 * own, with the polynomial a constant in it (a macro gives one per CRC):
 * SDCC then keeps the register in four CPU registers, a shift being
 * srl/rr x4 and the XOR four immediate XORs, 3-4x faster on the SM83 and
 * Z80 than the same steps inside the loop, where the pointer and count
 * push the register out to the stack.  `c` copies the argument because cc65
 * keeps arguments on its stack but (hb_config.h) locals at fixed addresses. */
#define HB_CRC32_BYTE(name, poly)                        \
    static uint32_t name(uint32_t crc)                   \
    {                                                    \
        uint32_t c = crc;                                \
        uint8_t k = 8, low;                              \
        do {                                             \
            low = (uint8_t)c & 1;                        \
            c >>= 1;                                     \
            if (low)                                     \
                c ^= (poly);                             \
        } while (--k);                                   \
        return c;                                        \
    }
HB_CRC32_BYTE(crc32_byte, 0xEDB88320u)
HB_CRC32_BYTE(crc32c_byte, 0x82F63B78u)

static uint32_t crc32_bitwise(uint32_t (*byte)(uint32_t), const uint8_t *in, size_t len)
{
    uint32_t crc = 0xFFFFFFFFu;
    size_t n;
    for (n = len; n; n--)
        crc = byte(crc ^ *in++);
    return ~crc;
}

void hb_crc32_compact(uint8_t *out, const uint8_t *in, size_t len)
{
    hb_store32_be(out, crc32_bitwise(crc32_byte, in, len));
}

void hb_crc32c_compact(uint8_t *out, const uint8_t *in, size_t len)
{
    hb_store32_be(out, crc32_bitwise(crc32c_byte, in, len));
}

#if HB_HAVE_U64
void hb_crc64_compact(uint8_t *out, const uint8_t *in, size_t len)
{
    const uint64_t poly = 0x42F0E1EBA9EA3693u;
    uint64_t crc = 0;
    size_t i;
    int k;
    for (i = 0; i < len; i++) {
        crc ^= (uint64_t)in[i] << 56;
        for (k = 0; k < 8; k++)
            crc = (crc << 1) ^ ((crc >> 63) ? poly : 0u);
    }
    hb_store64_be(out, crc);
}
#endif
