/* SPDX-License-Identifier: MIT
 * backends/openssl/openssl.c - OpenSSL 3 libcrypto through EVP: MD4 and
 * RIPEMD-160 (legacy provider), MD5, SHA-1, SHA-256, SHA-512, SHA3-256,
 * SHA3-512, BLAKE2s-256, BLAKE2b-512, Keccak-256 (OpenSSL >= 3.2),
 * HMAC-SHA256 (EVP_MAC), PBKDF2-HMAC-SHA256 (EVP_KDF) and AES-128-CBC-MAC
 * (EVP_CIPHER), with the roster's keys and parameters
 * (docs/algorithms.md).
 *
 * Every algorithm object is fetched, and every context allocated, once, by
 * available(): the engine asks available() before it reaches any entry,
 * so fetching (a locked name lookup) and allocation are never timed.  A
 * timed call is what a program that hashes many messages does: re-init a
 * kept context, update, final.
 */
#include <string.h>
#include <openssl/core_names.h>
#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/kdf.h>
#include <openssl/params.h>
#include <openssl/provider.h>

#include "../../src/engine/host/hb_impls.h"

/* ---- message digests --------------------------------------------------- */

typedef struct {
    const char *name; /* OpenSSL's algorithm name */
    EVP_MD *md;
    EVP_MD_CTX *ctx;
} hb_openssl_digest;

static void hb_openssl_digest_run(hb_openssl_digest *d, uint8_t *out, const uint8_t *in,
                                  size_t len)
{
    EVP_DigestInit_ex2(d->ctx, d->md, NULL);
    EVP_DigestUpdate(d->ctx, in, len);
    EVP_DigestFinal_ex(d->ctx, out, NULL);
}

/* One line per digest: (our id, C suffix, OpenSSL name).  MD4 lives in the
 * legacy provider; RIPEMD-160 too before OpenSSL 3.0.7.  KECCAK-256 exists
 * from OpenSSL 3.2 on: older ones fail the fetch and the row is dropped. */
#define HB_OPENSSL_DIGESTS(X)                    \
    X("md4", md4, "MD4")                         \
    X("md5", md5, "MD5")                         \
    X("sha1", sha1, "SHA1")                      \
    X("ripemd160", ripemd160, "RIPEMD160")       \
    X("sha256", sha256, "SHA256")                \
    X("sha512", sha512, "SHA512")                \
    X("sha3-256", sha3_256, "SHA3-256")          \
    X("sha3-512", sha3_512, "SHA3-512")          \
    X("keccak-256", keccak256, "KECCAK-256")     \
    X("blake2s", blake2s, "BLAKE2S-256")         \
    X("blake2b", blake2b, "BLAKE2B-512")

#define HB_OPENSSL_DEFINE(id, sym, name)                                         \
    static hb_openssl_digest hb_openssl_d_##sym = { name, NULL, NULL };          \
    static void hb_openssl_##sym(uint8_t *out, const uint8_t *in, size_t len)    \
    {                                                                            \
        hb_openssl_digest_run(&hb_openssl_d_##sym, out, in, len);                \
    }
HB_OPENSSL_DIGESTS(HB_OPENSSL_DEFINE)

static int hb_openssl_digest_setup(hb_openssl_digest *d)
{
    d->md = EVP_MD_fetch(NULL, d->name, NULL);
    d->ctx = d->md ? EVP_MD_CTX_new() : NULL;
    return d->ctx != NULL;
}

/* ---- keyed functions ---------------------------------------------------- */

/* ASCII "hash-bench-nds" followed by two 0x00 bytes (algorithms.md). */
static const uint8_t hb_openssl_hmac_key[16] = {
    'h', 'a', 's', 'h', '-', 'b', 'e', 'n', 'c', 'h', '-', 'n', 'd', 's', 0, 0
};
static const char hb_openssl_salt[] = "hash-bench-salt"; /* 15 bytes, no NUL */
#define HB_OPENSSL_PBKDF2_ITERATIONS 100u /* the roster's default (algorithms.md) */
/* ASCII "hash-bench-aes!" followed by 0x00 (algorithms.md). */
static const uint8_t hb_openssl_aes_key[16] = {
    'h', 'a', 's', 'h', '-', 'b', 'e', 'n', 'c', 'h', '-', 'a', 'e', 's', '!', 0
};

static EVP_MAC_CTX *hb_openssl_hmac;
static EVP_KDF_CTX *hb_openssl_pbkdf2;
static EVP_CIPHER_CTX *hb_openssl_aes;

/* The key goes in on every call, like the other backends' HMACs: keying
 * (two compressions) is part of a one-shot HMAC's work. */
static void hb_openssl_hmac_sha256(uint8_t *out, const uint8_t *in, size_t len)
{
    size_t outl;
    EVP_MAC_init(hb_openssl_hmac, hb_openssl_hmac_key, sizeof hb_openssl_hmac_key, NULL);
    EVP_MAC_update(hb_openssl_hmac, in, len);
    EVP_MAC_final(hb_openssl_hmac, out, &outl, 32);
}

static int hb_openssl_hmac_setup(void)
{
    EVP_MAC *mac = EVP_MAC_fetch(NULL, "HMAC", NULL);
    OSSL_PARAM params[2];
    params[0] = OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, (char *)"SHA256", 0);
    params[1] = OSSL_PARAM_construct_end();
    hb_openssl_hmac = mac ? EVP_MAC_CTX_new(mac) : NULL;
    EVP_MAC_free(mac); /* the context keeps its own reference */
    return hb_openssl_hmac && EVP_MAC_CTX_set_params(hb_openssl_hmac, params);
}

/* EVP_KDF rather than PKCS5_PBKDF2_HMAC(): the latter fetches "PBKDF2" and
 * builds a context on every call.  Only the password changes per call. */
static void hb_openssl_pbkdf2_sha256(uint8_t *out, const uint8_t *in, size_t len)
{
    OSSL_PARAM params[2];
    params[0] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_PASSWORD, (void *)in, len);
    params[1] = OSSL_PARAM_construct_end();
    EVP_KDF_derive(hb_openssl_pbkdf2, out, 32, params);
}

static int hb_openssl_pbkdf2_setup(void)
{
    EVP_KDF *kdf = EVP_KDF_fetch(NULL, "PBKDF2", NULL);
    unsigned iter = HB_OPENSSL_PBKDF2_ITERATIONS;
    /* pkcs5=1: plain RFC 8018.  Without it OpenSSL applies SP 800-132's
     * lower bounds (1000 iterations, 128-bit salt), which the roster's
     * 100 iterations and 15-byte salt do not meet. */
    int pkcs5 = 1;
    OSSL_PARAM params[5];
    params[0] = OSSL_PARAM_construct_utf8_string(OSSL_KDF_PARAM_DIGEST, (char *)"SHA256", 0);
    params[1] = OSSL_PARAM_construct_octet_string(OSSL_KDF_PARAM_SALT, (void *)hb_openssl_salt,
                                                  sizeof hb_openssl_salt - 1);
    params[2] = OSSL_PARAM_construct_uint(OSSL_KDF_PARAM_ITER, &iter);
    params[3] = OSSL_PARAM_construct_int(OSSL_KDF_PARAM_PKCS5, &pkcs5);
    params[4] = OSSL_PARAM_construct_end();
    hb_openssl_pbkdf2 = kdf ? EVP_KDF_CTX_new(kdf) : NULL;
    EVP_KDF_free(kdf); /* the context keeps its own reference */
    return hb_openssl_pbkdf2 && EVP_KDF_CTX_set_params(hb_openssl_pbkdf2, params);
}

/* CBC-MAC as CBC encryption that keeps only the last block.  The key
 * schedule is computed once, by the setup below, outside the timed loop
 * (the roster says so); each call only resets the IV.  Bulk updates let
 * OpenSSL use its AES-NI/ARMv8 CBC code; the ciphertext goes through a
 * small stack buffer. */
#define HB_OPENSSL_CHUNK 4096

static void hb_openssl_aes_cbc_mac(uint8_t *out, const uint8_t *in, size_t len)
{
    static const uint8_t zero_iv[16];
    uint8_t buf[HB_OPENSSL_CHUNK], last[16] = { 0 }; /* IV = 0 */
    size_t tail = len % 16, full = len - tail;
    int outl;
    EVP_EncryptInit_ex2(hb_openssl_aes, NULL, NULL, zero_iv, NULL);
    while (full) {
        size_t n = full < HB_OPENSSL_CHUNK ? full : HB_OPENSSL_CHUNK;
        EVP_EncryptUpdate(hb_openssl_aes, buf, &outl, in, (int)n);
        memcpy(last, buf + n - 16, 16);
        in += n;
        full -= n;
    }
    /* A partial last block is zero-filled.  An empty message is one
     * all-zero block (ISO/IEC 9797-1 padding method 1 pads to a positive
     * number of blocks). */
    if (tail || len == 0) {
        uint8_t block[16] = { 0 };
        memcpy(block, in, tail);
        EVP_EncryptUpdate(hb_openssl_aes, last, &outl, block, 16);
    }
    memcpy(out, last, 16);
}

static int hb_openssl_aes_setup(void)
{
    static const uint8_t zero_iv[16];
    EVP_CIPHER *cipher = EVP_CIPHER_fetch(NULL, "AES-128-CBC", NULL);
    int ok;
    hb_openssl_aes = cipher ? EVP_CIPHER_CTX_new() : NULL;
    ok = hb_openssl_aes && EVP_EncryptInit_ex2(hb_openssl_aes, cipher, hb_openssl_aes_key, zero_iv,
                                                NULL) &&
         EVP_CIPHER_CTX_set_padding(hb_openssl_aes, 0);
    EVP_CIPHER_free(cipher); /* the context keeps its own reference */
    return ok;
}

/* ---- the backend -------------------------------------------------------- */

/* Every row with what it needs set up; available() keeps the rows whose
 * setup worked with this OpenSSL and its providers. */
typedef struct {
    hb_backend_entry entry;
    hb_openssl_digest *digest; /* a digest row, or NULL and: */
    int (*setup)(void);
} hb_openssl_row;

#define HB_OPENSSL_ROW(id, sym, name) \
    { { id, hb_openssl_##sym, NULL, NULL }, &hb_openssl_d_##sym, NULL },
static const hb_openssl_row hb_openssl_rows[] = {
    HB_OPENSSL_DIGESTS(HB_OPENSSL_ROW)
    { { "hmac-sha256", hb_openssl_hmac_sha256, NULL, NULL }, NULL, hb_openssl_hmac_setup },
    { { "pbkdf2-sha256", hb_openssl_pbkdf2_sha256, NULL, NULL }, NULL, hb_openssl_pbkdf2_setup },
    { { "aes-cbc-mac", hb_openssl_aes_cbc_mac, NULL, NULL }, NULL, hb_openssl_aes_setup },
};
#define HB_OPENSSL_NROWS (sizeof hb_openssl_rows / sizeof hb_openssl_rows[0])

/* Filled by available(); all-NULL (no rows) until then, terminated after. */
static hb_backend_entry hb_openssl_entries[HB_OPENSSL_NROWS + 1];

/* Loading any provider explicitly stops OpenSSL from loading "default" by
 * itself, so both are loaded.  Without the legacy provider (not installed,
 * or refused by the configuration) MD4 is dropped, not the backend. */
static int hb_openssl_available(void)
{
    static int state; /* 0: not yet asked, 1: usable, -1: not */
    size_t i, kept = 0;
    if (state) return state > 0;
    OSSL_PROVIDER_load(NULL, "legacy");
    if (!OSSL_PROVIDER_load(NULL, "default")) {
        state = -1;
        return 0;
    }
    for (i = 0; i < HB_OPENSSL_NROWS; i++) {
        const hb_openssl_row *r = &hb_openssl_rows[i];
        if (r->digest ? hb_openssl_digest_setup(r->digest) : r->setup())
            hb_openssl_entries[kept++] = r->entry;
    }
    ERR_clear_error(); /* failed fetches leave errors queued */
    state = 1;
    return 1;
}

/* The library actually loaded, e.g. "3.0.13". */
static const char *hb_openssl_version(void)
{
    return OpenSSL_version(OPENSSL_VERSION_STRING);
}

const hb_backend hb_backend_openssl = { "openssl", hb_openssl_version, hb_openssl_available,
                                        hb_openssl_entries };
