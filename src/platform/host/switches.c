/* SPDX-License-Identifier: MIT
 * switches.c - how many times this process has been switched out so far
 * (getrusage: voluntary and involuntary context switches; 0 where the
 * system does not count them).  The engine reads it around every sample:
 * a sample during which the scheduler ran something else measured that
 * too, so the front end leaves it out (docs/records.md).
 */
#include <sys/resource.h>
#include "hb_timer.h"

uint64_t hb_context_switches(void)
{
    struct rusage u;
    if (getrusage(RUSAGE_SELF, &u) != 0) return 0;
    return (uint64_t)u.ru_nvcsw + (uint64_t)u.ru_nivcsw;
}
