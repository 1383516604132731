/* SPDX-License-Identifier: MIT
 * hb_util.h - explicit-endian loads and stores and rotations.
 *
 * Every algorithm reads and writes bytes through these, never through a
 * cast pointer: that keeps the core correct on big-endian and on CPUs that
 * trap on unaligned access, and free of strict-aliasing undefined behaviour.
 * Good compilers turn each load into one instruction where that is legal.
 */
#ifndef HB_UTIL_H
#define HB_UTIL_H

#include <stdint.h>
#include <stddef.h>
#include <string.h>
#include "hb_config.h"

HB_FORCE_INLINE uint16_t hb_load16_be(const uint8_t *p)
{
    return (uint16_t)(((uint16_t)p[0] << 8) | p[1]);
}

HB_FORCE_INLINE uint16_t hb_load16_le(const uint8_t *p)
{
    return (uint16_t)(((uint16_t)p[1] << 8) | p[0]);
}

HB_FORCE_INLINE uint32_t hb_load32_le(const uint8_t *p)
{
#if HB_NO_INLINE
    /* cc65: two 16-bit halves (inline there) and one 32-bit step, not three
     * 32-bit ORs through its runtime: 20% fewer cycles. */
    uint32_t v = (unsigned)p[2] | ((unsigned)p[3] << 8);
    return (v << 16) | ((unsigned)p[0] | ((unsigned)p[1] << 8));
#else
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) |
           ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
#endif
}

HB_FORCE_INLINE uint32_t hb_load32_be(const uint8_t *p)
{
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) |
           ((uint32_t)p[2] << 8) | (uint32_t)p[3];
}

HB_FORCE_INLINE void hb_store16_be(uint8_t *p, uint16_t v)
{
    p[0] = (uint8_t)(v >> 8);
    p[1] = (uint8_t)v;
}

HB_FORCE_INLINE void hb_store32_le(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

HB_FORCE_INLINE void hb_store32_be(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

#if HB_SMALL_CPU
/* Rotations as functions on the 8-bit CPUs (HB_SMALL_HELPER: real calls
 * on cc65 and SDCC), so n is a run-time value there, and a 32-bit shift by
 * a variable count is a loop of one-bit steps: 32 of them per rotation
 * (cc65: some 1,600 cycles).  Whole bytes first (byte moves), then at most
 * 4 one-bit steps the short way round: cc65 700-1,000 cycles, SDCC a
 * register rotate per bit.  cc65 calls these for every rotation; SDCC,
 * which inlines hb_rotl32 with its constant count, calls them where the
 * count is a table entry (MD4, MD5 and RIPEMD-160's rolled rounds) or where
 * it keeps the round's variables in memory and makes an inline constant
 * shift a loop over memory (their written-out rounds, XXH32): `_fn`. */
HB_SMALL_HELPER uint32_t hb_rotl32_fn(uint32_t x, unsigned n)
{
    uint32_t v = x;
    uint8_t r = (uint8_t)(n & 7), q = (uint8_t)(n >> 3);
    if (r > 4)
        ++q; /* a byte further, then 8 - r bits back */
    if (q & 2)
        v = (v << 16) | (v >> 16);
    if (q & 1)
        v = (v << 8) | (v >> 24);
    if (r > 4) {
        for (r = (uint8_t)(8 - r); r; r--) {
            if ((uint8_t)v & 1) {
                v >>= 1;
                v |= 0x80000000u;
            } else
                v >>= 1;
        }
    } else {
        for (; r; r--) {
            if ((uint8_t)(v >> 24) & 0x80) {
                v <<= 1;
                v |= 1;
            } else
                v <<= 1;
        }
    }
    return v;
}
#endif

#if HB_NO_INLINE
#define hb_rotl32 hb_rotl32_fn
HB_FORCE_INLINE uint32_t hb_rotr32(uint32_t x, unsigned n)
{
    return hb_rotl32_fn(x, 32 - n);
}
#else
/* n must be in 1..31: a shift by 32 is undefined behaviour. */
HB_FORCE_INLINE uint32_t hb_rotl32(uint32_t x, unsigned n)
{
    return (x << n) | (x >> (32 - n));
}

HB_FORCE_INLINE uint32_t hb_rotr32(uint32_t x, unsigned n)
{
    return (x >> n) | (x << (32 - n));
}
#if !HB_SMALL_CPU
#define hb_rotl32_fn hb_rotl32
#endif
#endif

#if HB_HAVE_U64
HB_FORCE_INLINE uint64_t hb_load64_le(const uint8_t *p)
{
    return (uint64_t)hb_load32_le(p) | ((uint64_t)hb_load32_le(p + 4) << 32);
}

HB_FORCE_INLINE uint64_t hb_load64_be(const uint8_t *p)
{
    return ((uint64_t)hb_load32_be(p) << 32) | (uint64_t)hb_load32_be(p + 4);
}

HB_FORCE_INLINE void hb_store64_le(uint8_t *p, uint64_t v)
{
    hb_store32_le(p, (uint32_t)v);
    hb_store32_le(p + 4, (uint32_t)(v >> 32));
}

HB_FORCE_INLINE void hb_store64_be(uint8_t *p, uint64_t v)
{
    hb_store32_be(p, (uint32_t)(v >> 32));
    hb_store32_be(p + 4, (uint32_t)v);
}

/* n must be in 1..63. */
HB_FORCE_INLINE uint64_t hb_rotl64(uint64_t x, unsigned n)
{
    return (x << n) | (x >> (64 - n));
}

HB_FORCE_INLINE uint64_t hb_rotr64(uint64_t x, unsigned n)
{
    return (x >> n) | (x << (64 - n));
}
#endif /* HB_HAVE_U64 */

#endif /* HB_UTIL_H */
