/* SPDX-License-Identifier: MIT
 * crc64.c - CRC-64/ECMA-182 (ECMA-182 Annex B: poly 0x42F0E1EBA9EA3693,
 * init 0, MSB first, xorout 0; crc.h), table driven: the braiding of
 * hb_crc_braid.h with 64-bit words, over the 32 KiB of tables in
 * crc64_tables.c (tools/generate/crc_tables.py).
 */
#include "crc.h"
#include "hb_crc_braid.h"
#include "hb_tables.h"

#if HB_HAVE_U64

HB_INLINE uint64_t fold64(const uint64_t (*t)[256], uint64_t x)
{
    return t[0][x & 0xFF] ^ t[1][(x >> 8) & 0xFF] ^
           t[2][(x >> 16) & 0xFF] ^ t[3][(x >> 24) & 0xFF] ^
           t[4][(x >> 32) & 0xFF] ^ t[5][(x >> 40) & 0xFF] ^
           t[6][(x >> 48) & 0xFF] ^ t[7][x >> 56];
}

/* An MSB-first CRC takes a word's bytes in big-endian order. */
static uint64_t crc64_run(uint64_t crc, const uint8_t *p, size_t len)
{
    const uint64_t (*word)[256] = hb_crc64_word, (*braid)[256] = hb_crc64_braid;
    size_t blocks = len / (8 * HB_BRAID_N);
    if (blocks >= 2) {
        uint64_t r0 = crc, r1 = 0, r2 = 0, r3 = 0, r4 = 0;
        blocks--; /* the last block merges the braids */
        len -= blocks * 8 * HB_BRAID_N;
        do {
            r0 = fold64(braid, r0 ^ hb_load64_be(p));
            r1 = fold64(braid, r1 ^ hb_load64_be(p + 8));
            r2 = fold64(braid, r2 ^ hb_load64_be(p + 16));
            r3 = fold64(braid, r3 ^ hb_load64_be(p + 24));
            r4 = fold64(braid, r4 ^ hb_load64_be(p + 32));
            p += 8 * HB_BRAID_N;
        } while (--blocks);
        crc = fold64(word, r0 ^ hb_load64_be(p));
        crc = fold64(word, crc ^ r1 ^ hb_load64_be(p + 8));
        crc = fold64(word, crc ^ r2 ^ hb_load64_be(p + 16));
        crc = fold64(word, crc ^ r3 ^ hb_load64_be(p + 24));
        crc = fold64(word, crc ^ r4 ^ hb_load64_be(p + 32));
        p += 8 * HB_BRAID_N;
        len -= 8 * HB_BRAID_N;
    }
    for (; len >= 8; p += 8, len -= 8)
        crc = fold64(word, crc ^ hb_load64_be(p));
    /* word[0][b] = Z(b, 8) = Z(b << 56, 1): the byte table. */
    while (len--)
        crc = (crc << 8) ^ word[0][(crc >> 56) ^ *p++];
    return crc;
}

void hb_crc64(uint8_t *out, const uint8_t *in, size_t len)
{
    hb_store64_be(out, crc64_run(0, in, len));
}

void hb_crc64_init(hb_crc64_ctx *ctx) { ctx->crc = 0; }

void hb_crc64_update(hb_crc64_ctx *ctx, const uint8_t *in, size_t len)
{
    ctx->crc = crc64_run(ctx->crc, in, len);
}

void hb_crc64_final(hb_crc64_ctx *ctx, uint8_t *out) { hb_store64_be(out, ctx->crc); }

#endif /* HB_HAVE_U64 */
