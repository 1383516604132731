/* SPDX-License-Identifier: MIT
 * backends/mbedtls/mbedtls.c - Mbed TLS (2.28 LTS; 3.x where the API
 * allows): MD4 (when built in), MD5, SHA-1, RIPEMD-160, SHA-256, SHA-512,
 * SHA3-256/512 (Mbed TLS >= 3.5), HMAC-SHA256, PBKDF2-HMAC-SHA256 and
 * AES-128-CBC-MAC, with the roster's keys and parameters
 * (docs/algorithms.md).
 *
 * Hashes go through mbedtls_md(), the library's one-shot: it calls the
 * algorithm's one-shot function directly, no context allocation.
 * Not offered: BLAKE2, Tiger, Keccak-256 (not in Mbed TLS).
 */
#include <string.h>
#include <mbedtls/aes.h>
#include <mbedtls/md.h>
#include <mbedtls/pkcs5.h>
#include <mbedtls/version.h>

#include "../../src/engine/host/hb_impls.h"

/* md_info of each hash, looked up once by available(). */
#define HB_MBEDTLS_DEFINE(sym)                                                 \
    static const mbedtls_md_info_t *hb_mbedtls_info_##sym;                     \
    static void hb_mbedtls_##sym(uint8_t *out, const uint8_t *in, size_t len)  \
    {                                                                          \
        mbedtls_md(hb_mbedtls_info_##sym, in, len, out);                       \
    }

/* Mbed TLS 3 removed MD4; SHA-3 arrived in 3.5. */
#if defined(MBEDTLS_MD4_C) && MBEDTLS_VERSION_NUMBER < 0x03000000
#define HB_MBEDTLS_MD4 1
HB_MBEDTLS_DEFINE(md4)
#endif
HB_MBEDTLS_DEFINE(md5)
HB_MBEDTLS_DEFINE(sha1)
HB_MBEDTLS_DEFINE(ripemd160)
HB_MBEDTLS_DEFINE(sha256)
HB_MBEDTLS_DEFINE(sha512)
#if MBEDTLS_VERSION_NUMBER >= 0x03050000
#define HB_MBEDTLS_SHA3 1
HB_MBEDTLS_DEFINE(sha3_256)
HB_MBEDTLS_DEFINE(sha3_512)
#endif

/* ASCII "hash-bench-nds" followed by two 0x00 bytes (algorithms.md). */
static const uint8_t hb_mbedtls_hmac_key[16] = {
    'h', 'a', 's', 'h', '-', 'b', 'e', 'n', 'c', 'h', '-', 'n', 'd', 's', 0, 0
};
static const char hb_mbedtls_salt[] = "hash-bench-salt"; /* 15 bytes, no NUL */
#define HB_MBEDTLS_PBKDF2_ITERATIONS 100 /* the roster's default (algorithms.md) */
/* ASCII "hash-bench-aes!" followed by 0x00 (algorithms.md). */
static const uint8_t hb_mbedtls_aes_key[16] = {
    'h', 'a', 's', 'h', '-', 'b', 'e', 'n', 'c', 'h', '-', 'a', 'e', 's', '!', 0
};

/* Contexts set up once by available() (mbedtls_md_setup allocates): the
 * engine asks available() before it reaches any entry, so no timed call
 * pays for that.  The HMAC key itself is processed on every call, like the
 * other backends' HMACs: it is part of the one-shot function's work. */
static mbedtls_md_context_t hb_mbedtls_hmac;
#if MBEDTLS_VERSION_NUMBER < 0x03030000
static mbedtls_md_context_t hb_mbedtls_pbkdf2;
#endif
static mbedtls_aes_context hb_mbedtls_aes;

static void hb_mbedtls_hmac_sha256(uint8_t *out, const uint8_t *in, size_t len)
{
    mbedtls_md_hmac_starts(&hb_mbedtls_hmac, hb_mbedtls_hmac_key, sizeof hb_mbedtls_hmac_key);
    mbedtls_md_hmac_update(&hb_mbedtls_hmac, in, len);
    mbedtls_md_hmac_finish(&hb_mbedtls_hmac, out);
}

/* Mbed TLS 3.3 deprecated the context-taking PBKDF2 for one that names
 * the hash. */
static void hb_mbedtls_pbkdf2_sha256(uint8_t *out, const uint8_t *in, size_t len)
{
#if MBEDTLS_VERSION_NUMBER >= 0x03030000
    mbedtls_pkcs5_pbkdf2_hmac_ext(MBEDTLS_MD_SHA256, in, len,
                                  (const unsigned char *)hb_mbedtls_salt,
                                  sizeof hb_mbedtls_salt - 1, HB_MBEDTLS_PBKDF2_ITERATIONS, 32,
                                  out);
#else
    mbedtls_pkcs5_pbkdf2_hmac(&hb_mbedtls_pbkdf2, in, len, (const unsigned char *)hb_mbedtls_salt,
                              sizeof hb_mbedtls_salt - 1, HB_MBEDTLS_PBKDF2_ITERATIONS, 32, out);
#endif
}

/* CBC by hand over the ECB primitive (which uses AES-NI where Mbed TLS was
 * built with it): mbedtls_aes_crypt_cbc wants an output buffer as long as
 * the message, and a MAC keeps only the last block. */
static void hb_mbedtls_aes_cbc_mac(uint8_t *out, const uint8_t *in, size_t len)
{
    uint8_t x[16] = { 0 }; /* IV = 0 */
    size_t i, tail = len % 16;
    const uint8_t *end = in + (len - tail);
    for (; in < end; in += 16) {
        for (i = 0; i < 16; i++) x[i] ^= in[i];
        mbedtls_aes_crypt_ecb(&hb_mbedtls_aes, MBEDTLS_AES_ENCRYPT, x, x);
    }
    /* A partial last block is zero-filled: XOR-ing its zeros changes
     * nothing.  An empty message is one all-zero block (ISO/IEC 9797-1
     * padding method 1 pads to a positive number of blocks). */
    if (tail || len == 0) {
        for (i = 0; i < tail; i++) x[i] ^= in[i];
        mbedtls_aes_crypt_ecb(&hb_mbedtls_aes, MBEDTLS_AES_ENCRYPT, x, x);
    }
    memcpy(out, x, 16);
}

/* Every row with what it needs; available() keeps the rows that this
 * build of Mbed TLS can serve. */
typedef enum {
    HB_MBEDTLS_HASH,
    HB_MBEDTLS_HMAC,
    HB_MBEDTLS_PBKDF2,
    HB_MBEDTLS_AES
} hb_mbedtls_need;

typedef struct {
    hb_backend_entry entry;
    hb_mbedtls_need need;
    const mbedtls_md_info_t **info; /* HB_MBEDTLS_HASH: filled in here */
    mbedtls_md_type_t type;
} hb_mbedtls_row;

#define HB_MBEDTLS_ROW(id, sym, type) \
    { { id, hb_mbedtls_##sym, NULL, NULL }, HB_MBEDTLS_HASH, &hb_mbedtls_info_##sym, type }
static const hb_mbedtls_row hb_mbedtls_rows[] = {
#ifdef HB_MBEDTLS_MD4
    HB_MBEDTLS_ROW("md4", md4, MBEDTLS_MD_MD4),
#endif
    HB_MBEDTLS_ROW("md5", md5, MBEDTLS_MD_MD5),
    HB_MBEDTLS_ROW("sha1", sha1, MBEDTLS_MD_SHA1),
    HB_MBEDTLS_ROW("ripemd160", ripemd160, MBEDTLS_MD_RIPEMD160),
    HB_MBEDTLS_ROW("sha256", sha256, MBEDTLS_MD_SHA256),
    HB_MBEDTLS_ROW("sha512", sha512, MBEDTLS_MD_SHA512),
#ifdef HB_MBEDTLS_SHA3
    HB_MBEDTLS_ROW("sha3-256", sha3_256, MBEDTLS_MD_SHA3_256),
    HB_MBEDTLS_ROW("sha3-512", sha3_512, MBEDTLS_MD_SHA3_512),
#endif
    { { "hmac-sha256", hb_mbedtls_hmac_sha256, NULL, NULL }, HB_MBEDTLS_HMAC, NULL,
      MBEDTLS_MD_NONE },
    { { "pbkdf2-sha256", hb_mbedtls_pbkdf2_sha256, NULL, NULL }, HB_MBEDTLS_PBKDF2, NULL,
      MBEDTLS_MD_NONE },
    { { "aes-cbc-mac", hb_mbedtls_aes_cbc_mac, NULL, NULL }, HB_MBEDTLS_AES, NULL,
      MBEDTLS_MD_NONE },
};
#define HB_MBEDTLS_NROWS (sizeof hb_mbedtls_rows / sizeof hb_mbedtls_rows[0])

/* Filled by available(); all-NULL (no rows) until then, terminated after. */
static hb_backend_entry hb_mbedtls_entries[HB_MBEDTLS_NROWS + 1];

static int hb_mbedtls_setup_hmac(mbedtls_md_context_t *ctx)
{
    const mbedtls_md_info_t *sha256 = mbedtls_md_info_from_type(MBEDTLS_MD_SHA256);
    mbedtls_md_init(ctx);
    return sha256 && mbedtls_md_setup(ctx, sha256, 1) == 0;
}

static int hb_mbedtls_available(void)
{
    static int done;
    int ok[4]; /* indexed by hb_mbedtls_need */
    size_t i, kept = 0;
    if (done) return 1;
    done = 1;
    ok[HB_MBEDTLS_HASH] = 1;
    ok[HB_MBEDTLS_HMAC] = hb_mbedtls_setup_hmac(&hb_mbedtls_hmac);
#if MBEDTLS_VERSION_NUMBER < 0x03030000
    ok[HB_MBEDTLS_PBKDF2] = hb_mbedtls_setup_hmac(&hb_mbedtls_pbkdf2);
#else
    ok[HB_MBEDTLS_PBKDF2] = mbedtls_md_info_from_type(MBEDTLS_MD_SHA256) != NULL;
#endif
    mbedtls_aes_init(&hb_mbedtls_aes);
    ok[HB_MBEDTLS_AES] = mbedtls_aes_setkey_enc(&hb_mbedtls_aes, hb_mbedtls_aes_key, 128) == 0;
    for (i = 0; i < HB_MBEDTLS_NROWS; i++) {
        const hb_mbedtls_row *r = &hb_mbedtls_rows[i];
        if (r->need == HB_MBEDTLS_HASH && !(*r->info = mbedtls_md_info_from_type(r->type)))
            continue;
        if (ok[r->need]) hb_mbedtls_entries[kept++] = r->entry;
    }
    return 1;
}

/* The library actually loaded, where it can say (MBEDTLS_VERSION_C). */
static const char *hb_mbedtls_version(void)
{
#if defined(MBEDTLS_VERSION_C)
    static char buf[18]; /* the documented minimum is 9 bytes */
    if (!buf[0]) mbedtls_version_get_string(buf);
    return buf;
#else
    return MBEDTLS_VERSION_STRING;
#endif
}

const hb_backend hb_backend_mbedtls = { "mbedtls", hb_mbedtls_version, hb_mbedtls_available,
                                        hb_mbedtls_entries };
