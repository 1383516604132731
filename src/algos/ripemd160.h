/* SPDX-License-Identifier: MIT
 * ripemd160.h - STUB generated for the skeleton; replaced by the real implementation.
 */
#ifndef HB_RIPEMD160_H
#define HB_RIPEMD160_H

#include "hb_config.h"

#define HB_RIPEMD160_LEN 20
void hb_ripemd160(uint8_t *out, const uint8_t *in, size_t len);
typedef struct { uint32_t stub; } hb_ripemd160_ctx;
void hb_ripemd160_init(hb_ripemd160_ctx *ctx);
void hb_ripemd160_update(hb_ripemd160_ctx *ctx, const uint8_t *in, size_t len);
void hb_ripemd160_final(hb_ripemd160_ctx *ctx, uint8_t *out);

#endif /* HB_RIPEMD160_H */
