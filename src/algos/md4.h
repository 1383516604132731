/* SPDX-License-Identifier: MIT
 * md4.h - MD4 (RFC 1320).
 *
 * One-shot, streaming, and a compact variant (one rolled step) for the
 * 8-bit ports.
 */
#ifndef HB_MD4_H
#define HB_MD4_H

#include "hb_config.h"

#define HB_MD4_LEN 16

typedef struct {
    uint32_t h[4];     /* chaining value A, B, C, D */
    uint32_t count[2]; /* bytes hashed so far: low word, high word */
    uint8_t buf[64];   /* the partial block: count[0] % 64 bytes */
} hb_md4_ctx;

void hb_md4(uint8_t *out, const uint8_t *in, size_t len);
void hb_md4_compact(uint8_t *out, const uint8_t *in, size_t len);
void hb_md4_init(hb_md4_ctx *ctx);
void hb_md4_update(hb_md4_ctx *ctx, const uint8_t *in, size_t len);
void hb_md4_final(hb_md4_ctx *ctx, uint8_t *out);

#endif /* HB_MD4_H */
