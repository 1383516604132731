/* SPDX-License-Identifier: MIT
 * md4.h - STUB generated for the skeleton; replaced by the real implementation.
 */
#ifndef HB_MD4_H
#define HB_MD4_H

#include "hb_config.h"

#define HB_MD4_LEN 16
void hb_md4(uint8_t *out, const uint8_t *in, size_t len);
typedef struct { uint32_t stub; } hb_md4_ctx;
void hb_md4_init(hb_md4_ctx *ctx);
void hb_md4_update(hb_md4_ctx *ctx, const uint8_t *in, size_t len);
void hb_md4_final(hb_md4_ctx *ctx, uint8_t *out);

#endif /* HB_MD4_H */
