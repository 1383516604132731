/* SPDX-License-Identifier: MIT
 * simple.c - the byte-at-a-time hashes of the roster, exactly as
 * docs/algorithms.md defines them:
 *   xor8     XOR of all bytes (the STM32 study's byte-loop floor)
 *   djb2     h = 5381; h = h*33 + c                 (D. J. Bernstein)
 *   fnv1a32  h = 0x811C9DC5; h = (h ^ c) * 0x01000193 (draft-eastlake-fnv)
 *   knuth    h = 0; h = (h ^ c) * 0x9E3779B1      (no finaliser)
 *   oat      Jenkins one-at-a-time (Dr. Dobb's 1997), h = 0
 *   pjw      PJW / ELF hash (System V ABI, "Hash Table")
 *   sdbm     h = c + (h << 6) + (h << 16) - h     (sdbm / gawk)
 * All arithmetic is mod 2^32 on uint32_t (unsigned: wrap-around is defined).
 *
 * Every one of them (but xor8) carries a serial dependency from byte to
 * byte, so the plain loop is already as fast as the hash allows: these are
 * benchmarked as the byte loops the reference studies timed, not rewritten.
 *
 * On the 8-bit CPUs (HB_SMALL_CPU) all but xor8 keep h as four bytes, where
 * the compilers' 32-bit multiplies and shifts are library calls or loops:
 * djb2, fnv1a32, knuth and sdbm (h * 33, * 0x01000193, * 0x9E3779B1,
 * * 65599) multiply by byte tables (hb_mul8.h: 512 bytes for 33 and 65599,
 * 1 KiB for the others); oat and pjw shift and carry byte by byte.
 */
#include "simple.h"
#include "hb_util.h"

#if HB_SMALL_CPU
#include "hb_mul8.h"

/* page-aligned on the 6502 (hb_config.h) */
HB_PAGE_TABLES_BEGIN
static const uint8_t djb2_mul[2][256] = { HB_MUL8_TABLE(33u, 0), HB_MUL8_TABLE(33u, 1) };
static const uint8_t fnv1a_mul[4][256] = HB_MUL8_TABLES(0x01000193u);
static const uint8_t knuth_mul[4][256] = HB_MUL8_TABLES(0x9E3779B1u);
static const uint8_t sdbm_mul[2][256] = { HB_MUL8_TABLE(63u, 0), HB_MUL8_TABLE(63u, 1) };
HB_PAGE_TABLES_END

static void store_be(uint8_t *out, uint8_t h3, uint8_t h2, uint8_t h1, uint8_t h0)
{
    out[0] = h3;
    out[1] = h2;
    out[2] = h1;
    out[3] = h0;
}
#endif

void hb_xor8(uint8_t *out, const uint8_t *in, size_t len)
{
    unsigned x = 0;
    size_t i;
    /* One byte at a time on purpose: the roster times this as the floor
     * of a byte loop.  Compilers may still vectorise it, as they would
     * the reference study's loop. */
    for (i = 0; i < len; i++)
        x ^= in[i];
    out[0] = (uint8_t)x;
}

void hb_djb2(uint8_t *out, const uint8_t *in, size_t len)
{
#if HB_SMALL_CPU
    register const uint8_t *p = in;
    uint8_t h3 = 0, h2 = 0, h1 = 0x15, h0 = 0x05; /* 5381 */
    size_t n;
    for (n = len; n; n--) {
        HB_MUL8_SMALL(djb2_mul, h3, h2, h1, h0, *p, 0);
        ++p;
    }
    store_be(out, h3, h2, h1, h0);
#else
    uint32_t h = 5381;
    size_t i;
    for (i = 0; i < len; i++)
        h = (h << 5) + h + in[i];
    hb_store32_be(out, h);
#endif
}

void hb_fnv1a32(uint8_t *out, const uint8_t *in, size_t len)
{
#if HB_SMALL_CPU
    register const uint8_t *p = in;
    uint8_t h3 = 0x81, h2 = 0x1C, h1 = 0x9D, h0 = 0xC5; /* 0x811C9DC5 */
    size_t n;
    for (n = len; n; n--) {
        h0 ^= *p;
        ++p;
        HB_MUL8(fnv1a_mul, h3, h2, h1, h0, 0);
    }
    store_be(out, h3, h2, h1, h0);
#else
    uint32_t h = 0x811C9DC5u;
    size_t i;
    for (i = 0; i < len; i++)
        h = (h ^ in[i]) * 0x01000193u;
    hb_store32_be(out, h);
#endif
}

void hb_knuth(uint8_t *out, const uint8_t *in, size_t len)
{
#if HB_SMALL_CPU
    register const uint8_t *p = in;
    uint8_t h3 = 0, h2 = 0, h1 = 0, h0 = 0;
    size_t n;
    for (n = len; n; n--) {
        h0 ^= *p;
        ++p;
        HB_MUL8(knuth_mul, h3, h2, h1, h0, 0);
    }
    store_be(out, h3, h2, h1, h0);
#else
    uint32_t h = 0;
    size_t i;
    for (i = 0; i < len; i++)
        h = (h ^ in[i]) * 0x9E3779B1u;
    hb_store32_be(out, h);
#endif
}

/* The final avalanche of one-at-a-time. */
static uint32_t oat_final(uint32_t h)
{
    h += h << 3;
    h ^= h >> 11;
    h += h << 15;
    return h;
}

void hb_oat(uint8_t *out, const uint8_t *in, size_t len)
{
#if HB_SMALL_CPU
    /* h's bytes h3..h0; a shift by 10 or 6 is a byte move and a shift of
     * each byte by 2 or 6, and the additions carry byte by byte. */
    register const uint8_t *p = in;
    uint8_t h3 = 0, h2 = 0, h1 = 0, h0 = 0, s1, s2, s3, t;
    unsigned c;
    size_t n;
    for (n = len; n; n--) {
        c = (unsigned)h0 + *p; /* h += byte */
        ++p;
        h0 = (uint8_t)c;
        c = (c >> 8) + h1;
        h1 = (uint8_t)c;
        c = (c >> 8) + h2;
        h2 = (uint8_t)c;
        h3 = (uint8_t)(h3 + (c >> 8));
        s1 = (uint8_t)(h0 << 2); /* h += h << 10 */
        s2 = (uint8_t)(h1 << 2);
        s2 |= h0 >> 6;
        s3 = (uint8_t)(h2 << 2);
        s3 |= h1 >> 6;
        c = (unsigned)h1 + s1;
        h1 = (uint8_t)c;
        c = (c >> 8) + h2 + s2;
        h2 = (uint8_t)c;
        h3 = (uint8_t)(h3 + s3 + (c >> 8));
        t = (uint8_t)(h1 << 2); /* h ^= h >> 6 */
        t |= h0 >> 6;
        h0 ^= t;
        t = (uint8_t)(h2 << 2);
        t |= h1 >> 6;
        h1 ^= t;
        t = (uint8_t)(h3 << 2);
        t |= h2 >> 6;
        h2 ^= t;
        t = h3 >> 6;
        h3 ^= t;
    }
    /* the avalanche apart: 32-bit code in this function turns cc65's
     * optimiser off for the byte code above (2.5x the cycles) */
    store_be(out, h3, h2, h1, h0);
    hb_store32_be(out, oat_final(hb_load32_be(out)));
#else
    uint32_t h = 0;
    size_t i;
    for (i = 0; i < len; i++) {
        h += in[i];
        h += h << 10;
        h ^= h >> 6;
    }
    hb_store32_be(out, oat_final(h));
#endif
}

void hb_pjw(uint8_t *out, const uint8_t *in, size_t len)
{
#if HB_SMALL_CPU
    /* h's bytes h3..h0: h << 4 moves a nibble from each byte to the next,
     * g is h3's top nibble, h ^= g >> 24 and h &= ~g are byte operations. */
    register const uint8_t *p = in;
    uint8_t h3 = 0, h2 = 0, h1 = 0, h0 = 0, g;
    unsigned c;
    size_t n;
    for (n = len; n; n--) {
        h3 = (uint8_t)((h3 << 4) | (h2 >> 4));
        h2 = (uint8_t)((h2 << 4) | (h1 >> 4));
        h1 = (uint8_t)((h1 << 4) | (h0 >> 4));
        c = (unsigned)(uint8_t)(h0 << 4) + *p;
        ++p;
        h0 = (uint8_t)c;
        if (c >> 8) { /* the carry, rarely past h1 */
            if (++h1 == 0 && ++h2 == 0)
                ++h3;
        }
        g = h3 & 0xF0;
        h0 ^= g;
        h3 &= 0x0F;
    }
    store_be(out, h3, h2, h1, h0);
#else
    uint32_t h = 0, g;
    size_t i;
    for (i = 0; i < len; i++) {
        h = (h << 4) + in[i];
        /* Branch-free form of the ABI's "if (g) { h ^= g >> 24; h &= ~g; }":
         * with g == 0 both steps change nothing. */
        g = h & 0xF0000000u;
        h ^= g >> 24;
        h &= ~g;
    }
    hb_store32_be(out, h);
#endif
}

void hb_sdbm(uint8_t *out, const uint8_t *in, size_t len)
{
#if HB_SMALL_CPU
    /* (h << 6) + (h << 16) - h = h * 65599 = h * (63 + 2^16) */
    register const uint8_t *p = in;
    uint8_t h3 = 0, h2 = 0, h1 = 0, h0 = 0;
    size_t n;
    for (n = len; n; n--) {
        HB_MUL8_SMALL(sdbm_mul, h3, h2, h1, h0, *p, 1);
        ++p;
    }
    store_be(out, h3, h2, h1, h0);
#else
    uint32_t h = 0;
    size_t i;
    for (i = 0; i < len; i++)
        h = in[i] + (h << 6) + (h << 16) - h;
    hb_store32_be(out, h);
#endif
}
