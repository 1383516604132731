/* SPDX-License-Identifier: MIT
 * blake2b.h - BLAKE2b (RFC 7693): the roster's BLAKE2b-512, unkeyed, and
 * the keyed, variable-length form behind it for the official test vectors.
 * 64-bit words throughout: HB_NO_U64 removes it.
 */
#ifndef HB_BLAKE2B_H
#define HB_BLAKE2B_H

#include "hb_config.h"

#if HB_HAVE_U64
#define HB_BLAKE2B_LEN 64      /* the roster's digest: BLAKE2b-512 */
#define HB_BLAKE2B_BLOCK 128
#define HB_BLAKE2B_KEYMAX 64   /* nn and kk of RFC 7693 2.5: 1..64 / 0..64 */

typedef struct {
    uint64_t h[8];         /* chaining value */
    uint64_t t[2];         /* bytes compressed so far (128-bit): low, high */
    uint8_t buf[128];      /* the block not yet compressed: 0..128 bytes */
    unsigned buflen;       /* bytes in buf; a full block waits for the next
                              input, since only the last block is flagged */
    unsigned outlen;       /* digest length nn */
} hb_blake2b_ctx;

void hb_blake2b(uint8_t *out, const uint8_t *in, size_t len);
void hb_blake2b_init(hb_blake2b_ctx *ctx);
void hb_blake2b_update(hb_blake2b_ctx *ctx, const uint8_t *in, size_t len);
void hb_blake2b_final(hb_blake2b_ctx *ctx, uint8_t *out);

/* BLAKE2b with an outlen-byte digest (1..64) and a keylen-byte key
 * (0..64; 0 = unkeyed).  Out-of-range lengths write nothing. */
void hb_blake2b_keyed(uint8_t *out, size_t outlen, const uint8_t *key, size_t keylen,
                      const uint8_t *in, size_t len);

/* The compression function F of RFC 7693 3.2 on one 128-byte block: t is
 * the byte count including this block, last is nonzero for the final one. */
void hb_blake2b_compress(uint64_t h[8], const uint8_t block[128], const uint64_t t[2],
                         int last);
#endif

#endif /* HB_BLAKE2B_H */
