/* SPDX-License-Identifier: MIT
 * switches.c - how many times this thread has been switched out so far
 * (getrusage: voluntary and involuntary context switches; 0 where the
 * system does not count them).  The engine reads it around every sample:
 * a sample during which the scheduler ran something else measured that
 * too, so the front end leaves it out (docs/records.md).  Per thread where
 * the system counts so (Linux's RUSAGE_THREAD): with several measuring
 * threads, one thread's wait at a barrier is no interruption of another's
 * sample; a single-threaded engine counts the same either way.
 */
#include <sys/resource.h>
#include "hb_timer.h"

uint64_t hb_context_switches(void)
{
    struct rusage u;
#ifdef RUSAGE_THREAD
    if (getrusage(RUSAGE_THREAD, &u) != 0) return 0;
#else
    if (getrusage(RUSAGE_SELF, &u) != 0) return 0;
#endif
    return (uint64_t)u.ru_nvcsw + (uint64_t)u.ru_nivcsw;
}
