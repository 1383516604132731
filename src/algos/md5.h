/* SPDX-License-Identifier: MIT
 * md5.h - MD5 (RFC 1321).
 *
 * One-shot, streaming, and a compact variant (one rolled step and a
 * 64-word constant table) for the 8-bit ports.
 */
#ifndef HB_MD5_H
#define HB_MD5_H

#include "hb_config.h"

#define HB_MD5_LEN 16

typedef struct {
    uint32_t h[4];     /* chaining value A, B, C, D */
    uint32_t count[2]; /* bytes hashed so far: low word, high word */
    uint8_t buf[64];   /* the partial block: count[0] % 64 bytes */
} hb_md5_ctx;

void hb_md5(uint8_t *out, const uint8_t *in, size_t len);
void hb_md5_compact(uint8_t *out, const uint8_t *in, size_t len);
void hb_md5_init(hb_md5_ctx *ctx);
void hb_md5_update(hb_md5_ctx *ctx, const uint8_t *in, size_t len);
void hb_md5_final(hb_md5_ctx *ctx, uint8_t *out);

#endif /* HB_MD5_H */
