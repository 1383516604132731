/* SPDX-License-Identifier: MIT
 * aes_compact.c - AES-128 encryption (FIPS 197 section 5.1) and the
 * roster's CBC-MAC, compact implementation: what the 6502, Z80 and Game
 * Boy ports run.
 *
 * Byte-oriented: the 256-byte S-box is the only table, MixColumns uses
 * xtime (FIPS 197 4.2.1), one rolled round.  RAM: the 16-byte state and a
 * 16-byte scratch block.  ROM: the S-box, the fixed key's 176-byte schedule
 * and 1.4 KiB of 6502 code (cc65), against 7.6 KiB of code and 4.5 KiB of
 * tables for aes.c.  No integer wider than 8 bits but for sizes.
 */
#include "aes.h"
#include "hb_util.h"

#define HB_AES_X(s) s,
HB_PAGE_TABLES_BEGIN /* page-aligned on the 6502 (hb_config.h) */
static const uint8_t hb_aesc_sbox[256] = { HB_AES_SBOX_LIST };
HB_PAGE_TABLES_END
#undef HB_AES_X

/* The expansion (FIPS 197 5.2) of the roster's fixed key, ASCII
 * "hash-bench-aes!" followed by 0x00, computed once outside the timed
 * code.  tests/vectors/aes-cbc-mac-fixedkey.txt checks
 * hb_aes_cbc_mac_compact (this table) and hb_aes_cbc_mac_keyed_compact
 * (run-time expansion) on the same messages and MACs. */
static const uint8_t hb_aesc_fixed_rk[176] = {
    0x68, 0x61, 0x73, 0x68, 0x2d, 0x62, 0x65, 0x6e, 0x63, 0x68, 0x2d, 0x61, 0x65, 0x73, 0x21, 0x00,
    0xe6, 0x9c, 0x10, 0x25, 0xcb, 0xfe, 0x75, 0x4b, 0xa8, 0x96, 0x58, 0x2a, 0xcd, 0xe5, 0x79, 0x2a,
    0x3d, 0x2a, 0xf5, 0x98, 0xf6, 0xd4, 0x80, 0xd3, 0x5e, 0x42, 0xd8, 0xf9, 0x93, 0xa7, 0xa1, 0xd3,
    0x65, 0x18, 0x93, 0x44, 0x93, 0xcc, 0x13, 0x97, 0xcd, 0x8e, 0xcb, 0x6e, 0x5e, 0x29, 0x6a, 0xbd,
    0xc8, 0x1a, 0xe9, 0x1c, 0x5b, 0xd6, 0xfa, 0x8b, 0x96, 0x58, 0x31, 0xe5, 0xc8, 0x71, 0x5b, 0x58,
    0x7b, 0x23, 0x83, 0xf4, 0x20, 0xf5, 0x79, 0x7f, 0xb6, 0xad, 0x48, 0x9a, 0x7e, 0xdc, 0x13, 0xc2,
    0xdd, 0x5e, 0xa6, 0x07, 0xfd, 0xab, 0xdf, 0x78, 0x4b, 0x06, 0x97, 0xe2, 0x35, 0xda, 0x84, 0x20,
    0xca, 0x01, 0x11, 0x91, 0x37, 0xaa, 0xce, 0xe9, 0x7c, 0xac, 0x59, 0x0b, 0x49, 0x76, 0xdd, 0x2b,
    0x72, 0xc0, 0xe0, 0xaa, 0x45, 0x6a, 0x2e, 0x43, 0x39, 0xc6, 0x77, 0x48, 0x70, 0xb0, 0xaa, 0x63,
    0x8e, 0x6c, 0x1b, 0xfb, 0xcb, 0x06, 0x35, 0xb8, 0xf2, 0xc0, 0x42, 0xf0, 0x82, 0x70, 0xe8, 0x93,
    0xe9, 0xf7, 0xc7, 0xe8, 0x22, 0xf1, 0xf2, 0x50, 0xd0, 0x31, 0xb0, 0xa0, 0x52, 0x41, 0x58, 0x33
};

/* ShiftRows as a permutation: row r of column c comes from column c + r,
 * so byte i comes from byte (i + 4 * (i % 4)) % 16.  16 bytes of table
 * spare the 8-bit targets that index arithmetic. */
static const uint8_t hb_aesc_shift[16] = {
    0, 5, 10, 15, 4, 9, 14, 3, 8, 13, 2, 7, 12, 1, 6, 11
};

/* xtime: multiplication by x in GF(2^8) (FIPS 197 4.2.1).  A test of the
 * top bit rather than a multiply, which cc65 and SDCC would do with a
 * library call; a macro, as a call would cost a 6502 a fifth of the time
 * for 70 bytes less code.  x must be a uint8_t variable or cast. */
#define HB_AESC_XT(x) ((uint8_t)(((x) << 1) ^ (((x) & 0x80) ? 0x1b : 0)))

/* FIPS 197 5.2, a byte at a time. */
static void hb_aesc_expand(uint8_t rk[176], const uint8_t key[16])
{
    uint8_t t[4], u, rcon = 1, i, j;

    memcpy(rk, key, 16);
    for (i = 16; i < 176; i += 4) {
        for (j = 0; j < 4; j++) t[j] = rk[i - 4 + j];
        if ((i & 15) == 0) { /* SubWord(RotWord(t)) ^ Rcon */
            u = t[0];
            t[0] = (uint8_t)(hb_aesc_sbox[t[1]] ^ rcon);
            t[1] = hb_aesc_sbox[t[2]];
            t[2] = hb_aesc_sbox[t[3]];
            t[3] = hb_aesc_sbox[u];
            rcon = HB_AESC_XT(rcon);
        }
        for (j = 0; j < 4; j++) rk[i + j] = (uint8_t)(rk[i - 16 + j] ^ t[j]);
    }
}

/* FIPS 197 5.1 on the state s (byte r + 4c is row r, column c). */
static void hb_aesc_encrypt(const uint8_t *rk, uint8_t s[16])
{
    uint8_t t[16], a0, a1, a2, a3, e, r, i;

    for (i = 0; i < 16; i++) s[i] ^= rk[i];
    for (r = 1; r <= 10; r++) {
        rk += 16;
        for (i = 0; i < 16; i++) t[i] = hb_aesc_sbox[s[hb_aesc_shift[i]]]; /* SubBytes, ShiftRows */
        if (r < 10) { /* MixColumns, but not in the last round */
            for (i = 0; i < 16; i += 4) {
                a0 = t[i]; a1 = t[i + 1]; a2 = t[i + 2]; a3 = t[i + 3];
                e = (uint8_t)(a0 ^ a1 ^ a2 ^ a3);
                t[i] ^= (uint8_t)(e ^ HB_AESC_XT((uint8_t)(a0 ^ a1)));
                t[i + 1] ^= (uint8_t)(e ^ HB_AESC_XT((uint8_t)(a1 ^ a2)));
                t[i + 2] ^= (uint8_t)(e ^ HB_AESC_XT((uint8_t)(a2 ^ a3)));
                t[i + 3] ^= (uint8_t)(e ^ HB_AESC_XT((uint8_t)(a3 ^ a0)));
            }
        }
        for (i = 0; i < 16; i++) s[i] = (uint8_t)(t[i] ^ rk[i]); /* AddRoundKey */
    }
}

/* CBC-MAC, IV = 0: XOR the next (up to) 16 bytes in, encrypt.  A short
 * last block XORs fewer bytes, which is zero-filling; the empty message is
 * one zero block (padding method 1). */
static void hb_aesc_cbc_mac(const uint8_t rk[176], uint8_t out[16], const uint8_t *in,
                            size_t len)
{
    uint8_t x[16], i, n;

    memset(x, 0, sizeof x);
    for (;;) {
        n = len < 16 ? (uint8_t)len : 16;
        for (i = 0; i < n; i++) x[i] ^= in[i];
        hb_aesc_encrypt(rk, x);
        if (len <= 16) break;
        in += 16;
        len -= 16;
    }
    memcpy(out, x, 16);
}

void hb_aes_cbc_mac_compact(uint8_t *out, const uint8_t *in, size_t len)
{
    hb_aesc_cbc_mac(hb_aesc_fixed_rk, out, in, len);
}

void hb_aes_cbc_mac_keyed_compact(uint8_t out[16], const uint8_t key[16], const uint8_t *in,
                                  size_t len)
{
    uint8_t rk[176];
    hb_aesc_expand(rk, key);
    hb_aesc_cbc_mac(rk, out, in, len);
}

void hb_aes128_encrypt_block_compact(uint8_t out[16], const uint8_t key[16], const uint8_t in[16])
{
    uint8_t rk[176];
    hb_aesc_expand(rk, key);
    memcpy(out, in, 16);
    hb_aesc_encrypt(rk, out);
}
