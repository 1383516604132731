/* SPDX-License-Identifier: MIT
 * hb_test.c - the C test suite: needs only a C library, so the very same
 * checks run natively, under ASan/UBSan, with HB_NO_U64 and under QEMU on
 * big-endian and 32-bit targets.
 *
 *   1. official vectors   tests/vectors/<name>.txt (format: tests/vectors/README.md)
 *   2. reference digests  data/reference-digests.tsv (workload, every impl)
 *   3. properties         canaries, input untouched, unaligned input,
 *                         determinism, compact == portable at 0..2048
 *   4. streaming          init/update/final == one-shot at every split point
 *   5. records            the record writer every engine shares (hb_record.c)
 *
 * Usage: hb-test [-v] [--vectors DIR] [--reference FILE] [--quick]
 * Ends with "hb-test: N passed, M failed"; exit 1 on any failure.
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../src/algos/hb_algos.h"
#include "../../src/engine/hb_record.h"
#include "../../src/engine/hb_registry.h"
#include "../../src/engine/hb_workload.h"

#define MAX_DIGEST 64
#define CANARY 0xA5

static unsigned long g_pass, g_fail, g_skip;
static int g_verbose, g_quick;

static void fail(const char *where, const char *what, const uint8_t *got,
                 const uint8_t *want, size_t n)
{
    size_t i;
    g_fail++;
    fprintf(stderr, "FAIL %s: %s\n", where, what);
    if (got && want) {
        fprintf(stderr, "  got  ");
        for (i = 0; i < n; i++) fprintf(stderr, "%02x", got[i]);
        fprintf(stderr, "\n  want ");
        for (i = 0; i < n; i++) fprintf(stderr, "%02x", want[i]);
        fprintf(stderr, "\n");
    }
}

static int check(const char *where, const char *what, const uint8_t *got,
                 const uint8_t *want, size_t n)
{
    if (memcmp(got, want, n) == 0) {
        g_pass++;
        return 1;
    }
    fail(where, what, got, want, n);
    return 0;
}

/* ---- small helpers ----------------------------------------------- */

static void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) {
        fprintf(stderr, "hb-test: out of memory\n");
        exit(2);
    }
    return p;
}

static int hexval(int c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Decodes hex into a fresh buffer; returns its length or -1. */
static long unhex(const char *s, uint8_t **out)
{
    size_t n = strlen(s), i;
    uint8_t *b;
    if (n % 2) return -1;
    b = xmalloc(n / 2);
    for (i = 0; i < n / 2; i++) {
        int hi = hexval(s[2 * i]), lo = hexval(s[2 * i + 1]);
        if (hi < 0 || lo < 0) {
            free(b);
            return -1;
        }
        b[i] = (uint8_t)(hi * 16 + lo);
    }
    *out = b;
    return (long)(n / 2);
}

/* Simple deterministic PRNG (xorshift32): same inputs on every target. */
static uint32_t g_rng = 0x12345678u;
static uint32_t rnd(void)
{
    g_rng ^= g_rng << 13;
    g_rng ^= g_rng >> 17;
    g_rng ^= g_rng << 5;
    return g_rng;
}

/* Streams `in` through the algorithm's ctx, cutting at the given points. */
static void stream_hash(const hb_algo *a, uint8_t *out, const uint8_t *in,
                        size_t len, const size_t *cuts, size_t ncuts)
{
    void *ctx = xmalloc(a->stream->ctx_size);
    size_t pos = 0, k;
    a->stream->init(ctx);
    for (k = 0; k < ncuts; k++) {
        a->stream->update(ctx, in + pos, cuts[k] - pos);
        pos = cuts[k];
    }
    a->stream->update(ctx, in + pos, len - pos);
    a->stream->final(ctx, out);
    free(ctx);
}

/* ---- 1. official vectors -------------------------------------------- */

typedef struct {
    const char *key;
    uint8_t *val;
    long len;
} field;

#define MAX_FIELDS 8

static field *get(field *f, int nf, const char *key)
{
    int i;
    for (i = 0; i < nf; i++)
        if (strcmp(f[i].key, key) == 0) return &f[i];
    return NULL;
}

/* A plain (unkeyed) hash vector: msg, optional len (msg cycled to len), md.
 * Checked on every implementation of ours and through the streaming API. */
static void vector_plain(const hb_algo *a, const char *where, field *f, int nf)
{
    field *msg = get(f, nf, "msg"), *md = get(f, nf, "md"), *lenf = get(f, nf, "len");
    uint8_t out[MAX_DIGEST];
    uint8_t *in;
    size_t len, i, cmp;
    if (!msg || !md) {
        fail(where, "vector needs msg= and md=", NULL, NULL, 0);
        return;
    }
    len = (size_t)msg->len;
    if (lenf) len = (size_t)strtoul((const char *)lenf->val, NULL, 10);
    in = xmalloc(len);
    for (i = 0; i < len; i++) in[i] = msg->val[msg->len ? i % (size_t)msg->len : 0];
    cmp = (size_t)md->len < a->digest_len ? (size_t)md->len : a->digest_len;
    a->portable(out, in, len);
    check(where, "portable", out, md->val, cmp);
    if (a->compact) {
        a->compact(out, in, len);
        check(where, "compact", out, md->val, cmp);
    }
    if (a->stream) {
        size_t cuts[2];
        cuts[0] = len / 3;
        cuts[1] = len - len / 3;
        stream_hash(a, out, in, len, cuts, 2);
        check(where, "stream (3 parts)", out, md->val, cmp);
        if (len <= 4096) { /* byte by byte: the worst case for buffering */
            void *ctx = xmalloc(a->stream->ctx_size);
            a->stream->init(ctx);
            for (i = 0; i < len; i++) a->stream->update(ctx, in + i, 1);
            a->stream->final(ctx, out);
            free(ctx);
            check(where, "stream (byte by byte)", out, md->val, cmp);
        }
    }
    free(in);
}

/* Keyed and parameterised primitives that the fixed-key one-shots wrap. */
static int vector_keyed(const char *algo, const char *where, field *f, int nf)
{
    field *key = get(f, nf, "key"), *msg = get(f, nf, "msg"), *md = get(f, nf, "md");
    uint8_t out[MAX_DIGEST];
    static const uint8_t empty[1] = { 0 };
    const uint8_t *m = msg ? msg->val : empty;
    size_t mlen = msg ? (size_t)msg->len : 0;

    if (strcmp(algo, "hmac-sha256-keyed") == 0) {
        hb_hmac_sha256_keyed(out, key->val, (size_t)key->len, m, mlen);
        check(where, "hmac", out, md->val, (size_t)md->len);
    } else if (strcmp(algo, "pbkdf2-sha256-params") == 0) {
        field *pass = get(f, nf, "pass"), *salt = get(f, nf, "salt"), *it = get(f, nf, "iter");
        uint8_t *dk = xmalloc((size_t)md->len);
        hb_pbkdf2_sha256_params(dk, (size_t)md->len, pass->val, (size_t)pass->len,
                                salt->val, (size_t)salt->len,
                                (uint32_t)strtoul((const char *)it->val, NULL, 10));
        check(where, "pbkdf2", dk, md->val, (size_t)md->len);
        free(dk);
    } else if (strcmp(algo, "aes128-block") == 0) {
        field *pt = get(f, nf, "pt"), *ct = get(f, nf, "ct");
        hb_aes128_encrypt_block(out, key->val, pt->val);
        check(where, "aes128 portable", out, ct->val, 16);
        hb_aes128_encrypt_block_compact(out, key->val, pt->val);
        check(where, "aes128 compact", out, ct->val, 16);
    } else if (strcmp(algo, "aes-cbc-mac-keyed") == 0) {
        hb_aes_cbc_mac_keyed(out, key->val, m, mlen);
        check(where, "cbc-mac portable", out, md->val, 16);
        hb_aes_cbc_mac_keyed_compact(out, key->val, m, mlen);
        check(where, "cbc-mac compact", out, md->val, 16);
#if HB_HAVE_U64
    } else if (strcmp(algo, "siphash24-keyed") == 0) {
        hb_siphash24_keyed(out, key->val, m, mlen);
        check(where, "siphash", out, md->val, 8);
    } else if (strcmp(algo, "blake2b-keyed") == 0) {
        hb_blake2b_keyed(out, (size_t)md->len, key ? key->val : empty,
                         key ? (size_t)key->len : 0, m, mlen);
        check(where, "blake2b", out, md->val, (size_t)md->len);
#endif
    } else if (strcmp(algo, "blake2s-keyed") == 0) {
        hb_blake2s_keyed(out, (size_t)md->len, key ? key->val : empty,
                         key ? (size_t)key->len : 0, m, mlen);
        check(where, "blake2s", out, md->val, (size_t)md->len);
    } else {
        return 0;
    }
    return 1;
}

/* Algorithms of the vector files that HB_NO_U64 removes: skipped, not failed. */
static int is_u64_only(const char *algo)
{
    static const char *const names[] = {
        "crc64", "murmur3-128", "xxh64", "xxh3-64", "siphash24", "siphash24-keyed",
        "sha512", "tiger", "sha3-256", "sha3-512", "keccak-256", "blake2b",
        "blake2b-keyed", "ascon-hash256", NULL
    };
    int i;
    for (i = 0; names[i]; i++)
        if (strcmp(names[i], algo) == 0) return 1;
    return 0;
}

static void run_vector_file(const char *path, const char *name)
{
    FILE *fp = fopen(path, "r");
    static char line[1 << 20]; /* CAVP long messages are long lines */
    unsigned long lineno = 0, count = 0;
    int saw_source = 0;
    if (!fp) {
        fail(path, "cannot open", NULL, NULL, 0);
        return;
    }
    while (fgets(line, sizeof line, fp)) {
        field f[MAX_FIELDS];
        int nf = 0, i;
        char *tok, *algo, where[300];
        lineno++;
        if (strncmp(line, "# source:", 9) == 0) saw_source = 1;
        if (line[0] == '#' || line[0] == '\n' || line[0] == '\r') continue;
        if (!saw_source) {
            fail(path, "vector file must name its source in a '# source:' line first", NULL, NULL, 0);
            break;
        }
        algo = strtok(line, " \t\r\n");
        if (!algo) continue;
        sprintf(where, "%.200s:%lu (%.40s)", name, lineno, algo);
        while ((tok = strtok(NULL, " \t\r\n")) != NULL && nf < MAX_FIELDS) {
            char *eq = strchr(tok, '=');
            if (!eq) {
                fail(where, "token without '='", NULL, NULL, 0);
                break;
            }
            *eq = '\0';
            f[nf].key = tok;
            if (strcmp(tok, "len") == 0 || strcmp(tok, "iter") == 0) {
                size_t n = strlen(eq + 1);
                f[nf].val = xmalloc(n + 1);
                memcpy(f[nf].val, eq + 1, n + 1);
                f[nf].len = (long)n;
            } else if ((f[nf].len = unhex(eq + 1, &f[nf].val)) < 0) {
                fail(where, "bad hex", NULL, NULL, 0);
                break;
            }
            nf++;
        }
        {
            const hb_algo *a = hb_algo_find(algo);
            if (a)
                vector_plain(a, where, f, nf);
            else if (!vector_keyed(algo, where, f, nf)) {
                if (is_u64_only(algo))
                    g_skip++;
                else
                    fail(where, "unknown algorithm in vector file", NULL, NULL, 0);
            }
        }
        count++;
        for (i = 0; i < nf; i++) free(f[i].val);
    }
    fclose(fp);
    if (g_verbose) printf("  %-40s %lu vectors\n", name, count);
}

static int cmp_str(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

static void run_vectors(const char *dir)
{
    DIR *d = opendir(dir);
    struct dirent *e;
    char *names[256];
    size_t n = 0, i;
    if (!d) {
        fail(dir, "cannot open vector directory", NULL, NULL, 0);
        return;
    }
    while ((e = readdir(d)) != NULL && n < 256) {
        size_t l = strlen(e->d_name);
        if (l > 4 && strcmp(e->d_name + l - 4, ".txt") == 0) {
            names[n] = xmalloc(l + 1);
            memcpy(names[n], e->d_name, l + 1);
            n++;
        }
    }
    closedir(d);
    /* An empty list is a broken harness (e.g. readdir failing on a 32-bit
     * target without large-file support), never a pass. */
    if (n == 0)
        fail(dir, "no vector files found", NULL, NULL, 0);
    qsort(names, n, sizeof names[0], cmp_str);
    for (i = 0; i < n; i++) {
        char path[1024];
        sprintf(path, "%.900s/%.100s", dir, names[i]);
        run_vector_file(path, names[i]);
        free(names[i]);
    }
}

/* ---- 2. reference digests of the workload -------------------------- */

static void run_reference(const char *path)
{
    FILE *fp = fopen(path, "r");
    char line[512];
    unsigned long count = 0;
    if (!fp) {
        fail(path, "cannot open reference digests", NULL, NULL, 0);
        return;
    }
    while (fgets(line, sizeof line, fp)) {
        char algo[64], hex[200], where[128];
        unsigned long size;
        uint8_t *want, *buf, out[MAX_DIGEST];
        const hb_algo *a;
        if (line[0] == '#' || sscanf(line, "%63s %lu %199s", algo, &size, hex) != 3)
            continue;
        a = hb_algo_find(algo);
        if (!a) {
            if (is_u64_only(algo)) g_skip++;
            else fail(algo, "reference digest for an unknown algorithm", NULL, NULL, 0);
            continue;
        }
        if (g_quick && size > 65536) continue;
        if (unhex(hex, &want) != (long)a->digest_len) {
            fail(algo, "reference digest has the wrong length", NULL, NULL, 0);
            continue;
        }
        buf = xmalloc(size);
        hb_workload_fill(buf, size);
        sprintf(where, "reference %s @%lu", algo, size);
        a->portable(out, buf, size);
        check(where, "portable", out, want, a->digest_len);
        if (a->compact) {
            a->compact(out, buf, size);
            check(where, "compact", out, want, a->digest_len);
        }
        free(buf);
        free(want);
        count++;
    }
    fclose(fp);
    if (g_verbose) printf("  reference digests: %lu\n", count);
}

/* ---- 3. properties --------------------------------------------------- */

static void run_properties_impl(const hb_algo *a, hb_oneshot_fn fn, const char *impl)
{
    enum { N = 2048 + 64 };
    uint8_t *in = xmalloc(N), *copy = xmalloc(N), *shifted = xmalloc(N + 8);
    uint8_t out[MAX_DIGEST + 16], out2[MAX_DIGEST + 16];
    char where[96];
    size_t len, i, off;
    int ok = 1;
    sprintf(where, "properties %s/%s", a->id, impl);
    for (i = 0; i < N; i++) in[i] = (uint8_t)rnd();
    memcpy(copy, in, N);
    for (len = 0; len <= 300 && ok; len++) {
        /* canaries: exactly digest_len bytes written, not one more */
        memset(out, CANARY, sizeof out);
        fn(out, in, len);
        for (i = a->digest_len; i < sizeof out; i++)
            if (out[i] != CANARY) {
                fail(where, "wrote past the digest length", NULL, NULL, 0);
                ok = 0;
                break;
            }
        /* the digest really is written: a second call over a different
         * fill must give the same bytes */
        memset(out2, (uint8_t)~CANARY, sizeof out2);
        fn(out2, in, len);
        if (memcmp(out, out2, a->digest_len) != 0) {
            fail(where, "not deterministic, or leaves digest bytes unwritten", out, out2, a->digest_len);
            ok = 0;
        }
        if (memcmp(in, copy, N) != 0) {
            fail(where, "modified its input", NULL, NULL, 0);
            ok = 0;
        }
        /* unaligned input pointers give the same digest */
        for (off = 1; off < 8 && ok; off++) {
            memcpy(shifted + off, in, len);
            fn(out2, shifted + off, len);
            if (memcmp(out, out2, a->digest_len) != 0) {
                fail(where, "digest depends on input alignment", out, out2, a->digest_len);
                ok = 0;
            }
        }
    }
    if (ok) g_pass++;
    free(in);
    free(copy);
    free(shifted);
}

static void run_properties(void)
{
    size_t k;
    for (k = 0; k < hb_algo_count; k++) {
        const hb_algo *a = &hb_algos[k];
        run_properties_impl(a, a->portable, "portable");
        if (a->compact) {
            enum { N = 2048 };
            uint8_t *in = xmalloc(N), o1[MAX_DIGEST], o2[MAX_DIGEST];
            size_t len, i, step = g_quick ? 7 : 1;
            char where[96];
            int ok = 1;
            run_properties_impl(a, a->compact, "compact");
            sprintf(where, "compact == portable %s", a->id);
            for (i = 0; i < N; i++) in[i] = (uint8_t)rnd();
            for (len = 0; len <= N && ok; len += step) {
                a->portable(o1, in, len);
                a->compact(o2, in, len);
                if (memcmp(o1, o2, a->digest_len) != 0) {
                    char msg[64];
                    sprintf(msg, "differ at length %lu", (unsigned long)len);
                    fail(where, msg, o2, o1, a->digest_len);
                    ok = 0;
                }
            }
            if (ok) g_pass++;
            free(in);
        }
    }
}

/* ---- 4. streaming ------------------------------------------------------ */

static int cmp_size(const void *a, const void *b)
{
    size_t x = *(const size_t *)a, y = *(const size_t *)b;
    return x < y ? -1 : x > y;
}

static void run_streaming(void)
{
    size_t k;
    for (k = 0; k < hb_algo_count; k++) {
        const hb_algo *a = &hb_algos[k];
        enum { N = 4096 };
        uint8_t *in, want[MAX_DIGEST], got[MAX_DIGEST];
        size_t len, cut, i, maxlen = g_quick ? 2u * a->block_len + 3 : 3u * a->block_len + 9;
        char where[96];
        int ok = 1;
        if (!a->stream) continue;
        if (maxlen > 600) maxlen = 600;
        sprintf(where, "stream %s", a->id);
        in = xmalloc(N);
        for (i = 0; i < N; i++) in[i] = (uint8_t)rnd();
        /* every two-part split of every length up to three blocks */
        for (len = 0; len <= maxlen && ok; len++) {
            a->portable(want, in, len);
            for (cut = 0; cut <= len && ok; cut++) {
                stream_hash(a, got, in, len, &cut, 1);
                if (memcmp(got, want, a->digest_len) != 0) {
                    char msg[80];
                    sprintf(msg, "split %lu+%lu differs from one-shot",
                            (unsigned long)cut, (unsigned long)(len - cut));
                    fail(where, msg, got, want, a->digest_len);
                    ok = 0;
                }
            }
        }
        /* random multi-part splits of random lengths */
        for (i = 0; i < (g_quick ? 20u : 200u) && ok; i++) {
            size_t cuts[16], n = rnd() % 16, j;
            len = rnd() % N;
            for (j = 0; j < n; j++) cuts[j] = rnd() % (len + 1);
            qsort(cuts, n, sizeof cuts[0], cmp_size);
            a->portable(want, in, len);
            stream_hash(a, got, in, len, cuts, n);
            if (memcmp(got, want, a->digest_len) != 0) {
                char msg[80];
                sprintf(msg, "%lu-part split of length %lu differs from one-shot",
                        (unsigned long)n + 1, (unsigned long)len);
                fail(where, msg, got, want, a->digest_len);
                ok = 0;
            }
        }
        if (ok) g_pass++;
        free(in);
    }
}

/* ---- 5. the record writer ------------------------------------------ */

static char g_out[512];
static size_t g_outlen;

void hb_putc(char c)
{
    if (g_outlen + 1 < sizeof g_out) g_out[g_outlen++] = c;
    g_out[g_outlen] = '\0';
}

static void check_text(const char *what, const char *want)
{
    if (strcmp(g_out, want) == 0) {
        g_pass++;
    } else {
        g_fail++;
        fprintf(stderr, "FAIL records: %s\n  got  %s\n  want %s\n", what, g_out, want);
    }
    g_outlen = 0;
    g_out[0] = '\0';
}

static void run_records(void)
{
    static const uint8_t bytes[] = { 0x00, 0x0f, 0xab, 0xff };
    const uint16_t one = 1;
    char want[128];
    hb_rec_begin("digest");
    hb_rec_str("algo", "sha256");
    hb_rec_uint("size", 64);
    hb_rec_hex("digest", bytes, sizeof bytes);
    hb_rec_bool("yes", 1);
    hb_rec_bool("no", 0);
    hb_rec_end();
    check_text("a record",
               "{\"rec\":\"digest\",\"algo\":\"sha256\",\"size\":64,\"digest\":\"000fabff\","
               "\"yes\":true,\"no\":false}\n");
    hb_put_json("a\"b\\c/d");
    check_text("escapes", "\"a\\\"b\\\\c/d\"");
    hb_put_uint(0);
    hb_putc(' ');
    hb_put_uint(9);
    hb_putc(' ');
    hb_put_uint(10);
    hb_putc(' ');
    hb_put_uint(4294967295ul);
    check_text("decimal", "0 9 10 4294967295");
    if (sizeof(hb_uint) >= 8) {
        hb_put_uint((hb_uint)-1); /* 2^64 - 1: the host's ticks and nanoseconds need 64 bits */
        check_text("decimal, 64-bit", "18446744073709551615");
    }
    hb_put_hex(bytes, 0);
    check_text("no bytes", "");
    hb_rec_engine("host", 1);
    hb_rec_end();
    sprintf(want, "{\"rec\":\"engine\",\"format\":2,\"engine\":\"host\",\"endian\":\"%s\","
                  "\"pointer_bits\":%u,\"u64\":true}\n",
            *(const uint8_t *)&one ? "little" : "big", (unsigned)(sizeof(void *) * 8));
    check_text("the engine record", want);
}

int main(int argc, char **argv)
{
    const char *vectors = "tests/vectors", *reference = "data/reference-digests.tsv";
    int i;
    for (i = 1; i < argc; i++) {
        if (strcmp(argv[i], "-v") == 0) g_verbose = 1;
        else if (strcmp(argv[i], "--quick") == 0) g_quick = 1;
        else if (strcmp(argv[i], "--vectors") == 0 && i + 1 < argc) vectors = argv[++i];
        else if (strcmp(argv[i], "--reference") == 0 && i + 1 < argc) reference = argv[++i];
        else {
            fprintf(stderr, "usage: hb-test [-v] [--quick] [--vectors DIR] [--reference FILE]\n");
            return 2;
        }
    }
    printf("hb-test: %lu algorithms, %lu implementations of ours%s\n",
           (unsigned long)hb_algo_count, (unsigned long)hb_core_impl_count(),
           HB_HAVE_U64 ? "" : " (HB_NO_U64)");
    run_vectors(vectors);
    run_reference(reference);
    run_properties();
    run_streaming();
    run_records();
    if (g_skip) printf("hb-test: %lu checks skipped (64-bit algorithms not built)\n", g_skip);
    printf("hb-test: %lu passed, %lu failed\n", g_pass, g_fail);
    return g_fail ? 1 : 0;
}
