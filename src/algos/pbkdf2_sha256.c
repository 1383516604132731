/* SPDX-License-Identifier: MIT
 * pbkdf2_sha256.c - PBKDF2-HMAC-SHA-256 (RFC 8018 section 5.2).
 *
 *   T_i = U_1 ^ U_2 ^ ... ^ U_c,  U_1 = PRF(P, S || INT(i)),
 *   U_j = PRF(P, U_{j-1}),        DK = T_1 || T_2 || ... (dkLen bytes)
 *
 * The password's HMAC inner and outer states are computed once per call
 * (as every serious implementation does); after that each HMAC costs
 * exactly two SHA-256 compressions over one pre-padded block, with no
 * streaming layer in between.  About 200 bytes of stack, for the 8-bit ports.
 */
#include "pbkdf2_sha256.h"
#include "hmac_sha256.h"
#include "hb_util.h"

/* ASCII "hash-bench-salt" (15 bytes, no terminator; algorithms.md). */
static const uint8_t hb_pbkdf2_sha256_salt[15] = {
    'h', 'a', 's', 'h', '-', 'b', 'e', 'n', 'c', 'h', '-', 's', 'a', 'l', 't'
};

/* The password's HMAC key, as the SHA-256 chaining values after the
 * K0 ^ ipad and K0 ^ opad blocks.  In a function of its own so that the
 * 208-byte HMAC context is off the stack again before the main loop (cc65
 * allows a function 256 bytes of locals). */
static void hb_pbkdf2_key(uint32_t ih[8], uint32_t oh[8], const uint8_t *pass, size_t passlen)
{
    hb_hmac_sha256_ctx k;
    hb_hmac_sha256_init_key(&k, pass, passlen);
    memcpy(ih, k.inner.h, 8 * sizeof ih[0]);
    memcpy(oh, k.outer.h, 8 * sizeof oh[0]);
}

/* The inner hash of U_1, SHA-256(K0 ^ ipad || S || INT(i)), resumed from
 * the chaining value after the key block. */
static void hb_pbkdf2_u1_inner(uint8_t out[32], const uint32_t ih[8], const uint8_t *salt,
                               size_t saltlen, uint32_t i)
{
    hb_sha256_ctx c;
    uint8_t ctr[4];

    memcpy(c.h, ih, sizeof c.h);
    c.count[0] = HB_SHA256_BLOCK; /* one whole block absorbed, none pending */
    c.count[1] = 0;
    hb_sha256_update(&c, salt, saltlen);
    hb_store32_be(ctr, i);
    hb_sha256_update(&c, ctr, 4);
    hb_sha256_final(&c, out);
}

void hb_pbkdf2_sha256_params(uint8_t *out, size_t outlen, const uint8_t *pass, size_t passlen,
                             const uint8_t *salt, size_t saltlen, uint32_t iterations)
{
    uint32_t ih[8], oh[8], h[8], t[8];
    /* Both later hashes of an HMAC here have a 96-byte message (the key
     * block and a 32-byte digest), so both second blocks are the digest
     * followed by the same padding: 0x80, zeros, the length 768 bits. */
    uint8_t blk[64];
    uint32_t block = 1, j;
    unsigned i;
    size_t n;

    hb_pbkdf2_key(ih, oh, pass, passlen);
    memset(blk + 32, 0, 32);
    blk[32] = 0x80;
    blk[62] = 0x03; /* 768 = 0x0300 */

    while (outlen) {
        hb_pbkdf2_u1_inner(blk, ih, salt, saltlen, block);
        memset(t, 0, sizeof t);
        for (j = 0;;) {
            /* outer hash: blk[0..31] becomes U_{j+1} */
            memcpy(h, oh, sizeof h);
            hb_sha256_compress(h, blk, 1);
            for (i = 0; i < 8; i++) {
                hb_store32_be(blk + 4 * i, h[i]);
                t[i] ^= h[i];
            }
            if (++j >= iterations) break; /* 0 iterations is taken as 1 */
            /* inner hash of U_{j+1} = PRF(P, U_j) */
            memcpy(h, ih, sizeof h);
            hb_sha256_compress(h, blk, 1);
            for (i = 0; i < 8; i++) hb_store32_be(blk + 4 * i, h[i]);
        }

        /* T_i, truncated for the last block of DK. */
        n = outlen < 32 ? outlen : 32;
        for (i = 0; i < 8; i++) hb_store32_be(blk + 4 * i, t[i]);
        memcpy(out, blk, n);
        out += n;
        outlen -= n;
        block++;
    }
}

void hb_pbkdf2_sha256(uint8_t *out, const uint8_t *in, size_t len)
{
    hb_pbkdf2_sha256_params(out, HB_PBKDF2_SHA256_LEN, in, len, hb_pbkdf2_sha256_salt,
                            sizeof hb_pbkdf2_sha256_salt, HB_PBKDF2_SHA256_ITERATIONS);
}
