/* SPDX-License-Identifier: MIT
 * crc.h - the roster's CRCs, with the CRC catalogue's parameters
 * (reveng.sourceforge.io/crc-catalogue; docs/algorithms.md):
 *   crc8    CRC-8/SMBUS      poly 0x07, init 0, MSB first, xorout 0
 *   crc16   CRC-16/XMODEM    poly 0x1021, init 0, MSB first, xorout 0
 *   crc32   CRC-32/ISO-HDLC  (ISO 3309, zlib) reflected 0xEDB88320, ~0 in/out
 *   crc32c  CRC-32C          (RFC 3720 B.4) reflected 0x82F63B78, ~0 in/out
 *   crc64   CRC-64/ECMA-182  poly 0x42F0E1EBA9EA3693, init 0, MSB first
 * Digests are the big-endian bytes of the CRC value (as `crc32` prints it).
 *
 * hb_<crc>: table driven (crc8.c, crc16.c, crc32.c, crc32c.c, crc64.c, each
 * with its generated tables in a file of its own); hb_<crc>_compact: no
 * table (crc_compact.c), for targets where ROM is counted in KiB.  The streaming
 * context holds only the running register.
 */
#ifndef HB_CRC_H
#define HB_CRC_H

#include "hb_config.h"

#define HB_CRC8_LEN 1
void hb_crc8(uint8_t *out, const uint8_t *in, size_t len);
void hb_crc8_compact(uint8_t *out, const uint8_t *in, size_t len);
typedef struct { uint8_t crc; } hb_crc8_ctx;
void hb_crc8_init(hb_crc8_ctx *ctx);
void hb_crc8_update(hb_crc8_ctx *ctx, const uint8_t *in, size_t len);
void hb_crc8_final(hb_crc8_ctx *ctx, uint8_t *out);

#define HB_CRC16_LEN 2
void hb_crc16(uint8_t *out, const uint8_t *in, size_t len);
void hb_crc16_compact(uint8_t *out, const uint8_t *in, size_t len);
typedef struct { uint16_t crc; } hb_crc16_ctx;
void hb_crc16_init(hb_crc16_ctx *ctx);
void hb_crc16_update(hb_crc16_ctx *ctx, const uint8_t *in, size_t len);
void hb_crc16_final(hb_crc16_ctx *ctx, uint8_t *out);

#define HB_CRC32_LEN 4
void hb_crc32(uint8_t *out, const uint8_t *in, size_t len);
void hb_crc32_compact(uint8_t *out, const uint8_t *in, size_t len);
typedef struct { uint32_t crc; } hb_crc32_ctx;
void hb_crc32_init(hb_crc32_ctx *ctx);
void hb_crc32_update(hb_crc32_ctx *ctx, const uint8_t *in, size_t len);
void hb_crc32_final(hb_crc32_ctx *ctx, uint8_t *out);

#define HB_CRC32C_LEN 4
void hb_crc32c(uint8_t *out, const uint8_t *in, size_t len);
void hb_crc32c_compact(uint8_t *out, const uint8_t *in, size_t len);
typedef struct { uint32_t crc; } hb_crc32c_ctx;
void hb_crc32c_init(hb_crc32c_ctx *ctx);
void hb_crc32c_update(hb_crc32c_ctx *ctx, const uint8_t *in, size_t len);
void hb_crc32c_final(hb_crc32c_ctx *ctx, uint8_t *out);

#if HB_HAVE_U64
#define HB_CRC64_LEN 8
void hb_crc64(uint8_t *out, const uint8_t *in, size_t len);
void hb_crc64_compact(uint8_t *out, const uint8_t *in, size_t len);
typedef struct { uint64_t crc; } hb_crc64_ctx;
void hb_crc64_init(hb_crc64_ctx *ctx);
void hb_crc64_update(hb_crc64_ctx *ctx, const uint8_t *in, size_t len);
void hb_crc64_final(hb_crc64_ctx *ctx, uint8_t *out);
#endif

#endif /* HB_CRC_H */
