/* SPDX-License-Identifier: MIT
 * timer_monotonic.c - POSIX CLOCK_MONOTONIC (RAW where Linux has it: not
 * slewed by NTP), nanoseconds.  Always available; also the wall reference.
 */
#include <time.h>
#include "hb_timer.h"

#ifdef CLOCK_MONOTONIC_RAW
#define HB_MONO_CLOCK CLOCK_MONOTONIC_RAW
#else
#define HB_MONO_CLOCK CLOCK_MONOTONIC
#endif

uint64_t hb_monotonic_ns(void)
{
    struct timespec ts;
    clock_gettime(HB_MONO_CLOCK, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static int mono_open(hb_timer_info *info)
{
    info->unit = "ns";
    info->hz = 1000000000u;
    info->hz_source = "os";
    info->is_cycles = 0;
    return 1;
}

const hb_timer hb_timer_monotonic = {
    "monotonic", "POSIX monotonic clock (nanoseconds)", mono_open, hb_monotonic_ns
};
