/* SPDX-License-Identifier: MIT
 * hb_timer.h - one small file per timing mechanism behind one contract
 * (after libcpucycles): open it (say whether it works here, and describe
 * it: unit, ticks per second and where that figure came from), read ticks.
 *
 * The engine always also reads the monotonic clock, so MB/s never depends
 * on a cycle counter's guessed frequency; cycles/byte is reported only from
 * a timer whose unit is a cycle.
 */
#ifndef HB_TIMER_H
#define HB_TIMER_H

#include <stdint.h>

typedef struct {
    const char *unit;      /* "ns", "cycles", "ref-cycles", "ticks"          */
    uint64_t hz;           /* ticks per second; 0 when it is not constant    */
    const char *hz_source; /* "os", "measured", "register", "varies"         */
    int is_cycles;         /* 1: ticks are CPU cycles (core or reference)    */
} hb_timer_info;

typedef struct {
    const char *name;
    const char *description;
    int (*open)(hb_timer_info *info); /* 1 = usable on this machine */
    uint64_t (*read)(void);
} hb_timer;

/* Timers compiled for this host, best first. */
extern const hb_timer *const hb_timers[];

/* The POSIX monotonic clock in ns: the engine's wall-time reference. */
uint64_t hb_monotonic_ns(void);

/* Context switches of the calling thread so far (switches.c; 0 where unknown). */
uint64_t hb_context_switches(void);

/* Finds a timer by name ("auto" = the first that opens); NULL if none. */
const hb_timer *hb_timer_select(const char *name, hb_timer_info *info);

#endif
