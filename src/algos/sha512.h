/* SPDX-License-Identifier: MIT
 * sha512.h - SHA-512 (FIPS 180-4, sections 4.2.3, 5.3.5 and 6.4).
 *
 * One-shot, streaming, a compact variant, and the bare compression
 * function.  64-bit throughout: absent under HB_NO_U64.
 */
#ifndef HB_SHA512_H
#define HB_SHA512_H

#include "hb_config.h"

#if HB_HAVE_U64
#define HB_SHA512_LEN 64
#define HB_SHA512_BLOCK 128

typedef struct {
    uint64_t h[8];      /* chaining value */
    uint32_t count[2];  /* bytes hashed so far: low word, high word */
    uint8_t buf[128];   /* the partial block: count[0] % 128 bytes */
} hb_sha512_ctx;

void hb_sha512(uint8_t *out, const uint8_t *in, size_t len);
void hb_sha512_compact(uint8_t *out, const uint8_t *in, size_t len);
void hb_sha512_init(hb_sha512_ctx *ctx);
void hb_sha512_update(hb_sha512_ctx *ctx, const uint8_t *in, size_t len);
void hb_sha512_final(hb_sha512_ctx *ctx, uint8_t *out);

/* Runs the compression function over nblocks consecutive 128-byte blocks. */
void hb_sha512_compress(uint64_t h[8], const uint8_t *blocks, size_t nblocks);
#endif

#endif /* HB_SHA512_H */
