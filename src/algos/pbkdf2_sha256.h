/* SPDX-License-Identifier: MIT
 * pbkdf2_sha256.h - STUB generated for the skeleton; replaced by the real implementation.
 */
#ifndef HB_PBKDF2_SHA256_H
#define HB_PBKDF2_SHA256_H

#include "hb_config.h"

#define HB_PBKDF2_SHA256_LEN 32
void hb_pbkdf2_sha256(uint8_t *out, const uint8_t *in, size_t len);
void hb_pbkdf2_sha256_params(uint8_t *out, size_t outlen, const uint8_t *pass, size_t passlen,
                             const uint8_t *salt, size_t saltlen, uint32_t iterations);

#endif /* HB_PBKDF2_SHA256_H */
