/* SPDX-License-Identifier: MIT
 * args.h - `bench`'s command line as a bench-options struct.
 */
#ifndef HB_ARGS_H
#define HB_ARGS_H

#include "hb_bench.h"

#define HB_MAX_LIST 64
#define HB_MAX_SIZES 256   /* --sweep small: 129 */
#define HB_MAX_THREADS 64
#define HB_MAX_ALIGN 63    /* offsets past a 64-byte boundary: 0..63 */

/* What is sampled in turn within a process (A B C A B C ...): an algorithm's
 * implementations (compare), or every measurement at one size (run: a slow
 * spell of the machine then falls on all rows alike, not on one row's stretch). */
#define HB_INTERLEAVE_IMPLS 1
#define HB_INTERLEAVE_ROWS 2

typedef struct hb_bench_opts {
    hb_bench_cfg cfg;
    hb_timer_info tinfo;
    int interleave; /* 0, HB_INTERLEAVE_IMPLS or HB_INTERLEAVE_ROWS */
    uint64_t clock_rounds; /* one kernel run; 0: no kernel               */
    unsigned long calls;   /* region mode: calls per region; 0: timed batches */
    unsigned long regions; /* regions run so far (region mode)               */
    char *algos[HB_MAX_LIST]; /* none: every algorithm */
    int nalgos;
    char *impls[HB_MAX_LIST]; /* "all": every implementation */
    int nimpls;
    unsigned long sizes[HB_MAX_SIZES];
    int nsizes;
    int latency;              /* -L: chained calls (cfg.chain per algorithm) */
    unsigned threads[HB_MAX_LIST]; /* -T: thread counts to measure, in turn */
    int nthreads;             /* 0: the plain loop on the calling thread     */
    int cpus[HB_MAX_THREADS]; /* thread i runs on cpus[i]                    */
    int ncpus;                /* 0: threads not pinned (nowhere to pin)      */
    unsigned aligns[HB_MAX_ALIGN + 1]; /* -A: input offsets, each in turn    */
    int naligns;              /* 0: aligned, and no `align` field            */
} hb_bench_opts;

/* Parses `bench`'s options (after the command word) into `o`; a bad one
 * ends the engine (hb_die).  Loads the backends, after any -x. */
void hb_args_bench(int argc, char **argv, hb_bench_opts *o);

/* Whether `r` is one of the implementations `o` selects. */
int hb_args_selected(const hb_bench_opts *o, const hb_impl *r);

#endif
