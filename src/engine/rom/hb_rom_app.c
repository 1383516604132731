/* SPDX-License-Identifier: MIT
 * hb_rom_app.c - hashbench as a console ROM: the application every
 * console shares (the platform behind src/platform/rom/hb_rom.h does the
 * rest).
 *
 * A banner (target, clock, workload, budget, timer), then, after A or by
 * itself after a few seconds, one pass over the image's roster
 * (hb_rom_image.h): each row's digest of the workload is compared with the
 * reference digest the ROM carries; a row that matches is timed with the
 * console's own timer for the budget, one that does not gets a mark and no
 * speed.  The table shows tier mark, label, the implementation's mark
 * (I: a legend under the table names each), ITER, us/iter, B/s (k and M
 * where the digits do not fit, a decimal below 10) and the first digest
 * bytes; on 20 columns (the Game Boy) label, I, B/s and us/iter.  A cycles
 * the sort (category, speed, name), B or START runs again, SELECT toggles
 * the size sweep (64 / 256 / 1024 B), UP/DOWN scroll.
 *
 * Timing: n calls back to back in one span of the timer (two readings of
 * it, or the platform's own span where the timer is coarse: the NES), n grown
 * from 1 until the calls take an eighth of the budget, then scaled to the
 * budget.  The same loop around a function that does nothing (the harness)
 * is timed once per size: the loop's own cost; so is a span of no call at
 * all (the two readings of the timer).
 *
 * Every pass writes records (docs/records.md) through hb_putc into the
 * platform's save RAM: `engine`, then per size `rom_harness`, per row and
 * size `digest` and `rom_result`, and `done`.
 *
 * Integer-only and 32-bit at most (cc65, SDCC): products that need more go
 * through muldiv().  C89: declarations first, no `inline`, no `//`.
 */
#include <stddef.h>
#include <stdint.h>
#include "hb_rom_config.h" /* generated from the console's declaration: HB_ROM_COLS, HB_ROM_ROWS, HB_ROM_TARGET, HB_ROM_CPU, HB_ROM_CLOCK_HZ */
#include "hb_rom.h"
#include "hb_rom_image.h"
#include "../hb_record.h"
#include "../hb_workload.h"
#include "../../algos/hb_config.h"

/* at most this many calls per timed span: iters * size stays below 2^32
 * for sizes up to 4096 B */
#define MAX_ITERS 0xFFFFFUL
#define AUTOSTART_FRAMES 300 /* about 5 s */
#define MIN_SPAN_TICKS 8     /* a calibration span this long is measured well enough to scale */

/* One line per row; on 20 columns (the Game Boy) the sweep's two: its
 * label, then its three figures. */
#define WIDE (HB_ROM_COLS >= 30)
#define LINES_PER_ROW (WIDE || !sweep ? 1 : 2)
#define TABLE_TOP 3
#define LEGEND_TOP (HB_ROM_ROWS - 1 - HB_ROM_LEGEND_LINES)
#define TABLE_LINES (LEGEND_TOP - TABLE_TOP)
/* no division at run time: on the Game Boy, SDCC's division helper called
 * here garbled the sweep's records and ended it after its first size */
#define VISIBLE_ROWS (WIDE || !sweep ? TABLE_LINES : TABLE_LINES / 2)
/* the table's columns: tier mark at 0, label at 1, the implementation's
 * mark at MARK_COL, the figures from FIGURES_COL */
#define MARK_COL 8
#define FIGURES_COL 10

enum { SORT_CATEGORY, SORT_SPEED, SORT_NAME, SORTS };
enum { NOT_RUN, MEASURED, MISMATCH };

static uint8_t buf[HB_ROM_BUF];
static uint8_t out[64];
static char line[HB_ROM_COLS + 1];

static uint32_t iters[HB_ROM_ENTRIES][HB_ROM_NSIZES];
static uint32_t ticks[HB_ROM_ENTRIES][HB_ROM_NSIZES];
static uint8_t status[HB_ROM_ENTRIES][HB_ROM_NSIZES];
static uint8_t head[HB_ROM_ENTRIES][4]; /* the first digest bytes at the image's size */
static uint8_t order[HB_ROM_ENTRIES];
static uint8_t sort_by, sweep, top;
static uint32_t budget_ticks;

static const char tier_mark[3] = { '.', '*', '#' };
static const char *const sort_name[SORTS] = { "category", "speed", "name" };

/* (a * b) / c for 32-bit a, b, c > 0: the 64-bit product in two 32-bit
 * halves, then long division; 0xFFFFFFFF where the quotient does not fit. */
static uint32_t muldiv(uint32_t a, uint32_t b, uint32_t c)
{
    uint32_t al = a & 0xFFFFu, ah = a >> 16, bl = b & 0xFFFFu, bh = b >> 16;
    uint32_t p0 = al * bl, p1 = al * bh, p2 = ah * bl, p3 = ah * bh;
    uint32_t mid = (p0 >> 16) + (p1 & 0xFFFFu) + (p2 & 0xFFFFu);
    uint32_t lo = (p0 & 0xFFFFu) | (mid << 16);
    uint32_t r = p3 + (p1 >> 16) + (p2 >> 16) + (mid >> 16);
    uint32_t q = 0, carry;
    uint8_t i;
    if (r >= c) return 0xFFFFFFFFUL;
    for (i = 0; i < 32; i++) {
        carry = r >> 31;
        r = (r << 1) | (lo >> 31);
        lo <<= 1;
        q <<= 1;
        if (carry || r >= c) {
            r -= c;
            q |= 1;
        }
    }
    return q;
}

/* ---- text --------------------------------------------------------------- */

static void blank_line(void)
{
    uint8_t i;
    for (i = 0; i < HB_ROM_COLS; i++) line[i] = ' ';
    line[HB_ROM_COLS] = 0;
}

/* s at column col, clipped at the right edge; returns the column after it */
static uint8_t put(uint8_t col, const char *s)
{
    while (*s && col < HB_ROM_COLS) line[col++] = *s++;
    return col;
}

/* v right-aligned in width columns ending before `end`; a number too wide
 * is shown in thousands (k) or millions (M), with a decimal where the
 * console has room for its code (HB_ROM_DECIMAL: "8.4M", not "8M") */
static void put_uint(uint8_t end, uint8_t width, uint32_t v)
{
    char tmp[12];
    uint8_t n = 0, k;
    char suffix = 0;
    uint32_t limit = 1;
#ifdef HB_ROM_DECIMAL
    uint32_t tenths = v / 100u; /* of a thousand */
#endif
    for (k = 0; k < width && limit < 1000000000UL; k++) limit *= 10u;
    if (width < 10 && v >= limit) {
        suffix = 'k';
        v /= 1000u;
        if (v >= limit / 10u) {
            suffix = 'M';
#ifdef HB_ROM_DECIMAL
            tenths = v / 100u;
#endif
            v /= 1000u;
        }
    }
    if (suffix) tmp[n++] = suffix;
#ifdef HB_ROM_DECIMAL
    /* a digit and ".d" before the suffix where they fit the width */
    if (suffix && v < limit / 1000u) {
        tmp[n++] = (char)('0' + (char)(tenths % 10u));
        tmp[n++] = '.';
    }
#endif
    do {
        tmp[n++] = (char)('0' + (char)(v % 10u));
        v /= 10u;
    } while (v && n < sizeof tmp);
    for (k = 0; k < n && k < width && k < end; k++) line[end - 1 - k] = tmp[k];
}

static void put_hex(uint8_t col, const uint8_t *bytes, uint8_t n)
{
    static const char digits[] = "0123456789ABCDEF";
    uint8_t i;
    for (i = 0; i < n && col + 1 < HB_ROM_COLS + 1; i++) {
        if (col < HB_ROM_COLS) line[col] = digits[bytes[i] >> 4];
        if (col + 1 < HB_ROM_COLS) line[col + 1] = digits[bytes[i] & 15];
        col = (uint8_t)(col + 2);
    }
}

static void show(uint8_t row)
{
    hb_rom_text(0, row, line);
}

/* v at column col, left-aligned; returns the column after it */
static uint8_t put_dec(uint8_t col, uint32_t v)
{
    char tmp[11];
    uint8_t n = 0;
    do {
        tmp[n++] = (char)('0' + (char)(v % 10u));
        v /= 10u;
    } while (v);
    while (n && col < HB_ROM_COLS) line[col++] = tmp[--n];
    return col;
}

/* "16.78 MHz" from the clock in Hz */
static uint8_t put_mhz(uint8_t col, uint32_t hz)
{
    uint32_t centi = (hz + 5000u) / 10000u;
    col = put_dec(col, centi / 100u);
    col = put(col, ".");
    col = put_dec(col, centi / 10u % 10u);
    col = put_dec(col, centi % 10u);
    return put(col, " MHz");
}

/* ---- figures ------------------------------------------------------------ */

static uint32_t per_call_us(uint8_t e, uint8_t s)
{
    return (muldiv(ticks[e][s], 1000000UL, hb_rom_tick_hz()) + iters[e][s] / 2u) / iters[e][s];
}

/* bytes a second, times `scale` (1 or 10) */
static uint32_t bytes_per_s(uint8_t e, uint8_t s, uint8_t scale)
{
    return muldiv(iters[e][s] * (uint32_t)hb_rom_sizes[s] * scale, hb_rom_tick_hz(), ticks[e][s]);
}

/* A row's speed in `width` columns ending before `end`, in one unit, bytes
 * a second (the column's head: B/s), never a bare 0 on a slow console:
 * thousands and millions as k and M where the digits do not fit (put_uint),
 * one decimal below 10 ("680", "12k", "0.4"). */
static void put_speed(uint8_t end, uint8_t width, uint8_t e, uint8_t s)
{
    uint32_t v = bytes_per_s(e, s, 1);
    if (v >= 10u) {
        put_uint(end, width, v);
        return;
    }
    v = bytes_per_s(e, s, 10); /* tenths of a byte a second */
    line[end - 1] = (char)('0' + (char)(v % 10u));
    line[end - 2] = '.';
    put_uint((uint8_t)(end - 2), (uint8_t)(width - 2), v / 10u);
}

/* ---- the table ---------------------------------------------------------- */

/* the sweep's first figure ends before this column, each next 5 further
 * (on 20 columns on the row's second line, under "B/s   64  256 1024") */
#define SWEEP_END (WIDE ? 14 : 9)

static uint8_t sweep_column(uint8_t s)
{
    uint8_t i, col = 0;
    for (i = 0; i < s; i++) col = (uint8_t)(col + hb_rom_in_sweep[i]);
    return col;
}

/* The column heads (on 20 columns the sweep's: its sizes, over each
 * row's second line) */
static void draw_heads(void)
{
    uint8_t s, c;
    blank_line();
    if (WIDE || !sweep) {
        put(1, "ALGO");
        line[MARK_COL] = 'I';
    }
    if (sweep) {
        for (s = 0; s < HB_ROM_NSIZES; s++) {
            if (!hb_rom_in_sweep[s]) continue;
            c = sweep_column(s);
            put_uint((uint8_t)(SWEEP_END + 5 * c), 4, hb_rom_sizes[s]);
        }
        put(WIDE ? 26 : 0, "B/s");
    } else if (WIDE) {
        put(FIGURES_COL, "ITER");
        put(15, "US/IT");
        put(22, "B/s");
        put(26, "DGST");
    } else {
        put(11, "B/s");
        put(15, "US/IT");
    }
    show(2);
}

static void draw_row_line(uint8_t e, uint8_t part)
{
    const hb_rom_entry *r = &hb_rom_roster[e];
    uint8_t s, c, std = HB_ROM_STD;
    blank_line();
    if (part == 0) {
        line[0] = tier_mark[r->tier];
        put(1, r->label);
        line[MARK_COL] = r->mark;
    }
    if (sweep) {
        for (s = 0; s < HB_ROM_NSIZES && (WIDE || part == 1); s++) {
            if (!hb_rom_in_sweep[s]) continue;
            c = (uint8_t)(SWEEP_END + 5 * sweep_column(s));
            if (status[e][s] == MEASURED) put_speed(c, 4, e, s);
            else if (status[e][s] == MISMATCH) put((uint8_t)(c - 2), "!!");
        }
        return;
    }
    if (status[e][std] == MISMATCH) put(FIGURES_COL, "BAD DIGEST");
    if (status[e][std] == MEASURED) {
        if (WIDE) {
            put_uint(14, 4, iters[e][std]);
            put_speed(25, 4, e, std);
        } else {
            put_speed(14, 4, e, std);
        }
        put_uint(20, 5, per_call_us(e, std));
    }
    if (WIDE && status[e][std] != NOT_RUN) put_hex(26, head[e], (uint8_t)(r->digest_len < 4 ? r->digest_len : 4));
}

static void draw_table(void)
{
    uint8_t i, part, row = TABLE_TOP;
    for (i = top; i < HB_ROM_ENTRIES && i < top + VISIBLE_ROWS; i++) {
        for (part = 0; part < LINES_PER_ROW; part++) {
            draw_row_line(order[i], part);
            show(row++);
        }
    }
    blank_line();
    while (row < LEGEND_TOP) show(row++);
    for (i = 0; i < HB_ROM_LEGEND_LINES; i++) {
        blank_line();
        put(0, hb_rom_legend[i]);
        show(row++);
    }
}

static void draw_status(const char *text)
{
    blank_line();
    put(0, text);
    show(HB_ROM_ROWS - 1);
}

static void draw_title(void)
{
    uint8_t col;
    blank_line();
    col = put(0, "hashbench ");
    col = put(col, HB_ROM_TARGET);
    col = put((uint8_t)(col + 1), HB_ROM_CPU);
    show(0);
    blank_line();
    /* "1024 B 200 ms category"; on 20 columns "1024B 200ms category", whole */
    col = sweep ? put(0, "sweep") : put(put_dec(0, hb_rom_sizes[HB_ROM_STD]), WIDE ? " B" : "B");
    col = put(put_dec((uint8_t)(col + 1), hb_rom_budget_ms), WIDE ? " ms " : "ms ");
    col = put(col, sort_name[sort_by]);
    show(1);
    draw_heads();
}

/* ---- sorting ------------------------------------------------------------ */

/* ticks per call at the size the table sorts by; unmeasured rows last */
static uint32_t sort_cost(uint8_t e)
{
    uint8_t s = HB_ROM_STD;
    if (sweep) {
        for (s = HB_ROM_NSIZES - 1; s > 0 && !hb_rom_in_sweep[s]; s--) {
        }
    }
    if (status[e][s] != MEASURED) return 0xFFFFFFFFUL;
    return muldiv(ticks[e][s], 1u, iters[e][s]);
}

static int label_before(const char *a, const char *b)
{
    while (*a && *a == *b) {
        a++;
        b++;
    }
    return (uint8_t)*a < (uint8_t)*b;
}

static int before(uint8_t a, uint8_t b)
{
    const hb_rom_entry *ra = &hb_rom_roster[a], *rb = &hb_rom_roster[b];
    if (sort_by == SORT_CATEGORY) return ra->tier < rb->tier || (ra->tier == rb->tier && a < b);
    if (sort_by == SORT_SPEED) return sort_cost(a) < sort_cost(b) || (sort_cost(a) == sort_cost(b) && a < b);
    return label_before(ra->label, rb->label) || (!label_before(rb->label, ra->label) && a < b);
}

static void sort_rows(void)
{
    uint8_t i, j, v;
    for (i = 0; i < HB_ROM_ENTRIES; i++) order[i] = i;
    for (i = 1; i < HB_ROM_ENTRIES; i++) {
        v = order[i];
        for (j = i; j > 0 && before(v, order[j - 1]); j--) order[j] = order[j - 1];
        order[j] = v;
    }
}

/* ---- measuring ---------------------------------------------------------- */

/* The empty call: the harness, whose cost per call every row's figure
 * excludes (hashbench/rom/run.py), as console.c's empty function under the
 * cross meters.  A banked platform reaches it the way it reaches a row
 * (HB_ROM_EMPTY_FN: the NES's trampoline, the Game Boy's far stub), so
 * that the two differ by the row's own code alone. */
void hb_rom_nothing(uint8_t *o, const uint8_t *in, size_t len)
{
    (void)o;
    (void)in;
    (void)len;
}
#ifdef HB_ROM_EMPTY_FN
void HB_ROM_EMPTY_FN(uint8_t *o, const uint8_t *in, size_t len);
#else
#define HB_ROM_EMPTY_FN hb_rom_nothing
#endif

/* n calls back to back, in timer ticks; every row and the harness run
 * this same loop.  Under cc65 its counter is three static bytes counted
 * down as one 24-bit number: 18 cycles a call, where a 32-bit counter and
 * compare cost about 300 (5% of a 64-byte CRC-8 on the NES), and code
 * simple enough for cc65 2.19 (its -O turned `while (--x)` on a static
 * 16-bit x into a test of the low byte alone).  Elsewhere the plain loop
 * and two readings of hb_rom_ticks as before: with the byte counter, or
 * with the readings in functions of their own, the Game Boy image's sweep
 * stopped after its first size and its records came out garbled (not
 * understood; the Game Boy's banked calls are the suspects).  A platform
 * whose timer is too coarse times the span itself (HB_ROM_FINE_SPAN). */
#ifdef __CC65__
static uint8_t calls0, calls1, calls2;
#endif
static uint32_t time_calls(hb_rom_fn fn, size_t size, uint32_t n)
{
#ifndef HB_ROM_FINE_SPAN
    uint32_t t0;
#endif
#ifndef __CC65__
    uint32_t i;
#else
    calls0 = (uint8_t)n;
    calls1 = (uint8_t)(n >> 8);
    calls2 = (uint8_t)(n >> 16);
#endif
#ifdef HB_ROM_FINE_SPAN
    hb_rom_span_start();
#else
    t0 = hb_rom_ticks();
#endif
#ifdef __CC65__
    for (;;) {
        if (calls0) {
            --calls0;
        } else if (calls1) {
            --calls1;
            calls0 = 0xFF;
        } else if (calls2) {
            --calls2;
            calls1 = calls0 = 0xFF;
        } else {
            break;
        }
        fn(out, buf, size);
    }
#else
    for (i = 0; i < n; i++) fn(out, buf, size);
#endif
#ifdef HB_ROM_FINE_SPAN
    return hb_rom_span_ticks();
#else
    return hb_rom_ticks() - t0;
#endif
}

/* Grows n until n calls last an eighth of the budget (at least
 * MIN_SPAN_TICKS), then times the n that fills the budget. */
static void calibrated(hb_rom_fn fn, size_t size, uint32_t *n_out, uint32_t *t_out)
{
    uint32_t n = 1, t, want = budget_ticks / 8u;
    if (want < MIN_SPAN_TICKS) want = budget_ticks < MIN_SPAN_TICKS ? budget_ticks : MIN_SPAN_TICKS;
    for (;;) {
        t = time_calls(fn, size, n);
        if (t >= budget_ticks / 2u || n >= MAX_ITERS / 2u) break;
        if (t >= want && t > 0) {
            n = muldiv(n, budget_ticks, t);
            if (n > MAX_ITERS) n = MAX_ITERS;
            t = time_calls(fn, size, n);
            break;
        }
        n *= 2u;
    }
    *n_out = n;
    *t_out = t;
}

static void record_result(const char *kind, const char *algo, const char *impl, size_t size, uint32_t n,
                          uint32_t t)
{
    hb_rec_begin(kind);
    if (algo) {
        hb_rec_str("algo", algo);
        hb_rec_str("impl", impl);
    }
    hb_rec_uint("size", (hb_uint)size);
    hb_rec_uint("iters", n);
    hb_rec_uint("ticks", t);
#ifdef HB_ROM_IRQ_TICKS
    hb_rec_uint("irq_ticks", n ? hb_rom_irq_ticks() : 0);  /* of the span just timed */
#endif
}

static int same(const uint8_t *a, const uint8_t *b, uint8_t n)
{
    uint8_t i;
    for (i = 0; i < n; i++)
        if (a[i] != b[i]) return 0;
    return 1;
}

static void measure(uint8_t e, uint8_t s)
{
    const hb_rom_entry *r = &hb_rom_roster[e];
    size_t size = hb_rom_sizes[s];
    uint8_t ok, i;
    r->fn(out, buf, size);
    ok = (uint8_t)(r->expected[s] && same(out, r->expected[s], r->digest_len));
    hb_rec_begin("digest");
    hb_rec_str("algo", r->algo);
    hb_rec_str("impl", r->impl);
    hb_rec_uint("size", (hb_uint)size);
    hb_rec_hex("digest", out, r->digest_len);
    hb_rec_end();
    if (s == HB_ROM_STD)
        for (i = 0; i < 4; i++) head[e][i] = out[i];
    iters[e][s] = ticks[e][s] = 0;
    if (ok) calibrated(r->fn, size, &iters[e][s], &ticks[e][s]);
    status[e][s] = ok ? MEASURED : MISMATCH;
    record_result("rom_result", r->algo, r->impl, size, iters[e][s], ticks[e][s]);
    hb_rec_bool("verified", ok);
    hb_rec_end();
}

static void engine_record(void)
{
    hb_rom_records_reset();
    hb_rec_engine("rom", HB_HAVE_U64);
    hb_rec_str("target", HB_ROM_TARGET);
    hb_rec_str("cpu", HB_ROM_CPU);
    hb_rec_uint("clock_hz", HB_ROM_CLOCK_HZ);
    hb_rec_str("timer", hb_rom_tick_unit());
    hb_rec_uint("tick_hz", hb_rom_tick_hz());
    hb_rec_uint("budget_ms", hb_rom_budget_ms);
    hb_rec_uint("rows", HB_ROM_ENTRIES);
    hb_rec_bool("sweep", sweep);
#ifdef HB_ROM_PLACEMENT
    hb_rec_str("placement", HB_ROM_PLACEMENT);
#endif
    hb_rec_end();
#ifdef HB_ROM_FINE_SPAN
    {
        hb_rom_check c;
        uint8_t i;
        for (i = 0; hb_rom_timer_check(i, &c); i++) {
            hb_rec_begin("rom_timer_check");
            hb_rec_uint("code_ticks", c.code_ticks);
            hb_rec_uint("nmis", c.nmis);
            hb_rec_uint("nmi_ticks", c.nmi_ticks);
            hb_rec_uint("ticks", c.ticks);
            hb_rec_end();
        }
    }
#endif
}

static void run_pass(void)
{
    uint8_t e, s;
    uint32_t n, t, hz = hb_rom_tick_hz();
    /* hz / 1000 * ms + (hz % 1000) * ms / 1000: no product above 2^32 */
    budget_ticks = hz / 1000u * hb_rom_budget_ms + hz % 1000u * hb_rom_budget_ms / 1000u;
    engine_record();
    for (e = 0; e < HB_ROM_ENTRIES; e++) {
        order[e] = e;
        for (s = 0; s < HB_ROM_NSIZES; s++) status[e][s] = NOT_RUN;
    }
    top = 0;
    hb_rom_clear();
    draw_title();
    for (s = 0; s < HB_ROM_NSIZES; s++) {
        if (sweep ? !hb_rom_in_sweep[s] : s != HB_ROM_STD) continue;
        hb_workload_fill(buf, hb_rom_sizes[s]);
#ifdef HB_ROM_FINE_SPAN
        hb_rom_frame(); /* the NES: the title's text queue empty before the harness is timed */
#endif
        calibrated(HB_ROM_EMPTY_FN, hb_rom_sizes[s], &n, &t);
        record_result("rom_harness", 0, 0, hb_rom_sizes[s], n, t);
        hb_rec_uint("empty_ticks", time_calls(HB_ROM_EMPTY_FN, hb_rom_sizes[s], 0));
        hb_rec_end();
        for (e = 0; e < HB_ROM_ENTRIES; e++) {
            if (e >= top + VISIBLE_ROWS) top = (uint8_t)(e - VISIBLE_ROWS + 1);
            blank_line();
            put(put(0, "running "), hb_rom_roster[e].label);
            show(HB_ROM_ROWS - 1);
#ifdef HB_ROM_PREPARE
            hb_rom_prepare(e);
#endif
            measure(e, s);
            draw_table();
            hb_rom_frame();
        }
    }
    hb_rec_begin("done");
    hb_rec_end();
    top = 0;
    sort_rows();
    draw_title();
    draw_table();
    draw_status(WIDE ? "A:sort B:run SEL:sweep UD:scrl" : "A:sort B:run SL:swp");
}

/* ---- the banner, and the controls --------------------------------------- */

/* The banner's rows from banner_top: 0 (the screen), or on the DS the
 * lower screen's first (HB_ROM_LOWER_ROWS), where it stays. */
#ifdef HB_ROM_LOWER_ROWS
static uint8_t banner_top;
#define AT(row) ((uint8_t)(banner_top + (row)))
#else
#define AT(row) (row)
#endif

static void banner_line(uint8_t row, const char *a, const char *b)
{
    blank_line();
    put(put(0, a), b);
    show(row);
}

static void banner(void)
{
    uint8_t col;
    banner_line(AT(0), "hashbench ", HB_ROM_TARGET);
    blank_line();
    put_mhz((uint8_t)(put(0, HB_ROM_CPU) + 1), HB_ROM_CLOCK_HZ);
    show(AT(1));
    blank_line();
    put(put_dec(put(0, "workload "), hb_rom_sizes[HB_ROM_STD]), " B");
    show(AT(3));
    banner_line(AT(4), " buf[i]=(i*31+7)&255", "");
    blank_line();
    put(put_dec(put(0, "budget "), hb_rom_budget_ms), " ms a row");
    show(AT(5));
    banner_line(AT(6), "timer ", hb_rom_tick_unit());
    blank_line();
    col = put_dec(0, HB_ROM_ENTRIES);
    put(col, WIDE ? " rows, verified first" : " rows, verified"); /* whole on 20 columns */
    show(AT(7));
#ifdef HB_ROM_PLACEMENT
    banner_line(AT(8), "place ", HB_ROM_PLACEMENT);
#endif
#ifdef HB_ROM_PLACEMENT_NOTE
    banner_line(AT(9), HB_ROM_PLACEMENT_NOTE, ""); /* the GBA: rows that run from ROM instead */
#endif
}

#ifdef HB_ROM_LOWER_ROWS
/* The DS's lower screen, drawn once: the banner, what the table's marks
 * mean, the controls. */
static void lower_screen(void)
{
    uint8_t i;
    banner_top = HB_ROM_ROWS;
    banner();
    banner_line(AT(11), "tier . checksum  * non-crypto", "");
    banner_line(AT(12), "     # crypto", "");
    for (i = 0; i < HB_ROM_LEGEND_LINES; i++) banner_line(AT(13 + i), hb_rom_legend[i], "");
    banner_line(AT(17), "A       sort: category, speed,", "");
    banner_line(AT(18), "        name", "");
    banner_line(AT(19), "B/START run the pass again", "");
    banner_line(AT(20), "SELECT  size sweep 64/256/1024 B", "");
    banner_line(AT(21), "UP/DOWN scroll a row", "");
    banner_top = 0;
}
#endif

int main(void)
{
    uint16_t frames;
    uint8_t keys;
    hb_rom_init();
#ifdef HB_ROM_LOWER_ROWS
    lower_screen();
#endif
    hb_rom_clear();
    banner();
    banner_line(11, "A: start", "");
    for (frames = 0; frames < AUTOSTART_FRAMES; frames++)
        if (hb_rom_frame() & (HB_ROM_A | HB_ROM_START)) break;
    run_pass();
    for (;;) {
        keys = hb_rom_frame();
        if (keys & HB_ROM_A) {
            sort_by = (uint8_t)((sort_by + 1) % SORTS);
            sort_rows();
        }
        if (keys & HB_ROM_SELECT) sweep = (uint8_t)!sweep;
        if (keys & (HB_ROM_B | HB_ROM_START | HB_ROM_SELECT)) run_pass();
        if ((keys & HB_ROM_UP) && top > 0) top--;
        if ((keys & HB_ROM_DOWN) && top + VISIBLE_ROWS < HB_ROM_ENTRIES) top++;
        if (keys) {
            draw_title();
            draw_table();
        }
    }
    return 0;
}
