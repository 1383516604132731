/* SPDX-License-Identifier: MIT
 * ascon.h - Ascon-Hash256 (NIST SP 800-232, August 2025, section 5.1) and
 * its permutation Ascon-p[12] (section 3).  The final standard's byte order:
 * a rate block is loaded little-endian into S0 (SP 800-232 Appendix A), not
 * big-endian as in the Ascon v1.2 submission, whose "Ascon-Hash" therefore
 * gives other digests.  64-bit words, so it sits behind HB_HAVE_U64.
 */
#ifndef HB_ASCON_H
#define HB_ASCON_H

#include "hb_config.h"

#if HB_HAVE_U64
#define HB_ASCON_HASH256_LEN 32
#define HB_ASCON_HASH256_RATE 8

typedef struct {
    uint64_t s[5];  /* S0..S4; the message goes into S0 */
    unsigned pos;   /* bytes of the current 8-byte block absorbed: 0..7 */
} hb_ascon_hash256_ctx;

/* The bare permutation Ascon-p[12] (SP 800-232 section 3, constants
 * const_4..const_15 of Table 5), for verifying and timing it alone. */
void hb_ascon_p12(uint64_t s[5]);

void hb_ascon_hash256(uint8_t *out, const uint8_t *in, size_t len);
void hb_ascon_hash256_init(hb_ascon_hash256_ctx *ctx);
void hb_ascon_hash256_update(hb_ascon_hash256_ctx *ctx, const uint8_t *in, size_t len);
void hb_ascon_hash256_final(hb_ascon_hash256_ctx *ctx, uint8_t *out);
/* One round, rolled: the same digests from a twelfth of the rounds' code. */
void hb_ascon_hash256_compact(uint8_t *out, const uint8_t *in, size_t len);
#endif /* HB_HAVE_U64 */

#endif /* HB_ASCON_H */
