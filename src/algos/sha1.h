/* SPDX-License-Identifier: MIT
 * sha1.h - SHA-1 (FIPS 180-4, sections 4.1.1, 4.2.1, 5.3.1 and 6.1).
 *
 * One-shot, streaming, and a compact variant (one rolled round) for the
 * 8-bit ports.
 */
#ifndef HB_SHA1_H
#define HB_SHA1_H

#include "hb_config.h"

#define HB_SHA1_LEN 20

typedef struct {
    uint32_t h[5];     /* chaining value H0..H4 */
    uint32_t count[2]; /* bytes hashed so far: low word, high word */
    uint8_t buf[64];   /* the partial block: count[0] % 64 bytes */
} hb_sha1_ctx;

void hb_sha1(uint8_t *out, const uint8_t *in, size_t len);
void hb_sha1_compact(uint8_t *out, const uint8_t *in, size_t len);
void hb_sha1_init(hb_sha1_ctx *ctx);
void hb_sha1_update(hb_sha1_ctx *ctx, const uint8_t *in, size_t len);
void hb_sha1_final(hb_sha1_ctx *ctx, uint8_t *out);

#endif /* HB_SHA1_H */
