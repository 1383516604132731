/* SPDX-License-Identifier: MIT
 * pbkdf2_sha256.h - PBKDF2 with HMAC-SHA-256 (RFC 8018 section 5.2;
 * test vectors RFC 7914 section 11).
 *
 * The roster's one-shot: password = the input, salt = ASCII
 * "hash-bench-salt", HB_PBKDF2_SHA256_ITERATIONS iterations, 32 bytes out.
 */
#ifndef HB_PBKDF2_SHA256_H
#define HB_PBKDF2_SHA256_H

#include "hb_config.h"

#define HB_PBKDF2_SHA256_LEN 32
/* The count the reference study's published digest and timings correspond to (its
 * READMEs say 1000); the engine records it with every result. */
#define HB_PBKDF2_SHA256_ITERATIONS 100

void hb_pbkdf2_sha256(uint8_t *out, const uint8_t *in, size_t len);

/* General PBKDF2-HMAC-SHA256: any dkLen (outlen), any salt; an iteration
 * count of 0 is taken as 1. */
void hb_pbkdf2_sha256_params(uint8_t *out, size_t outlen, const uint8_t *pass, size_t passlen,
                             const uint8_t *salt, size_t saltlen, uint32_t iterations);

#endif /* HB_PBKDF2_SHA256_H */
