/* SPDX-License-Identifier: MIT
 * backends/accel/crc32c_sse42.c - CRC-32C with the SSE4.2 `crc32`
 * instruction (Intel SDM, CRC32 - Accumulate CRC32 Value), which computes
 * exactly the reflected Castagnoli CRC.  Compiled with -msse4.2, this file
 * only; called only after accel.c has seen the CPUID bit.
 */
#include <string.h>
#include <nmmintrin.h>

#include "accel.h"

/* One dependency chain, 8 bytes per instruction (4 on 32-bit x86).  The
 * instruction's latency (3 cycles on most cores) therefore bounds this at
 * about 8 bytes per 3 cycles; three interleaved streams recombined by a
 * CRC shift would approach its throughput of 8 bytes per cycle.  We
 * measure the plain loop: it is what most software using the instruction
 * does.  The instruction consumes the word little-endian, the CPU's own
 * order, so a memcpy load (safe at any alignment, no aliasing questions)
 * feeds it bytes in message order. */
uint32_t hb_accel_crc32c_sse42(uint32_t crc, const uint8_t *in, size_t len)
{
#if defined(__x86_64__)
    uint64_t c = crc;
    for (; len >= 8; in += 8, len -= 8) {
        uint64_t w;
        memcpy(&w, in, 8);
        c = _mm_crc32_u64(c, w);
    }
    crc = (uint32_t)c;
#else
    for (; len >= 4; in += 4, len -= 4) {
        uint32_t w;
        memcpy(&w, in, 4);
        crc = _mm_crc32_u32(crc, w);
    }
#endif
    for (; len; in++, len--) crc = _mm_crc32_u8(crc, *in);
    return crc;
}
