/* SPDX-License-Identifier: MIT
 * crc_compact.c - the CRCs of crc.h computed bit by bit, with no tables:
 * a few dozen bytes of code each instead of 0.25-16 KiB of tables, and
 * 8 shift/XOR steps per byte.  This is what the 6502, Z80 and Game Boy
 * ports run.  Parameters as in crc.h (CRC catalogue; RFC 3720 B.4;
 * ECMA-182).
 *
 * The register update is written as "shift, then XOR the polynomial if the
 * bit that fell out was set": 8-bit compilers make that a bit test and a
 * branch, host compilers a branch-free mask.
 */
#include "crc.h"
#include "hb_util.h"

void hb_crc8_compact(uint8_t *out, const uint8_t *in, size_t len)
{
    unsigned crc = 0;
    size_t i;
    int k;
    for (i = 0; i < len; i++) {
        crc ^= in[i];
        for (k = 0; k < 8; k++)
            crc = ((crc << 1) ^ ((crc & 0x80) ? 0x07u : 0u)) & 0xFFu;
    }
    out[0] = (uint8_t)crc;
}

void hb_crc16_compact(uint8_t *out, const uint8_t *in, size_t len)
{
    uint16_t crc = 0;
    size_t i;
    int k;
    for (i = 0; i < len; i++) {
        crc = (uint16_t)(crc ^ ((unsigned)in[i] << 8));
        for (k = 0; k < 8; k++)
            crc = (uint16_t)(((unsigned)crc << 1) ^ ((crc & 0x8000u) ? 0x1021u : 0u));
    }
    hb_store16_be(out, crc);
}

/* Reflected CRC-32 with the given reversed polynomial: the low bit falls
 * out first. */
static uint32_t crc32_bitwise(uint32_t poly, const uint8_t *in, size_t len)
{
    uint32_t crc = 0xFFFFFFFFu;
    size_t i;
    int k;
    for (i = 0; i < len; i++) {
        crc ^= in[i];
        for (k = 0; k < 8; k++)
            crc = (crc >> 1) ^ ((crc & 1u) ? poly : 0u);
    }
    return ~crc;
}

void hb_crc32_compact(uint8_t *out, const uint8_t *in, size_t len)
{
    hb_store32_be(out, crc32_bitwise(0xEDB88320u, in, len));
}

void hb_crc32c_compact(uint8_t *out, const uint8_t *in, size_t len)
{
    hb_store32_be(out, crc32_bitwise(0x82F63B78u, in, len));
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
