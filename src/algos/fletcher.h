/* SPDX-License-Identifier: MIT
 * fletcher.h - Fletcher checksums (J. G. Fletcher, "An Arithmetic Checksum
 * for Serial Transmissions", IEEE Trans. Commun. 30(1), 1982; RFC 1146)
 * exactly as docs/algorithms.md fixes them:
 *   fletcher16  bytes, mod 255, both sums start at 0, value (b << 8) | a
 *   fletcher32  16-bit big-endian words, mod 65535, value (b << 16) | a;
 *               an odd last byte is the high byte of a word whose low byte is 0
 *   fletcher64  32-bit big-endian words, mod 2^32-1, value (b << 32) | a;
 *               a 1-3 byte tail is left-aligned in a zero-filled word
 * Values are written as big-endian bytes.  Fletcher-64 is computed with
 * 32-bit arithmetic only (end-around carry), so it builds with HB_NO_U64.
 *
 * The streaming contexts carry the bytes of a word that an update cut.
 */
#ifndef HB_FLETCHER_H
#define HB_FLETCHER_H

#include "hb_config.h"

#define HB_FLETCHER16_LEN 2
void hb_fletcher16(uint8_t *out, const uint8_t *in, size_t len);
typedef struct { uint32_t a, b; } hb_fletcher16_ctx;
void hb_fletcher16_init(hb_fletcher16_ctx *ctx);
void hb_fletcher16_update(hb_fletcher16_ctx *ctx, const uint8_t *in, size_t len);
void hb_fletcher16_final(hb_fletcher16_ctx *ctx, uint8_t *out);

#define HB_FLETCHER32_LEN 4
void hb_fletcher32(uint8_t *out, const uint8_t *in, size_t len);
typedef struct {
    uint32_t a, b;
    uint8_t part[1]; /* the first byte of a word cut by an update */
    uint8_t npart;
} hb_fletcher32_ctx;
void hb_fletcher32_init(hb_fletcher32_ctx *ctx);
void hb_fletcher32_update(hb_fletcher32_ctx *ctx, const uint8_t *in, size_t len);
void hb_fletcher32_final(hb_fletcher32_ctx *ctx, uint8_t *out);

#define HB_FLETCHER64_LEN 8
void hb_fletcher64(uint8_t *out, const uint8_t *in, size_t len);
typedef struct {
    uint32_t a, b;
    uint8_t part[3]; /* up to 3 bytes of a word cut by an update */
    uint8_t npart;
} hb_fletcher64_ctx;
void hb_fletcher64_init(hb_fletcher64_ctx *ctx);
void hb_fletcher64_update(hb_fletcher64_ctx *ctx, const uint8_t *in, size_t len);
void hb_fletcher64_final(hb_fletcher64_ctx *ctx, uint8_t *out);

#endif /* HB_FLETCHER_H */
