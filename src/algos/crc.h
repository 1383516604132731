/* SPDX-License-Identifier: MIT
 * crc.h - STUB generated for the skeleton; replaced by the real implementation.
 */
#ifndef HB_CRC_H
#define HB_CRC_H

#include "hb_config.h"

#define HB_CRC8_LEN 1
void hb_crc8(uint8_t *out, const uint8_t *in, size_t len);
void hb_crc8_compact(uint8_t *out, const uint8_t *in, size_t len);
typedef struct { uint32_t stub; } hb_crc8_ctx;
void hb_crc8_init(hb_crc8_ctx *ctx);
void hb_crc8_update(hb_crc8_ctx *ctx, const uint8_t *in, size_t len);
void hb_crc8_final(hb_crc8_ctx *ctx, uint8_t *out);

#define HB_CRC16_LEN 2
void hb_crc16(uint8_t *out, const uint8_t *in, size_t len);
void hb_crc16_compact(uint8_t *out, const uint8_t *in, size_t len);
typedef struct { uint32_t stub; } hb_crc16_ctx;
void hb_crc16_init(hb_crc16_ctx *ctx);
void hb_crc16_update(hb_crc16_ctx *ctx, const uint8_t *in, size_t len);
void hb_crc16_final(hb_crc16_ctx *ctx, uint8_t *out);

#define HB_CRC32_LEN 4
void hb_crc32(uint8_t *out, const uint8_t *in, size_t len);
void hb_crc32_compact(uint8_t *out, const uint8_t *in, size_t len);
typedef struct { uint32_t stub; } hb_crc32_ctx;
void hb_crc32_init(hb_crc32_ctx *ctx);
void hb_crc32_update(hb_crc32_ctx *ctx, const uint8_t *in, size_t len);
void hb_crc32_final(hb_crc32_ctx *ctx, uint8_t *out);

#define HB_CRC32C_LEN 4
void hb_crc32c(uint8_t *out, const uint8_t *in, size_t len);
void hb_crc32c_compact(uint8_t *out, const uint8_t *in, size_t len);
typedef struct { uint32_t stub; } hb_crc32c_ctx;
void hb_crc32c_init(hb_crc32c_ctx *ctx);
void hb_crc32c_update(hb_crc32c_ctx *ctx, const uint8_t *in, size_t len);
void hb_crc32c_final(hb_crc32c_ctx *ctx, uint8_t *out);

#if HB_HAVE_U64
#define HB_CRC64_LEN 8
void hb_crc64(uint8_t *out, const uint8_t *in, size_t len);
void hb_crc64_compact(uint8_t *out, const uint8_t *in, size_t len);
typedef struct { uint32_t stub; } hb_crc64_ctx;
void hb_crc64_init(hb_crc64_ctx *ctx);
void hb_crc64_update(hb_crc64_ctx *ctx, const uint8_t *in, size_t len);
void hb_crc64_final(hb_crc64_ctx *ctx, uint8_t *out);
#endif

#endif /* HB_CRC_H */
