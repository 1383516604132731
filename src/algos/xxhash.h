/* SPDX-License-Identifier: MIT
 * xxhash.h - XXH32 and XXH64 (Yann Collet, xxHash specification
 * doc/xxhash_spec.md v0.1.1), seed 0.
 *
 * Canonical output: the big-endian bytes of the hash value, as xxhsum
 * prints it (XXH32_canonicalFromHash).  Streaming gives the same digest as
 * the one-shot for any split.
 */
#ifndef HB_XXHASH_H
#define HB_XXHASH_H

#include "hb_config.h"

#define HB_XXH32_LEN 4

typedef struct {
    uint32_t v[4];       /* the four lanes */
    uint32_t count;      /* bytes so far, mod 2^32 (what XXH32 adds in) */
    uint8_t large;       /* 16 bytes or more seen: the lanes are in use */
    uint8_t buf[16];     /* the partial stripe: count % 16 bytes */
} hb_xxh32_ctx;

void hb_xxh32(uint8_t *out, const uint8_t *in, size_t len);
void hb_xxh32_init(hb_xxh32_ctx *ctx);
void hb_xxh32_update(hb_xxh32_ctx *ctx, const uint8_t *in, size_t len);
void hb_xxh32_final(hb_xxh32_ctx *ctx, uint8_t *out);

#if HB_HAVE_U64
#define HB_XXH64_LEN 8

typedef struct {
    uint64_t v[4];       /* the four lanes */
    uint64_t count;      /* bytes so far */
    uint8_t buf[32];     /* the partial stripe: count % 32 bytes */
} hb_xxh64_ctx;

void hb_xxh64(uint8_t *out, const uint8_t *in, size_t len);
void hb_xxh64_init(hb_xxh64_ctx *ctx);
void hb_xxh64_update(hb_xxh64_ctx *ctx, const uint8_t *in, size_t len);
void hb_xxh64_final(hb_xxh64_ctx *ctx, uint8_t *out);
#endif

#endif /* HB_XXHASH_H */
