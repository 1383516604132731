/* SPDX-License-Identifier: MIT
 * console.c - the measuring program of the 8/16-bit console targets
 * (targets of kind "console"): 6502 (cc65, sim65), SM83 and Z80 (SDCC;
 * mGBA, ucsim) and ARM7TDMI (gcc; mGBA).
 *
 * One program per algorithm, so that each fits in 32 KiB of Game Boy ROM
 * or in the 6502's 64 KiB, and a file that does not build only costs its
 * own algorithms.  hashbench/targets/console.py compiles it with
 *   -DHB_CONSOLE_ID="sha256" -DHB_CONSOLE_FN=hb_sha256 [-DHB_CONSOLE_FN_COMPACT=hb_sha256_compact]
 *   [-DHB_CONSOLE_FN_ASM=hb_crc32_sm83 -DHB_CONSOLE_ASM_NAME="sm83"]   (the CPU's assembly)
 *   -DHB_CONSOLE_DIGEST_LEN=32 -DHB_CONSOLE_MAX_SIZE=1024 [-DHB_CONSOLE_SIZES=64,1024] [-DHB_CONSOLE_ARGV]
 * and links it with ../hb_record.c and one platform of
 * src/platform/guest/.  It writes records (format 2, docs/records.md):
 *   engine  first: format, engine "console", endian, pointer_bits, u64,
 *           algo, digest_len
 *   digest  algo, impl, size, digest: the digest of the workload (verified
 *           by the front end)
 *   span    algo, impl, size: after the three timed spans of that digest
 *           (impl "empty": the function that does nothing, at every size)
 *   error   kind "usage", message (sim65's command line)
 *   done    last
 * The simulator, not the program, counts cycles: around every timed
 * span the program calls hb_mark(), where the mGBA runner or the
 * ucsim driver reads the cycle counter.  Each (impl, size) runs
 *   mark [no call] mark   mark [one call] mark   mark [one call] mark
 * so that the cost of one call is the difference of the first two spans
 * (the marks, the branch and the loop cancel) and the third span, which
 * must equal the second, shows the count repeats exactly.
 * On sim65 (-DHB_CONSOLE_ARGV) a program cannot read cycles: the front end runs
 * `prog IMPL SIZE EXTRA` with EXTRA 0 and 1 (and 2, to show the count
 * repeats) and differences the totals.
 *
 * C89 on purpose (cc65): no declarations after statements, no `inline`.
 */
#include <stdint.h>
#include <stddef.h>
#include "../hb_record.h"
#include "../../algos/hb_config.h"
#include "../../platform/guest/hb_guest.h"

#if !defined(HB_CONSOLE_FN) && !defined(HB_CONSOLE_FN_COMPACT) && !defined(HB_CONSOLE_FN_ASM)
#error "define HB_CONSOLE_FN, HB_CONSOLE_FN_COMPACT and/or HB_CONSOLE_FN_ASM, the algorithm's one-shot functions"
#endif
#if defined(HB_CONSOLE_FN_ASM) && !defined(HB_CONSOLE_ASM_NAME)
#error "define HB_CONSOLE_ASM_NAME, the assembly implementation's name"
#endif
#ifndef HB_CONSOLE_ID
#error "define HB_CONSOLE_ID, the algorithm id"
#endif
#ifndef HB_CONSOLE_DIGEST_LEN
#error "define HB_CONSOLE_DIGEST_LEN"
#endif
#ifndef HB_CONSOLE_MAX_SIZE
#define HB_CONSOLE_MAX_SIZE 1024
#endif
#ifndef HB_CONSOLE_SIZES
#define HB_CONSOLE_SIZES 64, 1024
#endif

typedef void (*hb8_fn)(uint8_t *out, const uint8_t *in, size_t len);

/* The one-shot signature every algorithm has (STYLE.md); declared here so
 * that the program does not need the other algorithms' headers. */
#ifdef HB_CONSOLE_FN
void HB_CONSOLE_FN(uint8_t *out, const uint8_t *in, size_t len);
#endif
#ifdef HB_CONSOLE_FN_COMPACT
void HB_CONSOLE_FN_COMPACT(uint8_t *out, const uint8_t *in, size_t len);
#endif
#ifdef HB_CONSOLE_FN_ASM
void HB_CONSOLE_FN_ASM(uint8_t *out, const uint8_t *in, size_t len);
#endif
void hb_workload_fill(uint8_t *buf, size_t len);

/* A banked cartridge (gb, MBC5: hashbench/build/cartridge.py): the record
 * writer and the workload fill sit in ROM bank HB_CONSOLE_FAR_BANK, outside the
 * 32 KiB (bank 0 and bank HB_CONSOLE_ALGO_BANK) that the algorithm runs in.  This
 * file is in bank 0 and maps the far bank around its calls to them, never
 * inside a timed span: a measured call runs as in a ROM without banks. */
#ifdef HB_CONSOLE_FAR_BANK
#define FAR_BEGIN() (*(volatile uint8_t *)HB_CONSOLE_BANK_REG = HB_CONSOLE_FAR_BANK)
#define FAR_END() (*(volatile uint8_t *)HB_CONSOLE_BANK_REG = HB_CONSOLE_ALGO_BANK)
#else
#define FAR_BEGIN()
#define FAR_END()
#endif

#ifdef HB_CONSOLE_BUF_ALIGN
/* The input at a multiple of HB_CONSOLE_BUF_ALIGN (sim65: a page, as the NES
 * ROM's buffer): a 6502 charges a cycle for an indexed read across a page and
 * the braided CRCs step bytewise to a word, so a row's count would otherwise
 * depend on where the linker put this program's buffer. */
static uint8_t buf_space[HB_CONSOLE_MAX_SIZE + HB_CONSOLE_BUF_ALIGN - 1];
static uint8_t *buf;
#define ALIGN_BUF() (buf = buf_space + (HB_CONSOLE_BUF_ALIGN - (uintptr_t)buf_space % HB_CONSOLE_BUF_ALIGN) % HB_CONSOLE_BUF_ALIGN)
#else
static uint8_t buf[HB_CONSOLE_MAX_SIZE];
#define ALIGN_BUF() ((void)0)
#endif
static uint8_t out[HB_CONSOLE_DIGEST_LEN];
/* Read at run time, so the compiler keeps the call in every timed section. */
volatile uint8_t hb8_extra;

/* The function that does nothing, measured like an implementation of its
 * own ("empty", after the others at each size): a figure is the cost of a
 * call beyond this one's (the call, its arguments and the loop around it),
 * as on the host and in the ROM images (hb_rom_app.c: the same function).
 * Out of the optimiser's sight (noipa), so that gcc calls it as it calls
 * an algorithm in another file. */
#if defined(__GNUC__) && !defined(__clang__)
__attribute__((noipa))
#endif
static void empty_call(uint8_t *o, const uint8_t *in, size_t len)
{
    (void)o;
    (void)in;
    (void)len;
}

/* A digest record (kind "digest": with the digest) or a span record: one
 * function, so that the Game Boy's ROM holds the calls once. */
static void record(const char *kind, const char *impl, size_t size)
{
    FAR_BEGIN();
    hb_rec_begin(kind);
    hb_rec_str("algo", HB_CONSOLE_ID);
    hb_rec_str("impl", impl);
    hb_rec_uint("size", (unsigned long)size);
    if (kind[0] == 'd') hb_rec_hex("digest", out, HB_CONSOLE_DIGEST_LEN);
    hb_rec_end();
    FAR_END();
}

static void engine(void)
{
    FAR_BEGIN();
    hb_rec_engine("console", HB_HAVE_U64);
    hb_rec_str("algo", HB_CONSOLE_ID);
    hb_rec_uint("digest_len", HB_CONSOLE_DIGEST_LEN);
    hb_rec_end();
    FAR_END();
}

static void done(void)
{
    FAR_BEGIN();
    hb_rec_begin("done");
    hb_rec_end();
    FAR_END();
}

#ifdef HB_CONSOLE_FAR_BANK
static void fill(size_t size)
{
    FAR_BEGIN();
    hb_workload_fill(buf, size);
    FAR_END();
}
#else
#define fill(size) hb_workload_fill(buf, size)
#endif

static void digest(const char *impl, hb8_fn fn, size_t size)
{
    fn(out, buf, size);
    record("digest", impl, size);
}

#ifndef HB_CONSOLE_ARGV
static void timed(hb8_fn fn, size_t size)
{
    hb_mark();
    if (hb8_extra) fn(out, buf, size);
    hb_mark();
}

/* The three spans run from one loop, so that each starts from the same
 * instructions: on the ARM7TDMI the pipeline and the cartridge bus carry
 * state (a sequential or non-sequential ROM fetch) into the first cycles
 * of a span, and two spans reached by different code differ by a few
 * cycles although they run the same instructions.  The loop is a function
 * of its own, never inlined, so that the code between the marks does not
 * depend on the code around it: inlined into measure(), gcc allocated the
 * call's arguments to registers or stack slots as the output code left
 * them free, which moved a call's cost by up to 11 cycles on the GBA.
 * (cc65 and SDCC inline nothing unasked.) */
#if defined(__GNUC__)
__attribute__((noinline))
#endif
static void spans(hb8_fn fn, size_t size)
{
    uint8_t k;
    for (k = 0; k < 3; k++) {
        hb8_extra = (uint8_t)(k != 0);
        timed(fn, size);
    }
}

static void measure(const char *impl, hb8_fn fn, size_t size)
{
    digest(impl, fn, size);
    spans(fn, size);
    record("span", impl, size);
}

static const unsigned int sizes[] = { HB_CONSOLE_SIZES };

int main(void)
{
    unsigned char i;
    hb_guest_init();
    ALIGN_BUF();
    engine();
    for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        if (sizes[i] > HB_CONSOLE_MAX_SIZE) continue;
        fill(sizes[i]);
#ifdef HB_CONSOLE_FN
        measure("portable", HB_CONSOLE_FN, sizes[i]);
#endif
#ifdef HB_CONSOLE_FN_COMPACT
        measure("compact", HB_CONSOLE_FN_COMPACT, sizes[i]);
#endif
#ifdef HB_CONSOLE_FN_ASM
        measure(HB_CONSOLE_ASM_NAME, HB_CONSOLE_FN_ASM, sizes[i]);
#endif
        measure("empty", empty_call, sizes[i]);
    }
    done();
    hb_exit(0);
    return 0;
}
#else /* HB_CONSOLE_ARGV: sim65 */
static unsigned int parse_uint(const char *s)
{
    unsigned int v = 0;
    while (*s >= '0' && *s <= '9') v = v * 10u + (unsigned int)(*s++ - '0');
    return v;
}

static int usage(const char *message)
{
    hb_rec_begin("error");
    hb_rec_str("kind", "usage");
    hb_rec_str("message", message);
    hb_rec_end();
    hb_exit(2);
    return 2;
}

static int same(const char *a, const char *b)
{
    while (*a && *a == *b) { a++; b++; }
    return *a == *b;
}

/* prog IMPL SIZE EXTRA: IMPL is "portable", "compact", the assembly's name or "empty"; EXTRA calls
 * follow the digest's.  Every run prints the same text, so the difference
 * of two runs' cycle totals is EXTRA calls (and the loop around them). */
int main(int argc, char **argv)
{
    hb8_fn fn = 0;
    const char *impl = "";
    unsigned int size, extra;
    hb_guest_init();
    ALIGN_BUF();
    if (argc != 4) return usage("usage: IMPL SIZE EXTRA");
#ifdef HB_CONSOLE_FN
    if (same(argv[1], "portable")) {
        fn = HB_CONSOLE_FN;
        impl = "portable";
    }
#endif
#ifdef HB_CONSOLE_FN_COMPACT
    if (same(argv[1], "compact")) {
        fn = HB_CONSOLE_FN_COMPACT;
        impl = "compact";
    }
#endif
#ifdef HB_CONSOLE_FN_ASM
    if (same(argv[1], HB_CONSOLE_ASM_NAME)) {
        fn = HB_CONSOLE_FN_ASM;
        impl = HB_CONSOLE_ASM_NAME;
    }
#endif
    if (same(argv[1], "empty")) {
        fn = empty_call;
        impl = "empty";
    }
    if (!fn) return usage("no such implementation");
    size = parse_uint(argv[2]);
    if (size > HB_CONSOLE_MAX_SIZE) return usage("size too large");
    extra = parse_uint(argv[3]);
    engine();
    hb_workload_fill(buf, size);
    digest(impl, fn, size);
    for (hb8_extra = 0; hb8_extra < extra; hb8_extra++) fn(out, buf, size);
    done();
    hb_exit(0);
    return 0;
}
#endif
