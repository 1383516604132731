/* SPDX-License-Identifier: MIT
 * simple.h - the one-line byte hashes of the hash-bench roster
 * (docs/algorithms.md): XOR-8, DJB2, FNV-1a 32 (draft-eastlake-fnv),
 * Knuth's multiplicative hash, Jenkins one-at-a-time, PJW/ELF (System V
 * ABI, "Hash Table" section) and sdbm.
 *
 * Each is one-shot only and writes its 32-bit (XOR-8: 8-bit) value as
 * big-endian bytes, the canonical order of integer-valued hashes.
 */
#ifndef HB_SIMPLE_H
#define HB_SIMPLE_H

#include "hb_config.h"

#define HB_XOR8_LEN 1
void hb_xor8(uint8_t *out, const uint8_t *in, size_t len);

#define HB_DJB2_LEN 4
void hb_djb2(uint8_t *out, const uint8_t *in, size_t len);

#define HB_FNV1A32_LEN 4
void hb_fnv1a32(uint8_t *out, const uint8_t *in, size_t len);

#define HB_KNUTH_LEN 4
void hb_knuth(uint8_t *out, const uint8_t *in, size_t len);

#define HB_OAT_LEN 4
void hb_oat(uint8_t *out, const uint8_t *in, size_t len);

#define HB_PJW_LEN 4
void hb_pjw(uint8_t *out, const uint8_t *in, size_t len);

#define HB_SDBM_LEN 4
void hb_sdbm(uint8_t *out, const uint8_t *in, size_t len);

#endif /* HB_SIMPLE_H */
