/* SPDX-License-Identifier: MIT
 * murmur3.h - MurmurHash3 (Austin Appleby, SMHasher MurmurHash3.cpp):
 * MurmurHash3_x86_32 and MurmurHash3_x64_128, seed 0.
 *
 * Canonical output: murmur3-32 as the big-endian bytes of the 32-bit value
 * (what xxhsum-style tools print); murmur3-128 as SMHasher's byte output,
 * h1 then h2, each little-endian (what mmh3.hash_bytes returns).
 * Streaming gives the same digest as the one-shot for any split.
 */
#ifndef HB_MURMUR3_H
#define HB_MURMUR3_H

#include "hb_config.h"

#define HB_MURMUR3_32_LEN 4

typedef struct {
    uint32_t h;          /* h1 after the whole blocks so far */
    uint32_t count;      /* bytes so far, mod 2^32 (the reference's len) */
    uint8_t buf[4];      /* the partial block: count % 4 bytes */
} hb_murmur3_32_ctx;

void hb_murmur3_32(uint8_t *out, const uint8_t *in, size_t len);
void hb_murmur3_32_init(hb_murmur3_32_ctx *ctx);
void hb_murmur3_32_update(hb_murmur3_32_ctx *ctx, const uint8_t *in, size_t len);
void hb_murmur3_32_final(hb_murmur3_32_ctx *ctx, uint8_t *out);

#if HB_HAVE_U64
#define HB_MURMUR3_128_LEN 16

typedef struct {
    uint64_t h1, h2;     /* state after the whole blocks so far */
    uint64_t count;      /* bytes so far */
    uint8_t buf[16];     /* the partial block: count % 16 bytes */
} hb_murmur3_128_ctx;

void hb_murmur3_128(uint8_t *out, const uint8_t *in, size_t len);
void hb_murmur3_128_init(hb_murmur3_128_ctx *ctx);
void hb_murmur3_128_update(hb_murmur3_128_ctx *ctx, const uint8_t *in, size_t len);
void hb_murmur3_128_final(hb_murmur3_128_ctx *ctx, uint8_t *out);
#endif

#endif /* HB_MURMUR3_H */
