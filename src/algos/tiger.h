/* SPDX-License-Identifier: MIT
 * tiger.h - STUB generated for the skeleton; replaced by the real implementation.
 */
#ifndef HB_TIGER_H
#define HB_TIGER_H

#include "hb_config.h"

#if HB_HAVE_U64
#define HB_TIGER_LEN 24
void hb_tiger(uint8_t *out, const uint8_t *in, size_t len);
typedef struct { uint32_t stub; } hb_tiger_ctx;
void hb_tiger_init(hb_tiger_ctx *ctx);
void hb_tiger_update(hb_tiger_ctx *ctx, const uint8_t *in, size_t len);
void hb_tiger_final(hb_tiger_ctx *ctx, uint8_t *out);
#endif

#endif /* HB_TIGER_H */
