/* SPDX-License-Identifier: MIT
 * ripemd160.h - RIPEMD-160 (ISO/IEC 10118-3:2018 clause 7; Dobbertin,
 * Bosselaers, Preneel, "RIPEMD-160: A strengthened version of RIPEMD",
 * FSE 1996).
 *
 * One-shot, streaming, and a compact variant (one rolled step pair and
 * 160 bytes of tables) for the 8-bit ports.
 */
#ifndef HB_RIPEMD160_H
#define HB_RIPEMD160_H

#include "hb_config.h"

#define HB_RIPEMD160_LEN 20

typedef struct {
    uint32_t h[5];     /* chaining value h0..h4 */
    uint32_t count[2]; /* bytes hashed so far: low word, high word */
    uint8_t buf[64];   /* the partial block: count[0] % 64 bytes */
} hb_ripemd160_ctx;

void hb_ripemd160(uint8_t *out, const uint8_t *in, size_t len);
void hb_ripemd160_compact(uint8_t *out, const uint8_t *in, size_t len);
void hb_ripemd160_init(hb_ripemd160_ctx *ctx);
void hb_ripemd160_update(hb_ripemd160_ctx *ctx, const uint8_t *in, size_t len);
void hb_ripemd160_final(hb_ripemd160_ctx *ctx, uint8_t *out);

#endif /* HB_RIPEMD160_H */
