/* SPDX-License-Identifier: MIT
 * timer_cntvct.c - the AArch64 generic timer's virtual count.  Its rate is
 * in CNTFRQ_EL0 (often 24-100 MHz: coarse, so the engine's batches are
 * long enough to make that harmless).
 */
#include "hb_timer.h"

#if defined(__aarch64__)

static uint64_t cntvct_read(void)
{
    uint64_t v;
    __asm__ __volatile__("isb\n\tmrs %0, cntvct_el0" : "=r"(v) : : "memory");
    return v;
}

static int cntvct_open(hb_timer_info *info)
{
    uint64_t f;
    __asm__ __volatile__("mrs %0, cntfrq_el0" : "=r"(f));
    if (f == 0) return 0;
    info->unit = "ticks";
    info->hz = f;
    info->hz_source = "register";
    info->is_cycles = 0;
    return 1;
}

const hb_timer hb_timer_cntvct = {
    "cntvct", "AArch64 generic timer CNTVCT_EL0", cntvct_open, cntvct_read
};

#else
typedef int hb_timer_cntvct_unused_;
#endif
