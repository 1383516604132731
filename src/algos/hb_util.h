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

HB_INLINE uint16_t hb_load16_be(const uint8_t *p)
{
    return (uint16_t)(((uint16_t)p[0] << 8) | p[1]);
}

HB_INLINE uint16_t hb_load16_le(const uint8_t *p)
{
    return (uint16_t)(((uint16_t)p[1] << 8) | p[0]);
}

HB_INLINE uint32_t hb_load32_le(const uint8_t *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) |
           ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}

HB_INLINE uint32_t hb_load32_be(const uint8_t *p)
{
    return ((uint32_t)p[0] << 24) | ((uint32_t)p[1] << 16) |
           ((uint32_t)p[2] << 8) | (uint32_t)p[3];
}

HB_INLINE void hb_store16_be(uint8_t *p, uint16_t v)
{
    p[0] = (uint8_t)(v >> 8);
    p[1] = (uint8_t)v;
}

HB_INLINE void hb_store32_le(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

HB_INLINE void hb_store32_be(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

/* n must be in 1..31: a shift by 32 is undefined behaviour. */
HB_INLINE uint32_t hb_rotl32(uint32_t x, unsigned n)
{
    return (x << n) | (x >> (32 - n));
}

HB_INLINE uint32_t hb_rotr32(uint32_t x, unsigned n)
{
    return (x >> n) | (x << (32 - n));
}

#if HB_HAVE_U64
HB_INLINE uint64_t hb_load64_le(const uint8_t *p)
{
    return (uint64_t)hb_load32_le(p) | ((uint64_t)hb_load32_le(p + 4) << 32);
}

HB_INLINE uint64_t hb_load64_be(const uint8_t *p)
{
    return ((uint64_t)hb_load32_be(p) << 32) | (uint64_t)hb_load32_be(p + 4);
}

HB_INLINE void hb_store64_le(uint8_t *p, uint64_t v)
{
    hb_store32_le(p, (uint32_t)v);
    hb_store32_le(p + 4, (uint32_t)(v >> 32));
}

HB_INLINE void hb_store64_be(uint8_t *p, uint64_t v)
{
    hb_store32_be(p, (uint32_t)(v >> 32));
    hb_store32_be(p + 4, (uint32_t)v);
}

/* n must be in 1..63. */
HB_INLINE uint64_t hb_rotl64(uint64_t x, unsigned n)
{
    return (x << n) | (x >> (64 - n));
}

HB_INLINE uint64_t hb_rotr64(uint64_t x, unsigned n)
{
    return (x >> n) | (x << (64 - n));
}
#endif /* HB_HAVE_U64 */

#endif /* HB_UTIL_H */
