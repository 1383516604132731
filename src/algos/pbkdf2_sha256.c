/* SPDX-License-Identifier: MIT
 * pbkdf2_sha256.c - STUB: writes zeros.  Replaced by the real implementation.
 */
#include "pbkdf2_sha256.h"
#include <string.h>

void hb_pbkdf2_sha256(uint8_t *out, const uint8_t *in, size_t len)
{
    (void)in; (void)len;
    memset(out, 0, HB_PBKDF2_SHA256_LEN);
}

void hb_pbkdf2_sha256_params(uint8_t *out, size_t outlen, const uint8_t *pass, size_t passlen,
                             const uint8_t *salt, size_t saltlen, uint32_t iterations)
{ (void)pass; (void)passlen; (void)salt; (void)saltlen; (void)iterations; memset(out, 0, outlen); }
