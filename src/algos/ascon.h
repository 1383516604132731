/* SPDX-License-Identifier: MIT
 * ascon.h - STUB generated for the skeleton; replaced by the real implementation.
 */
#ifndef HB_ASCON_H
#define HB_ASCON_H

#include "hb_config.h"

#if HB_HAVE_U64
#define HB_ASCON_HASH256_LEN 32
void hb_ascon_hash256(uint8_t *out, const uint8_t *in, size_t len);
typedef struct { uint32_t stub; } hb_ascon_hash256_ctx;
void hb_ascon_hash256_init(hb_ascon_hash256_ctx *ctx);
void hb_ascon_hash256_update(hb_ascon_hash256_ctx *ctx, const uint8_t *in, size_t len);
void hb_ascon_hash256_final(hb_ascon_hash256_ctx *ctx, uint8_t *out);
#endif

#endif /* HB_ASCON_H */
