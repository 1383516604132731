/* SPDX-License-Identifier: MIT
 * hb_reference.c - lookup in the generated reference table, and the
 * verification every implementation passes before it is timed.
 * Small targets define HB_REFERENCE_MAX_SIZE to keep only the short sizes.
 */
#include <stdio.h>
#include <string.h>
#include "hb_host.h"
#include "hb_reference.h"
#include "../hb_record.h"

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

const char *hb_verify(const hb_impl *r, const uint8_t *buf, unsigned long size, const char *hex)
{
    const char *want = hb_reference_hex(r->algo->id, size);
    char want_buf[HB_HEX_LEN];
    const char *basis = "reference";
    if (!want) {
        uint8_t ref[HB_MAX_DIGEST];
        /* No tabulated digest at this size: our portable code, which the
         * tests check at every length against independent libraries. */
        r->algo->portable(ref, buf, size);
        hb_to_hex(want_buf, ref, r->algo->digest_len);
        want = want_buf;
        basis = "portable";
    }
    if (strcmp(want, hex) == 0) return basis;
    hb_rec_begin("error");
    hb_rec_str("kind", "verify");
    hb_rec_str("message", strcmp(basis, "reference") == 0
                              ? "the digest does not match the reference digest"
                              : "the digest does not match our portable code's digest");
    hb_rec_str("algo", r->algo->id);
    hb_rec_str("impl", r->name);
    hb_rec_uint("size", size);
    hb_rec_str("digest", hex);
    hb_rec_str("expected", want);
    hb_rec_str("basis", basis);
    hb_rec_end();
    fflush(stdout);
    return NULL;
}
