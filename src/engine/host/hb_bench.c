/* SPDX-License-Identifier: MIT
 * hb_bench.c - the measurement loop, and `bench`'s plan around it.
 *
 * For each size (and thread count): the harness overhead (the do-nothing
 * hash through the same loop; with --interleave-rows, sampled in every round
 * beside the rows instead), then each selected implementation:
 * announce, verify, time (or in region mode, run one region for an
 * instrument outside).  What is set side by side is measured interleaved,
 * calibrated then sampled in turn, so that drift hits all alike: an
 * algorithm's implementations (compare), an implementation's alignments
 * and its independent and chained calls.
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
#include "../../platform/host/hb_threads.h"

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

/* Latency mode: each call's input begins with the previous call's digest.
 * `in` is the caller's writable buffer (the plan allocates every one). */
static HB_NOINLINE void run_chain(hb_oneshot_fn fn, uint8_t *out, uint8_t *in, size_t len,
                                  uint64_t iters, size_t chain)
{
    uint64_t i;
    for (i = 0; i < iters; i++) {
        fn(out, in, len);
        hb_workload_chain(in, len, out, chain);
    }
}

static void take_sample(const hb_bench_cfg *cfg, hb_oneshot_fn fn, uint8_t *out,
                        const uint8_t *in, size_t len, uint64_t iters, hb_sample *s)
{
    const hb_timer *t = cfg->timer;
    volatile uint64_t sink; /* the kernel's result, so no compiler drops its work */
    uint64_t half = cfg->clock_rounds / 2, k0 = 0, k1 = 0, k2 = 0, k3 = 0, n0, t0, t1, n1;
    uint64_t sw = hb_context_switches(); /* around the kernel too: it must not be interrupted either */
    if (half) {
        k0 = t->read();
        sink = hb_clock_adds(half);
        k1 = t->read();
    }
    n0 = hb_monotonic_ns();
    t0 = t->read();
    if (cfg->chain) run_chain(fn, out, (uint8_t *)in, len, iters, cfg->chain);
    else run_batch(fn, out, in, len, iters);
    t1 = t->read();
    n1 = hb_monotonic_ns();
    if (half) {
        k2 = t->read();
        sink = hb_clock_adds(half);
        k3 = t->read();
    }
    (void)sink;
    s->switches = hb_context_switches() - sw;
    s->iters = iters;
    s->ticks = t1 - t0;
    s->ns = n1 - n0;
    s->clock_ticks = (k1 - k0) + (k3 - k2);
}

void hb_bench_clock_sample(const hb_bench_cfg *cfg, uint64_t rounds, hb_sample *s)
{
    volatile uint64_t sink;
    uint64_t n0 = hb_monotonic_ns(), t0 = cfg->timer->read(), t1, n1;
    sink = hb_clock_adds(rounds);
    (void)sink;
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

/* Several threads at once: each takes its samples as hb_bench_measure
 * does, but a round of samples starts only when every thread has finished
 * the last (a barrier), so all threads always run together; thread 0
 * decides when the budget is spent. */
typedef struct {
    const hb_bench_cfg *cfg;
    hb_oneshot_fn fn;
    uint8_t *const *bufs;
    size_t len;
    const int *cpus;
    hb_barrier *barrier;
    uint64_t iters, start;
    int go; /* written by thread 0 before a barrier, read by all after it */
    hb_bench_result *res;
} team;

static int another_round(const hb_bench_cfg *cfg, unsigned round, uint64_t start)
{
    if (round >= HB_MAX_SAMPLES) return 0;
    if (cfg->fixed_samples) return round < cfg->fixed_samples;
    return round < cfg->min_samples || hb_monotonic_ns() - start < cfg->budget_ns;
}

static void team_member(void *ctx, unsigned i)
{
    team *t = ctx;
    uint8_t out[HB_MAX_DIGEST];
    hb_sample warm;
    unsigned round;
    if (t->cpus) hb_pin(t->cpus[i]);
    hb_barrier_wait(t->barrier);
    take_sample(t->cfg, t->fn, out, t->bufs[i], t->len, t->iters, &warm); /* warm-up, together */
    for (round = 0;; round++) {
        if (i == 0) t->go = another_round(t->cfg, round, t->start);
        hb_barrier_wait(t->barrier);
        if (!t->go) break;
        take_sample(t->cfg, t->fn, out, t->bufs[i], t->len, t->iters, &t->res[i].samples[round]);
        hb_barrier_wait(t->barrier);
    }
    t->res[i].nsamples = round;
    t->res[i].calibrated_iters = t->iters;
    if (t->cpus) hb_pin(-1);
}

void hb_bench_measure_threads(const hb_bench_cfg *cfg, hb_oneshot_fn fn, uint8_t *const *bufs, size_t len,
                              unsigned threads, const int *cpus, hb_bench_result *res)
{
    team t;
    uint8_t out[HB_MAX_DIGEST];
    t.cfg = cfg;
    t.fn = fn;
    t.bufs = bufs;
    t.len = len;
    t.cpus = cpus;
    t.start = hb_monotonic_ns();
    if (cpus) hb_pin(cpus[0]);
    t.iters = hb_bench_calibrate(cfg, fn, bufs[0], len, out, hb_bench_sample_ns(cfg));
    t.go = 0;
    t.res = res;
    t.barrier = hb_barrier_new(threads);
    if (!t.barrier) hb_fail("system", "cannot make a barrier for the threads", NULL);
    if (!hb_threads_run(threads, team_member, &t)) hb_fail("system", "cannot start the threads", NULL);
    hb_barrier_free(t.barrier);
}

/* ---- bench's plan ------------------------------------------------------ */

/* A buffer set: one workload buffer per thread, each `align` bytes past a
 * page (so past a 64-byte boundary too).  Implementations measured in one
 * group share a set, as long as nothing writes to it: chained calls get a
 * set of their own. */
typedef struct {
    uint8_t *base[HB_MAX_THREADS];
    uint8_t *buf[HB_MAX_THREADS];
    unsigned n, align;
} buffers;

static void buffers_fill(buffers *b, unsigned long size)
{
    unsigned i;
    for (i = 0; i < b->n; i++) hb_workload_fill(b->buf[i], size);
}

static void buffers_alloc(buffers *b, unsigned n, unsigned long size, unsigned align)
{
    unsigned i;
    b->n = n;
    b->align = align;
    for (i = 0; i < n; i++) {
        void *p = NULL;
        if (posix_memalign(&p, HB_WORKLOAD_ALIGN, size + HB_MAX_ALIGN + 1) != 0)
            hb_fail("system", "out of memory", NULL);
        b->base[i] = p;
        b->buf[i] = b->base[i] + align;
    }
    buffers_fill(b, size);
}

static void buffers_free(buffers *b)
{
    unsigned i;
    for (i = 0; i < b->n; i++) free(b->base[i]);
    b->n = 0;
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

/* One measurement of a group: an implementation on a buffer set, its calls
 * independent or chained. */
typedef struct {
    size_t k;
    buffers *b;
    hb_mode mode;
    hb_bench_cfg cfg;       /* the options' cfg, with this member's chain */
    const char *basis;      /* NULL: failed verification, never timed */
    char chain_hex[HB_HEX_LEN];
    hb_bench_result *res;   /* one per thread */
} member;

/* Announces and verifies a member on its freshly filled buffer (which may
 * be misaligned); in latency mode also runs the checked chain.  Sets
 * basis, or leaves it NULL after an error record. */
static void start_member(member *m, unsigned long size, int index, int total)
{
    hb_impl r = hb_impl_at(m->k);
    uint8_t out[HB_MAX_DIGEST];
    char hex[HB_HEX_LEN];
    unsigned i;
    buffers_fill(m->b, size);
    hb_rec_head("start", &r, size);
    hb_rec_uint("index", (hb_uint)index);
    hb_rec_uint("total", (hb_uint)total);
    hb_rec_end();
    fflush(stdout);
    r.fn(out, m->b->buf[0], size);
    hb_to_hex(hex, out, r.algo->digest_len);
    /* the digest of the code about to be timed, before any cost */
    hb_rec_head("digest", &r, size);
    hb_rec_str("digest", hex);
    if (m->mode.align) hb_rec_uint("align", m->mode.align);
    hb_rec_end();
    m->basis = hb_verify(&r, m->b->buf[0], size, hex);
    if (!m->basis || !m->cfg.chain) return;
    /* the digest after HB_CHAIN_CHECK chained calls from the fresh
     * workload, for a reader to check the chain with its own code */
    for (i = 0; i < HB_CHAIN_CHECK; i++) {
        r.fn(out, m->b->buf[0], size);
        hb_workload_chain(m->b->buf[0], size, out, m->cfg.chain);
    }
    hb_to_hex(m->chain_hex, out, r.algo->digest_len);
    buffers_fill(m->b, size);
}

static void rec_member(const hb_bench_opts *o, const member *m, unsigned long size)
{
    hb_mode each = m->mode;
    unsigned i, n = m->mode.threads ? m->mode.threads : 1;
    for (i = 0; i < n; i++) {
        each.thread = i;
        each.cpu = m->mode.threads && o->ncpus ? o->cpus[i] : -1;
        hb_rec_result(o, m->k, size, m->basis, &m->res[i], &each, &m->cfg, m->cfg.chain ? m->chain_hex : NULL);
    }
}

/* The harness's samples as `overhead` records, one per thread. */
static void rec_overhead(const hb_bench_opts *o, unsigned long size, unsigned threads, size_t chain,
                         const hb_bench_result *res)
{
    unsigned i;
    for (i = 0; i < (threads ? threads : 1); i++) {
        hb_rec_begin("overhead");
        hb_rec_uint("size", size);
        if (threads) {
            hb_rec_uint("threads", threads);
            hb_rec_uint("thread", i);
        }
        if (chain) hb_rec_uint("chain", chain);
        hb_rec_samples(res[i].samples, res[i].nsamples, 1, o->cfg.clock_rounds != 0);
        hb_rec_end();
    }
}

/* A group of measurements (an implementation's alignments, independent
 * and chained; or in compare, an algorithm's implementations): each
 * verified, then timed.  Several at once are interleaved - calibrate each,
 * then sample them in turn (A B C A B C ...) - so that the machine's drift
 * and noise hit all alike and their ratios hold within one process.
 * Threads and regions take the members one after another. */
static void bench_group(hb_bench_opts *o, member *ms, int n, unsigned long size, int *index, int total,
                        int *failed, hb_bench_result *harness)
{
    uint8_t out[HB_MAX_DIGEST];
    uint64_t start, budget;
    int i, j, live = 0;
    unsigned round;
    for (i = 0; i < n; i++) {
        start_member(&ms[i], size, ++*index, total);
        ms[i].res[0].nsamples = 0;
        if (!ms[i].basis) *failed = 1;
        else live++;
    }
    for (i = 0; i < n && (o->calls || ms[i].mode.threads || n == 1); i++) {
        member *m = &ms[i];
        hb_impl r = hb_impl_at(m->k);
        if (!m->basis) continue;
        if (o->calls) {
            const char *version = hb_impl_version(m->k);
            hb_region_run(r.fn, out, m->b->buf[0], size, HB_WARM_CALLS, o->calls);
            hb_rec_region(o->regions++, r.algo->id, r.name, size, o->calls);
            if (version) hb_rec_str("impl_version", version);
            hb_rec_params(r.algo->id);
            if (m->mode.align) hb_rec_uint("align", m->mode.align);
            hb_rec_end();
            fflush(stdout);
            continue;
        }
        if (m->mode.threads)
            hb_bench_measure_threads(&m->cfg, hb_timed_fn(m->k), m->b->buf, size, m->mode.threads,
                                     o->ncpus ? o->cpus : NULL, m->res);
        else hb_bench_measure(&m->cfg, hb_timed_fn(m->k), m->b->buf[0], size, out, m->res);
        rec_member(o, m, size);
    }
    if (i == n) return; /* taken one after another */
    for (i = 0; i < n; i++)
        if (ms[i].basis)
            ms[i].res[0].calibrated_iters = hb_bench_calibrate(&ms[i].cfg, hb_timed_fn(ms[i].k), ms[i].b->buf[0],
                                                               size, out, hb_bench_sample_ns(&ms[i].cfg));
    if (harness) {
        harness->nsamples = 0;
        harness->calibrated_iters = hb_bench_calibrate(&o->cfg, hb_bench_null, ms[0].b->buf[0], size, out,
                                                       hb_bench_sample_ns(&o->cfg));
    }
    budget = o->cfg.budget_ns * (uint64_t)live;
    start = hb_monotonic_ns();
    for (round = 0; round < HB_MAX_SAMPLES; round++) {
        if (o->cfg.fixed_samples ? round >= o->cfg.fixed_samples
                                 : (round >= o->cfg.min_samples && hb_monotonic_ns() - start >= budget))
            break;
        /* the harness in every round beside the rows: the same moments of the machine */
        if (harness)
            hb_bench_sample(&o->cfg, hb_bench_null, ms[0].b->buf[0], size, out, harness->calibrated_iters,
                            &harness->samples[harness->nsamples++]);
        /* each round starts one member later: no row always follows the same one (its cache
         * and branch state), whatever order the rows were asked in */
        for (j = 0; j < n; j++) {
            hb_bench_result *res;
            i = (int)((round + (unsigned)j) % (unsigned)n);
            res = &ms[i].res[0];
            if (!ms[i].basis) continue;
            hb_bench_sample(&ms[i].cfg, hb_timed_fn(ms[i].k), ms[i].b->buf[0], size, out, res->calibrated_iters,
                            &res->samples[res->nsamples++]);
        }
    }
    if (harness) rec_overhead(o, size, 0, 0, harness);
    for (i = 0; i < n; i++)
        if (ms[i].basis) rec_member(o, &ms[i], size);
}

/* The harness at one size (and thread count, and chain length): in region
 * mode its region, twice - the first runs the region's own code (the
 * markers, the lines after the loop) once, so that in the second, the one
 * the front end subtracts, a simulator's caches hold it, as they do for
 * every implementation's region after it; else the do-nothing hash timed
 * through the same loop: an `overhead` record per thread. */
static void bench_harness(hb_bench_opts *o, buffers *b, unsigned long size, unsigned threads, size_t chain,
                          hb_bench_result *res)
{
    uint8_t out[HB_MAX_DIGEST];
    hb_bench_cfg ocfg = o->cfg;
    unsigned i;
    buffers_fill(b, size);
    if (o->calls) {
        for (i = 0; i < 2; i++) {
            hb_region_run(hb_region_nothing, out, b->buf[0], size, HB_WARM_CALLS, o->calls);
            hb_rec_region(o->regions++, HB_REGION_HARNESS, HB_REGION_HARNESS, size, o->calls);
            hb_rec_end();
        }
        return;
    }
    ocfg.budget_ns = o->cfg.budget_ns / 4;
    ocfg.chain = chain;
    if (threads) hb_bench_measure_threads(&ocfg, hb_bench_null, b->buf, size, threads, o->ncpus ? o->cpus : NULL, res);
    else hb_bench_measure(&ocfg, hb_bench_null, b->buf[0], size, out, res);
    rec_overhead(o, size, threads, chain, res);
}

/* The harnesses at one size and thread count: independent calls, and in
 * latency mode also once per digest length among the selected
 * implementations (the chain copies that many bytes a call). */
static void bench_harnesses(hb_bench_opts *o, buffers *b, unsigned long size, unsigned threads,
                            hb_bench_result *res)
{
    size_t k, nimpl = hb_impl_count();
    unsigned len;
    bench_harness(o, b, size, threads, 0, res);
    for (len = 1; o->latency && len <= HB_MAX_DIGEST; len++)
        for (k = 0; k < nimpl; k++) {
            hb_impl r = hb_impl_at(k);
            if (r.algo->digest_len == len && hb_args_selected(o, &r)) {
                bench_harness(o, b, size, threads, len, res);
                break;
            }
        }
}

/* Every measurement at one size and thread count (0: the plain loop). */
static void bench_size(hb_bench_opts *o, unsigned long size, unsigned threads, member *ms, hb_bench_result *res,
                       int *index, int total, int *failed)
{
    static buffers sets[2 * (HB_MAX_ALIGN + 1)]; /* [align index][chained] */
    size_t k, nimpl = hb_impl_count();
    int a, c, n, nsets, naligns = o->naligns ? o->naligns : 1, nchains = o->latency ? 2 : 1;
    nsets = naligns * nchains;
    for (a = 0; a < naligns; a++)
        for (c = 0; c < nchains; c++)
            buffers_alloc(&sets[a * nchains + c], threads ? threads : 1, size, o->naligns ? o->aligns[a] : 0);
    if (o->interleave != HB_INTERLEAVE_ROWS) bench_harnesses(o, &sets[0], size, threads, res);
    if (o->interleave == HB_INTERLEAVE_ROWS) {
        /* run: one group, every measurement at this size; with two rows or more (sampled in
         * rounds) the harness is sampled in every round beside them, else before them */
        int beside;
        n = 0;
        for (k = 0; k < nimpl; k++) {
            hb_impl r = hb_impl_at(k);
            if (!hb_args_selected(o, &r)) continue;
            ms[n].k = k;
            ms[n].b = &sets[0];
            ms[n].cfg = o->cfg;
            n++;
        }
        beside = n > 1 && !o->calls && !threads && !o->latency && !o->naligns;
        if (!beside) bench_harnesses(o, &sets[0], size, threads, res);
        else buffers_fill(&sets[0], size);
        if (n) bench_group(o, ms, n, size, index, total, failed, beside ? &res[0] : NULL);
    } else if (o->interleave) {
        /* compare: one group per algorithm, its implementations */
        size_t ai;
        for (ai = 0; ai < hb_algo_count; ai++) {
            n = 0;
            for (k = 0; k < nimpl; k++) {
                hb_impl r = hb_impl_at(k);
                if (r.algo != &hb_algos[ai] || !hb_args_selected(o, &r)) continue;
                ms[n].k = k;
                ms[n].b = &sets[0];
                ms[n].cfg = o->cfg;
                n++;
            }
            if (n) bench_group(o, ms, n, size, index, total, failed, NULL);
        }
    } else {
        /* one group per implementation: its alignments, independent and chained */
        for (k = 0; k < nimpl; k++) {
            hb_impl r = hb_impl_at(k);
            if (!hb_args_selected(o, &r)) continue;
            n = 0;
            for (a = 0; a < naligns; a++)
                for (c = 0; c < nchains; c++) {
                    member *m = &ms[n++];
                    m->k = k;
                    m->b = &sets[a * nchains + c];
                    m->cfg = o->cfg;
                    m->cfg.chain = c ? r.algo->digest_len : 0;
                    m->mode.threads = threads;
                    m->mode.align = m->b->align;
                }
            bench_group(o, ms, n, size, index, total, failed, NULL);
        }
    }
    for (a = 0; a < nsets; a++) buffers_free(&sets[a]);
}

int hb_bench_run(hb_bench_opts *o)
{
    static hb_bench_result res[HB_MAX_THREADS]; /* large: not on the stack */
    size_t k, nimpl = hb_impl_count(), nmembers;
    int s, t, i, failed = 0, total = 0, index = 0;
    unsigned max_threads = 1;
    member *ms;
    /* Plan first, so progress can say "n of total". */
    for (k = 0; k < nimpl; k++) {
        hb_impl r = hb_impl_at(k);
        total += hb_args_selected(o, &r);
    }
    total *= o->nsizes * (o->nthreads ? o->nthreads : 1) * (o->naligns ? o->naligns : 1) * (o->latency ? 2 : 1);
    for (t = 0; t < o->nthreads; t++)
        if (o->threads[t] > max_threads) max_threads = o->threads[t];
    /* a group's members: an algorithm's implementations, or an
     * implementation's alignments times independent and chained */
    nmembers = o->interleave ? nimpl : (size_t)((o->naligns ? o->naligns : 1) * (o->latency ? 2 : 1));
    ms = hb_xmalloc(sizeof *ms * nmembers);
    memset(ms, 0, sizeof *ms * nmembers);
    for (k = 0; k < nmembers; k++) {
        ms[k].res = hb_xmalloc(sizeof *ms[k].res * max_threads);
        ms[k].mode.cpu = -1;
    }
    hb_rec_bench_header(o, total);
    rec_clock(o, "start");
    for (s = 0; s < o->nsizes; s++)
        for (t = 0; t < (o->nthreads ? o->nthreads : 1); t++)
            bench_size(o, o->sizes[s], o->nthreads ? o->threads[t] : 0, ms, res, &index, total, &failed);
    rec_clock(o, "end");
    hb_rec_begin("done");
    hb_rec_bool("failed", failed);
    if (o->calls) hb_rec_uint("regions", o->regions);
    hb_rec_end();
    for (i = 0; i < (int)nmembers; i++) free(ms[i].res);
    free(ms);
    return failed ? 1 : 0;
}
