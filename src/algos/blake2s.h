/* SPDX-License-Identifier: MIT
 * blake2s.h - BLAKE2s (RFC 7693): the roster's BLAKE2s-256, unkeyed, and
 * the keyed, variable-length form behind it for the official test vectors.
 *
 * Pure 32-bit arithmetic: the 64-bit byte counter t is kept as two 32-bit
 * words, so this builds with HB_NO_U64 (cc65) too.
 */
#ifndef HB_BLAKE2S_H
#define HB_BLAKE2S_H

#include "hb_config.h"

#define HB_BLAKE2S_LEN 32      /* the roster's digest: BLAKE2s-256 */
#define HB_BLAKE2S_BLOCK 64
#define HB_BLAKE2S_KEYMAX 32   /* nn and kk of RFC 7693 2.5: both 1..32 / 0..32 */

typedef struct {
    uint32_t h[8];         /* chaining value */
    uint32_t t[2];         /* bytes compressed so far: low word, high word */
    uint8_t buf[64];       /* the block not yet compressed: 0..64 bytes */
    unsigned buflen;       /* bytes in buf; a full block waits for the next
                              input, since only the last block is flagged */
    unsigned outlen;       /* digest length nn */
} hb_blake2s_ctx;

void hb_blake2s(uint8_t *out, const uint8_t *in, size_t len);
void hb_blake2s_init(hb_blake2s_ctx *ctx);
void hb_blake2s_update(hb_blake2s_ctx *ctx, const uint8_t *in, size_t len);
void hb_blake2s_final(hb_blake2s_ctx *ctx, uint8_t *out);

/* BLAKE2s with an outlen-byte digest (1..32) and a keylen-byte key
 * (0..32; 0 = unkeyed).  Out-of-range lengths write nothing. */
void hb_blake2s_keyed(uint8_t *out, size_t outlen, const uint8_t *key, size_t keylen,
                      const uint8_t *in, size_t len);

/* The compression function F of RFC 7693 3.2 on one 64-byte block: t is
 * the byte count including this block, last is nonzero for the final one. */
void hb_blake2s_compress(uint32_t h[8], const uint8_t block[64], const uint32_t t[2],
                         int last);

#endif /* HB_BLAKE2S_H */
