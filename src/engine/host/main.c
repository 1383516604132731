/* SPDX-License-Identifier: MIT
 * main.c - hashbench-engine, the host measurement engine.
 *
 *   hashbench-engine list [-x BACKENDS]        algorithms and implementations (JSON lines)
 *   hashbench-engine timers                    the timers and whether they work here
 *   hashbench-engine hash ALGO [IMPL] [FILE..] "<hex>  <name>" per file ("-" = stdin)
 *   hashbench-engine digest ALGO IMPL SIZE     digest of the standard workload
 *   hashbench-engine bench [options]           verify, then time; records on stdout
 *       -a ALGO[,ALGO..]   (default: all)      -i IMPL[,IMPL..] | all (default: portable)
 *       -s SIZE[,SIZE..]   (default: 1024)     -b BUDGET_MS per measurement (default: 200)
 *       -n SAMPLES (default: budget decides)   -t TIMER | auto (default: auto)
 *       -l SAMPLE_US  a sample's length (default: budget / 12, at least 200)
 *       -c        the calibration kernel around every sample (estimated core
 *                 cycles where the timer does not count them)
 *       --table   a text table, as the reference studies print, instead of records
 *       --interleave  sample an algorithm's implementations in turn (compare)
 *       -x BACKEND[,BACKEND..]  leave these backends out (not even loaded)
 *       -k CALLS  region mode: time nothing; run each measurement as one region
 *                 of CALLS calls between the marker functions (../hb_region.c),
 *                 for an instrument outside the program to read (Callgrind)
 *   hashbench-engine clock [-t TIMER] [-n RUNS]  the calibration kernel's checks
 *
 * Records (format 2, docs/records.md) are written by ../hb_record.c, the
 * writer every engine shares; hash and digest print plain text.  Exit
 * status: 0 ok, 1 a verification failed, 2 usage or system error (also an
 * `error` record where the command writes records).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hb_bench.h"
#include "hb_impls.h"
#include "hb_reference.h"
#include "../hb_record.h"
#include "../hb_region.h"
#include "../hb_workload.h"
#include "../../algos/hb_algos.h"
#include "../../platform/host/hb_clock.h"
#include "../../platform/host/hb_file.h"

#ifndef HB_ENGINE_VERSION /* the Makefile passes pyproject.toml's */
#define HB_ENGINE_VERSION "unknown"
#endif
/* Region mode: calls outside each region before it opens.  Two: a 2-bit
 * counter of a simulated branch predictor that a call moves the same way
 * twice or more then predicts that way, whatever earlier code left in it,
 * and the caches hold what a call touches (if it fits).  A counter that
 * aliased branches move both ways can keep a trace of earlier code: a
 * figure may differ by a misprediction or two with what ran before it. */
#define HB_WARM_CALLS 2
#define MAX_DIGEST 64
#define CLOCK_RUNS 15 /* kernel runs in a `clock` record */
/* One kernel run: 4096 rounds of 64 adds, 87 us at 3 GHz.  Fixed, not
 * calibrated, so that every process of a run times the same work. */
#define CLOCK_ROUNDS 4096u

#ifndef HB_PBKDF2_SHA256_ITERATIONS /* normally from pbkdf2_sha256.h */
#define HB_PBKDF2_SHA256_ITERATIONS 100
#endif

#ifndef HB_BUILD_FLAGS
#define HB_BUILD_FLAGS "unknown"
#endif
#if defined(__clang__)
#define HB_COMPILER "clang " __clang_version__
#elif defined(__GNUC__)
#define HB_COMPILER "gcc " __VERSION__
#else
#define HB_COMPILER "unknown"
#endif

void hb_putc(char c)
{
    putchar(c);
}

/* Set by the commands that write records: a failure is then also an
 * `error` record, so that a reader of the stream sees why it ended. */
static int records_out;

static void fail(const char *kind, const char *msg, const char *arg)
{
    char text[256];
    snprintf(text, sizeof text, "%s%s%s", msg, arg ? ": " : "", arg ? arg : "");
    fprintf(stderr, "hashbench-engine: %s\n", text);
    if (records_out) {
        hb_rec_begin("error");
        hb_rec_str("kind", kind);
        hb_rec_str("message", text);
        hb_rec_end();
        fflush(stdout);
    }
    exit(2);
}

static void die(const char *msg, const char *arg)
{
    fail("usage", msg, arg);
}

static void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) fail("system", "out of memory", NULL);
    return p;
}

/* The workload: at the start of a page, wherever the heap stands.  Code
 * that steps to an aligned address first (zlib's CRC-32) or checks for a
 * page crossing (glibc's memcpy) then runs the same instructions, and a
 * simulated cache maps it to the same sets, in every run and whatever
 * ran before it. */
#define HB_WORKLOAD_ALIGN 4096

static uint8_t *workload_alloc(size_t n)
{
    void *p = NULL;
    if (posix_memalign(&p, HB_WORKLOAD_ALIGN, n ? n : 1) != 0) fail("system", "out of memory", NULL);
    return p;
}

static void to_hex(char *dst, const uint8_t *src, size_t n)
{
    static const char digits[] = "0123456789abcdef";
    size_t i;
    for (i = 0; i < n; i++) {
        dst[2 * i] = digits[src[i] >> 4];
        dst[2 * i + 1] = digits[src[i] & 15];
    }
    dst[2 * n] = '\0';
}

static const char *endianness(void)
{
    const uint16_t one = 1;
    return *(const uint8_t *)&one ? "little" : "big";
}

/* Parameters recorded with a result, where the roster fixes one. */
static void rec_params(const char *algo)
{
    if (strcmp(algo, "pbkdf2-sha256") == 0) {
        hb_rec_key("params");
        hb_put_str("{\"iterations\":");
        hb_put_uint(HB_PBKDF2_SHA256_ITERATIONS);
        hb_putc('}');
    }
}

/* ---- list / timers / hash / digest ---------------------------------- */

static int cmd_list(int argc, char **argv)
{
    size_t i, j, n;
    records_out = 1;
    if (argc == 2 && strcmp(argv[0], "-x") == 0) hb_impls_skip(argv[1]);
    else if (argc != 0) die("usage: list [-x BACKEND[,BACKEND..]]", NULL);
    n = hb_impl_count();
    for (i = 0; i < hb_algo_count; i++) {
        const hb_algo *a = &hb_algos[i];
        int first = 1;
        hb_rec_begin("algo");
        hb_rec_str("id", a->id);
        hb_rec_str("label", a->label);
        hb_rec_str("tier", hb_tier_name(a->tier));
        hb_rec_uint("digest_len", a->digest_len);
        hb_rec_uint("block_len", a->block_len);
        hb_rec_uint("width", a->width);
        hb_rec_bool("streaming", a->stream != NULL);
        hb_rec_str("spec", a->spec);
        hb_rec_key("impls");
        hb_putc('[');
        for (j = 0; j < n; j++) {
            hb_impl r = hb_impl_at(j);
            if (r.algo != a) continue;
            if (!first) hb_putc(',');
            hb_put_json(r.name);
            first = 0;
        }
        hb_putc(']');
        hb_rec_end();
    }
    for (i = 0; hb_backends[i]; i++) {
        const hb_backend *b = hb_backends[i];
        int ok = !hb_impls_skipped(b->name) && (!b->available || b->available());
        hb_rec_begin("backend");
        hb_rec_str("name", b->name);
        hb_rec_bool("available", ok);
        hb_rec_str("version", ok ? b->version() : "");
        hb_rec_end();
    }
    return 0;
}

static int cmd_timers(void)
{
    size_t i;
    records_out = 1;
    for (i = 0; hb_timers[i]; i++) {
        hb_timer_info info;
        int ok = hb_timers[i]->open(&info);
        hb_rec_begin("timer");
        hb_rec_str("name", hb_timers[i]->name);
        hb_rec_bool("available", ok);
        if (ok) {
            hb_rec_str("unit", info.unit);
            hb_rec_uint("hz", info.hz);
            hb_rec_str("hz_source", info.hz_source);
        }
        hb_rec_str("description", hb_timers[i]->description);
        hb_rec_end();
    }
    return 0;
}

static int find_impl_or_die(const char *algo, const char *impl)
{
    int k = hb_impl_find(algo, impl);
    if (k < 0) {
        if (!hb_algo_find(algo)) die("unknown algorithm", algo);
        die("no such implementation for this algorithm", impl);
    }
    return k;
}

/* Reads a whole stream: the one-shot API wants the message in one piece. */
static int cmd_hash(int argc, char **argv)
{
    const char *algo, *impl = "portable";
    int i, first_file = 1, status = 0, k;
    char hex[2 * MAX_DIGEST + 1];
    uint8_t out[MAX_DIGEST];
    hb_impl r;
    if (argc < 1) die("usage: hash ALGO [IMPL] [FILE...]", NULL);
    algo = argv[0];
    if (argc >= 2 && hb_impl_find(algo, argv[1]) >= 0) {
        impl = argv[1];
        first_file = 2;
    }
    k = find_impl_or_die(algo, impl);
    r = hb_impl_at((size_t)k);
    for (i = first_file; i < argc || i == first_file; i++) {
        const char *name = i < argc ? argv[i] : "-";
        FILE *f = strcmp(name, "-") == 0 ? stdin : fopen(name, "rb");
        hb_file file;
        if (!f || hb_file_load(f, &file) != 0) {
            fprintf(stderr, "hashbench-engine: %s: %s\n", name, strerror(errno));
            if (f && f != stdin) fclose(f);
            status = 1;
            continue;
        }
        r.fn(out, file.data, file.len);
        hb_file_release(&file);
        if (f != stdin) fclose(f);
        to_hex(hex, out, r.algo->digest_len);
        printf("%s  %s\n", hex, name);
    }
    return status;
}

static int cmd_digest(int argc, char **argv)
{
    int k;
    unsigned long size;
    uint8_t *buf, out[MAX_DIGEST];
    char hex[2 * MAX_DIGEST + 1], *end;
    hb_impl r;
    if (argc != 3) die("usage: digest ALGO IMPL SIZE", NULL);
    k = find_impl_or_die(argv[0], argv[1]);
    r = hb_impl_at((size_t)k);
    size = strtoul(argv[2], &end, 10);
    if (*end) die("bad size", argv[2]);
    buf = xmalloc(size);
    hb_workload_fill(buf, size);
    r.fn(out, buf, size);
    to_hex(hex, out, r.algo->digest_len);
    printf("%s\n", hex);
    free(buf);
    return 0;
}

/* ---- bench ------------------------------------------------------------ */

#define MAX_LIST 64

static int split_list(char *s, char **items, int max)
{
    int n = 0;
    char *tok;
    for (tok = strtok(s, ","); tok && n < max; tok = strtok(NULL, ",")) items[n++] = tok;
    return n;
}

static int in_list(const char *s, char **items, int n)
{
    int i;
    for (i = 0; i < n; i++)
        if (strcmp(items[i], s) == 0) return 1;
    return 0;
}

static int selected(const hb_impl *r, char **algos, int nalgos, char **impls, int nimpls)
{
    if (!r->algo || (nalgos && !in_list(r->algo->id, algos, nalgos))) return 0;
    return in_list("all", impls, nimpls) || in_list(r->name, impls, nimpls);
}

/* [iters, ticks, ns] per sample; a measurement's samples add switches, and
 * clock_ticks when the kernel ran around them */
static void rec_samples(const hb_sample *samples, unsigned n, int measured, int with_clock)
{
    unsigned i;
    hb_rec_key("samples");
    hb_putc('[');
    for (i = 0; i < n; i++) {
        if (i) hb_putc(',');
        hb_putc('[');
        hb_put_uint(samples[i].iters);
        hb_putc(',');
        hb_put_uint(samples[i].ticks);
        hb_putc(',');
        hb_put_uint(samples[i].ns);
        if (measured) {
            hb_putc(',');
            hb_put_uint(samples[i].switches);
        }
        if (with_clock) {
            hb_putc(',');
            hb_put_uint(samples[i].clock_ticks);
        }
        hb_putc(']');
    }
    hb_putc(']');
}

/* The fields a measurement's records start with. */
static void rec_head(const char *kind, const hb_impl *r, unsigned long size)
{
    hb_rec_begin(kind);
    hb_rec_str("algo", r->algo->id);
    hb_rec_str("impl", r->name);
    hb_rec_uint("size", size);
}

/* Median ns per call x1000 (integer-only), for the text table. */
static uint64_t median_ps_per_call(const hb_bench_result *res)
{
    uint64_t v[HB_MAX_SAMPLES], t;
    unsigned i, j, n = res->nsamples;
    for (i = 0; i < n; i++) v[i] = res->samples[i].ns * 1000u / res->samples[i].iters;
    for (i = 1; i < n; i++) /* insertion sort: n is small */
        for (j = i; j > 0 && v[j - 1] > v[j]; j--) {
            t = v[j]; v[j] = v[j - 1]; v[j - 1] = t;
        }
    return n ? v[n / 2] : 0;
}

typedef struct {
    hb_bench_cfg cfg;
    hb_timer_info tinfo;
    int table;
    int interleave;
    uint64_t clock_rounds; /* one kernel run; 0: no kernel */
    unsigned long calls;   /* region mode: calls per region; 0: timed batches */
    unsigned long regions; /* regions run so far (region mode)               */
} bench_opts;

/* The calibration kernel, CLOCK_RUNS times after one warm-up run: the
 * machine's core clock at the start and at the end of this process. */
static void rec_clock(const bench_opts *o, const char *at)
{
    hb_sample s[CLOCK_RUNS];
    unsigned i;
    if (o->table || o->calls || !o->clock_rounds) return; /* region mode times nothing */
    hb_bench_clock_sample(&o->cfg, o->clock_rounds, &s[0]);
    for (i = 0; i < CLOCK_RUNS; i++) hb_bench_clock_sample(&o->cfg, o->clock_rounds, &s[i]);
    hb_rec_begin("clock");
    hb_rec_str("at", at);
    rec_samples(s, CLOCK_RUNS, 0, 0);
    hb_rec_end();
    fflush(stdout);
}

static void print_header(const bench_opts *o, int total)
{
    if (o->table) {
        printf("hashbench-engine %s   %s, %s-endian, %u-bit pointers\n", HB_ENGINE_VERSION,
               HB_COMPILER, endianness(), (unsigned)(sizeof(void *) * 8));
        printf("timer=%s (%s, %llu Hz %s)   budget=%llu ms\n", o->cfg.timer->name, o->tinfo.unit,
               (unsigned long long)o->tinfo.hz, o->tinfo.hz_source,
               (unsigned long long)(o->cfg.budget_ns / 1000000u));
        printf("=========================================================================\n");
        printf("  ALGO      IMPL       TIER          SIZE      ITER     US/IT      KB/s  H0 H1 H2 H3\n");
        printf("-------------------------------------------------------------------------\n");
        return;
    }
    hb_rec_engine("host", HB_HAVE_U64);
    hb_rec_str("version", HB_ENGINE_VERSION);
    hb_rec_str("target", "host");
    hb_rec_str("compiler", HB_COMPILER);
    hb_rec_str("cflags", HB_BUILD_FLAGS);
    hb_rec_uint("planned", (hb_uint)total);
    if (o->calls) {
        /* region mode: no timer, the instrument outside reads the cost */
        hb_rec_uint("calls", o->calls);
        hb_rec_end();
        return;
    }
    hb_rec_end();
    hb_rec_begin("timer");
    hb_rec_str("name", o->cfg.timer->name);
    hb_rec_str("unit", o->tinfo.unit);
    hb_rec_uint("hz", o->tinfo.hz);
    hb_rec_str("hz_source", o->tinfo.hz_source);
    hb_rec_bool("is_cycles", o->tinfo.is_cycles);
    hb_rec_str("description", o->cfg.timer->description);
    hb_rec_end();
    rec_clock(o, "start");
}

/* Verifies one implementation's digest; returns the basis ("reference",
 * "portable") or NULL after printing an error record. */
static const char *verify(const hb_impl *r, const uint8_t *buf, unsigned long size,
                          const char *hex, int table)
{
    const char *want = hb_reference_hex(r->algo->id, size);
    char want_buf[2 * MAX_DIGEST + 1];
    const char *basis = "reference";
    if (!want) {
        uint8_t ref[MAX_DIGEST];
        /* No tabulated digest at this size: our portable code, which the
         * tests check at every length against independent libraries. */
        r->algo->portable(ref, buf, size);
        to_hex(want_buf, ref, r->algo->digest_len);
        want = want_buf;
        basis = "portable";
    }
    if (strcmp(want, hex) == 0) return basis;
    if (table) {
        printf("! %s/%s @%lu: DIGEST MISMATCH got %s want %s (%s)\n", r->algo->id, r->name, size,
               hex, want, basis);
    } else {
        hb_rec_begin("error");
        hb_rec_str("kind", "verify");
        hb_rec_str("message", strcmp(basis, "reference") == 0
                                  ? "the digest does not match the reference digest"
                                  : "the digest does not match our portable code's digest");
        hb_rec_str("algo", r->algo->id);
        hb_rec_str("impl", r->name);
        hb_rec_uint("size", size);
        hb_rec_str("digest", hex);
        hb_rec_str("expected", want);
        hb_rec_str("basis", basis);
        hb_rec_end();
    }
    fflush(stdout);
    return NULL;
}

static void emit_result(const bench_opts *o, size_t k, unsigned long size, const char *basis,
                        const char *hex, const hb_bench_result *res)
{
    hb_impl r = hb_impl_at(k);
    const char *version = hb_impl_version(k);
    if (o->table) {
        uint64_t ps = median_ps_per_call(res);
        uint64_t kbps = ps ? (uint64_t)size * 1000000000u / ps : 0;
        printf("%c %-9s %-10s %-10s %8lu %9llu %5llu.%03llu %9llu  %.2s %.2s %.2s %.2s\n",
               r.algo->tier == HB_TIER_CHECKSUM ? '.' : r.algo->tier == HB_TIER_NONCRYPTO ? '*' : '#',
               r.algo->label, r.name, hb_tier_name(r.algo->tier), size,
               (unsigned long long)res->calibrated_iters, (unsigned long long)(ps / 1000000u),
               (unsigned long long)(ps / 1000u % 1000u), (unsigned long long)kbps, hex,
               r.algo->digest_len > 1 ? hex + 2 : "", r.algo->digest_len > 2 ? hex + 4 : "",
               r.algo->digest_len > 3 ? hex + 6 : "");
    } else {
        rec_head("result", &r, size);
        hb_rec_str("verified", basis);
        hb_rec_uint("calibrated_iters", res->calibrated_iters);
        if (o->cfg.clock_rounds) hb_rec_uint("clock_adds", o->cfg.clock_rounds * HB_CLOCK_OPS_PER_ROUND);
        if (version) hb_rec_str("impl_version", version);
        rec_params(r.algo->id);
        rec_samples(res->samples, res->nsamples, 1, o->cfg.clock_rounds != 0);
        hb_rec_end();
    }
    fflush(stdout);
}

/* Announces and verifies one implementation; returns the verification
 * basis, or NULL (error record printed: never time what failed). */
static const char *start_one(const bench_opts *o, size_t k, const uint8_t *buf, unsigned long size,
                             int index, int total, char *hex)
{
    hb_impl r = hb_impl_at(k);
    uint8_t out[MAX_DIGEST];
    if (!o->table) {
        rec_head("start", &r, size);
        hb_rec_uint("index", (hb_uint)index);
        hb_rec_uint("total", (hb_uint)total);
        hb_rec_end();
        fflush(stdout);
    }
    r.fn(out, buf, size);
    to_hex(hex, out, r.algo->digest_len);
    if (!o->table) {
        /* the digest of the code about to be timed, before any cost */
        rec_head("digest", &r, size);
        hb_rec_str("digest", hex);
        hb_rec_end();
    }
    return verify(&r, buf, size, hex, o->table);
}

/* A known extra cost, for benchmarks of the statistics only: built with
 * -DHB_EXTRA_COST, the engine reads HB_EXTRA_COST=ALGO:ADDS[,ALGO:ADDS..]
 * from the environment and times those algorithms' portable code followed
 * by ADDS dependent adds of the calibration kernel, i.e. ADDS core cycles
 * more per call (less the little the core overlaps: at most a reorder
 * buffer's worth).  studies/measure_default_run.py --ab checks with it that
 * `hashbench diff` finds a change of known size.  Verification always uses
 * the plain code; a normal build has none of this. */
#ifdef HB_EXTRA_COST
static hb_oneshot_fn extra_fn;
static uint64_t extra_rounds;
static volatile uint64_t extra_sink;

static void with_extra_cost(uint8_t *out, const uint8_t *in, size_t len)
{
    extra_fn(out, in, len);
    extra_sink = hb_clock_adds(extra_rounds);
}

static hb_oneshot_fn timed_fn(size_t k)
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
#else
static hb_oneshot_fn timed_fn(size_t k)
{
    return hb_impl_at(k).fn;
}
#endif

static void bench_one(bench_opts *o, size_t k, const uint8_t *buf, unsigned long size,
                      int index, int total, hb_bench_result *res, int *failed)
{
    char hex[2 * MAX_DIGEST + 1];
    uint8_t out[MAX_DIGEST];
    const char *basis = start_one(o, k, buf, size, index, total, hex);
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
        rec_params(r.algo->id);
        hb_rec_end();
        fflush(stdout);
        return;
    }
    hb_bench_measure(&o->cfg, timed_fn(k), buf, size, out, res);
    emit_result(o, k, size, basis, hex, res);
}

/* Interleaved: calibrate each implementation, then sample them in turn
 * (A B C A B C ...) so that frequency drift and noise hit all alike. */
static void bench_interleaved(const bench_opts *o, const size_t *ks, int n, const uint8_t *buf,
                              unsigned long size, int *index, int total, int *failed)
{
    hb_bench_result *res = xmalloc(sizeof *res * (size_t)(n ? n : 1));
    const char **basis = xmalloc(sizeof *basis * (size_t)(n ? n : 1));
    char (*hex)[2 * MAX_DIGEST + 1] = xmalloc(sizeof *hex * (size_t)(n ? n : 1));
    uint8_t out[MAX_DIGEST];
    uint64_t start, budget;
    int i, live = 0;
    unsigned round;
    for (i = 0; i < n; i++) {
        basis[i] = start_one(o, ks[i], buf, size, ++*index, total, hex[i]);
        res[i].nsamples = 0;
        if (!basis[i]) {
            *failed = 1;
            continue;
        }
        res[i].calibrated_iters = hb_bench_calibrate(&o->cfg, timed_fn(ks[i]), buf, size, out,
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
            hb_bench_sample(&o->cfg, timed_fn(ks[i]), buf, size, out, res[i].calibrated_iters,
                            &res[i].samples[res[i].nsamples++]);
        }
    }
    for (i = 0; i < n; i++)
        if (basis[i]) emit_result(o, ks[i], size, basis[i], hex[i], &res[i]);
    free(res);
    free((void *)basis);
    free(hex);
}

/* ---- clock: the calibration kernel's checks --------------------------- */

/* Times the three kernels of hb_clock.h in turn (so drift hits all alike),
 * RUNS times, the adds about 0.1 ms a run: `kernel` records of [ops, ticks, ns]. */
static int cmd_clock(int argc, char **argv)
{
    static const char *const names[3] = {"add-chain", "mul-chain", "two-add-chains"};
    hb_sample s[3][HB_MAX_SAMPLES];
    hb_bench_cfg cfg;
    hb_timer_info info;
    const char *timer_name = "auto";
    unsigned long runs = 51, i;
    uint64_t rounds, t0, t1, n0, n1;
    volatile uint64_t sink;
    int k;
    records_out = 1;
    for (k = 0; k < argc; k++) {
        char *end;
        if (strcmp(argv[k], "-t") == 0 && k + 1 < argc) timer_name = argv[++k];
        else if (strcmp(argv[k], "-n") == 0 && k + 1 < argc) {
            runs = strtoul(argv[++k], &end, 10);
            if (*end || runs == 0 || runs > HB_MAX_SAMPLES) die("bad run count (1..1000)", argv[k]);
        } else die("unknown clock option", argv[k]);
    }
    if (!hb_clock_available()) die("the calibration kernel is not built in (no GNU C asm)", NULL);
    memset(&cfg, 0, sizeof cfg);
    cfg.timer = hb_timer_select(timer_name, &info);
    if (!cfg.timer) die("timer not available on this machine", timer_name);
    hb_rec_begin("timer");
    hb_rec_str("name", cfg.timer->name);
    hb_rec_str("unit", info.unit);
    hb_rec_uint("hz", info.hz);
    hb_rec_str("hz_source", info.hz_source);
    hb_rec_bool("is_cycles", info.is_cycles);
    hb_rec_str("description", cfg.timer->description);
    hb_rec_end();
    rounds = CLOCK_ROUNDS;
    for (i = 0; i < runs; i++)
        for (k = 0; k < 3; k++) {
            n0 = hb_monotonic_ns();
            t0 = cfg.timer->read();
            sink = k == 0 ? hb_clock_adds(rounds) : k == 1 ? hb_clock_muls(rounds) : hb_clock_two_chains(rounds);
            t1 = cfg.timer->read();
            n1 = hb_monotonic_ns();
            s[k][i].iters = rounds * HB_CLOCK_OPS_PER_ROUND;
            s[k][i].ticks = t1 - t0;
            s[k][i].ns = n1 - n0;
        }
    (void)sink;
    for (k = 0; k < 3; k++) {
        hb_rec_begin("kernel");
        hb_rec_str("name", names[k]);
        rec_samples(s[k], (unsigned)runs, 0, 0);
        hb_rec_end();
    }
    return 0;
}

static int cmd_bench(int argc, char **argv)
{
    static hb_bench_result res; /* large: not on the stack */
    bench_opts o;
    char *algos[MAX_LIST], *impls[MAX_LIST], *sizes_s[MAX_LIST];
    char default_impl[] = "portable", default_size[] = "1024";
    int nalgos = 0, nimpls = 1, nsizes = 1, i, s, failed = 0, total = 0, index = 0, clock_each = 0;
    const char *timer_name = "auto";
    unsigned long sizes[MAX_LIST], budget_ms = 200, sample_us = 0;
    size_t k, nimpl_all;
    impls[0] = default_impl;
    sizes_s[0] = default_size;
    for (i = 0; i < argc; i++)
        if (strcmp(argv[i], "--table") == 0) break;
    records_out = i == argc; /* --table: a text table, no records */
    memset(&o, 0, sizeof o);
    o.cfg.min_samples = 5;
    for (i = 0; i < argc; i++) {
        const char *a = argv[i];
        int has_arg = i + 1 < argc;
        char *end;
        if (strcmp(a, "--table") == 0) o.table = 1;
        else if (strcmp(a, "--interleave") == 0) o.interleave = 1;
        else if (strcmp(a, "-c") == 0) clock_each = 1;
        else if (strcmp(a, "-a") == 0 && has_arg) nalgos += split_list(argv[++i], algos + nalgos, MAX_LIST - nalgos);
        else if (strcmp(a, "-i") == 0 && has_arg) nimpls = split_list(argv[++i], impls, MAX_LIST);
        else if (strcmp(a, "-s") == 0 && has_arg) nsizes = split_list(argv[++i], sizes_s, MAX_LIST);
        else if (strcmp(a, "-b") == 0 && has_arg) {
            budget_ms = strtoul(argv[++i], &end, 10);
            if (*end || budget_ms == 0) die("bad budget (milliseconds, > 0)", argv[i]);
        } else if (strcmp(a, "-n") == 0 && has_arg) {
            o.cfg.fixed_samples = (unsigned)strtoul(argv[++i], &end, 10);
            if (*end || o.cfg.fixed_samples == 0 || o.cfg.fixed_samples > HB_MAX_SAMPLES)
                die("bad sample count (1..1000)", argv[i]);
        } else if (strcmp(a, "-l") == 0 && has_arg) {
            sample_us = strtoul(argv[++i], &end, 10);
            if (*end || sample_us < 50 || sample_us > 10000000ul) die("bad sample length (50..10000000 us)", argv[i]);
        } else if (strcmp(a, "-t") == 0 && has_arg) timer_name = argv[++i];
        else if (strcmp(a, "-x") == 0 && has_arg) hb_impls_skip(argv[++i]);
        else if (strcmp(a, "-k") == 0 && has_arg) {
            o.calls = strtoul(argv[++i], &end, 10);
            if (*end || o.calls == 0 || o.calls > 1000000ul) die("bad call count (1..1000000)", argv[i]);
        } else die("unknown bench option", a);
    }
    nimpl_all = hb_impl_count(); /* loads the backends: after -x */
    for (s = 0; s < nsizes; s++) {
        char *end;
        sizes[s] = strtoul(sizes_s[s], &end, 10);
        if (*end || sizes_s[s][0] == '\0' || sizes[s] > (1ul << 30)) die("bad size", sizes_s[s]);
    }
    for (i = 0; i < nalgos; i++)
        if (!hb_algo_find(algos[i])) die("unknown algorithm", algos[i]);
    for (i = 0; i < nimpls; i++) {
        int known = strcmp(impls[i], "all") == 0;
        for (k = 0; k < nimpl_all && !known; k++) known = strcmp(hb_impl_at(k).name, impls[i]) == 0;
        if (!known) die("unknown implementation", impls[i]);
    }
    if (o.calls && o.table) die("-k runs regions for an instrument; --table prints times", NULL);
    if (!o.calls) {
        o.cfg.timer = hb_timer_select(timer_name, &o.tinfo);
        if (!o.cfg.timer) die("timer not available on this machine", timer_name);
    }
    o.cfg.budget_ns = (uint64_t)budget_ms * 1000000u;
    o.cfg.sample_ns = (uint64_t)sample_us * 1000u;
    if (clock_each && !hb_clock_available()) die("the calibration kernel is not built in (no GNU C asm)", NULL);
    if (hb_clock_available()) o.clock_rounds = CLOCK_ROUNDS;
    /* a timer that counts core cycles needs no kernel to give them */
    if (clock_each && !o.calls && strcmp(o.tinfo.unit, "cycles") != 0) o.cfg.clock_rounds = o.clock_rounds;

    /* Plan first, so progress can say "n of total". */
    for (k = 0; k < nimpl_all; k++) {
        hb_impl r = hb_impl_at(k);
        total += selected(&r, algos, nalgos, impls, nimpls);
    }
    total *= nsizes;
    print_header(&o, total);
    for (s = 0; s < nsizes; s++) {
        uint8_t *buf = workload_alloc(sizes[s]);
        uint8_t out[MAX_DIGEST];
        hb_bench_cfg ocfg = o.cfg;
        hb_workload_fill(buf, sizes[s]);
        if (o.calls) {
            /* the harness region at this size, the do-nothing hash, twice:
             * the first runs the region's own code (the markers, the lines
             * after the loop) once, so that in the second - the one the front
             * end subtracts - a simulator's caches hold it, as they do for
             * every implementation's region after it */
            for (i = 0; i < 2; i++) {
                hb_region_run(hb_region_nothing, out, buf, sizes[s], HB_WARM_CALLS, o.calls);
                hb_rec_region(o.regions++, HB_REGION_HARNESS, HB_REGION_HARNESS, sizes[s], o.calls);
                hb_rec_end();
            }
        } else {
            /* harness overhead at this size: the do-nothing hash */
            ocfg.budget_ns = o.cfg.budget_ns / 4;
            hb_bench_measure(&ocfg, hb_bench_null, buf, sizes[s], out, &res);
            if (!o.table) {
                hb_rec_begin("overhead");
                hb_rec_uint("size", sizes[s]);
                rec_samples(res.samples, res.nsamples, 1, o.cfg.clock_rounds != 0);
                hb_rec_end();
            }
        }
        if (o.interleave && !o.calls) {
            /* one interleaved group per algorithm: its implementations */
            size_t a;
            for (a = 0; a < hb_algo_count; a++) {
                size_t *ks = xmalloc(sizeof *ks * nimpl_all);
                int n = 0;
                for (k = 0; k < nimpl_all; k++) {
                    hb_impl r = hb_impl_at(k);
                    if (r.algo != &hb_algos[a] || !selected(&r, algos, nalgos, impls, nimpls)) continue;
                    ks[n++] = k;
                }
                if (n) bench_interleaved(&o, ks, n, buf, sizes[s], &index, total, &failed);
                free(ks);
            }
        } else {
            for (k = 0; k < nimpl_all; k++) {
                hb_impl r = hb_impl_at(k);
                if (!selected(&r, algos, nalgos, impls, nimpls)) continue;
                bench_one(&o, k, buf, sizes[s], ++index, total, &res, &failed);
            }
        }
        free(buf);
    }
    rec_clock(&o, "end");
    if (!o.table) {
        hb_rec_begin("done");
        hb_rec_bool("failed", failed);
        if (o.calls) hb_rec_uint("regions", o.regions);
        hb_rec_end();
    }
    return failed ? 1 : 0;
}

int main(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        fprintf(stderr,
                "usage: hashbench-engine --version | list [-x BACKENDS] | timers | hash ALGO [IMPL] [FILE...] |\n"
                "       digest ALGO IMPL SIZE | bench [-a ALGOS] [-i IMPLS|all] [-s SIZES]\n"
                "       [-b BUDGET_MS] [-n SAMPLES] [-t TIMER] [-l SAMPLE_US] [-c] [--table]\n"
                "       [--interleave] [-x BACKENDS] [-k CALLS] | clock [-t TIMER] [-n RUNS]\n"
                "The front end is `hashbench`; this is its measuring engine.\n");
        return argc < 2 ? 2 : 0;
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("hashbench-engine %s\n", HB_ENGINE_VERSION);
        return 0;
    }
    if (strcmp(argv[1], "list") == 0) return cmd_list(argc - 2, argv + 2);
    if (strcmp(argv[1], "timers") == 0) return cmd_timers();
    if (strcmp(argv[1], "hash") == 0) return cmd_hash(argc - 2, argv + 2);
    if (strcmp(argv[1], "digest") == 0) return cmd_digest(argc - 2, argv + 2);
    if (strcmp(argv[1], "bench") == 0) return cmd_bench(argc - 2, argv + 2);
    if (strcmp(argv[1], "clock") == 0) return cmd_clock(argc - 2, argv + 2);
    die("unknown command", argv[1]);
    return 2;
}
