/* SPDX-License-Identifier: MIT
 * qemu.c - the QEMU guest engine: what runs on an emulated CPU (QEMU user
 * or system mode) for `hashbench cross`.
 *
 *   hb-cross [-a ALGO[,ALGO..]] [-i IMPL[,IMPL..]] [-s SIZE[,SIZE..]] [-k CALLS]
 *
 * For every selected implementation of every algorithm this build has
 * (HB_NO_U64 drops the 64-bit ones; `portable` and, where the registry has
 * one, `compact`; then the CPU's hand-written assembly of src/algos/asm/
 * that the build names in HB_CROSS_ASM_ROWS) and every size: hash the standard workload once and print
 * the digest, then run the measured region (../hb_region.c, shared with the
 * host engine's region mode) - CALLS back-to-back calls bracketed by
 * hb_cross_begin() / hb_cross_end().  The QEMU plugin
 * (src/meters/qemu_insn.c) counts the instructions executed between
 * those two markers; the engine itself measures nothing, it only makes the
 * regions happen in a known order.  Region 0 of each size is the same loop
 * around a do-nothing hash, so the front end can subtract the harness.
 * No warm-up call inside the region runner: an instruction count does not
 * depend on caches, and the digest call has run the code once already.
 *
 * Output: records of format 2 (docs/records.md) through ../hb_record.c:
 *   engine  first: format, engine "qemu", endian, pointer_bits, u64, calls
 *   digest  algo, impl, size, digest       (the first call: also the warm-up)
 *   region  index, algo, impl, size, calls (region `index` was just measured)
 *   error   kind "usage", message
 *   done    regions
 * The empty-hash region is named "-" "-".  No floating point, no printf:
 * the same code runs with glibc, newlib or no C library at all.
 *
 * The platform (src/platform/guest/posix.c) supplies hb_putc; freestanding
 * targets add their C start-up (src/platform/guest/<target>/).  main()
 * returns the status.
 */
#include <string.h>

#include "../hb_record.h"
#include "../hb_region.h"
#include "../hb_registry.h"
#include "../hb_workload.h"
#include "../../algos/hb_config.h"

#ifndef HB_CROSS_MAX_SIZE
#define HB_CROSS_MAX_SIZE 65536u /* the largest --size; the buffer is static */
#endif
#define HB_CROSS_MAX_DIGEST 64
#define HB_CROSS_MAX_SIZES 16
#define HB_CROSS_DEFAULT_CALLS 2

/* ---- the CPU's assembly ---------------------------------------------------------
 * -DHB_CROSS_ASM_ROWS='HB_ASM_ROW("crc32", "armv4", hb_crc32_armv4) ...': the
 * front end names the rows this target's `isa` runs (hashbench/targets/qemu.py,
 * from src/algos/asm/registry.def) and links their sources. */
typedef struct {
    const char *algo;
    const char *name;
    hb_oneshot_fn fn;
} hb_asm_row;

#ifdef HB_CROSS_ASM_ROWS
#define HB_ASM_ROW(id, name, fn) void fn(uint8_t *out, const uint8_t *in, size_t len);
HB_CROSS_ASM_ROWS
#undef HB_ASM_ROW
#define HB_ASM_ROW(id, name, fn) { id, name, fn },
static const hb_asm_row asm_rows[] = { HB_CROSS_ASM_ROWS { NULL, NULL, NULL } };
#undef HB_ASM_ROW
#else
static const hb_asm_row asm_rows[] = { { NULL, NULL, NULL } };
#endif

/* ---- the workload ------------------------------------------------------------- */
#if HB_HAVE_U64
typedef uint64_t hb_word; /* only to align the buffer as the host's malloc does */
#else
typedef uint32_t hb_word;
#endif
static hb_word buf_words[HB_CROSS_MAX_SIZE / sizeof(hb_word)];
static uint8_t digest[HB_CROSS_MAX_DIGEST];

/* ---- arguments --------------------------------------------------------------- */
static int parse_ulong(const char *s, unsigned long *v)
{
    unsigned long n = 0;
    if (*s < '0' || *s > '9') return 0;
    for (; *s >= '0' && *s <= '9'; s++) {
        if (n > 100000000ul) return 0;
        n = n * 10u + (unsigned long)(*s - '0');
    }
    if (*s == 'k' || *s == 'K') { n *= 1024u; s++; }
    *v = n;
    return *s == '\0';
}

/* Is `name` one of the comma-separated items of `list` (NULL = all)? */
static int listed(const char *list, const char *name)
{
    size_t n = strlen(name);
    const char *p = list;
    if (!list) return 1;
    while (*p) {
        const char *q = p;
        while (*q && *q != ',') q++;
        if ((size_t)(q - p) == n && strncmp(p, name, n) == 0) return 1;
        p = *q ? q + 1 : q;
    }
    return 0;
}

/* One implementation at one length: its digest record, then its region. */
static void measure(hb_impl r, uint8_t *buf, size_t len, unsigned long calls, unsigned long *region)
{
    memset(digest, 0, sizeof digest);
    r.fn(digest, buf, len); /* the digest to verify, and the warm-up */
    hb_rec_begin("digest");
    hb_rec_str("algo", r.algo->id);
    hb_rec_str("impl", r.name);
    hb_rec_uint("size", (unsigned long)len);
    hb_rec_hex("digest", digest, r.algo->digest_len);
    hb_rec_end();
    hb_region_run(r.fn, digest, buf, len, 0, calls);
    hb_rec_region((*region)++, r.algo->id, r.name, len, calls);
    hb_rec_end();
}

/* An error record: "msg: arg" (arg may be NULL). */
static int fail(const char *msg, const char *arg)
{
    char text[160];
    size_t n = 0;
    while (*msg && n < sizeof text - 1) text[n++] = *msg++;
    if (arg) {
        const char *sep = ": ";
        while (*sep && n < sizeof text - 1) text[n++] = *sep++;
        while (*arg && n < sizeof text - 1) text[n++] = *arg++;
    }
    text[n] = '\0';
    hb_rec_begin("error");
    hb_rec_str("kind", "usage");
    hb_rec_str("message", text);
    hb_rec_end();
    return 2;
}

int main(int argc, char **argv)
{
    const char *algos = NULL, *impls = NULL, *sizes_arg = "64,256,1024";
    unsigned long sizes[HB_CROSS_MAX_SIZES], calls = HB_CROSS_DEFAULT_CALLS, region = 0;
    size_t nsizes = 0, s, k, nimpl = hb_core_impl_count();
    uint8_t *buf = (uint8_t *)buf_words;
    int i;

    for (i = 1; i < argc; i += 2) { /* every option takes a value */
        const char *opt = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
        if (!val) return fail("option needs a value", opt);
        if (strcmp(opt, "-a") == 0) algos = val;
        else if (strcmp(opt, "-i") == 0) impls = val;
        else if (strcmp(opt, "-s") == 0) sizes_arg = val;
        else if (strcmp(opt, "-k") == 0) {
            if (!parse_ulong(val, &calls) || calls < 1 || calls > 1000000ul)
                return fail("bad call count", val);
        } else return fail("unknown option", opt);
    }
    {   /* sizes: a comma list of byte counts */
        char item[16];
        const char *p = sizes_arg;
        while (*p) {
            size_t n = 0;
            while (*p && *p != ',' && n < sizeof item - 1) item[n++] = *p++;
            item[n] = '\0';
            if (*p == ',') p++;
            if (nsizes == HB_CROSS_MAX_SIZES) return fail("too many sizes", sizes_arg);
            if (!parse_ulong(item, &sizes[nsizes]) || sizes[nsizes] > HB_CROSS_MAX_SIZE)
                return fail("bad size (the cross engine's buffer is HB_CROSS_MAX_SIZE bytes)", item);
            nsizes++;
        }
    }

    hb_rec_engine("qemu", HB_HAVE_U64);
    hb_rec_uint("calls", calls);
    hb_rec_end();

    for (s = 0; s < nsizes; s++) {
        size_t len = (size_t)sizes[s];
        hb_workload_fill(buf, len);
        /* the harness alone, once per size */
        hb_region_run(hb_region_nothing, digest, buf, len, 0, calls);
        hb_rec_region(region++, HB_REGION_HARNESS, HB_REGION_HARNESS, len, calls);
        hb_rec_end();
        for (k = 0; k < nimpl; k++) {
            hb_impl r = hb_core_impl(k);
            const hb_asm_row *a;
            if (listed(algos, r.algo->id) && listed(impls, r.name))
                measure(r, buf, len, calls, &region);
            if (k + 1 < nimpl && hb_core_impl(k + 1).algo == r.algo) continue;
            /* the algorithm's C is done: its assembly beside it */
            for (a = asm_rows; a->algo; a++) {
                hb_impl m;
                if (strcmp(a->algo, r.algo->id) != 0 || !listed(algos, a->algo) || !listed(impls, a->name))
                    continue;
                m.algo = r.algo;
                m.name = a->name;
                m.fn = a->fn;
                measure(m, buf, len, calls, &region);
            }
        }
    }
    hb_rec_begin("done");
    hb_rec_uint("regions", region);
    hb_rec_end();
    return 0;
}
