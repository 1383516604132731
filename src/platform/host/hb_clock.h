/* SPDX-License-Identifier: MIT
 * hb_clock.h - the calibration kernel: a chain of dependent 64-bit adds.
 * An integer add has a latency of one core cycle on every mainstream core
 * (x86-64 since the Pentium Pro, AMD since K7, every ARMv8 core), and each
 * add here waits for the previous one, so timing N adds with any timer
 * gives the core clock at that moment: N adds / the time they took.  The
 * engine runs it beside its samples (`clock` records, and with -c around
 * every sample) so the front end can turn time into estimated core cycles
 * where no cycle counter is allowed, and see the machine's speed change.
 *
 * The two other kernels only validate that claim (`hashbench-engine
 * clock`): a chain of dependent multiplies (latency 3 on those cores, so
 * three times the adds' time) and two independent add chains interleaved
 * (the same time as one chain: the kernel is bound by latency, not by how
 * many adds the core can issue).
 */
#ifndef HB_CLOCK_H
#define HB_CLOCK_H

#include <stdint.h>

#define HB_CLOCK_OPS_PER_ROUND 64u /* dependent operations per loop round */

/* 1 where the kernel can be built so that the compiler cannot fold the
 * chain (an empty GNU asm statement after each add); else the engine
 * writes no clock records and refuses -c. */
int hb_clock_available(void);

/* rounds * HB_CLOCK_OPS_PER_ROUND dependent adds; returns the chain's end,
 * which the caller must use (the engine writes it to a volatile sink). */
uint64_t hb_clock_adds(uint64_t rounds);
/* rounds * HB_CLOCK_OPS_PER_ROUND dependent 64-bit multiplies. */
uint64_t hb_clock_muls(uint64_t rounds);
/* two chains of rounds * HB_CLOCK_OPS_PER_ROUND adds, interleaved. */
uint64_t hb_clock_two_chains(uint64_t rounds);

#endif
