/* SPDX-License-Identifier: MIT
 * args.c - `bench`'s command line (see main.c's usage) as hb_bench_opts.
 */
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "hb_host.h"
#include "hb_impls.h"
#include "../../platform/host/hb_clock.h"
#include "../../platform/host/hb_threads.h"

static int split_list(char *s, char **items, int max)
{
    int n = 0;
    char *tok;
    for (tok = strtok(s, ","); tok && n < max; tok = strtok(NULL, ",")) items[n++] = tok;
    return n;
}

static int in_list(const char *s, char *const *items, int n)
{
    int i;
    for (i = 0; i < n; i++)
        if (strcmp(items[i], s) == 0) return 1;
    return 0;
}

int hb_args_selected(const hb_bench_opts *o, const hb_impl *r)
{
    if (!r->algo || (o->nalgos && !in_list(r->algo->id, o->algos, o->nalgos))) return 0;
    return in_list("all", o->impls, o->nimpls) || in_list(r->name, o->impls, o->nimpls);
}

static unsigned long parse_ulong(const char *s, unsigned long max, const char *what)
{
    char *end;
    unsigned long v = strtoul(s, &end, 10);
    if (*end || s[0] == '\0' || s[0] == '-' || v > max) hb_die(what, s);
    return v;
}

void hb_args_bench(int argc, char **argv, hb_bench_opts *o)
{
    static char default_impl[] = "portable";
    char *sizes_s[HB_MAX_SIZES], *list[HB_MAX_LIST], default_size[] = "1024";
    unsigned max_threads = 0;
    int n, j, all_cpus[HB_MAX_THREADS];
    int i, clock_each = 0;
    const char *timer_name = "auto";
    unsigned long budget_ms = 200, sample_us = 0;
    size_t k, nimpl_all;
    memset(o, 0, sizeof *o);
    o->impls[0] = default_impl;
    o->nimpls = 1;
    sizes_s[0] = default_size;
    o->nsizes = 1;
    o->cfg.min_samples = 5;
    for (i = 0; i < argc; i++) {
        const char *a = argv[i];
        int has_arg = i + 1 < argc;
        if (strcmp(a, "--interleave") == 0) o->interleave = HB_INTERLEAVE_IMPLS;
        else if (strcmp(a, "--interleave-rows") == 0) o->interleave = HB_INTERLEAVE_ROWS;
        else if (strcmp(a, "-c") == 0) clock_each = 1;
        else if (strcmp(a, "-a") == 0 && has_arg)
            o->nalgos += split_list(argv[++i], o->algos + o->nalgos, HB_MAX_LIST - o->nalgos);
        else if (strcmp(a, "-i") == 0 && has_arg) o->nimpls = split_list(argv[++i], o->impls, HB_MAX_LIST);
        else if (strcmp(a, "-s") == 0 && has_arg) o->nsizes = split_list(argv[++i], sizes_s, HB_MAX_SIZES);
        else if (strcmp(a, "-L") == 0) o->latency = 1;
        else if (strcmp(a, "-T") == 0 && has_arg) {
            n = split_list(argv[++i], list, HB_MAX_LIST);
            for (j = 0; j < n; j++) {
                o->threads[j] = (unsigned)parse_ulong(list[j], HB_MAX_THREADS, "bad thread count (1..64)");
                if (o->threads[j] == 0) hb_die("bad thread count (1..64)", list[j]);
                if (o->threads[j] > max_threads) max_threads = o->threads[j];
            }
            o->nthreads = n;
        } else if (strcmp(a, "-A") == 0 && has_arg) {
            n = split_list(argv[++i], list, HB_MAX_LIST);
            for (j = 0; j < n; j++) o->aligns[j] = (unsigned)parse_ulong(list[j], HB_MAX_ALIGN, "bad alignment (0..63)");
            o->naligns = n;
        }
        else if (strcmp(a, "-b") == 0 && has_arg) {
            budget_ms = parse_ulong(argv[++i], 100000000ul, "bad budget (milliseconds, > 0)");
            if (budget_ms == 0) hb_die("bad budget (milliseconds, > 0)", argv[i]);
        } else if (strcmp(a, "-n") == 0 && has_arg) {
            o->cfg.fixed_samples = (unsigned)parse_ulong(argv[++i], HB_MAX_SAMPLES, "bad sample count (1..1000)");
            if (o->cfg.fixed_samples == 0) hb_die("bad sample count (1..1000)", argv[i]);
        } else if (strcmp(a, "-l") == 0 && has_arg) {
            sample_us = parse_ulong(argv[++i], 10000000ul, "bad sample length (50..10000000 us)");
            if (sample_us < 50) hb_die("bad sample length (50..10000000 us)", argv[i]);
        } else if (strcmp(a, "-t") == 0 && has_arg) timer_name = argv[++i];
        else if (strcmp(a, "-x") == 0 && has_arg) hb_impls_skip(argv[++i]);
        else if (strcmp(a, "-k") == 0 && has_arg) {
            o->calls = parse_ulong(argv[++i], 1000000ul, "bad call count (1..1000000)");
            if (o->calls == 0) hb_die("bad call count (1..1000000)", argv[i]);
        } else hb_die("unknown bench option", a);
    }
    nimpl_all = hb_impl_count(); /* loads the backends: after -x */
    for (i = 0; i < o->nsizes; i++) o->sizes[i] = parse_ulong(sizes_s[i], 1ul << 30, "bad size");
    for (i = 0; i < o->nalgos; i++)
        if (!hb_algo_find(o->algos[i])) hb_die("unknown algorithm", o->algos[i]);
    for (i = 0; i < o->nimpls; i++) {
        int known = strcmp(o->impls[i], "all") == 0;
        for (k = 0; k < nimpl_all && !known; k++) known = strcmp(hb_impl_at(k).name, o->impls[i]) == 0;
        if (!known) hb_die("unknown implementation", o->impls[i]);
    }
    if (o->calls && (o->nthreads || o->latency)) hb_die("region mode (-k) runs one thread, calls not chained", NULL);
    if (o->interleave && (o->nthreads || o->latency || o->naligns)) hb_die("--interleave(-rows) measures the plain loop only", NULL);
    if (o->nthreads) {
        /* thread i on the i-th CPU this process may use, round the CPUs */
        n = hb_cpus(all_cpus, HB_MAX_THREADS);
        for (j = 0; n && j < (int)max_threads; j++) o->cpus[j] = all_cpus[j % n];
        o->ncpus = n ? (int)max_threads : 0;
    }
    if (!o->calls) {
        o->cfg.timer = hb_timer_select(timer_name, &o->tinfo);
        if (!o->cfg.timer) hb_die("timer not available on this machine", timer_name);
    }
    o->cfg.budget_ns = (uint64_t)budget_ms * 1000000u;
    o->cfg.sample_ns = (uint64_t)sample_us * 1000u;
    if (clock_each && !hb_clock_available()) hb_die("the calibration kernel is not built in (no GNU C asm)", NULL);
    if (hb_clock_available()) o->clock_rounds = HB_CLOCK_ROUNDS;
    /* a timer that counts core cycles needs no kernel to give them */
    if (clock_each && !o->calls && strcmp(o->tinfo.unit, "cycles") != 0) o->cfg.clock_rounds = o->clock_rounds;
}
