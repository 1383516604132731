/* SPDX-License-Identifier: MIT
 * main.c - hashbench-engine, the host measurement engine.
 *
 *   hashbench-engine list [-x BACKENDS]        algorithms and implementations (JSON lines)
 *   hashbench-engine hash ALGO [IMPL] [FILE..] "<hex>  <name>" per file ("-" = stdin)
 *   hashbench-engine digest ALGO IMPL SIZE     digest of the standard workload
 *   hashbench-engine bench [options]           verify, then time; records on stdout
 *       -a ALGO[,ALGO..]   (default: all)      -i IMPL[,IMPL..] | all (default: portable)
 *       -s SIZE[,SIZE..]   (default: 1024)     -b BUDGET_MS per measurement (default: 200)
 *       -n SAMPLES (default: budget decides)   -t TIMER | auto (default: auto)
 *       -l SAMPLE_US  a sample's length (default: budget / 12, at least 200)
 *       -c        the calibration kernel around every sample (estimated core
 *                 cycles where the timer does not count them)
 *       --interleave  sample an algorithm's implementations in turn (compare)
 *       --interleave-rows  sample every measurement at one size in turn (run)
 *       -L        latency: each call's input starts with the previous digest
 *       -T N[,N..]  N threads at once, each on its own buffer and CPU, for
 *                 each N in turn (a `result` record per thread)
 *       -A K[,K..]  the input K bytes past a 64-byte boundary (0..63), each
 *                 K in turn per implementation, verified at that offset
 *       -x BACKEND[,BACKEND..]  leave these backends out (not even loaded)
 *       -k CALLS  region mode: time nothing; run each measurement as one region
 *                 of CALLS calls between the marker functions (../hb_region.c),
 *                 for an instrument outside the program to read (Callgrind)
 *   hashbench-engine clock [-t TIMER] [-n RUNS]  the calibration kernel's checks
 *
 * Records (format 2, docs/records.md) are written by ../hb_record.c, the
 * writer every engine shares; hash and digest print plain text.
 * The parts: args.c (bench's options), hb_bench.c (the loop and the plan
 * around it), hb_reference.c (verification), hb_host_records.c (records).  Exit
 * status: 0 ok, 1 a verification failed, 2 usage or system error (also an
 * `error` record where the command writes records).
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "hb_bench.h"
#include "hb_host.h"
#include "hb_host_records.h"
#include "hb_impls.h"
#include "../hb_record.h"
#include "../hb_workload.h"
#include "../../platform/host/hb_clock.h"
#include "../../platform/host/hb_file.h"

/* ---- list / hash / digest ---------------------------------- */

static int cmd_list(int argc, char **argv)
{
    size_t i, j, n;
    hb_records_out = 1;
    if (argc == 2 && strcmp(argv[0], "-x") == 0) hb_impls_skip(argv[1]);
    else if (argc != 0) hb_die("usage: list [-x BACKEND[,BACKEND..]]", NULL);
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

static int find_impl_or_die(const char *algo, const char *impl)
{
    int k = hb_impl_find(algo, impl);
    if (k < 0) {
        if (!hb_algo_find(algo)) hb_die("unknown algorithm", algo);
        hb_die("no such implementation for this algorithm", impl);
    }
    return k;
}

/* One file's digest.  Our own code of an algorithm that streams reads the
 * file in blocks through init/update/final (the portable implementation's
 * own functions: the same code); any other implementation has only its
 * one-shot, which gets the whole file, mapped.  0, or -1 with errno set. */
typedef struct {
    const hb_stream_ops *ops;
    void *ctx;
} hash_stream;

static void hash_take(void *state, const uint8_t *block, size_t n)
{
    hash_stream *h = state;
    h->ops->update(h->ctx, block, n);
}

/* BLAKE3's tree (rust-blake3-tree) splits a large input between the cores
 * itself: a thread faulting its mapping in ahead would be one more on those
 * cores (512 MiB on 2 vCPUs: 102 ms wall with it, 84 without). */
static int uses_every_core(hb_impl r)
{
    return strstr(r.name, "-tree") != NULL;
}

static int hash_file(FILE *f, hb_impl r, uint8_t *out)
{
    const hb_stream_ops *ops = r.algo->stream;
    if (ops && r.fn == r.algo->portable) {
        hash_stream h;
        int rc;
        h.ops = ops;
        h.ctx = hb_xmalloc(ops->ctx_size);
        ops->init(h.ctx);
        rc = hb_file_stream(f, hash_take, &h);
        if (rc == 0) ops->final(h.ctx, out);
        free(h.ctx);
        return rc;
    } else {
        hb_file file;
        if (hb_file_load_with(f, &file, hb_file_spare_cpu() && !uses_every_core(r)) != 0) return -1;
        r.fn(out, file.data, file.len);
        hb_file_release(&file);
        return 0;
    }
}

static int ends_native(const char *name)
{
    size_t len = strlen(name), tail = sizeof "-native" - 1;
    return len >= tail && strcmp(name + len - tail, "-native") == 0;
}

/* Leaves out of the implementation table every backend that cannot give
 * `impl`: an implementation is named by its backend's first word (openssl,
 * rust-sha2-native), our own code by none of them, and a `-native` build's
 * implementations end in `-native` as its backend's name does (rust,
 * rust-native: two libraries, one loaded).  So `hash` sets up the one
 * library it uses, not every backend's (OpenSSL's, libgcrypt's, ... start-up
 * would be paid on every call, for nothing). */
static void skip_other_backends(const char *impl)
{
    static char list[512];
    size_t used = 0, k, word = strcspn(impl, "-");
    for (k = 0; hb_backends[k]; k++) {
        const char *name = hb_backends[k]->name;
        size_t len = strlen(name);
        if (strcspn(name, "-") == word && strncmp(name, impl, word) == 0 && ends_native(name) == ends_native(impl))
            continue;
        if (used + len + 2 > sizeof list) return; /* cannot say them all: skip none */
        if (used) list[used++] = ',';
        memcpy(list + used, name, len);
        used += len;
    }
    list[used] = '\0';
    hb_impls_skip(list);
}

/* Like sha256sum: a file that cannot be read is named on stderr, the others
 * are still hashed, and the exit status is 1. */
static int cmd_hash(int argc, char **argv)
{
    const char *algo, *impl = "portable";
    int i, first_file = 1, status = 0, k;
    char hex[2 * HB_MAX_DIGEST + 1];
    uint8_t out[HB_MAX_DIGEST];
    hb_impl r;
    if (argc < 1) hb_die("usage: hash ALGO [IMPL] [FILE...]", NULL);
    hb_file_default_pipe_signal();
    algo = argv[0];
    if (argc >= 2) skip_other_backends(argv[1]);
    if (argc >= 2 && hb_impl_find(algo, argv[1]) >= 0) {
        impl = argv[1];
        first_file = 2;
    }
    k = find_impl_or_die(algo, impl);
    r = hb_impl_at((size_t)k);
    for (i = first_file; i < argc || i == first_file; i++) {
        const char *name = i < argc ? argv[i] : "-";
        FILE *f = strcmp(name, "-") == 0 ? stdin : fopen(name, "rb");
        if (!f || hash_file(f, r, out) != 0) {
            fprintf(stderr, "hashbench: %s: %s\n", name, strerror(errno));
            if (f && f != stdin) fclose(f);
            status = 1;
            continue;
        }
        if (f != stdin) fclose(f);
        hb_to_hex(hex, out, r.algo->digest_len);
        printf("%s  %s\n", hex, name);
    }
    return status;
}

static int cmd_digest(int argc, char **argv)
{
    int k;
    unsigned long size;
    uint8_t *buf, out[HB_MAX_DIGEST];
    char hex[2 * HB_MAX_DIGEST + 1], *end;
    hb_impl r;
    if (argc != 3) hb_die("usage: digest ALGO IMPL SIZE", NULL);
    k = find_impl_or_die(argv[0], argv[1]);
    r = hb_impl_at((size_t)k);
    size = strtoul(argv[2], &end, 10);
    if (*end) hb_die("bad size", argv[2]);
    buf = hb_xmalloc(size);
    hb_workload_fill(buf, size);
    r.fn(out, buf, size);
    hb_to_hex(hex, out, r.algo->digest_len);
    printf("%s\n", hex);
    free(buf);
    return 0;
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
    hb_records_out = 1;
    for (k = 0; k < argc; k++) {
        char *end;
        if (strcmp(argv[k], "-t") == 0 && k + 1 < argc) timer_name = argv[++k];
        else if (strcmp(argv[k], "-n") == 0 && k + 1 < argc) {
            runs = strtoul(argv[++k], &end, 10);
            if (*end || runs == 0 || runs > HB_MAX_SAMPLES) hb_die("bad run count (1..1000)", argv[k]);
        } else hb_die("unknown clock option", argv[k]);
    }
    if (!hb_clock_available()) hb_die("the calibration kernel is not built in (no GNU C asm)", NULL);
    memset(&cfg, 0, sizeof cfg);
    cfg.timer = hb_timer_select(timer_name, &info);
    if (!cfg.timer) hb_die("timer not available on this machine", timer_name);
    hb_rec_timer(cfg.timer, &info);
    rounds = HB_CLOCK_ROUNDS;
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
        hb_rec_samples(s[k], (unsigned)runs, 0, 0);
        hb_rec_end();
    }
    return 0;
}

static int cmd_bench(int argc, char **argv)
{
    hb_bench_opts o;
    hb_records_out = 1;
    hb_args_bench(argc, argv, &o);
    return hb_bench_run(&o);
}

int main(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0) {
        fprintf(stderr,
                "usage: hashbench-engine --version | list [-x BACKENDS] | hash ALGO [IMPL] [FILE...] |\n"
                "       digest ALGO IMPL SIZE | bench [-a ALGOS] [-i IMPLS|all] [-s SIZES]\n"
                "       [-b BUDGET_MS] [-n SAMPLES] [-t TIMER] [-l SAMPLE_US] [-c] [-L]\n"
                "       [-T THREADS] [-A OFFSETS]\n"
                "       [--interleave | --interleave-rows] [-x BACKENDS] [-k CALLS] | clock [-t TIMER] [-n RUNS]\n"
                "The front end is `hashbench`; this is its measuring engine.\n");
        return argc < 2 ? 2 : 0;
    }
    if (strcmp(argv[1], "--version") == 0) {
        printf("hashbench-engine %s\n", HB_ENGINE_VERSION);
        return 0;
    }
    if (strcmp(argv[1], "list") == 0) return cmd_list(argc - 2, argv + 2);
    if (strcmp(argv[1], "hash") == 0) return cmd_hash(argc - 2, argv + 2);
    if (strcmp(argv[1], "digest") == 0) return cmd_digest(argc - 2, argv + 2);
    if (strcmp(argv[1], "bench") == 0) return cmd_bench(argc - 2, argv + 2);
    if (strcmp(argv[1], "clock") == 0) return cmd_clock(argc - 2, argv + 2);
    hb_die("unknown command", argv[1]);
    return 2;
}
