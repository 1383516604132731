/* SPDX-License-Identifier: MIT
 * tiger.h - Tiger/192 (Anderson and Biham, "Tiger: A Fast New Hash
 * Function", FSE 1996), with the authors' 0x01 padding byte (libgcrypt's
 * GCRY_MD_TIGER1, not Tiger2's 0x80).  Needs 64-bit integers.
 */
#ifndef HB_TIGER_H
#define HB_TIGER_H

#include "hb_config.h"

#if HB_HAVE_U64
#define HB_TIGER_LEN 24

typedef struct {
    uint64_t h[3];   /* chaining value a, b, c */
    uint32_t count[2]; /* bytes hashed so far: low word, high word */
    uint8_t buf[64];   /* the partial block: count[0] % 64 bytes */
} hb_tiger_ctx;

void hb_tiger(uint8_t *out, const uint8_t *in, size_t len);
void hb_tiger_init(hb_tiger_ctx *ctx);
void hb_tiger_update(hb_tiger_ctx *ctx, const uint8_t *in, size_t len);
void hb_tiger_final(hb_tiger_ctx *ctx, uint8_t *out);
#endif

#endif /* HB_TIGER_H */
