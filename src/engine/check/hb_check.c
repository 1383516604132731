/* SPDX-License-Identifier: MIT
 * hb_check.c - verifies a one-shot from an implementation folder (code that
 * is not ours) before anything times it, more strictly than our own path:
 *   1. every length 0..2048 against our portable code, with random input
 *      bytes (shortest first: a failure names the first length that fails);
 *   2. the algorithm's official vectors and the workload's reference digests
 *      (read from stdin, which the front end writes: hashbench/userimpl/check.py);
 *   3. random lengths above 2048, up to 64 KiB, against our portable code;
 * and at every length of 1 and 3: guard bytes around the output left
 * untouched, the input left unchanged, the same digest on a second call
 * (over output bytes filled differently), the same digest from unaligned
 * input.
 *
 * Built by the front end with the user's sources and our portable sources of
 * that algorithm:  -DHB_CHECK_USER=fn -DHB_CHECK_PORTABLE=hb_algo.
 * Usage: hb-check DIGEST_LEN RANDOM_LENGTHS SEED  (stdin: V/W lines, below)
 *   V LEN MSG_HEX MD_HEX   a vector: MSG repeated to LEN bytes; MD may be a prefix
 *   W LEN MD_HEX           the workload buf[i] = (i*31+7) & 0xFF of LEN bytes
 * Prints "ok N" (N checks) and exits 0, or prints the first failure,
 *   "fail CHECK LEN GOT_HEX WANT_HEX", and exits 1.  Exit 2: bad usage.
 * Before those, flushed as it goes, so that the front end can stop a call
 * that never returns and name where code crashed (its watchdog):
 *   "p LEN US"     our portable code took US microseconds (CPU) at LEN
 *   "c CHECK LEN"  the user's function is about to be called for CHECK
 */
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

void HB_CHECK_USER(uint8_t *out, const uint8_t *in, size_t len);
void HB_CHECK_PORTABLE(uint8_t *out, const uint8_t *in, size_t len);

#define MAX_DIGEST 64
#define GUARD 16
#define EXHAUSTIVE_MAX 2048
#define RANDOM_MAX 65536
#define MAX_OFFSET 3 /* unaligned input: 1, 2 and 3 bytes past an aligned address */

static size_t digest_len;
static unsigned long checks;
static uint32_t rng;

static uint32_t next_random(void)
{
    /* xorshift32: the fixed seed makes every run check the same lengths and bytes */
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return rng;
}

static void print_hex(const uint8_t *b, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) printf("%02x", b[i]);
    if (n == 0) printf("-");
}

static void fail(const char *check, size_t len, const uint8_t *got, size_t got_n, const uint8_t *want,
                 size_t want_n)
{
    printf("fail %s %lu ", check, (unsigned long)len);
    print_hex(got, got_n);
    printf(" ");
    print_hex(want, want_n);
    printf("\n");
    exit(1);
}

static int from_hex(const char *hex, uint8_t *out, size_t max, size_t *n)
{
    size_t len = strlen(hex), i;
    if (strcmp(hex, "-") == 0) {
        *n = 0;
        return 1;
    }
    if (len % 2 || len / 2 > max) return 0;
    for (i = 0; i < len / 2; i++) {
        unsigned v;
        if (sscanf(hex + 2 * i, "%2x", &v) != 1) return 0;
        out[i] = (uint8_t)v;
    }
    *n = len / 2;
    return 1;
}

/* Our portable digest of in[0..len), its CPU time said on stdout: what the
 * front end's watchdog predicts a call at this length from. */
static void portable_digest(uint8_t *want, const uint8_t *in, size_t len)
{
    clock_t t0 = clock(), t1;
    HB_CHECK_PORTABLE(want, in, len);
    t1 = clock();
    printf("p %lu %.0f\n", (unsigned long)len, t0 == (clock_t)-1 ? 0.0 : (double)(t1 - t0) * 1e6 / CLOCKS_PER_SEC);
    fflush(stdout);
}

/* The user's digest of in[0..len) into a guarded buffer; fails on a guard
 * byte written.  `fill`: what the output bytes hold before the call;
 * `check`: the check it is for, said before the call (a call that hangs or
 * crashes is named by the last one). */
static void user_digest(const char *check, const uint8_t *in, size_t len, uint8_t fill, uint8_t *digest)
{
    uint8_t buf[GUARD + MAX_DIGEST + GUARD];
    size_t i;
    memset(buf, fill, sizeof buf);
    printf("c %s %lu\n", check, (unsigned long)len);
    fflush(stdout);
    HB_CHECK_USER(buf + GUARD, in, len);
    checks++;
    for (i = 0; i < sizeof buf; i++) {
        if ((i < GUARD || i >= GUARD + digest_len) && buf[i] != fill) {
            uint8_t want[GUARD + MAX_DIGEST + GUARD];
            memset(want, fill, sizeof want);
            fail("guard-bytes", len, buf, GUARD + digest_len + GUARD, want, GUARD + digest_len + GUARD);
        }
    }
    memcpy(digest, buf + GUARD, digest_len);
}

/* Every check at one length; `in` holds the message, `spare` room for it at
 * an unaligned address. */
static void check_length(const uint8_t *in, uint8_t *copy, uint8_t *spare, size_t len)
{
    uint8_t want[MAX_DIGEST], got[MAX_DIGEST], again[MAX_DIGEST];
    size_t off;
    memcpy(copy, in, len);
    portable_digest(want, in, len);
    user_digest("digest-vs-portable", copy, len, 0xA5, got);
    if (memcmp(got, want, digest_len) != 0) fail("digest-vs-portable", len, got, digest_len, want, digest_len);
    if (memcmp(copy, in, len) != 0) fail("input-unchanged", len, got, digest_len, want, digest_len);
    user_digest("second-call", copy, len, 0x5A, again);
    if (memcmp(again, got, digest_len) != 0) fail("second-call", len, again, digest_len, got, digest_len);
    for (off = 1; off <= MAX_OFFSET; off++) {
        memcpy(spare + off, in, len);
        user_digest("unaligned-input", spare + off, len, 0xA5, again);
        if (memcmp(again, want, digest_len) != 0) fail("unaligned-input", len, again, digest_len, want, digest_len);
    }
}

static uint8_t *buffer(size_t n)
{
    uint8_t *p = malloc(n ? n : 1);
    if (!p) {
        fprintf(stderr, "hb-check: out of memory\n");
        exit(2);
    }
    return p;
}

/* The V and W lines on stdin: vectors and reference digests. */
#define MAX_LINE 65536
static void check_known(void)
{
    static char line[MAX_LINE];
    uint8_t *msg = buffer(MAX_LINE / 2), want[MAX_DIGEST], got[MAX_DIGEST];
    while (fgets(line, sizeof line, stdin)) {
        const char *kind = strtok(line, " \n"), *len_text = strtok(NULL, " \n");
        const char *a = strtok(NULL, " \n"), *b = strtok(NULL, " \n");
        size_t len, msg_n, want_n, i;
        uint8_t *in;
        if (!kind || !len_text || !a) goto bad;
        len = (size_t)strtoul(len_text, NULL, 10);
        if (strcmp(kind, "V") == 0 && b) {
            if (!from_hex(a, msg, MAX_LINE / 2, &msg_n) || !from_hex(b, want, sizeof want, &want_n)) goto bad;
            if (msg_n == 0 && len > 0) goto bad;
        } else if (strcmp(kind, "W") == 0 && !b) {
            if (!from_hex(a, want, sizeof want, &want_n)) goto bad;
            msg_n = 0;
        } else {
            goto bad;
        }
        if (want_n > digest_len) goto bad;
        in = buffer(len);
        for (i = 0; i < len; i++) in[i] = msg_n ? msg[i % msg_n] : (uint8_t)((i * 31 + 7) & 0xFF);
        portable_digest(got, in, len);
        user_digest(kind[0] == 'V' ? "official-vector" : "reference-digest", in, len, 0xA5, got);
        if (memcmp(got, want, want_n) != 0)
            fail(kind[0] == 'V' ? "official-vector" : "reference-digest", len, got, digest_len, want, want_n);
        free(in);
    }
    free(msg);
    return;
bad:
    fprintf(stderr, "hb-check: bad input line\n");
    exit(2);
}

int main(int argc, char **argv)
{
    unsigned long n_random, k;
    size_t len;
    uint8_t *in, *copy, *spare;
    if (argc != 4) {
        fprintf(stderr, "usage: hb-check DIGEST_LEN RANDOM_LENGTHS SEED < vectors\n");
        return 2;
    }
    digest_len = (size_t)strtoul(argv[1], NULL, 10);
    n_random = strtoul(argv[2], NULL, 10);
    rng = (uint32_t)strtoul(argv[3], NULL, 0);
    if (digest_len == 0 || digest_len > MAX_DIGEST || rng == 0) {
        fprintf(stderr, "hb-check: digest length 1..%d and a non-zero seed\n", MAX_DIGEST);
        return 2;
    }
    in = buffer(RANDOM_MAX);
    copy = buffer(RANDOM_MAX);
    spare = buffer(RANDOM_MAX + MAX_OFFSET + 8);
    for (len = 0; len < RANDOM_MAX; len++) in[len] = (uint8_t)next_random();
    for (len = 0; len <= EXHAUSTIVE_MAX; len++) check_length(in, copy, spare, len);
    check_known();
    for (k = 0; k < n_random; k++) {
        size_t i;
        len = EXHAUSTIVE_MAX + 1 + next_random() % (RANDOM_MAX - EXHAUSTIVE_MAX);
        for (i = 0; i < len; i++) in[i] = (uint8_t)next_random();
        check_length(in, copy, spare, len);
    }
    printf("ok %lu\n", checks);
    free(in);
    free(copy);
    free(spare);
    return 0;
}
