/* SPDX-License-Identifier: MIT
 * hb_bench.c - the measurement loop.  (Interleaved runs, where drift must
 * hit every implementation alike, use calibrate + sample from main.c.)
 *
 * Calibrate: double the batch until one batch takes at least the sample
 * length (1/12 of the budget unless told, so ~10 samples fit); warm up with
 * one batch; then take samples of that batch until the budget is spent (at
 * least min_samples).  Every sample reads the selected timer and the
 * monotonic clock around the same batch, so MB/s never rests on an assumed
 * cycle frequency, and counts the context switches during it (the front
 * end leaves out a sample the scheduler interrupted).  With clock_rounds,
 * half the calibration kernel runs just before the batch and half just
 * after (the same timer): the core clock of that moment, centred on the
 * batch, so a steady change of speed cancels out.
 */
#include "hb_bench.h"
#include "../../platform/host/hb_clock.h"

/* the kernels' results go here, so no compiler may drop their work */
static volatile uint64_t hb_clock_sink;

#if defined(__GNUC__)
#define HB_NOINLINE __attribute__((noinline))
#else
#define HB_NOINLINE
#endif

void hb_bench_null(uint8_t *out, const uint8_t *in, size_t len)
{
    (void)in;
    (void)len;
    out[0] = 0;
}

/* Not inlined, so the loop is the same machine code for every algorithm
 * and the call through `fn` cannot be resolved at compile time. */
static HB_NOINLINE void run_batch(hb_oneshot_fn fn, uint8_t *out, const uint8_t *in,
                                  size_t len, uint64_t iters)
{
    uint64_t i;
    for (i = 0; i < iters; i++) fn(out, in, len);
}

static void take_sample(const hb_bench_cfg *cfg, hb_oneshot_fn fn, uint8_t *out,
                        const uint8_t *in, size_t len, uint64_t iters, hb_sample *s)
{
    const hb_timer *t = cfg->timer;
    uint64_t half = cfg->clock_rounds / 2, k0 = 0, k1 = 0, k2 = 0, k3 = 0, n0, t0, t1, n1;
    uint64_t sw = hb_context_switches(); /* around the kernel too: it must not be interrupted either */
    if (half) {
        k0 = t->read();
        hb_clock_sink = hb_clock_adds(half);
        k1 = t->read();
    }
    n0 = hb_monotonic_ns();
    t0 = t->read();
    run_batch(fn, out, in, len, iters);
    t1 = t->read();
    n1 = hb_monotonic_ns();
    if (half) {
        k2 = t->read();
        hb_clock_sink = hb_clock_adds(half);
        k3 = t->read();
    }
    s->switches = hb_context_switches() - sw;
    s->iters = iters;
    s->ticks = t1 - t0;
    s->ns = n1 - n0;
    s->clock_ticks = (k1 - k0) + (k3 - k2);
}

void hb_bench_clock_sample(const hb_bench_cfg *cfg, uint64_t rounds, hb_sample *s)
{
    uint64_t n0 = hb_monotonic_ns(), t0 = cfg->timer->read(), t1, n1;
    hb_clock_sink = hb_clock_adds(rounds);
    t1 = cfg->timer->read();
    n1 = hb_monotonic_ns();
    s->iters = rounds * HB_CLOCK_OPS_PER_ROUND;
    s->ticks = t1 - t0;
    s->ns = n1 - n0;
    s->switches = 0;
    s->clock_ticks = 0;
}

uint64_t hb_bench_sample_ns(const hb_bench_cfg *cfg)
{
    uint64_t ns = cfg->sample_ns ? cfg->sample_ns : cfg->budget_ns / 12;
    return ns < 200000u && !cfg->sample_ns ? 200000u : ns; /* default: at least 0.2 ms */
}

uint64_t hb_bench_calibrate(const hb_bench_cfg *cfg, hb_oneshot_fn fn, const uint8_t *in,
                            size_t len, uint8_t *out, uint64_t target)
{
    uint64_t iters = 1;
    hb_sample s;
    if (target < 50000u) target = 50000u; /* 50 us: far above the timers' cost */
    for (;;) {
        take_sample(cfg, fn, out, in, len, iters, &s);
        if (s.ns >= target || iters >= ((uint64_t)1 << 40)) break;
        /* jump straight near the target once the batch is measurable */
        if (s.ns > target / 64)
            iters = iters * target / s.ns + 1;
        else
            iters *= 8;
    }
    take_sample(cfg, fn, out, in, len, iters, &s); /* warm-up */
    return iters;
}

void hb_bench_sample(const hb_bench_cfg *cfg, hb_oneshot_fn fn, const uint8_t *in, size_t len,
                     uint8_t *out, uint64_t iters, hb_sample *s)
{
    take_sample(cfg, fn, out, in, len, iters, s);
}

void hb_bench_measure(const hb_bench_cfg *cfg, hb_oneshot_fn fn, const uint8_t *in,
                      size_t len, uint8_t *out, hb_bench_result *res)
{
    uint64_t start = hb_monotonic_ns();
    unsigned want = cfg->fixed_samples;
    uint64_t iters = hb_bench_calibrate(cfg, fn, in, len, out, hb_bench_sample_ns(cfg));

    res->calibrated_iters = iters;
    res->nsamples = 0;
    while (res->nsamples < HB_MAX_SAMPLES) {
        if (want) {
            if (res->nsamples >= want) break;
        } else if (res->nsamples >= cfg->min_samples &&
                   hb_monotonic_ns() - start >= cfg->budget_ns) {
            break;
        }
        take_sample(cfg, fn, out, in, len, iters, &res->samples[res->nsamples]);
        res->nsamples++;
    }
}
