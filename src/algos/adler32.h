/* SPDX-License-Identifier: MIT
 * adler32.h - STUB generated for the skeleton; replaced by the real implementation.
 */
#ifndef HB_ADLER32_H
#define HB_ADLER32_H

#include "hb_config.h"

#define HB_ADLER32_LEN 4
void hb_adler32(uint8_t *out, const uint8_t *in, size_t len);
typedef struct { uint32_t stub; } hb_adler32_ctx;
void hb_adler32_init(hb_adler32_ctx *ctx);
void hb_adler32_update(hb_adler32_ctx *ctx, const uint8_t *in, size_t len);
void hb_adler32_final(hb_adler32_ctx *ctx, uint8_t *out);

#endif /* HB_ADLER32_H */
