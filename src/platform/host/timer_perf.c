/* SPDX-License-Identifier: MIT
 * timer_perf.c - Linux perf_event core cycles of this thread, user space
 * only.  The real CPU clock, whatever the frequency does; refused by many
 * VMs and by kernels with perf_event_paranoid > 2, in which case the
 * engine falls back to the next timer.
 */
#include "hb_timer.h"

#if defined(__linux__)
#include <linux/perf_event.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

static int perf_fd = -1;

static uint64_t perf_read(void)
{
    uint64_t v = 0;
    if (read(perf_fd, &v, sizeof v) != (ssize_t)sizeof v) return 0;
    return v;
}

static int perf_open(hb_timer_info *info)
{
    struct perf_event_attr attr;
    uint64_t a, b;
    memset(&attr, 0, sizeof attr);
    attr.type = PERF_TYPE_HARDWARE;
    attr.size = sizeof attr;
    attr.config = PERF_COUNT_HW_CPU_CYCLES;
    attr.exclude_kernel = 1;
    attr.exclude_hv = 1;
    if (perf_fd < 0)
        perf_fd = (int)syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);
    if (perf_fd < 0) return 0;
    /* some hypervisors hand out a counter that never moves */
    a = perf_read();
    for (b = 0; b < 100000u; b++)
        __asm__ __volatile__("" : : : "memory");
    b = perf_read();
    if (b <= a) {
        close(perf_fd);
        perf_fd = -1;
        return 0;
    }
    info->unit = "cycles";
    info->hz = 0;
    info->hz_source = "varies";
    info->is_cycles = 1;
    return 1;
}

const hb_timer hb_timer_perf = {
    "perf", "Linux perf_event core cycles (user space)", perf_open, perf_read
};

#else
typedef int hb_timer_perf_unused_;
#endif
