/* SPDX-License-Identifier: MIT
 * blake3.h - STUB generated for the skeleton; replaced by the real implementation.
 */
#ifndef HB_BLAKE3_H
#define HB_BLAKE3_H

#include "hb_config.h"

#define HB_BLAKE3_LEN 32
void hb_blake3(uint8_t *out, const uint8_t *in, size_t len);
typedef struct { uint32_t stub; } hb_blake3_ctx;
void hb_blake3_init(hb_blake3_ctx *ctx);
void hb_blake3_update(hb_blake3_ctx *ctx, const uint8_t *in, size_t len);
void hb_blake3_final(hb_blake3_ctx *ctx, uint8_t *out);

#endif /* HB_BLAKE3_H */
