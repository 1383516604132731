/* SPDX-License-Identifier: MIT
 * hb_rom_image.h - what one console ROM image holds: its roster, sizes and
 * budget.  hashbench/rom/image.py writes the definitions (hb_rom_roster.c,
 * and hb_rom_sizes.h with the counts the arrays below need) into the
 * image's build folder from the command line's selection
 * (-a, --tier, --impl, --size, --budget).  C89.
 */
#ifndef HB_ROM_IMAGE_H
#define HB_ROM_IMAGE_H

#include <stddef.h>
#include <stdint.h>
#include "hb_rom_sizes.h" /* generated: HB_ROM_ENTRIES, HB_ROM_NSIZES, HB_ROM_STD, HB_ROM_BUF, HB_ROM_LEGEND_LINES */

#define HB_ROM_CHECKSUM 0
#define HB_ROM_NONCRYPTO 1
#define HB_ROM_CRYPTO 2

typedef void (*hb_rom_fn)(uint8_t *out, const uint8_t *in, size_t len);

/* One row of the table: an implementation of an algorithm. */
typedef struct {
    const char *algo;       /* "sha256": the roster's id, for the records  */
    const char *impl;       /* "portable", "compact"                        */
    const char *label;      /* "SHA256": what the table shows               */
    char mark;              /* 'p': the implementation, in the I column     */
    uint8_t tier;           /* HB_ROM_CHECKSUM, ...                         */
    uint8_t digest_len;
    hb_rom_fn fn;
    /* the reference digest (data/reference-digests.tsv) of the workload at
       each of hb_rom_sizes[] */
    const uint8_t *expected[HB_ROM_NSIZES];
} hb_rom_entry;

extern const hb_rom_entry hb_rom_roster[HB_ROM_ENTRIES];
/* Ascending; hb_rom_sizes[HB_ROM_STD] is the image's size, and the sizes
 * whose hb_rom_in_sweep[] is 1 are the sweep's (64 / 256 / 1024 B). */
extern const uint16_t hb_rom_sizes[HB_ROM_NSIZES];
extern const uint8_t hb_rom_in_sweep[HB_ROM_NSIZES];
extern const uint16_t hb_rom_budget_ms;
/* the lines under the table that name each mark of the I column
 * ("I: a=armv4 p=portable"), each at most HB_ROM_COLS characters */
extern const char *const hb_rom_legend[HB_ROM_LEGEND_LINES];

#endif /* HB_ROM_IMAGE_H */
