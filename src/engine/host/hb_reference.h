/* SPDX-License-Identifier: MIT
 * hb_reference.h - reference digests of the standard workload, compiled in
 * from data/reference-digests.tsv (written by tools/generate/reference_digests.py
 * from independent implementations, never from our own C; the Makefile turns
 * it into hb_reference_data.inc in the build folder's gen/).
 */
#ifndef HB_REFERENCE_H
#define HB_REFERENCE_H

#include <stddef.h>
#include <stdint.h>
#include "../hb_registry.h"

/* Lower-case hex digest of `algo` over the first `size` workload bytes,
 * or NULL when the table has no entry for that size. */
const char *hb_reference_hex(const char *algo, unsigned long size);

/* Checks `hex`, the digest r computed of `buf` (the first `size` workload
 * bytes), against the reference, else (a size the table lacks) against our
 * portable code.  -> the basis ("reference", "portable"), or NULL after
 * writing an `error` record of kind `verify`: never time what failed. */
const char *hb_verify(const hb_impl *r, const uint8_t *buf, unsigned long size, const char *hex);

#endif
