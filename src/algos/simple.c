/* SPDX-License-Identifier: MIT
 * simple.c - the byte-at-a-time hashes of the roster, exactly as
 * shared/spec/algorithms.md defines them:
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
 * benchmarked as the byte loops the seed studies timed, not rewritten.
 */
#include "simple.h"
#include "hb_util.h"

void hb_xor8(uint8_t *out, const uint8_t *in, size_t len)
{
    unsigned x = 0;
    size_t i;
    /* One byte at a time on purpose: the roster times this as the floor
     * of a byte loop.  Compilers may still vectorise it, as they would
     * the seed's loop. */
    for (i = 0; i < len; i++)
        x ^= in[i];
    out[0] = (uint8_t)x;
}

void hb_djb2(uint8_t *out, const uint8_t *in, size_t len)
{
    uint32_t h = 5381;
    size_t i;
    for (i = 0; i < len; i++)
        h = (h << 5) + h + in[i];
    hb_store32_be(out, h);
}

void hb_fnv1a32(uint8_t *out, const uint8_t *in, size_t len)
{
    uint32_t h = 0x811C9DC5u;
    size_t i;
    for (i = 0; i < len; i++)
        h = (h ^ in[i]) * 0x01000193u;
    hb_store32_be(out, h);
}

void hb_knuth(uint8_t *out, const uint8_t *in, size_t len)
{
    uint32_t h = 0;
    size_t i;
    for (i = 0; i < len; i++)
        h = (h ^ in[i]) * 0x9E3779B1u;
    hb_store32_be(out, h);
}

void hb_oat(uint8_t *out, const uint8_t *in, size_t len)
{
    uint32_t h = 0;
    size_t i;
    for (i = 0; i < len; i++) {
        h += in[i];
        h += h << 10;
        h ^= h >> 6;
    }
    h += h << 3;
    h ^= h >> 11;
    h += h << 15;
    hb_store32_be(out, h);
}

void hb_pjw(uint8_t *out, const uint8_t *in, size_t len)
{
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
}

void hb_sdbm(uint8_t *out, const uint8_t *in, size_t len)
{
    uint32_t h = 0;
    size_t i;
    for (i = 0; i < len; i++)
        h = in[i] + (h << 6) + (h << 16) - h;
    hb_store32_be(out, h);
}
