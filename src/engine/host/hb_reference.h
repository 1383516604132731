/* SPDX-License-Identifier: MIT
 * hb_reference.h - reference digests of the standard workload, compiled in
 * from data/reference-digests.tsv (written by tools/generate/reference_digests.py
 * from independent implementations, never from our own C; the Makefile turns
 * it into hb_reference_data.inc in the build folder's gen/).
 */
#ifndef HB_REFERENCE_H
#define HB_REFERENCE_H

#include <stddef.h>

/* Lower-case hex digest of `algo` over the first `size` workload bytes,
 * or NULL when the table has no entry for that size. */
const char *hb_reference_hex(const char *algo, unsigned long size);

#endif
