/* SPDX-License-Identifier: MIT
 * backends/accel/crc32c_armv8.c - CRC-32C with the ARMv8 CRC32C*
 * instructions (Arm ARM, CRC32C; ACLE __crc32c{b,h,w,d}), optional in
 * ARMv8.0 and mandatory from ARMv8.1.  Compiled with -march=armv8-a+crc,
 * this file only; called only after accel.c has seen HWCAP_CRC32.
 */
#include <string.h>
#include <arm_acle.h>

#include "accel.h"

/* The instructions consume their operand little-endian.  On a big-endian
 * aarch64 (rare, but it exists) a memcpy load holds the bytes the other
 * way round, so they are swapped back. */
static uint64_t hb_accel_load64_le(const uint8_t *p)
{
    uint64_t w;
    memcpy(&w, p, 8);
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
    w = __builtin_bswap64(w);
#endif
    return w;
}

/* One dependency chain, 8 bytes per instruction: see crc32c_sse42.c for
 * why we measure the plain loop. */
uint32_t hb_accel_crc32c_armv8(uint32_t crc, const uint8_t *in, size_t len)
{
    for (; len >= 8; in += 8, len -= 8) crc = __crc32cd(crc, hb_accel_load64_le(in));
    for (; len; in++, len--) crc = __crc32cb(crc, *in);
    return crc;
}
