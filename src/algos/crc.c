/* SPDX-License-Identifier: MIT
 * crc.c - STUB: writes zeros.  Replaced by the real implementation.
 */
#include "crc.h"
#include <string.h>

void hb_crc8(uint8_t *out, const uint8_t *in, size_t len)
{
    (void)in; (void)len;
    memset(out, 0, HB_CRC8_LEN);
}
void hb_crc8_compact(uint8_t *out, const uint8_t *in, size_t len)
{
    hb_crc8(out, in, len);
}
void hb_crc8_init(hb_crc8_ctx *ctx) { ctx->stub = 0; }
void hb_crc8_update(hb_crc8_ctx *ctx, const uint8_t *in, size_t len) { (void)ctx; (void)in; (void)len; }
void hb_crc8_final(hb_crc8_ctx *ctx, uint8_t *out) { (void)ctx; memset(out, 0, HB_CRC8_LEN); }

void hb_crc16(uint8_t *out, const uint8_t *in, size_t len)
{
    (void)in; (void)len;
    memset(out, 0, HB_CRC16_LEN);
}
void hb_crc16_compact(uint8_t *out, const uint8_t *in, size_t len)
{
    hb_crc16(out, in, len);
}
void hb_crc16_init(hb_crc16_ctx *ctx) { ctx->stub = 0; }
void hb_crc16_update(hb_crc16_ctx *ctx, const uint8_t *in, size_t len) { (void)ctx; (void)in; (void)len; }
void hb_crc16_final(hb_crc16_ctx *ctx, uint8_t *out) { (void)ctx; memset(out, 0, HB_CRC16_LEN); }

void hb_crc32(uint8_t *out, const uint8_t *in, size_t len)
{
    (void)in; (void)len;
    memset(out, 0, HB_CRC32_LEN);
}
void hb_crc32_compact(uint8_t *out, const uint8_t *in, size_t len)
{
    hb_crc32(out, in, len);
}
void hb_crc32_init(hb_crc32_ctx *ctx) { ctx->stub = 0; }
void hb_crc32_update(hb_crc32_ctx *ctx, const uint8_t *in, size_t len) { (void)ctx; (void)in; (void)len; }
void hb_crc32_final(hb_crc32_ctx *ctx, uint8_t *out) { (void)ctx; memset(out, 0, HB_CRC32_LEN); }

void hb_crc32c(uint8_t *out, const uint8_t *in, size_t len)
{
    (void)in; (void)len;
    memset(out, 0, HB_CRC32C_LEN);
}
void hb_crc32c_compact(uint8_t *out, const uint8_t *in, size_t len)
{
    hb_crc32c(out, in, len);
}
void hb_crc32c_init(hb_crc32c_ctx *ctx) { ctx->stub = 0; }
void hb_crc32c_update(hb_crc32c_ctx *ctx, const uint8_t *in, size_t len) { (void)ctx; (void)in; (void)len; }
void hb_crc32c_final(hb_crc32c_ctx *ctx, uint8_t *out) { (void)ctx; memset(out, 0, HB_CRC32C_LEN); }

#if HB_HAVE_U64
void hb_crc64(uint8_t *out, const uint8_t *in, size_t len)
{
    (void)in; (void)len;
    memset(out, 0, HB_CRC64_LEN);
}
void hb_crc64_compact(uint8_t *out, const uint8_t *in, size_t len)
{
    hb_crc64(out, in, len);
}
void hb_crc64_init(hb_crc64_ctx *ctx) { ctx->stub = 0; }
void hb_crc64_update(hb_crc64_ctx *ctx, const uint8_t *in, size_t len) { (void)ctx; (void)in; (void)len; }
void hb_crc64_final(hb_crc64_ctx *ctx, uint8_t *out) { (void)ctx; memset(out, 0, HB_CRC64_LEN); }
#else
typedef int hb_crc64_unused_;
#endif

