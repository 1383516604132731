/* SPDX-License-Identifier: MIT
 * hb_timed_extra.c - a known extra cost, for benchmarks of the statistics
 * only, linked instead of hb_timed.c into a separate engine
 * (`make BUILD=build/extra TIMED_SRC=src/engine/host/hb_timed_extra.c`,
 * as studies/measure_default_run.py --ab builds it).  That engine reads
 * HB_EXTRA_COST=ALGO:ADDS[,ALGO:ADDS..] from the environment and times
 * those algorithms' portable code followed by ADDS dependent adds of the
 * calibration kernel, i.e. ADDS core cycles more per call (less the little
 * the core overlaps: at most a reorder buffer's worth), so the tool can
 * check that `hashbench diff` finds a change of known size.
 */
#include <stdlib.h>
#include <string.h>

#include "hb_timed.h"
#include "hb_impls.h"
#include "../../platform/host/hb_clock.h"

static hb_oneshot_fn extra_fn;
static uint64_t extra_rounds;
static volatile uint64_t extra_sink;

static void with_extra_cost(uint8_t *out, const uint8_t *in, size_t len)
{
    extra_fn(out, in, len);
    extra_sink = hb_clock_adds(extra_rounds);
}

hb_oneshot_fn hb_timed_fn(size_t k)
{
    hb_impl r = hb_impl_at(k);
    const char *spec = getenv("HB_EXTRA_COST");
    size_t n = strlen(r.algo->id);
    while (spec && *spec && strcmp(r.name, "portable") == 0) {
        if (strncmp(spec, r.algo->id, n) == 0 && spec[n] == ':') {
            extra_fn = r.fn;
            extra_rounds = strtoul(spec + n + 1, NULL, 10) / HB_CLOCK_OPS_PER_ROUND;
            return with_extra_cost;
        }
        spec = strchr(spec, ',');
        if (spec) spec++;
    }
    return r.fn;
}
