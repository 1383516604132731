/* SPDX-License-Identifier: MIT
 * fletcher.h - STUB generated for the skeleton; replaced by the real implementation.
 */
#ifndef HB_FLETCHER_H
#define HB_FLETCHER_H

#include "hb_config.h"

#define HB_FLETCHER16_LEN 2
void hb_fletcher16(uint8_t *out, const uint8_t *in, size_t len);
typedef struct { uint32_t stub; } hb_fletcher16_ctx;
void hb_fletcher16_init(hb_fletcher16_ctx *ctx);
void hb_fletcher16_update(hb_fletcher16_ctx *ctx, const uint8_t *in, size_t len);
void hb_fletcher16_final(hb_fletcher16_ctx *ctx, uint8_t *out);

#define HB_FLETCHER32_LEN 4
void hb_fletcher32(uint8_t *out, const uint8_t *in, size_t len);
typedef struct { uint32_t stub; } hb_fletcher32_ctx;
void hb_fletcher32_init(hb_fletcher32_ctx *ctx);
void hb_fletcher32_update(hb_fletcher32_ctx *ctx, const uint8_t *in, size_t len);
void hb_fletcher32_final(hb_fletcher32_ctx *ctx, uint8_t *out);

#define HB_FLETCHER64_LEN 8
void hb_fletcher64(uint8_t *out, const uint8_t *in, size_t len);
typedef struct { uint32_t stub; } hb_fletcher64_ctx;
void hb_fletcher64_init(hb_fletcher64_ctx *ctx);
void hb_fletcher64_update(hb_fletcher64_ctx *ctx, const uint8_t *in, size_t len);
void hb_fletcher64_final(hb_fletcher64_ctx *ctx, uint8_t *out);

#endif /* HB_FLETCHER_H */
