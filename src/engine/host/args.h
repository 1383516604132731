/* SPDX-License-Identifier: MIT
 * args.h - `bench`'s command line as a bench-options struct.
 */
#ifndef HB_ARGS_H
#define HB_ARGS_H

#include "hb_bench.h"

#define HB_MAX_LIST 64

typedef struct hb_bench_opts {
    hb_bench_cfg cfg;
    hb_timer_info tinfo;
    int interleave;
    uint64_t clock_rounds; /* one kernel run; 0: no kernel               */
    unsigned long calls;   /* region mode: calls per region; 0: timed batches */
    unsigned long regions; /* regions run so far (region mode)               */
    char *algos[HB_MAX_LIST]; /* none: every algorithm */
    int nalgos;
    char *impls[HB_MAX_LIST]; /* "all": every implementation */
    int nimpls;
    unsigned long sizes[HB_MAX_LIST];
    int nsizes;
} hb_bench_opts;

/* Parses `bench`'s options (after the command word) into `o`; a bad one
 * ends the engine (hb_die).  Loads the backends, after any -x. */
void hb_args_bench(int argc, char **argv, hb_bench_opts *o);

/* Whether `r` is one of the implementations `o` selects. */
int hb_args_selected(const hb_bench_opts *o, const hb_impl *r);

#endif
