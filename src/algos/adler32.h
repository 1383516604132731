/* SPDX-License-Identifier: MIT
 * adler32.h - Adler-32 (RFC 1950 section 8 and section 9's sample code):
 * s1 = 1 + sum of bytes, s2 = sum of the s1 values, both mod 65521; the
 * value is s2 * 65536 + s1, written as its big-endian bytes (zlib order).
 */
#ifndef HB_ADLER32_H
#define HB_ADLER32_H

#include "hb_config.h"

#define HB_ADLER32_LEN 4
void hb_adler32(uint8_t *out, const uint8_t *in, size_t len);
/* The running value (s2 << 16) | s1, reduced: Adler-32 needs no buffer. */
typedef struct { uint32_t adler; } hb_adler32_ctx;
void hb_adler32_init(hb_adler32_ctx *ctx);
void hb_adler32_update(hb_adler32_ctx *ctx, const uint8_t *in, size_t len);
void hb_adler32_final(hb_adler32_ctx *ctx, uint8_t *out);

#endif /* HB_ADLER32_H */
