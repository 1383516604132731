/* SPDX-License-Identifier: MIT
 * hb_region.h - the measured region, shared by every engine that lets an
 * instrument outside the program read the cost: the QEMU guest engine
 * (src/engine/guest/qemu.c, read by the QEMU plugin) and the host engine's
 * region mode (`bench -k CALLS`, read by Callgrind).
 *
 * A region is CALLS back-to-back calls between the two marker functions.
 * The instruments find the markers by name: the QEMU plugin by address
 * from `nm` (hashbench/meters/qemu_insn.py MARKERS), Callgrind by symbol
 * (--zero-before=hb_cross_begin --dump-before=hb_cross_end,
 * hashbench/meters/callgrind.py).  The names predate the host's use and
 * are kept: the tools that look them up say "hb_cross".
 *
 * The engine measures nothing in a region; it only makes the regions
 * happen in a known order and names each afterwards with a `region`
 * record.  The harness region of a size is the same loop around a
 * do-nothing function, named algo "-", impl "-" (HB_REGION_HARNESS).
 */
#ifndef HB_REGION_H
#define HB_REGION_H

#include <stddef.h>
#include <stdint.h>
#include "hb_registry.h"

#define HB_REGION_HARNESS "-"

/* The markers: never inlined, never merged, kept even when unused. */
void hb_cross_begin(void);
void hb_cross_end(void);

/* The do-nothing hash whose region is the harness alone. */
void hb_region_nothing(uint8_t *out, const uint8_t *in, size_t len);

/* `warm` calls outside the region (a simulator's caches and branch
 * predictor then see the hash's steady state), then `calls` calls of `fn`
 * between the markers.  Always through a volatile pointer, so the loop is
 * the same machine code for every function. */
void hb_region_run(hb_oneshot_fn fn, uint8_t *out, const uint8_t *in, size_t len,
                   unsigned long warm, unsigned long calls);

/* After each region: {"rec":"region","index":..,"algo":..,"impl":..,"size":..,"calls":..
 * - the caller may add fields (the host engine: impl_version, params) and
 * ends the record with hb_rec_end(). */
void hb_rec_region(unsigned long index, const char *algo, const char *impl, size_t len,
                   unsigned long calls);

#endif /* HB_REGION_H */
