/* SPDX-License-Identifier: MIT
 * aes.c - AES-128 encryption (FIPS 197 sections 5.1 and 5.2) and the
 * roster's CBC-MAC (ISO/IEC 9797-1 MAC algorithm 1, padding method 1),
 * portable implementation.
 *
 * The state is four little-endian column words.  One round is 16 lookups
 * in four 1 KiB tables that fold SubBytes, ShiftRows and MixColumns
 * together (the T-table method of the Rijndael proposal for 32-bit CPUs):
 * 4 KiB of tables buy 7 times the speed of the byte-oriented code in
 * aes_compact.c on x86-64, and still 2.8 times on the 6502.  The tables
 * are expanded from the one S-box by macros at compile time.  (The lookups
 * depend on the data: fine for a benchmark, not constant-time.)
 * HB_NO_PORTABLE_TABLES (hb_config.h) drops the tables: the portable entry
 * points then run aes_compact.c's code.
 */
#include "aes.h"
#include "hb_util.h"

#ifndef HB_NO_PORTABLE_TABLES

/* xtime: multiplication by x (that is, 2) in GF(2^8) (FIPS 197 4.2.1). */
#define HB_XT(s) ((((s) << 1) ^ (((s) >> 7) * 0x1b)) & 0xff)
#define HB_COL(b0, b1, b2, b3) ((uint32_t)(b0) | (uint32_t)(b1) << 8 | \
                                (uint32_t)(b2) << 16 | (uint32_t)(b3) << 24)
/* Column r of MixColumns (2 3 1 1 circulant) times S[x]: table r is what
 * input row r contributes to its output column. */
#define HB_AES_X(s) HB_COL(HB_XT(s), s, s, HB_XT(s) ^ (s)),
static const uint32_t hb_aes_te0[256] = { HB_AES_SBOX_LIST };
#undef HB_AES_X
#define HB_AES_X(s) HB_COL(HB_XT(s) ^ (s), HB_XT(s), s, s),
static const uint32_t hb_aes_te1[256] = { HB_AES_SBOX_LIST };
#undef HB_AES_X
#define HB_AES_X(s) HB_COL(s, HB_XT(s) ^ (s), HB_XT(s), s),
static const uint32_t hb_aes_te2[256] = { HB_AES_SBOX_LIST };
#undef HB_AES_X
#define HB_AES_X(s) HB_COL(s, s, HB_XT(s) ^ (s), HB_XT(s)),
static const uint32_t hb_aes_te3[256] = { HB_AES_SBOX_LIST };
#undef HB_AES_X
#define HB_AES_X(s) s,
HB_PAGE_TABLES_BEGIN /* page-aligned on the 6502 (hb_config.h) */
static const uint8_t hb_aes_sbox[256] = { HB_AES_SBOX_LIST };
HB_PAGE_TABLES_END
#undef HB_AES_X

/* The expansion (FIPS 197 5.2) of the roster's fixed key, ASCII
 * "hash-bench-aes!" followed by 0x00, as little-endian words: the roster
 * computes the schedule once, outside the timed loop.  Proof that it is
 * the expansion: tests/vectors/aes-cbc-mac-fixedkey.txt gives the same
 * messages and MACs to hb_aes_cbc_mac (this table) and to
 * hb_aes_cbc_mac_keyed (run-time expansion), and the differential tests
 * compare hb_aes_cbc_mac with pycryptodome. */
static const uint32_t hb_aes_fixed_rk[44] = {
    0x68736168u, 0x6e65622du, 0x612d6863u, 0x00217365u,
    0x25109ce6u, 0x4b75fecbu, 0x2a5896a8u, 0x2a79e5cdu,
    0x98f52a3du, 0xd380d4f6u, 0xf9d8425eu, 0xd3a1a793u,
    0x44931865u, 0x9713cc93u, 0x6ecb8ecdu, 0xbd6a295eu,
    0x1ce91ac8u, 0x8bfad65bu, 0xe5315896u, 0x585b71c8u,
    0xf483237bu, 0x7f79f520u, 0x9a48adb6u, 0xc213dc7eu,
    0x07a65eddu, 0x78dfabfdu, 0xe297064bu, 0x2084da35u,
    0x911101cau, 0xe9ceaa37u, 0x0b59ac7cu, 0x2bdd7649u,
    0xaae0c072u, 0x432e6a45u, 0x4877c639u, 0x63aab070u,
    0xfb1b6c8eu, 0xb83506cbu, 0xf042c0f2u, 0x93e87082u,
    0xe8c7f7e9u, 0x50f2f122u, 0xa0b031d0u, 0x33584152u
};

/* ---- key expansion (FIPS 197 5.2) ------------------------------------- */

static void hb_aes128_expand(uint32_t rk[44], const uint8_t key[16])
{
    uint32_t t, rcon = 1;
    unsigned i;

    for (i = 0; i < 4; i++) rk[i] = hb_load32_le(key + 4 * i);
    for (i = 4; i < 44; i++) {
        t = rk[i - 1];
        if ((i & 3) == 0) {
            /* RotWord is a right rotation of a little-endian word. */
            t = hb_rotr32(t, 8);
            t = (uint32_t)hb_aes_sbox[t & 0xff] ^
                (uint32_t)hb_aes_sbox[(t >> 8) & 0xff] << 8 ^
                (uint32_t)hb_aes_sbox[(t >> 16) & 0xff] << 16 ^
                (uint32_t)hb_aes_sbox[t >> 24] << 24; /* SubWord */
            t ^= rcon;
            rcon = HB_XT(rcon);
        }
        rk[i] = rk[i - 4] ^ t;
    }
}

/* ---- the cipher (FIPS 197 5.1) ---------------------------------------- */

/* One full round from (i0..i3) into (o0..o3); row r of output column c
 * comes from input column c + r (ShiftRows). */
#define HB_ROUND(o0, o1, o2, o3, i0, i1, i2, i3, k)                                          \
    o0 = hb_aes_te0[i0 & 0xff] ^ hb_aes_te1[(i1 >> 8) & 0xff] ^                               \
         hb_aes_te2[(i2 >> 16) & 0xff] ^ hb_aes_te3[i3 >> 24] ^ (k)[0];                       \
    o1 = hb_aes_te0[i1 & 0xff] ^ hb_aes_te1[(i2 >> 8) & 0xff] ^                               \
         hb_aes_te2[(i3 >> 16) & 0xff] ^ hb_aes_te3[i0 >> 24] ^ (k)[1];                       \
    o2 = hb_aes_te0[i2 & 0xff] ^ hb_aes_te1[(i3 >> 8) & 0xff] ^                               \
         hb_aes_te2[(i0 >> 16) & 0xff] ^ hb_aes_te3[i1 >> 24] ^ (k)[2];                       \
    o3 = hb_aes_te0[i3 & 0xff] ^ hb_aes_te1[(i0 >> 8) & 0xff] ^                               \
         hb_aes_te2[(i1 >> 16) & 0xff] ^ hb_aes_te3[i2 >> 24] ^ (k)[3]

/* The last round has no MixColumns: S-box bytes only. */
#define HB_SBW(x) ((uint32_t)hb_aes_sbox[x])
#define HB_LAST(o, i0, i1, i2, i3, k)                                                        \
    o = (HB_SBW(i0 & 0xff) | HB_SBW((i1 >> 8) & 0xff) << 8 |                                  \
         HB_SBW((i2 >> 16) & 0xff) << 16 | HB_SBW(i3 >> 24) << 24) ^ (k)

/* CBC over nblocks whole blocks: s = E(s ^ block), for each block.  The
 * chaining value stays in four locals across blocks. */
static void hb_aes_cbc_blocks(const uint32_t rk[44], uint32_t s[4], const uint8_t *in,
                              size_t nblocks)
{
    uint32_t s0 = s[0], s1 = s[1], s2 = s[2], s3 = s[3];
    uint32_t t0, t1, t2, t3;

    for (; nblocks; nblocks--, in += 16) {
        s0 ^= hb_load32_le(in) ^ rk[0];
        s1 ^= hb_load32_le(in + 4) ^ rk[1];
        s2 ^= hb_load32_le(in + 8) ^ rk[2];
        s3 ^= hb_load32_le(in + 12) ^ rk[3];
        HB_ROUND(t0, t1, t2, t3, s0, s1, s2, s3, rk + 4);
        HB_ROUND(s0, s1, s2, s3, t0, t1, t2, t3, rk + 8);
        HB_ROUND(t0, t1, t2, t3, s0, s1, s2, s3, rk + 12);
        HB_ROUND(s0, s1, s2, s3, t0, t1, t2, t3, rk + 16);
        HB_ROUND(t0, t1, t2, t3, s0, s1, s2, s3, rk + 20);
        HB_ROUND(s0, s1, s2, s3, t0, t1, t2, t3, rk + 24);
        HB_ROUND(t0, t1, t2, t3, s0, s1, s2, s3, rk + 28);
        HB_ROUND(s0, s1, s2, s3, t0, t1, t2, t3, rk + 32);
        HB_ROUND(t0, t1, t2, t3, s0, s1, s2, s3, rk + 36);
        HB_LAST(s0, t0, t1, t2, t3, rk[40]);
        HB_LAST(s1, t1, t2, t3, t0, rk[41]);
        HB_LAST(s2, t2, t3, t0, t1, rk[42]);
        HB_LAST(s3, t3, t0, t1, t2, rk[43]);
    }
    s[0] = s0; s[1] = s1; s[2] = s2; s[3] = s3;
}

static void hb_aes_store_state(uint8_t out[16], const uint32_t s[4])
{
    unsigned i;
    for (i = 0; i < 4; i++) hb_store32_le(out + 4 * i, s[i]);
}

/* CBC-MAC, IV = 0: whole blocks from the input, then a zero-filled partial
 * block if there is one, or a single zero block for the empty message
 * (padding method 1 pads to a positive number of blocks). */
static void hb_aes_cbc_mac_rk(const uint32_t rk[44], uint8_t out[16], const uint8_t *in,
                              size_t len)
{
    uint32_t s[4] = { 0, 0, 0, 0 };
    size_t full = len / 16, tail = len % 16;

    hb_aes_cbc_blocks(rk, s, in, full);
    if (tail || len == 0) {
        uint8_t last[16];
        memset(last, 0, sizeof last);
        if (tail) memcpy(last, in + full * 16, tail);
        hb_aes_cbc_blocks(rk, s, last, 1);
    }
    hb_aes_store_state(out, s);
}

void hb_aes_cbc_mac(uint8_t *out, const uint8_t *in, size_t len)
{
    hb_aes_cbc_mac_rk(hb_aes_fixed_rk, out, in, len);
}

void hb_aes_cbc_mac_keyed(uint8_t out[16], const uint8_t key[16], const uint8_t *in, size_t len)
{
    uint32_t rk[44];
    hb_aes128_expand(rk, key);
    hb_aes_cbc_mac_rk(rk, out, in, len);
}

void hb_aes128_encrypt_block(uint8_t out[16], const uint8_t key[16], const uint8_t in[16])
{
    uint32_t rk[44], s[4] = { 0, 0, 0, 0 };
    hb_aes128_expand(rk, key);
    hb_aes_cbc_blocks(rk, s, in, 1); /* one CBC step from a zero IV is E(in) */
    hb_aes_store_state(out, s);
}

/* CBC with the fixed key over nblocks whole blocks, chaining value x. */
static void hb_aes_fixed_blocks(uint8_t x[16], const uint8_t *in, size_t nblocks)
{
    uint32_t s[4];
    unsigned i;
    for (i = 0; i < 4; i++) s[i] = hb_load32_le(x + 4 * i);
    hb_aes_cbc_blocks(hb_aes_fixed_rk, s, in, nblocks);
    hb_aes_store_state(x, s);
}

#else /* HB_NO_PORTABLE_TABLES */

/* The small-code build (hb_config.h): no T-tables; the portable entry
 * points run the byte-oriented code of aes_compact.c. */
void hb_aes_cbc_mac(uint8_t *out, const uint8_t *in, size_t len)
{
    hb_aes_cbc_mac_compact(out, in, len);
}

void hb_aes_cbc_mac_keyed(uint8_t out[16], const uint8_t key[16], const uint8_t *in, size_t len)
{
    hb_aes_cbc_mac_keyed_compact(out, key, in, len);
}

void hb_aes128_encrypt_block(uint8_t out[16], const uint8_t key[16], const uint8_t in[16])
{
    hb_aes128_encrypt_block_compact(out, key, in);
}

static void hb_aes_fixed_blocks(uint8_t x[16], const uint8_t *in, size_t nblocks)
{
    unsigned i;
    for (; nblocks; nblocks--, in += 16) {
        for (i = 0; i < 16; i++) x[i] ^= in[i];
        hb_aes_cbc_mac_compact(x, x, 16); /* the MAC of one block is E(block) */
    }
}

#endif /* HB_NO_PORTABLE_TABLES */

/* ---- streaming (fixed key) ------------------------------------------------ */

static const uint8_t hb_aes_zero_block[16] = { 0 };

void hb_aes_cbc_mac_init(hb_aes_cbc_mac_ctx *ctx)
{
    memset(ctx->x, 0, sizeof ctx->x); /* IV = 0 */
    ctx->fill = 0;
    ctx->any = 0;
}

void hb_aes_cbc_mac_update(hb_aes_cbc_mac_ctx *ctx, const uint8_t *in, size_t len)
{
    unsigned fill = ctx->fill;
    size_t nblocks, i;

    if (len == 0) return;
    ctx->any = 1;
    if (fill) {
        while (fill < 16 && len) {
            ctx->x[fill++] ^= *in++;
            len--;
        }
        if (fill < 16) {
            ctx->fill = (uint8_t)fill;
            return;
        }
        hb_aes_fixed_blocks(ctx->x, hb_aes_zero_block, 1); /* E(x) */
    }
    /* A block is encrypted as soon as it is complete: zero-fill padding
     * adds no block after a message that ends on a boundary, so nothing
     * has to be held back for final. */
    nblocks = len / 16;
    if (nblocks) {
        hb_aes_fixed_blocks(ctx->x, in, nblocks);
        in += nblocks * 16;
        len -= nblocks * 16;
    }
    for (i = 0; i < len; i++) ctx->x[i] ^= in[i];
    ctx->fill = (uint8_t)len;
}

void hb_aes_cbc_mac_final(hb_aes_cbc_mac_ctx *ctx, uint8_t *out)
{
    if (ctx->fill || !ctx->any) /* the zero-filled last block, or the empty message */
        hb_aes_fixed_blocks(ctx->x, hb_aes_zero_block, 1);
    memcpy(out, ctx->x, 16);
}
