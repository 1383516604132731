/* SPDX-License-Identifier: MIT
 * siphash.h - SipHash-2-4 (Aumasson and Bernstein, "SipHash: a fast
 * short-input PRF", 2012, section 2), 64-bit output.
 *
 * hb_siphash24 and the streaming API use the roster's fixed key, the bytes
 * 00 01 .. 0F; hb_siphash24_keyed and hb_siphash24_init_key take any key.
 * Canonical output: the reference's 8 output bytes (the 64-bit value
 * little-endian).
 */
#ifndef HB_SIPHASH_H
#define HB_SIPHASH_H

#include "hb_config.h"

#if HB_HAVE_U64
#define HB_SIPHASH24_LEN 8

typedef struct {
    uint64_t v[4];       /* the internal state v0..v3 */
    uint8_t buf[8];      /* the partial word: count % 8 bytes */
    uint8_t count;       /* bytes so far, mod 256: all the final block needs */
} hb_siphash24_ctx;

void hb_siphash24(uint8_t *out, const uint8_t *in, size_t len);
void hb_siphash24_init(hb_siphash24_ctx *ctx);
void hb_siphash24_init_key(hb_siphash24_ctx *ctx, const uint8_t key[16]);
void hb_siphash24_update(hb_siphash24_ctx *ctx, const uint8_t *in, size_t len);
void hb_siphash24_final(hb_siphash24_ctx *ctx, uint8_t *out);
void hb_siphash24_keyed(uint8_t out[8], const uint8_t key[16], const uint8_t *in, size_t len);
#endif

#endif /* HB_SIPHASH_H */
