/* SPDX-License-Identifier: MIT
 * crc32c.c - CRC-32C/Castagnoli (RFC 3720 B.4: reflected poly
 * 0x1EDC6F41, init and xorout ~0; crc.h), table driven: the braided loop
 * of crc32_braid.c over the 8 KiB of tables in crc32c_tables.c
 * (tools/generate/crc_tables.py).
 */
#include "crc.h"
#include "hb_crc_braid.h"
#include "hb_tables.h"

void hb_crc32c(uint8_t *out, const uint8_t *in, size_t len)
{
    hb_store32_be(out, ~hb_crc32_braided(hb_crc32c_word, hb_crc32c_braid, 0xFFFFFFFFu, in, len));
}

void hb_crc32c_init(hb_crc32c_ctx *ctx) { ctx->crc = 0xFFFFFFFFu; }

void hb_crc32c_update(hb_crc32c_ctx *ctx, const uint8_t *in, size_t len)
{
    ctx->crc = hb_crc32_braided(hb_crc32c_word, hb_crc32c_braid, ctx->crc, in, len);
}

void hb_crc32c_final(hb_crc32c_ctx *ctx, uint8_t *out) { hb_store32_be(out, ~ctx->crc); }
