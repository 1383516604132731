/* SPDX-License-Identifier: MIT
 * hb_timed_extra.c - a known extra cost, for benchmarks of the statistics
 * only, linked instead of hb_timed.c into a separate engine
 * (`make BUILD=build/extra TIMED_SRC=src/engine/host/hb_timed_extra.c`,
 * as studies/measure_default_run.py --ab builds it).  That engine reads
 * HB_EXTRA_CALLS=ALGO:N[,ALGO:N..] from the environment and, in those
 * algorithms' portable code, hashes the input a second time on every Nth
 * call: 1/N more of the very work being timed, whatever the core overlaps
 * (a chain of adds after each call hid under the next call on out-of-order
 * cores: its nominal 2% measured 0-1.5%), so the tool can check that
 * `hashbench diff` finds a change of known size.
 */
#include <stdlib.h>
#include <string.h>

#include "hb_timed.h"
#include "hb_impls.h"

static hb_oneshot_fn extra_fn;
static unsigned long extra_every, extra_count;

static void with_extra_call(uint8_t *out, const uint8_t *in, size_t len)
{
    extra_fn(out, in, len);
    if (++extra_count == extra_every) {
        extra_count = 0;
        extra_fn(out, in, len);
    }
}

hb_oneshot_fn hb_timed_fn(size_t k)
{
    hb_impl r = hb_impl_at(k);
    const char *spec = getenv("HB_EXTRA_CALLS");
    size_t n = strlen(r.algo->id);
    while (spec && *spec && strcmp(r.name, "portable") == 0) {
        if (strncmp(spec, r.algo->id, n) == 0 && spec[n] == ':') {
            extra_fn = r.fn;
            extra_every = strtoul(spec + n + 1, NULL, 10);
            return extra_every ? with_extra_call : r.fn;
        }
        spec = strchr(spec, ',');
        if (spec) spec++;
    }
    return r.fn;
}
