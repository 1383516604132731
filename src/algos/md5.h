/* SPDX-License-Identifier: MIT
 * md5.h - STUB generated for the skeleton; replaced by the real implementation.
 */
#ifndef HB_MD5_H
#define HB_MD5_H

#include "hb_config.h"

#define HB_MD5_LEN 16
void hb_md5(uint8_t *out, const uint8_t *in, size_t len);
typedef struct { uint32_t stub; } hb_md5_ctx;
void hb_md5_init(hb_md5_ctx *ctx);
void hb_md5_update(hb_md5_ctx *ctx, const uint8_t *in, size_t len);
void hb_md5_final(hb_md5_ctx *ctx, uint8_t *out);

#endif /* HB_MD5_H */
