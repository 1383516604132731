/* SPDX-License-Identifier: MIT
 * crc32.c - CRC-32/ISO-HDLC (ISO 3309, ITU-T V.42, zlib: reflected
 * poly 0x04C11DB7, init and xorout ~0; crc.h), table driven: the braided loop
 * of crc32_braid.c over the 8 KiB of tables in crc32_tables.c
 * (tools/generate/crc_tables.py).
 */
#include "crc.h"
#include "hb_crc_braid.h"
#include "hb_tables.h"

void hb_crc32(uint8_t *out, const uint8_t *in, size_t len)
{
    hb_store32_be(out, ~hb_crc32_braided(hb_crc32_word, hb_crc32_braid, 0xFFFFFFFFu, in, len));
}

void hb_crc32_init(hb_crc32_ctx *ctx) { ctx->crc = 0xFFFFFFFFu; }

void hb_crc32_update(hb_crc32_ctx *ctx, const uint8_t *in, size_t len)
{
    ctx->crc = hb_crc32_braided(hb_crc32_word, hb_crc32_braid, ctx->crc, in, len);
}

void hb_crc32_final(hb_crc32_ctx *ctx, uint8_t *out) { hb_store32_be(out, ~ctx->crc); }
