/* SPDX-License-Identifier: MIT
 * hb_reference.c - lookup in the generated reference table.
 * Small targets define HB_REFERENCE_MAX_SIZE to keep only the short sizes.
 */
#include <string.h>
#include "hb_reference.h"

#ifndef HB_REFERENCE_MAX_SIZE
#define HB_REFERENCE_MAX_SIZE 1048576ul
#endif

typedef struct {
    const char *algo;
    unsigned long size;
    const char *hex;
} hb_ref;

#define HB_REF(algo, size, hex) { algo, size, hex },
static const hb_ref refs[] = {
#include "hb_reference_data.inc"
    { NULL, 0, NULL }
};
#undef HB_REF

const char *hb_reference_hex(const char *algo, unsigned long size)
{
    const hb_ref *r;
    if (size > HB_REFERENCE_MAX_SIZE) return NULL;
    for (r = refs; r->algo; r++)
        if (r->size == size && strcmp(r->algo, algo) == 0)
            return r->hex;
    return NULL;
}
