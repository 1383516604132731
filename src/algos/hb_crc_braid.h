/* SPDX-License-Identifier: MIT
 * hb_crc_braid.h - braiding, the table-driven loop of the reflected 32-bit
 * CRCs (crc32.c: CRC-32/ISO-HDLC; crc32c.c: CRC-32C, RFC 3720 B.4), which
 * differ only in their tables (hb_tables.h).
 *
 * Braiding is the scheme of zlib 1.2.12+: a byte-table CRC is one long
 * chain of dependent lookups, so the input is cut into words and dealt
 * round-robin to HB_BRAID_N = 5 independent CRC registers ("braids"), which
 * the CPU advances in parallel.  It works because a CRC register is linear
 * in its input: Z(x, k), the register x after k zero bytes, is the XOR of
 * one table entry per byte of x.  A braid folds its next word w with
 * r = Z(r ^ w, 5 words) (table `braid`); the last block merges the braids
 * in stream order with ordinary word steps crc = Z(crc ^ r_i ^ w_i, 1 word)
 * (table `word`).  On x86-64 this runs ~2.6x faster than slicing-by-8, as
 * fast as zlib 1.2.13's crc32() on long inputs and 1.6x faster at 1 KiB;
 * tables: 8 KiB per CRC.  crc64.c braids 64-bit words the same way.
 *
 * On a big-endian CPU the registers and tables are byte-reversed so that
 * words load natively (HB_BIG_ENDIAN), and on MIPS64/RV64 the lookups are
 * byte offsets (HB_TABLE_BYTE_OFFSETS): the N64's VR4300 runs the loop in
 * 5.5 instructions a byte instead of 8.7.
 *
 * The loop is crc32_braid.c, called with the tables as arguments: a copy
 * per CRC file, specialised by gcc to that file's table addresses, costs
 * aarch64 12-22% more instructions (it rematerialises the addresses).
 */
#ifndef HB_CRC_BRAID_H
#define HB_CRC_BRAID_H

#include "hb_util.h"

#define HB_BRAID_N 5 /* braids; 5 keeps all registers in x86-64 and ARM GPRs */

/* The register crc after the bytes p[0..len), with the tables of one CRC
 * (hb_tables.h: hb_crc32_word/braid or hb_crc32c_word/braid). */
uint32_t hb_crc32_braided(const uint32_t (*word)[256], const uint32_t (*braid)[256],
                          uint32_t crc, const uint8_t *p, size_t len);

#endif /* HB_CRC_BRAID_H */
