/* SPDX-License-Identifier: MIT
 * backends/accel/accel.c - the `accel` backend: our CRC-32C on the CPU's
 * CRC instructions, as implementation `sse42` (x86) or `armv8-crc`
 * (aarch64).  This file is the dispatch: it is compiled without any ISA
 * flag, asks the CPU at run time, and reports the backend unavailable
 * (skipped, not fatal) where the instructions are missing.
 *
 * CRC-32C: reflected 0x82F63B78, initial value and final XOR 0xFFFFFFFF;
 * canonical output is the big-endian bytes of the value (algorithms.md).
 */
#include "../../src/engine/host/hb_impls.h"
#include "accel.h"

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#define HB_ACCEL_NAME "sse42"
#define HB_ACCEL_KERNEL hb_accel_crc32c_sse42
#define HB_ACCEL_ISA "x86 SSE4.2 crc32"

/* CPUID leaf 1, ECX bit 20: SSE4.2, which includes `crc32`. */
static int hb_accel_cpu_has(void)
{
    unsigned a, b, c, d;
    return __get_cpuid(1, &a, &b, &c, &d) && (c & (1u << 20));
}

#elif defined(__aarch64__)
#define HB_ACCEL_NAME "armv8-crc"
#define HB_ACCEL_KERNEL hb_accel_crc32c_armv8
#define HB_ACCEL_ISA "ARMv8 CRC32C"

#if defined(__linux__)
#include <sys/auxv.h>
#ifndef HWCAP_CRC32
#define HWCAP_CRC32 (1 << 7) /* <asm/hwcap.h>, arm64 */
#endif
static int hb_accel_cpu_has(void)
{
    return (getauxval(AT_HWCAP) & HWCAP_CRC32) != 0;
}
#else
/* No portable way to ask elsewhere (macOS has a sysctl, the BSDs
 * elf_aux_info): say "no" rather than guess and fault. */
static int hb_accel_cpu_has(void)
{
    return 0;
}
#endif

#else
#error "backends/accel: no CRC-32C kernel for this architecture (backend.mk should not build it)"
#endif

static void hb_accel_crc32c(uint8_t *out, const uint8_t *in, size_t len)
{
    uint32_t crc = ~HB_ACCEL_KERNEL(0xFFFFFFFFu, in, len);
    out[0] = (uint8_t)(crc >> 24);
    out[1] = (uint8_t)(crc >> 16);
    out[2] = (uint8_t)(crc >> 8);
    out[3] = (uint8_t)crc;
}

static int hb_accel_available(void)
{
    static int state; /* 0: not yet asked, 1: has it, -1: not */
    if (!state) state = hb_accel_cpu_has() ? 1 : -1;
    return state > 0;
}

/* Our code: the "version" records which instructions it runs on. */
static const char *hb_accel_version(void)
{
    return HB_ACCEL_ISA;
}

static const hb_backend_entry hb_accel_entries[] = {
    { "crc32c", hb_accel_crc32c, NULL, NULL },
    { NULL, NULL, NULL, NULL }
};

const hb_backend hb_backend_accel = { HB_ACCEL_NAME, hb_accel_version, hb_accel_available,
                                      hb_accel_entries };
