/* SPDX-License-Identifier: MIT
 * xxh3.h - XXH3_64bits (Yann Collet, xxHash specification
 * doc/xxhash_spec.md v0.1.1, "XXH3 Algorithm Overview"), seed 0, the
 * default 192-byte secret.
 *
 * Canonical output: the big-endian bytes of the 64-bit value, as xxhsum
 * prints it.  Streaming gives the same digest as the one-shot for any
 * split; the context holds 256 bytes of input.
 */
#ifndef HB_XXH3_H
#define HB_XXH3_H

#include "hb_config.h"

#if HB_HAVE_U64
#define HB_XXH3_64_LEN 8

typedef struct {
    uint64_t acc[8];     /* the eight accumulators */
    uint64_t count;      /* bytes so far */
    unsigned buffered;   /* bytes in buf[0..buffered), 0..256 */
    unsigned stripe;     /* stripes already taken in the current block, 0..15 */
    /* Input not yet consumed.  Inputs up to 240 bytes stay here whole (they
     * take the short paths at final); past that, stripes are consumed only
     * when more input follows them, and buf[192..256) keeps the last 64
     * consumed bytes for the final overlapping stripe. */
    uint8_t buf[256];
} hb_xxh3_64_ctx;

void hb_xxh3_64(uint8_t *out, const uint8_t *in, size_t len);
void hb_xxh3_64_init(hb_xxh3_64_ctx *ctx);
void hb_xxh3_64_update(hb_xxh3_64_ctx *ctx, const uint8_t *in, size_t len);
void hb_xxh3_64_final(hb_xxh3_64_ctx *ctx, uint8_t *out);
#endif

#endif /* HB_XXH3_H */
