/* SPDX-License-Identifier: MIT
 * hb_tables.h - the generated lookup tables, declared once.  Each lives in a
 * file of its own (written by a generator in tools/generate/; make check-generated verifies it)
 * and apart from the code that reads it: SDCC's and cc65's linkers take
 * whole object files, so a console program then carries only the tables of
 * the algorithm it runs.
 */
#ifndef HB_TABLES_H
#define HB_TABLES_H

#include "hb_config.h"

/* tools/generate/crc_tables.py (crc.h gives the parameters) */
extern const uint8_t hb_crc8_table[256];        /* crc8_table.c */
extern const uint16_t hb_crc16_table[256];      /* crc16_table.c */
extern const uint32_t hb_crc32_word[4][256];    /* crc32_tables.c */
extern const uint32_t hb_crc32_braid[4][256];
extern const uint32_t hb_crc32c_word[4][256];   /* crc32c_tables.c */
extern const uint32_t hb_crc32c_braid[4][256];
#if HB_HAVE_U64
extern const uint64_t hb_crc64_word[8][256];    /* crc64_tables.c */
extern const uint64_t hb_crc64_braid[8][256];
#endif
/* the byte tables as byte planes, for the assembly of src/algos/asm/ */
extern const uint8_t hb_crc16_planes[2][256];   /* crc16_planes.c */
extern const uint8_t hb_crc32_planes[4][256];   /* crc32_planes.c */
extern const uint8_t hb_crc32c_planes[4][256];  /* crc32c_planes.c */
extern const uint8_t hb_crc64_planes[8][256];   /* crc64_planes.c */

/* tools/generate/mul_tables.py: b * K mod 2^32 as byte planes, for src/algos/asm/ */
extern const uint8_t hb_knuth_planes[4][256];   /* knuth_planes.c */
extern const uint8_t hb_fnv1a32_planes[4][256]; /* fnv1a32_planes.c */
extern const uint8_t hb_djb2_planes[4][256];    /* djb2_planes.c */
extern const uint8_t hb_sdbm_planes[4][256];    /* sdbm_planes.c */
extern const uint8_t hb_murmur3_c1_planes[4][256]; /* murmur3_c1_planes.c */
extern const uint8_t hb_murmur3_c2_planes[4][256]; /* murmur3_c2_planes.c */
extern const uint8_t hb_murmur3_f1_planes[4][256]; /* murmur3_f1_planes.c */
extern const uint8_t hb_murmur3_f2_planes[4][256]; /* murmur3_f2_planes.c */
extern const uint8_t hb_xxh32_p2_planes[4][256];   /* xxh32_p2_planes.c */
extern const uint8_t hb_xxh32_p3_planes[4][256];   /* xxh32_p3_planes.c */
extern const uint8_t hb_xxh32_p4_planes[4][256];   /* xxh32_p4_planes.c */
extern const uint8_t hb_xxh32_p5_planes[4][256];   /* xxh32_p5_planes.c */

/* tools/generate/pearson_table.py */
extern const uint8_t hb_pearson_table[256];     /* pearson_table.c */

/* tools/generate/tiger_sboxes.py */
#if HB_HAVE_U64
extern const uint64_t hb_tiger_sbox[4][256];    /* tiger_sboxes.c */
#endif

#endif /* HB_TABLES_H */
