/* SPDX-License-Identifier: MIT
 * sha256.h - SHA-256 (FIPS 180-4, sections 4.2.2, 5.3.3 and 6.2).
 *
 * One-shot, streaming, a compact variant for the 8-bit ports, and the bare
 * compression function (HMAC and PBKDF2 build on it; it can be verified and
 * timed alone).
 */
#ifndef HB_SHA256_H
#define HB_SHA256_H

#include "hb_config.h"

#define HB_SHA256_LEN 32
#define HB_SHA256_BLOCK 64

/* The fields are public within the family: HMAC and PBKDF2 read h after
 * whole blocks, and PBKDF2 resumes a context from such an h. */
typedef struct {
    uint32_t h[8];         /* chaining value */
    uint32_t count[2];     /* bytes hashed so far: low word, high word */
    uint8_t buf[64];       /* the partial block: count[0] % 64 bytes */
} hb_sha256_ctx;

void hb_sha256(uint8_t *out, const uint8_t *in, size_t len);
void hb_sha256_compact(uint8_t *out, const uint8_t *in, size_t len);
void hb_sha256_init(hb_sha256_ctx *ctx);
void hb_sha256_update(hb_sha256_ctx *ctx, const uint8_t *in, size_t len);
void hb_sha256_final(hb_sha256_ctx *ctx, uint8_t *out);

/* Runs the compression function over nblocks consecutive 64-byte blocks. */
void hb_sha256_compress(uint32_t h[8], const uint8_t *blocks, size_t nblocks);

#endif /* HB_SHA256_H */
