/* SPDX-License-Identifier: MIT
 * keccak.h - Keccak-f[1600] and the three hashes built on it:
 *   SHA3-256, SHA3-512   FIPS 202 section 6.1 (domain bits 01, pad byte 0x06)
 *   Keccak-256           the original Keccak[c=512] submission padding
 *                        (pad byte 0x01), as Ethereum uses it
 * All three share one sponge; only the rate and the pad byte differ.
 * 64-bit lanes, so the whole family sits behind HB_HAVE_U64.
 */
#ifndef HB_KECCAK_H
#define HB_KECCAK_H

#include "hb_config.h"

#if HB_HAVE_U64
#define HB_SHA3_256_LEN 32
#define HB_SHA3_512_LEN 64
#define HB_KECCAK256_LEN 32

/* Rates in bytes: 200 - 2 * digest length (FIPS 202 6.1). */
#define HB_SHA3_256_RATE 136
#define HB_SHA3_512_RATE 72
#define HB_KECCAK256_RATE 136

/* One sponge state for every member of the family.  The message is XORed
 * into the lanes as it arrives (byte i of a block into lane i / 8, bits
 * 8 * (i % 8) up, FIPS 202 B.1's little-endian convention), so there is no
 * separate block buffer. */
typedef struct {
    uint64_t a[25]; /* lane (x, y) of FIPS 202 3.1.2 at a[x + 5 * y] */
    unsigned pos;   /* bytes of the current block absorbed: 0 .. rate - 1 */
} hb_keccak_ctx;

typedef hb_keccak_ctx hb_sha3_256_ctx;
typedef hb_keccak_ctx hb_sha3_512_ctx;
typedef hb_keccak_ctx hb_keccak256_ctx;

/* The bare permutation Keccak-f[1600] = Keccak-p[1600, 24] (FIPS 202 3.4),
 * on lanes held as host integers: it can be verified and timed alone. */
void hb_keccak_f1600(uint64_t a[25]);

void hb_sha3_256(uint8_t *out, const uint8_t *in, size_t len);
void hb_sha3_256_init(hb_sha3_256_ctx *ctx);
void hb_sha3_256_update(hb_sha3_256_ctx *ctx, const uint8_t *in, size_t len);
void hb_sha3_256_final(hb_sha3_256_ctx *ctx, uint8_t *out);

void hb_sha3_512(uint8_t *out, const uint8_t *in, size_t len);
void hb_sha3_512_init(hb_sha3_512_ctx *ctx);
void hb_sha3_512_update(hb_sha3_512_ctx *ctx, const uint8_t *in, size_t len);
void hb_sha3_512_final(hb_sha3_512_ctx *ctx, uint8_t *out);

void hb_keccak256(uint8_t *out, const uint8_t *in, size_t len);
void hb_keccak256_init(hb_keccak256_ctx *ctx);
void hb_keccak256_update(hb_keccak256_ctx *ctx, const uint8_t *in, size_t len);
void hb_keccak256_final(hb_keccak256_ctx *ctx, uint8_t *out);
#endif /* HB_HAVE_U64 */

#endif /* HB_KECCAK_H */
