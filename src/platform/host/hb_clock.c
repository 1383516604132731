/* SPDX-License-Identifier: MIT
 * hb_clock.c - the calibration kernel (hb_clock.h).  After each operation
 * an empty asm statement claims to read and rewrite the register: the
 * compiler can neither merge the adds into one (x += 64) nor move them out
 * of the loop, yet it emits no instruction for it, so the loop is exactly
 * one `add` per step plus a counter and a branch that run beside the chain.
 * The step adds a register, never an immediate: Intel cores since Golden
 * Cove fold chains of add-immediate at rename, several a cycle, which made
 * the kernel read a 2.6 GHz Xeon as 20 GHz.
 */
#include "hb_clock.h"

#if defined(__GNUC__)

#define HB_KEEP(x) __asm__ __volatile__("" : "+r"(x))
#define HB_NOINLINE __attribute__((noinline))

/* 8 and 64 steps of a chain: the unrolled body of one loop round. */
#define STEP8(op) op op op op op op op op
#define STEP64(op) STEP8(STEP8(op))

#define ADD_X x += one; HB_KEEP(x);
#define MUL_X x *= UINT64_C(0x9E3779B97F4A7C15); HB_KEEP(x);
#define ADD_XY x += one; y += one; HB_KEEP(x); HB_KEEP(y);

int hb_clock_available(void)
{
    return 1;
}

HB_NOINLINE uint64_t hb_clock_adds(uint64_t rounds)
{
    uint64_t x = rounds, one = 1u, i;
    HB_KEEP(one);
    for (i = 0; i < rounds; i++) {
        STEP64(ADD_X)
    }
    return x;
}

HB_NOINLINE uint64_t hb_clock_muls(uint64_t rounds)
{
    uint64_t x = rounds | 1u, i;
    for (i = 0; i < rounds; i++) {
        STEP64(MUL_X)
    }
    return x;
}

HB_NOINLINE uint64_t hb_clock_two_chains(uint64_t rounds)
{
    uint64_t x = rounds, y = 1u, one = 1u, i;
    HB_KEEP(one);
    for (i = 0; i < rounds; i++) {
        STEP64(ADD_XY)
    }
    return x ^ y;
}

#else /* no way to stop the compiler folding the chain: no kernel */

int hb_clock_available(void)
{
    return 0;
}

uint64_t hb_clock_adds(uint64_t rounds)
{
    return rounds;
}

uint64_t hb_clock_muls(uint64_t rounds)
{
    return rounds;
}

uint64_t hb_clock_two_chains(uint64_t rounds)
{
    return rounds;
}

#endif
