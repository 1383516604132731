/* SPDX-License-Identifier: MIT
 * timers.c - the host's timers, best first, and selection by name.
 * Adding a timer: its own file and one line here.
 */
#include <string.h>
#include "hb_timer.h"

extern const hb_timer hb_timer_perf, hb_timer_tsc, hb_timer_cntvct,
    hb_timer_monotonic, hb_timer_cputime;

const hb_timer *const hb_timers[] = {
#if defined(__linux__)
    &hb_timer_perf,
#endif
#if defined(__x86_64__) || defined(__i386__)
    &hb_timer_tsc,
#endif
#if defined(__aarch64__)
    &hb_timer_cntvct,
#endif
    &hb_timer_monotonic,
    &hb_timer_cputime,
    NULL
};

const hb_timer *hb_timer_select(const char *name, hb_timer_info *info)
{
    size_t i;
    int any = strcmp(name, "auto") == 0;
    for (i = 0; hb_timers[i]; i++) {
        if (!any && strcmp(hb_timers[i]->name, name) != 0) continue;
        if (hb_timers[i]->open(info)) return hb_timers[i];
        if (!any) return NULL;
    }
    return NULL;
}
