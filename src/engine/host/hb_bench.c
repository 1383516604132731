/* SPDX-License-Identifier: MIT
 * hb_bench.c - the measurement loop, and `bench`'s plan around it.
 *
 * For each size: the harness overhead (the do-nothing hash through the
 * same loop), then each selected implementation: announce, verify, time
 * (or in region mode, run one region for an instrument outside).
 * Interleaved (compare): an algorithm's implementations are calibrated,
 * then sampled in turn, so that drift hits every one alike.
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
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hb_bench.h"
#include "args.h"
#include "hb_host.h"
#include "hb_host_records.h"
#include "hb_impls.h"
#include "hb_reference.h"
#include "hb_timed.h"
#include "../hb_record.h"
#include "../hb_region.h"
#include "../hb_workload.h"
#include "../../platform/host/hb_clock.h"

/* Region mode: calls outside each region before it opens.  Two: a 2-bit
 * counter of a simulated branch predictor that a call moves the same way
 * twice or more then predicts that way, whatever earlier code left in it,
 * and the caches hold what a call touches (if it fits).  A counter that
 * aliased branches move both ways can keep a trace of earlier code: a
 * figure may differ by a misprediction or two with what ran before it. */
#define HB_WARM_CALLS 2
#define CLOCK_RUNS 15 /* kernel runs in a `clock` record */

/* The workload: at the start of a page, wherever the heap stands.  Code
 * that steps to an aligned address first (zlib's CRC-32) or checks for a
 * page crossing (glibc's memcpy) then runs the same instructions, and a
 * simulated cache maps it to the same sets, in every run and whatever
 * ran before it. */
#define HB_WORKLOAD_ALIGN 4096

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

/* ---- bench's plan ------------------------------------------------------ */

static uint8_t *workload_alloc(size_t n)
{
    void *p = NULL;
    if (posix_memalign(&p, HB_WORKLOAD_ALIGN, n ? n : 1) != 0) hb_fail("system", "out of memory", NULL);
    return p;
}

/* The calibration kernel, CLOCK_RUNS times after one warm-up run: the
 * machine's core clock at the start and at the end of this process. */
static void rec_clock(const hb_bench_opts *o, const char *at)
{
    hb_sample s[CLOCK_RUNS];
    unsigned i;
    if (o->calls || !o->clock_rounds) return; /* region mode times nothing */
    hb_bench_clock_sample(&o->cfg, o->clock_rounds, &s[0]);
    for (i = 0; i < CLOCK_RUNS; i++) hb_bench_clock_sample(&o->cfg, o->clock_rounds, &s[i]);
    hb_rec_begin("clock");
    hb_rec_str("at", at);
    hb_rec_samples(s, CLOCK_RUNS, 0, 0);
    hb_rec_end();
    fflush(stdout);
}

/* Announces and verifies one implementation; returns the verification
 * basis, or NULL (error record printed: never time what failed). */
static const char *start_one(size_t k, const uint8_t *buf, unsigned long size, int index, int total)
{
    hb_impl r = hb_impl_at(k);
    uint8_t out[HB_MAX_DIGEST];
    char hex[HB_HEX_LEN];
    hb_rec_head("start", &r, size);
    hb_rec_uint("index", (hb_uint)index);
    hb_rec_uint("total", (hb_uint)total);
    hb_rec_end();
    fflush(stdout);
    r.fn(out, buf, size);
    hb_to_hex(hex, out, r.algo->digest_len);
    /* the digest of the code about to be timed, before any cost */
    hb_rec_head("digest", &r, size);
    hb_rec_str("digest", hex);
    hb_rec_end();
    return hb_verify(&r, buf, size, hex);
}

static void bench_one(hb_bench_opts *o, size_t k, const uint8_t *buf, unsigned long size,
                      int index, int total, hb_bench_result *res, int *failed)
{
    uint8_t out[HB_MAX_DIGEST];
    const char *basis = start_one(k, buf, size, index, total);
    if (!basis) {
        *failed = 1;
        return;
    }
    if (o->calls) {
        hb_impl r = hb_impl_at(k);
        const char *version = hb_impl_version(k);
        hb_region_run(r.fn, out, buf, size, HB_WARM_CALLS, o->calls);
        hb_rec_region(o->regions++, r.algo->id, r.name, size, o->calls);
        if (version) hb_rec_str("impl_version", version);
        hb_rec_params(r.algo->id);
        hb_rec_end();
        fflush(stdout);
        return;
    }
    hb_bench_measure(&o->cfg, hb_timed_fn(k), buf, size, out, res);
    hb_rec_result(o, k, size, basis, res);
}

/* Interleaved: calibrate each implementation, then sample them in turn
 * (A B C A B C ...) so that frequency drift and noise hit all alike. */
static void bench_interleaved(const hb_bench_opts *o, const size_t *ks, int n, const uint8_t *buf,
                              unsigned long size, int *index, int total, int *failed)
{
    hb_bench_result *res = hb_xmalloc(sizeof *res * (size_t)(n ? n : 1));
    const char **basis = hb_xmalloc(sizeof *basis * (size_t)(n ? n : 1));
    uint8_t out[HB_MAX_DIGEST];
    uint64_t start, budget;
    int i, live = 0;
    unsigned round;
    for (i = 0; i < n; i++) {
        basis[i] = start_one(ks[i], buf, size, ++*index, total);
        res[i].nsamples = 0;
        if (!basis[i]) {
            *failed = 1;
            continue;
        }
        res[i].calibrated_iters = hb_bench_calibrate(&o->cfg, hb_timed_fn(ks[i]), buf, size, out,
                                                     hb_bench_sample_ns(&o->cfg));
        live++;
    }
    budget = o->cfg.budget_ns * (uint64_t)live;
    start = hb_monotonic_ns();
    for (round = 0; round < HB_MAX_SAMPLES; round++) {
        if (o->cfg.fixed_samples ? round >= o->cfg.fixed_samples
                                 : (round >= o->cfg.min_samples && hb_monotonic_ns() - start >= budget))
            break;
        for (i = 0; i < n; i++) {
            if (!basis[i]) continue;
            hb_bench_sample(&o->cfg, hb_timed_fn(ks[i]), buf, size, out, res[i].calibrated_iters,
                            &res[i].samples[res[i].nsamples++]);
        }
    }
    for (i = 0; i < n; i++)
        if (basis[i]) hb_rec_result(o, ks[i], size, basis[i], &res[i]);
    free(res);
    free((void *)basis);
}

/* The harness at one size: in region mode its region, twice - the first
 * runs the region's own code (the markers, the lines after the loop) once,
 * so that in the second, the one the front end subtracts, a simulator's
 * caches hold it, as they do for every implementation's region after it;
 * else the do-nothing hash timed: an `overhead` record. */
static void bench_harness(hb_bench_opts *o, const uint8_t *buf, unsigned long size, hb_bench_result *res)
{
    uint8_t out[HB_MAX_DIGEST];
    hb_bench_cfg ocfg = o->cfg;
    int i;
    if (o->calls) {
        for (i = 0; i < 2; i++) {
            hb_region_run(hb_region_nothing, out, buf, size, HB_WARM_CALLS, o->calls);
            hb_rec_region(o->regions++, HB_REGION_HARNESS, HB_REGION_HARNESS, size, o->calls);
            hb_rec_end();
        }
        return;
    }
    ocfg.budget_ns = o->cfg.budget_ns / 4;
    hb_bench_measure(&ocfg, hb_bench_null, buf, size, out, res);
    hb_rec_begin("overhead");
    hb_rec_uint("size", size);
    hb_rec_samples(res->samples, res->nsamples, 1, o->cfg.clock_rounds != 0);
    hb_rec_end();
}

int hb_bench_run(hb_bench_opts *o)
{
    static hb_bench_result res; /* large: not on the stack */
    size_t k, nimpl_all = hb_impl_count();
    int s, failed = 0, total = 0, index = 0;
    /* Plan first, so progress can say "n of total". */
    for (k = 0; k < nimpl_all; k++) {
        hb_impl r = hb_impl_at(k);
        total += hb_args_selected(o, &r);
    }
    total *= o->nsizes;
    hb_rec_bench_header(o, total);
    rec_clock(o, "start");
    for (s = 0; s < o->nsizes; s++) {
        unsigned long size = o->sizes[s];
        uint8_t *buf = workload_alloc(size);
        hb_workload_fill(buf, size);
        bench_harness(o, buf, size, &res);
        if (o->interleave && !o->calls) {
            /* one interleaved group per algorithm: its implementations */
            size_t a, *ks = hb_xmalloc(sizeof *ks * nimpl_all);
            for (a = 0; a < hb_algo_count; a++) {
                int n = 0;
                for (k = 0; k < nimpl_all; k++) {
                    hb_impl r = hb_impl_at(k);
                    if (r.algo == &hb_algos[a] && hb_args_selected(o, &r)) ks[n++] = k;
                }
                if (n) bench_interleaved(o, ks, n, buf, size, &index, total, &failed);
            }
            free(ks);
        } else {
            for (k = 0; k < nimpl_all; k++) {
                hb_impl r = hb_impl_at(k);
                if (hb_args_selected(o, &r)) bench_one(o, k, buf, size, ++index, total, &res, &failed);
            }
        }
        free(buf);
    }
    rec_clock(o, "end");
    hb_rec_begin("done");
    hb_rec_bool("failed", failed);
    if (o->calls) hb_rec_uint("regions", o->regions);
    hb_rec_end();
    return failed ? 1 : 0;
}
