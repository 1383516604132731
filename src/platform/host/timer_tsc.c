/* SPDX-License-Identifier: MIT
 * timer_tsc.c - the x86 time-stamp counter.  On every CPU of the last
 * fifteen years it ticks at a constant *reference* rate, not the core
 * clock, so we label it ref-cycles and measure its rate against the
 * monotonic clock rather than assuming it.
 */
#include <string.h>
#include <stdio.h>
#include "hb_timer.h"

#if defined(__x86_64__) || defined(__i386__)

static uint64_t tsc_read(void)
{
    uint32_t lo, hi;
    /* lfence keeps earlier instructions from drifting past the read */
    __asm__ __volatile__("lfence\n\trdtsc" : "=a"(lo), "=d"(hi) : : "memory");
    return ((uint64_t)hi << 32) | lo;
}

/* Only trust a TSC the kernel calls constant and non-stop. */
static int tsc_is_invariant(void)
{
    FILE *f = fopen("/proc/cpuinfo", "r");
    char line[4096];
    int constant = 0, nonstop = 0;
    if (!f) return 0;
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, "flags", 5) != 0) continue;
        constant = strstr(line, " constant_tsc") != NULL;
        nonstop = strstr(line, " nonstop_tsc") != NULL;
        break;
    }
    fclose(f);
    return constant && nonstop;
}

static int tsc_open(hb_timer_info *info)
{
    uint64_t t0, c0, t1, c1;
    if (!tsc_is_invariant()) return 0;
    /* 50 ms against the monotonic clock gives the rate to ~0.01% */
    t0 = hb_monotonic_ns();
    c0 = tsc_read();
    do {
        t1 = hb_monotonic_ns();
    } while (t1 - t0 < 50000000u);
    c1 = tsc_read();
    info->unit = "ref-cycles";
    info->hz = (c1 - c0) * 1000u / ((t1 - t0) / 1000000u);
    info->hz_source = "measured";
    info->is_cycles = 1;
    return 1;
}

const hb_timer hb_timer_tsc = {
    "tsc", "x86 time-stamp counter (reference cycles, not core cycles)", tsc_open, tsc_read
};

#else
typedef int hb_timer_tsc_unused_;
#endif
