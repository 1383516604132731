/* SPDX-License-Identifier: MIT
 * backends/gcrypt/gcrypt.c - libgcrypt's message digests through its
 * one-shot gcry_md_hash_buffer(), HMAC-SHA256 through
 * gcry_md_hash_buffers(GCRY_MD_FLAG_HMAC) and PBKDF2-HMAC-SHA256 through
 * gcry_kdf_derive(), with the roster's keys and parameters
 * (docs/algorithms.md).
 *
 * Not offered: Keccak-256 (libgcrypt has SHA-3 and SHAKE only), AES-CBC-MAC
 * (possible with gcry_cipher in CBC mode, left to the other backends).
 */
#include <string.h>
#include <gcrypt.h>

#include "../../src/engine/host/hb_impls.h"

/* One line per algorithm: (our id, C suffix, libgcrypt algorithm).
 * Everything below expands this list. */
#define HB_GCRYPT_DIGESTS(X)                        \
    X("md4", md4, GCRY_MD_MD4)                      \
    X("md5", md5, GCRY_MD_MD5)                      \
    X("sha1", sha1, GCRY_MD_SHA1)                   \
    X("ripemd160", ripemd160, GCRY_MD_RMD160)       \
    X("sha256", sha256, GCRY_MD_SHA256)             \
    X("sha512", sha512, GCRY_MD_SHA512)             \
    X("sha3-256", sha3_256, GCRY_MD_SHA3_256)       \
    X("sha3-512", sha3_512, GCRY_MD_SHA3_512)       \
    X("blake2s", blake2s, GCRY_MD_BLAKE2S_256)      \
    X("blake2b", blake2b, GCRY_MD_BLAKE2B_512)      \
    X("tiger", tiger, GCRY_MD_TIGER1)               \
    X("crc32", crc32, GCRY_MD_CRC32)

/* GCRY_MD_TIGER1 is Tiger as its authors specify it (padding byte 0x01);
 * GCRY_MD_TIGER is old GnuPG's byte-reversed variant and TIGER2 pads with
 * 0x80.  GCRY_MD_CRC32 is CRC-32/ISO-HDLC and its "digest" is already the
 * big-endian bytes of the value, our canonical order. */
#define HB_GCRYPT_DEFINE(id, sym, algo)                                         \
    static void hb_gcrypt_##sym(uint8_t *out, const uint8_t *in, size_t len)    \
    {                                                                           \
        gcry_md_hash_buffer(algo, out, in, len);                                \
    }
HB_GCRYPT_DIGESTS(HB_GCRYPT_DEFINE)

/* ASCII "hash-bench-nds" followed by two 0x00 bytes (algorithms.md). */
static const uint8_t hb_gcrypt_hmac_key[16] = {
    'h', 'a', 's', 'h', '-', 'b', 'e', 'n', 'c', 'h', '-', 'n', 'd', 's', 0, 0
};
static const char hb_gcrypt_salt[] = "hash-bench-salt"; /* 15 bytes, no NUL */
#define HB_GCRYPT_PBKDF2_ITERATIONS 100 /* the roster's default (algorithms.md) */

/* With GCRY_MD_FLAG_HMAC the first buffer is the key: libgcrypt's one-shot
 * HMAC, keyed afresh on every call like the other backends' HMACs. */
static void hb_gcrypt_hmac_sha256(uint8_t *out, const uint8_t *in, size_t len)
{
    gcry_buffer_t iov[2];
    memset(iov, 0, sizeof iov);
    iov[0].data = (void *)hb_gcrypt_hmac_key;
    iov[0].len = sizeof hb_gcrypt_hmac_key;
    iov[1].data = (void *)in;
    iov[1].len = len;
    gcry_md_hash_buffers(GCRY_MD_SHA256, GCRY_MD_FLAG_HMAC, out, iov, 2);
}

static void hb_gcrypt_pbkdf2_sha256(uint8_t *out, const uint8_t *in, size_t len)
{
    gcry_kdf_derive(in, len, GCRY_KDF_PBKDF2, GCRY_MD_SHA256, hb_gcrypt_salt,
                    sizeof hb_gcrypt_salt - 1, HB_GCRYPT_PBKDF2_ITERATIONS, 32, out);
}

/* Every row with the libgcrypt algorithm it needs.  available() copies
 * those this libgcrypt offers into the entry table (MD4 is refused in FIPS
 * mode; a distribution may compile an algorithm out). */
typedef struct {
    hb_backend_entry entry;
    int algo;
} hb_gcrypt_row;

#define HB_GCRYPT_ROW(id, sym, algo) { { id, hb_gcrypt_##sym, NULL, NULL }, algo },
static const hb_gcrypt_row hb_gcrypt_rows[] = {
    HB_GCRYPT_DIGESTS(HB_GCRYPT_ROW)
    { { "hmac-sha256", hb_gcrypt_hmac_sha256, NULL, NULL }, GCRY_MD_SHA256 },
    { { "pbkdf2-sha256", hb_gcrypt_pbkdf2_sha256, NULL, NULL }, GCRY_MD_SHA256 },
};
#define HB_GCRYPT_NROWS (sizeof hb_gcrypt_rows / sizeof hb_gcrypt_rows[0])

/* Filled by available(); all-NULL (no rows) until then, terminated after. */
static hb_backend_entry hb_gcrypt_entries[HB_GCRYPT_NROWS + 1];

/* libgcrypt must be initialised before use: gcry_check_version() first (it
 * also refuses a library older than the header we compiled against), then
 * "initialisation finished".  Secure memory is for keys worth protecting;
 * ours are public, and without it libgcrypt warns on every run.  The
 * engine asks available() before it reaches any entry. */
static int hb_gcrypt_available(void)
{
    static int state; /* 0: not yet asked, 1: usable, -1: not */
    size_t i, kept = 0;
    if (state) return state > 0;
    if (!gcry_check_version(GCRYPT_VERSION)) {
        state = -1;
        return 0;
    }
    gcry_control(GCRYCTL_DISABLE_SECMEM, 0);
    gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0);
    for (i = 0; i < HB_GCRYPT_NROWS; i++)
        if (gcry_md_test_algo(hb_gcrypt_rows[i].algo) == 0)
            hb_gcrypt_entries[kept++] = hb_gcrypt_rows[i].entry;
    state = 1;
    return 1;
}

static const char *hb_gcrypt_version(void)
{
    const char *v = gcry_check_version(NULL);
    return v ? v : GCRYPT_VERSION;
}

const hb_backend hb_backend_gcrypt = { "gcrypt", hb_gcrypt_version, hb_gcrypt_available,
                                       hb_gcrypt_entries };
