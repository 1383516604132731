/* SPDX-License-Identifier: MIT
 * hb_region.c - the measured region: see hb_region.h.
 */
#include "hb_region.h"
#include "hb_record.h"

#if defined(__GNUC__)
#define HB_MARKER __attribute__((noinline, used))
#define HB_NOINLINE __attribute__((noinline))
#else
#define HB_MARKER
#define HB_NOINLINE
#endif

/* Each marker stores a different value, so identical code folding cannot
 * make the two one function. */
volatile unsigned hb_region_phase;

HB_MARKER void hb_cross_begin(void) { hb_region_phase = 1u; }
HB_MARKER void hb_cross_end(void) { hb_region_phase = 2u; }

HB_NOINLINE void hb_region_nothing(uint8_t *out, const uint8_t *in, size_t len)
{
    (void)out;
    (void)in;
    (void)len;
}

/* A simulated branch predictor (Callgrind's: 2-bit counters indexed by
 * the branch's address and the outcomes of the last 7 conditional
 * branches) carries state from one region to the next.  Eight branches of
 * a loop whose bound the compiler cannot see, before and after each call,
 * make the call start from the same history whatever ran before, and the
 * runner's own branches see the same history whatever was called: they
 * then go through the same states in every region. */
static volatile unsigned hb_region_flush = 8u;

static void flush_history(void)
{
    unsigned j;
    for (j = 0; j < hb_region_flush; j++)
        continue;
}

/* The warm-up calls go through the same call instruction as the measured
 * ones, so a simulated indirect-branch predictor has seen its target. */
HB_NOINLINE void hb_region_run(hb_oneshot_fn fn, uint8_t *out, const uint8_t *in, size_t len,
                               unsigned long warm, unsigned long calls)
{
    hb_oneshot_fn volatile f = fn;
    unsigned long i;
    for (i = 0; i < warm + calls; i++) {
        if (i == warm) hb_cross_begin();
        flush_history();
        f(out, in, len);
        flush_history();
    }
    hb_cross_end();
}

void hb_rec_region(unsigned long index, const char *algo, const char *impl, size_t len,
                   unsigned long calls)
{
    hb_rec_begin("region");
    hb_rec_uint("index", index);
    hb_rec_str("algo", algo);
    hb_rec_str("impl", impl);
    hb_rec_uint("size", (hb_uint)len);
    hb_rec_uint("calls", calls);
}
