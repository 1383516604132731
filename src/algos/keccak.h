/* SPDX-License-Identifier: MIT
 * keccak.h - STUB generated for the skeleton; replaced by the real implementation.
 */
#ifndef HB_KECCAK_H
#define HB_KECCAK_H

#include "hb_config.h"

#if HB_HAVE_U64
#define HB_SHA3_256_LEN 32
void hb_sha3_256(uint8_t *out, const uint8_t *in, size_t len);
typedef struct { uint32_t stub; } hb_sha3_256_ctx;
void hb_sha3_256_init(hb_sha3_256_ctx *ctx);
void hb_sha3_256_update(hb_sha3_256_ctx *ctx, const uint8_t *in, size_t len);
void hb_sha3_256_final(hb_sha3_256_ctx *ctx, uint8_t *out);
#endif

#if HB_HAVE_U64
#define HB_SHA3_512_LEN 64
void hb_sha3_512(uint8_t *out, const uint8_t *in, size_t len);
typedef struct { uint32_t stub; } hb_sha3_512_ctx;
void hb_sha3_512_init(hb_sha3_512_ctx *ctx);
void hb_sha3_512_update(hb_sha3_512_ctx *ctx, const uint8_t *in, size_t len);
void hb_sha3_512_final(hb_sha3_512_ctx *ctx, uint8_t *out);
#endif

#if HB_HAVE_U64
#define HB_KECCAK256_LEN 32
void hb_keccak256(uint8_t *out, const uint8_t *in, size_t len);
typedef struct { uint32_t stub; } hb_keccak256_ctx;
void hb_keccak256_init(hb_keccak256_ctx *ctx);
void hb_keccak256_update(hb_keccak256_ctx *ctx, const uint8_t *in, size_t len);
void hb_keccak256_final(hb_keccak256_ctx *ctx, uint8_t *out);
#endif

#endif /* HB_KECCAK_H */
