/* SPDX-License-Identifier: MIT
 * timer_cputime.c - process CPU time (CLOCK_PROCESS_CPUTIME_ID), the
 * Itanium study's measure: immune to time spent descheduled, but coarse on
 * some kernels.
 */
#include <time.h>
#include "hb_timer.h"

static uint64_t cputime_read(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static int cputime_open(hb_timer_info *info)
{
    struct timespec ts;
    if (clock_getres(CLOCK_PROCESS_CPUTIME_ID, &ts) != 0) return 0;
    info->unit = "ns";
    info->hz = 1000000000u;
    info->hz_source = "os";
    info->is_cycles = 0;
    return 1;
}

const hb_timer hb_timer_cputime = {
    "cputime", "process CPU time (nanoseconds)", cputime_open, cputime_read
};
