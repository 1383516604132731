/* SPDX-License-Identifier: MIT
 * backends/sodium/sodium.c - libsodium: SHA-256 and SHA-512 (FIPS 180-4),
 * BLAKE2b-512 unkeyed (RFC 7693, crypto_generichash), HMAC-SHA256 (RFC 2104)
 * with the roster key, SipHash-2-4 with key 00..0F (crypto_shorthash).
 * libsodium's BLAKE2s and MD5/SHA-1 do not exist; its HMAC-SHA256 is used
 * through _init/_update/_final because crypto_auth_hmacsha256() insists on
 * a 32-byte key and ours is 16 bytes.
 */
#include <sodium.h>

#include "../../src/engine/host/hb_impls.h"

/* ASCII "hash-bench-nds" followed by two 0x00 bytes (algorithms.md). */
static const uint8_t hb_sodium_hmac_key[16] = {
    'h', 'a', 's', 'h', '-', 'b', 'e', 'n', 'c', 'h', '-', 'n', 'd', 's', 0, 0
};

/* SipHash-2-4 key: bytes 00..0F, as in the SipHash paper's test vectors. */
static const uint8_t hb_sodium_sip_key[crypto_shorthash_siphash24_KEYBYTES] = {
    0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15
};

static void hb_sodium_sha256(uint8_t *out, const uint8_t *in, size_t len)
{
    crypto_hash_sha256(out, in, len);
}

static void hb_sodium_sha512(uint8_t *out, const uint8_t *in, size_t len)
{
    crypto_hash_sha512(out, in, len);
}

/* crypto_generichash is BLAKE2b; 64-byte output and no key make it the
 * roster's BLAKE2b-512 (the output length is a BLAKE2 parameter, so a
 * shorter output would be a different hash, not a truncation). */
static void hb_sodium_blake2b(uint8_t *out, const uint8_t *in, size_t len)
{
    crypto_generichash(out, crypto_generichash_BYTES_MAX, in, len, NULL, 0);
}

static void hb_sodium_hmac_sha256(uint8_t *out, const uint8_t *in, size_t len)
{
    crypto_auth_hmacsha256_state st;
    crypto_auth_hmacsha256_init(&st, hb_sodium_hmac_key, sizeof hb_sodium_hmac_key);
    crypto_auth_hmacsha256_update(&st, in, len);
    crypto_auth_hmacsha256_final(&st, out);
}

/* libsodium stores the 64-bit result little-endian, which is exactly the
 * reference implementation's 8 output bytes: no reordering needed. */
static void hb_sodium_siphash24(uint8_t *out, const uint8_t *in, size_t len)
{
    crypto_shorthash_siphash24(out, in, len, hb_sodium_sip_key);
}

/* sodium_init() picks the CPU-specific code paths (SSE4.1/AVX2 BLAKE2b,
 * ...); it is idempotent, and < 0 means the library cannot be used. */
static int hb_sodium_available(void)
{
    static int state; /* 0: not yet asked, 1: usable, -1: not */
    if (!state) state = sodium_init() >= 0 ? 1 : -1;
    return state > 0;
}

static const char *hb_sodium_version(void)
{
    return sodium_version_string();
}

static const hb_backend_entry hb_sodium_entries[] = {
    { "sha256", hb_sodium_sha256, NULL, NULL },
    { "sha512", hb_sodium_sha512, NULL, NULL },
    { "blake2b", hb_sodium_blake2b, NULL, NULL },
    { "hmac-sha256", hb_sodium_hmac_sha256, NULL, NULL },
    { "siphash24", hb_sodium_siphash24, NULL, NULL },
    { NULL, NULL, NULL, NULL }
};

const hb_backend hb_backend_sodium = { "sodium", hb_sodium_version, hb_sodium_available,
                                       hb_sodium_entries };
