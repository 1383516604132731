/* SPDX-License-Identifier: MIT
 * backends/nettle/nettle.c - Nettle: MD4, MD5, SHA-1, RIPEMD-160, SHA-256,
 * SHA-512, SHA3-256, SHA3-512, HMAC-SHA256, PBKDF2-HMAC-SHA256 and
 * AES-128-CBC-MAC with the roster's keys and parameters
 * (docs/algorithms.md).  Nettle has no one-shot hash functions, so
 * each adapter is init/update/digest on a stack context (no allocation).
 *
 * Not offered: BLAKE2, Tiger, Keccak-256 (not in Nettle 3.x).
 */
#include <stdio.h>
#include <string.h>
#include <nettle/aes.h>
#include <nettle/hmac.h>
#include <nettle/md4.h>
#include <nettle/md5.h>
#include <nettle/pbkdf2.h>
#include <nettle/ripemd160.h>
#include <nettle/sha1.h>
#include <nettle/sha2.h>
#include <nettle/sha3.h>
#include <nettle/version.h>

#include "../../src/engine/host/hb_impls.h"

/* Nettle 4 dropped the output-length argument of the digest functions. */
#if NETTLE_VERSION_MAJOR >= 4
#define HB_NETTLE_DIGEST(fn, ctx, len, out) fn(ctx, out)
#else
#define HB_NETTLE_DIGEST(fn, ctx, len, out) fn(ctx, len, out)
#endif

/* One line per hash: (our id, Nettle's name prefix, digest length).  The
 * adapters and the entry table below both expand this list. */
#define HB_NETTLE_HASHES(X)                             \
    X("md4", md4, MD4_DIGEST_SIZE)                      \
    X("md5", md5, MD5_DIGEST_SIZE)                      \
    X("sha1", sha1, SHA1_DIGEST_SIZE)                   \
    X("ripemd160", ripemd160, RIPEMD160_DIGEST_SIZE)    \
    X("sha256", sha256, SHA256_DIGEST_SIZE)             \
    X("sha512", sha512, SHA512_DIGEST_SIZE)             \
    X("sha3-256", sha3_256, SHA3_256_DIGEST_SIZE)       \
    X("sha3-512", sha3_512, SHA3_512_DIGEST_SIZE)

#define HB_NETTLE_DEFINE(id, pfx, dlen)                                        \
    static void hb_nettle_##pfx(uint8_t *out, const uint8_t *in, size_t len)   \
    {                                                                          \
        struct pfx##_ctx c;                                                    \
        pfx##_init(&c);                                                        \
        pfx##_update(&c, len, in);                                             \
        HB_NETTLE_DIGEST(pfx##_digest, &c, dlen, out);                         \
    }
HB_NETTLE_HASHES(HB_NETTLE_DEFINE)

/* ASCII "hash-bench-nds" followed by two 0x00 bytes (algorithms.md). */
static const uint8_t hb_nettle_hmac_key[16] = {
    'h', 'a', 's', 'h', '-', 'b', 'e', 'n', 'c', 'h', '-', 'n', 'd', 's', 0, 0
};
static const char hb_nettle_salt[] = "hash-bench-salt"; /* 15 bytes, no NUL */
#define HB_NETTLE_PBKDF2_ITERATIONS 100 /* the roster's default (algorithms.md) */
/* ASCII "hash-bench-aes!" followed by 0x00 (algorithms.md). */
static const uint8_t hb_nettle_aes_key[16] = {
    'h', 'a', 's', 'h', '-', 'b', 'e', 'n', 'c', 'h', '-', 'a', 'e', 's', '!', 0
};

/* Keyed on every call, like the other backends' HMACs: the key is part of
 * the one-shot function's work. */
static void hb_nettle_hmac_sha256(uint8_t *out, const uint8_t *in, size_t len)
{
    struct hmac_sha256_ctx c;
    hmac_sha256_set_key(&c, sizeof hb_nettle_hmac_key, hb_nettle_hmac_key);
    hmac_sha256_update(&c, len, in);
    HB_NETTLE_DIGEST(hmac_sha256_digest, &c, SHA256_DIGEST_SIZE, out);
}

static void hb_nettle_pbkdf2_sha256(uint8_t *out, const uint8_t *in, size_t len)
{
    pbkdf2_hmac_sha256(len, in, HB_NETTLE_PBKDF2_ITERATIONS, sizeof hb_nettle_salt - 1,
                       (const uint8_t *)hb_nettle_salt, 32, out);
}

/* The AES key schedule is computed once, by available(), outside the timed
 * loop (the roster says so): the engine asks available() before it reaches
 * any entry.  CBC by hand: Nettle's cbc_encrypt wants an output buffer as
 * long as the message, and a MAC keeps only the last block. */
static struct aes128_ctx hb_nettle_aes;

static void hb_nettle_aes_cbc_mac(uint8_t *out, const uint8_t *in, size_t len)
{
    uint8_t x[AES_BLOCK_SIZE] = { 0 }; /* IV = 0 */
    size_t i, tail = len % AES_BLOCK_SIZE;
    const uint8_t *end = in + (len - tail);
    for (; in < end; in += AES_BLOCK_SIZE) {
        for (i = 0; i < AES_BLOCK_SIZE; i++) x[i] ^= in[i];
        aes128_encrypt(&hb_nettle_aes, AES_BLOCK_SIZE, x, x);
    }
    /* A partial last block is zero-filled: XOR-ing its zeros changes
     * nothing.  An empty message is one all-zero block (ISO/IEC 9797-1
     * padding method 1 pads to a positive number of blocks). */
    if (tail || len == 0) {
        for (i = 0; i < tail; i++) x[i] ^= in[i];
        aes128_encrypt(&hb_nettle_aes, AES_BLOCK_SIZE, x, x);
    }
    memcpy(out, x, AES_BLOCK_SIZE);
}

static int hb_nettle_available(void)
{
    static int done;
    if (!done) {
        aes128_set_encrypt_key(&hb_nettle_aes, hb_nettle_aes_key);
        done = 1;
    }
    return 1;
}

/* The library actually loaded (nettle_version_major/minor exist since 3.1). */
static const char *hb_nettle_version(void)
{
    static char buf[24];
    if (!buf[0]) snprintf(buf, sizeof buf, "%d.%d", nettle_version_major(), nettle_version_minor());
    return buf;
}

#define HB_NETTLE_ENTRY(id, pfx, dlen) { id, hb_nettle_##pfx, NULL, NULL },
static const hb_backend_entry hb_nettle_entries[] = {
    HB_NETTLE_HASHES(HB_NETTLE_ENTRY)
    { "hmac-sha256", hb_nettle_hmac_sha256, NULL, NULL },
    { "pbkdf2-sha256", hb_nettle_pbkdf2_sha256, NULL, NULL },
    { "aes-cbc-mac", hb_nettle_aes_cbc_mac, NULL, NULL },
    { NULL, NULL, NULL, NULL }
};

const hb_backend hb_backend_nettle = { "nettle", hb_nettle_version, hb_nettle_available,
                                       hb_nettle_entries };
