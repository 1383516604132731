/* SPDX-License-Identifier: MIT
 * backends/accel/accel.h - CRC-32C (Castagnoli, RFC 3720: reflected
 * polynomial 0x82F63B78) kernels on CPU instructions.  Each kernel lives in
 * its own file, the only one compiled with that ISA's flag; accel.c decides
 * at run time whether the CPU has it.
 *
 * A kernel updates a raw (pre-inverted) CRC register: the caller applies
 * the 0xFFFFFFFF initial value and final XOR.
 */
#ifndef HB_ACCEL_H
#define HB_ACCEL_H

#include <stddef.h>
#include <stdint.h>

uint32_t hb_accel_crc32c_sse42(uint32_t crc, const uint8_t *in, size_t len);
uint32_t hb_accel_crc32c_armv8(uint32_t crc, const uint8_t *in, size_t len);

#endif
