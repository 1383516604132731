/* SPDX-License-Identifier: MIT
 * hb_bench.h - calibrate, warm up, sample: one implementation at one
 * size; and `bench`'s plan around it.  Integer-only; the statistics are
 * the front end's job.
 */
#ifndef HB_BENCH_H
#define HB_BENCH_H

#include <stdint.h>
#include "../hb_registry.h"
#include "../../platform/host/hb_timer.h"

#define HB_MAX_SAMPLES 1000
/* Latency mode: chained calls whose last digest a `result` record gives. */
#define HB_CHAIN_CHECK 16

typedef struct {
    uint64_t iters;       /* calls in this sample                          */
    uint64_t ticks;       /* of the selected timer                         */
    uint64_t ns;          /* of the monotonic clock, same span             */
    uint64_t switches;    /* context switches during the batch             */
    uint64_t clock_ticks; /* the calibration kernel around it (0: not run) */
} hb_sample;

typedef struct {
    const hb_timer *timer;
    uint64_t budget_ns;     /* per (implementation, size), calibration included */
    unsigned min_samples;   /* taken even past the budget               */
    unsigned fixed_samples; /* 0: as many as the budget allows          */
    uint64_t sample_ns;     /* a sample's length; 0: budget / 12        */
    uint64_t clock_rounds;  /* kernel rounds around each sample (half
                               before, half after); 0: none             */
    size_t chain;           /* latency mode: digest bytes written over the
                               input after each call (hb_workload_chain),
                               so calls cannot overlap; 0: independent
                               calls on one unchanging buffer           */
} hb_bench_cfg;

/* How one measurement ran, beside what and at which size: its modes. */
typedef struct {
    unsigned threads; /* measuring threads at once (0: the plain single-threaded loop) */
    unsigned thread;  /* which of them this result is                                 */
    int cpu;          /* the CPU it was pinned to; -1: not pinned                     */
    unsigned align;   /* the input's offset past a 64-byte boundary                   */
} hb_mode;

typedef struct {
    unsigned nsamples;
    hb_sample samples[HB_MAX_SAMPLES];
    uint64_t calibrated_iters;
} hb_bench_result;

/* The batch length calibration aims at: sample_ns, else budget / 12. */
uint64_t hb_bench_sample_ns(const hb_bench_cfg *cfg);

/* The pieces, for interleaved measurement (A B C A B C ...).  In latency
 * mode (cfg->chain) `in` is overwritten: it must be writable memory. */
uint64_t hb_bench_calibrate(const hb_bench_cfg *cfg, hb_oneshot_fn fn, const uint8_t *in,
                            size_t len, uint8_t *out, uint64_t target_ns);
void hb_bench_sample(const hb_bench_cfg *cfg, hb_oneshot_fn fn, const uint8_t *in, size_t len,
                     uint8_t *out, uint64_t iters, hb_sample *s);

void hb_bench_measure(const hb_bench_cfg *cfg, hb_oneshot_fn fn, const uint8_t *in,
                      size_t len, uint8_t *out, hb_bench_result *res);

/* `threads` threads at once, thread i on its own buffer bufs[i] and pinned
 * to cpus[i] (NULL: not pinned): calibrated on the calling thread, then
 * every sample begins at a barrier, so all threads run together; res[i]
 * gets thread i's samples. */
void hb_bench_measure_threads(const hb_bench_cfg *cfg, hb_oneshot_fn fn, uint8_t *const *bufs, size_t len,
                              unsigned threads, const int *cpus, hb_bench_result *res);

/* One timed run of the calibration kernel (../../platform/host/hb_clock.h):
 * iters = adds, ticks, ns. */
void hb_bench_clock_sample(const hb_bench_cfg *cfg, uint64_t rounds, hb_sample *s);

/* The do-nothing hash whose timing is the harness overhead. */
void hb_bench_null(uint8_t *out, const uint8_t *in, size_t len);

/* `bench` as its options say (args.h): every record from `engine` to
 * `done`.  -> 0, or 1 when a verification failed. */
struct hb_bench_opts;
int hb_bench_run(struct hb_bench_opts *o);

#endif
