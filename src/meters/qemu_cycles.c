/* SPDX-License-Identifier: MIT
 * qemu_cycles.c - a QEMU TCG plugin that estimates the cycles an in-order
 * CPU would take for the guest code executed between the engine's markers:
 * the meter `est-cycles` (docs/records.md, docs/cycle-models.md).
 *
 *   qemu-<arch> -plugin hb_cycles.so,model=FILE,out=FILE,begin=ADDR,end=ADDR prog ...
 *   qemu-<arch> -plugin hb_cycles.so,model=FILE,out=FILE,mark=ADDR prog ...
 *
 * begin/end: the QEMU engine's hb_cross_begin/hb_cross_end, one region per
 * pair (as qemu_insn.c counts instructions).  mark: a console program's
 * hb_mark(), called at both ends of every timed span: hits 2k and 2k+1
 * bound region k.  Records (format 2, docs/records.md) go to the out= file
 * through src/engine/hb_record.c, built with HB_RECORD_U64.  Optional trace=FILE,trace_region=N writes every retired
 * instruction of region N with what it was charged (for checking a model by
 * hand).
 *
 * The model file (written by hashbench/meters/cycle_model.py from
 * data/cpu-models/<cpu>.toml: no TOML in C) holds one directive a line:
 *   core bus|pipe          isa arm|mips         endian little|big
 *   kind NAME key=value... (a memory kind: bus width, N/S cycles, caching)
 *   map LO HI NAME         (guest addresses [LO, HI) are that kind)
 *   default NAME           (every other address)
 *   set KEY VALUE          (a scalar: class costs, branch costs, caches ...)
 *   shift LO HI DELTA      (layout experiment: addresses in [LO, HI) index the
 *                          caches as if DELTA bytes further on)
 *
 * How it works.  At translation every instruction is decoded once
 * (qemu_cycles_isa.c) into a class, its registers and its kind of branch;
 * at execution a callback per instruction and one per memory access feed
 * the model.  An instruction is retired when the next one starts: then its
 * memory accesses are known and the next PC tells whether it branched.
 * Two models:
 *   bus   the ARM7TDMI's own accounting (ARM7TDMI TRM ch. 6, GBATEK "ARM CPU
 *         Instruction Cycle Times"): every cycle is a memory access (N or S,
 *         each costing the wait states of the memory kind it touches) or an
 *         internal cycle; no cache, no overlap.
 *   pipe  an in-order pipeline: issue cycles per class, result latencies
 *         and early/late operands (interlocks), branch costs with an
 *         optional BTAC/static predictor and return stack, optional dual
 *         issue, set-associative I and D caches (LRU, round-robin, or
 *         pseudo-random from a fixed LFSR), TCMs, uncached memory and a
 *         write buffer.
 * Everything is integer and driven only by the executed instruction stream,
 * so the same run gives the same figure every time.
 *
 * Debian's QEMU 7.2 ships no <qemu-plugin.h>: the entry points used are
 * declared below from the plugin API of that release (version 1).
 */
#include <inttypes.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../engine/hb_record.h"
#include "qemu_plugin_abi.h"
#include "qemu_cycles.h"

/* ---- the QEMU 7.2 plugin ABI (qemu_plugin_abi.h) ------------------------ */
HB_EXPORT int qemu_plugin_version = 1;

/* =========================================================================
 * The model's data
 * ========================================================================= */
#define MAX_KINDS 16
#define MAX_RANGES 64
#define NREGS 64

enum { CORE_BUS, CORE_PIPE };
enum { ISA_ARM, ISA_MIPS };
enum { REPL_LRU, REPL_RR, REPL_RANDOM };
enum { PRED_NONE, PRED_STATIC, PRED_DYNAMIC };

/* A kind of memory.  Cycle figures are CPU cycles for one bus access of
 * `width` bytes: n for a non-sequential one, s for a sequential one (a
 * burst's later beats), wn/ws the same for writes. */
struct kind {
    char name[32];
    int width;
    int n, s, wn, ws;
    int icache, dcache;      /* fetches / data go through the I / D cache */
    int fetch_n_after_i;     /* bus core: the fetch after an internal cycle is N
                                (GBATEK "GamePak Prefetch": prefetch disabled) */
    int fetch_n_after_shift; /* the same for register-specified shifts alone
                                (-1: as fetch_n_after_i) */
};

struct range {
    uint64_t lo, hi;
    int kind;
};

/* A layout experiment: code fetched from, or data accessed in, [lo, hi)
 * indexes the caches as if it sat delta bytes further on (a relink that
 * moved one function or table), without rebuilding the program. */
struct shift {
    uint64_t lo, hi;
    int64_t delta;
};

struct cache {
    int on;
    uint32_t sets, ways, line;      /* line in bytes, power of two */
    int line_shift, repl, write_back, write_alloc, critical_first;
    uint64_t *tag;                  /* sets*ways; 0 = invalid, else line number + 1 */
    uint8_t *dirty;
    uint64_t *stamp;                /* LRU */
    uint32_t *rr;                   /* round-robin pointer per set */
    uint32_t lfsr;
    uint64_t clock;
};

struct model {
    int core, isa, big_endian;
    char name[64];
    struct kind kinds[MAX_KINDS];
    int nkinds;
    struct range map[MAX_RANGES];
    int nmap, default_kind;
    struct shift shifts[MAX_RANGES];
    int nshifts;
    /* bus core */
    int mul_m;
    /* pipe core: per class */
    int issue[HBC_NCLASS], per_reg[HBC_NCLASS], per_reg_div[HBC_NCLASS], min[HBC_NCLASS], lat[HBC_NCLASS];
    int early_adv, late_lag, mull_hi_extra, cond_fail_ldst, scaled_extra;
    /* branches: total cycles of the branch instruction in each case */
    int predictor;
    int br_nt, br_t, br_mis, br_ind, br_static_t, br_fold;
    int ret_hit, ret_miss, ret_empty, ras_depth;
    int likely_nt, loadpc_extra;
    int btac_entries, btac_shift;
    /* fetch */
    int fetch_bytes;
    /* write buffer */
    int wbuf_depth;
    /* dual issue */
    int dual;
    uint32_t dual_first, dual_second; /* class masks */
    int dual_mem_pair;
    struct cache ic, dc;
};

static struct model M;

/* ---- counters: every figure a region record reports --------------------- */
enum {
    CT_INSNS, CT_CYCLES,
    CT_FETCH, CT_DATA, CT_INTERNAL,                 /* bus core: where the cycles went */
    CT_ISSUE, CT_INTERLOCK, CT_FETCH_STALL, CT_MEM_STALL, CT_BRANCH, CT_WBUF_STALL,
    CT_IMISS, CT_DMISS, CT_WRITEBACK, CT_MISPREDICT, CT_DUAL,
    CT_UNKNOWN,
    CT_N
};
static const char *const ct_names[CT_N] = {
    "instructions", "cycles",
    "fetch_cycles", "data_cycles", "internal_cycles",
    "issue_cycles", "interlock_cycles", "fetch_stall_cycles", "memory_stall_cycles",
    "branch_cycles", "write_buffer_stall_cycles",
    "icache_misses", "dcache_misses", "dcache_writebacks", "mispredicts", "dual_issued",
    "unknown_instructions",
};
static uint64_t ct[CT_N];
static uint64_t ct_start[CT_N];

/* =========================================================================
 * Instructions
 * ========================================================================= */
struct insn {
    uint64_t pc;
    uint32_t key;            /* the first bytes: a retranslation of other code at pc differs */
    uint8_t size;
    int8_t kind;             /* memory kind of pc */
    hbc_decoded d;
    char *text;              /* only when tracing */
    struct insn *next;
};

#define NBUCKETS 65536u
static struct insn *buckets[NBUCKETS];

struct access {
    uint64_t addr;
    uint8_t size;
    uint8_t store;
};
#define MAX_ACC 64
static struct access acc[MAX_ACC];
static int nacc;

static struct insn *prev;    /* executed, not yet retired */

/* markers and output */
static uint64_t begin_addr, end_addr, mark_addr;
static int have_begin, have_end, have_mark, in_region, mark_hits;
static unsigned long regions, unmatched;
static FILE *out, *trace;
static long trace_region = -1;

static int kind_of(uint64_t a)
{
    int i;
    for (i = 0; i < M.nmap; i++)
        if (a >= M.map[i].lo && a < M.map[i].hi) return M.map[i].kind;
    return M.default_kind;
}

/* =========================================================================
 * Caches
 * ========================================================================= */
static int log2u(uint32_t v)
{
    int n = 0;
    while ((1u << n) < v) n++;
    return n;
}

static int cache_init(struct cache *c)
{
    size_t n;
    if (!c->on) return 0;
    if (c->line == 0 || (c->line & (c->line - 1)) || c->ways == 0 || c->sets == 0) return -1;
    c->line_shift = log2u(c->line);
    n = (size_t)c->sets * c->ways;
    c->tag = calloc(n, sizeof *c->tag);
    c->dirty = calloc(n, 1);
    c->stamp = calloc(n, sizeof *c->stamp);
    c->rr = calloc(c->sets, sizeof *c->rr);
    if (!c->tag || !c->dirty || !c->stamp || !c->rr) return -1;
    c->lfsr = 0xACE1u; /* fixed seed: "random" replacement, the same every run */
    return 0;
}

static uint32_t lfsr_next(struct cache *c)
{
    /* 16-bit Fibonacci LFSR, taps 16 14 13 11 */
    uint32_t b = ((c->lfsr >> 0) ^ (c->lfsr >> 2) ^ (c->lfsr >> 3) ^ (c->lfsr >> 5)) & 1u;
    c->lfsr = (c->lfsr >> 1) | (b << 15);
    return c->lfsr;
}

/* Look a line up; on a miss with allocate, choose a victim and install.
 * Returns 1 on a hit; on a miss *evicted_dirty tells whether a dirty line
 * was replaced (a write-back). */
static int cache_access(struct cache *c, uint64_t addr, int store, int allocate, int *evicted_dirty)
{
    uint64_t line = addr >> c->line_shift;
    uint32_t set = (uint32_t)(line & (c->sets - 1));
    uint64_t *tag = c->tag + (size_t)set * c->ways;
    uint8_t *dirty = c->dirty + (size_t)set * c->ways;
    uint64_t *stamp = c->stamp + (size_t)set * c->ways;
    uint32_t w, victim = 0;
    *evicted_dirty = 0;
    c->clock++;
    for (w = 0; w < c->ways; w++) {
        if (tag[w] == line + 1) {
            stamp[w] = c->clock;
            if (store && c->write_back) dirty[w] = 1;
            return 1;
        }
    }
    if (!allocate) return 0;
    for (w = 0; w < c->ways; w++)
        if (tag[w] == 0) break;
    if (w < c->ways) {
        victim = w;
    } else if (c->repl == REPL_LRU) {
        for (w = 1; w < c->ways; w++)
            if (stamp[w] < stamp[victim]) victim = w;
    } else if (c->repl == REPL_RR) {
        victim = c->rr[set];
        c->rr[set] = (c->rr[set] + 1) % c->ways;
    } else {
        victim = lfsr_next(c) % c->ways;
    }
    *evicted_dirty = dirty[victim];
    tag[victim] = line + 1;
    dirty[victim] = (uint8_t)(store && c->write_back);
    stamp[victim] = c->clock;
    return 0;
}

/* Cycles to move `bytes` through a kind: one N access, then S beats. */
static int burst_read(const struct kind *k, int bytes)
{
    int beats = (bytes + k->width - 1) / k->width;
    if (beats < 1) beats = 1;
    return k->n + (beats - 1) * k->s;
}

static int burst_write(const struct kind *k, int bytes)
{
    int beats = (bytes + k->width - 1) / k->width;
    if (beats < 1) beats = 1;
    return k->wn + (beats - 1) * k->ws;
}

/* =========================================================================
 * The bus model (ARM7TDMI)
 * ========================================================================= */
/* One bus access of `bytes` to kind k: the first beat N or S, the rest S
 * (a 32-bit access on a 16-bit bus is N+S: GBATEK "Memory Map"). */
static int bus_access(const struct kind *k, int bytes, int seq, int store)
{
    int beats = (bytes + k->width - 1) / k->width;
    int first = store ? (seq ? k->ws : k->wn) : (seq ? k->s : k->n);
    int rest = store ? k->ws : k->s;
    if (beats < 1) beats = 1;
    return first + (beats - 1) * rest;
}

/* Whether the instruction changed the flow.  The next PC tells, except for
 * a branch to the very next instruction: an unconditional one is taken; a
 * conditional one, the one case the next PC cannot settle (compilers do
 * not emit it), is read as not taken. */
static int flow_changed(const struct insn *in, uint64_t next_pc)
{
    if (next_pc != in->pc + in->size) return 1;
    if (in->d.cls == HBC_BRANCH && (in->d.flags & HBF_TARGET) && in->d.target == next_pc &&
        !(in->d.flags & (HBF_DELAY | HBF_BR_COND)))
        return 1;
    return 0;
}

static int fetch_bytes_of(const struct insn *in)
{
    if (M.isa != ISA_ARM) return 4;
    if (in->d.flags & HBF_THUMB) return 2; /* one halfword per Thumb fetch; a BL pair is two */
    return 4;
}

/* Bound on the significant bits of each ARM register's value, along the
 * executed path (qemu_cycles.h, HBW_*): what the ARM7TDMI's early-terminating
 * multiplier needs.  32 = nothing known. */
static uint8_t vwidth[16];

static unsigned bits_of(uint32_t v)
{
    unsigned n = 0;
    while (v) n++, v >>= 1;
    return n;
}

static unsigned wid(uint8_t r)
{
    return r < 16 ? vwidth[r] : 32;
}

static void track_width(const hbc_decoded *d)
{
    unsigned w = 32, a = wid(d->wa), b = wid(d->wb);
    uint64_t m;
    int i;
    if (d->wd < 16) {
        switch (d->wop) {
        case HBW_CONST: w = bits_of(d->wimm); break;
        case HBW_MOV: w = a; break;
        case HBW_SHR: w = a > d->wimm ? a - d->wimm : 0; break;
        case HBW_SHL: w = a + d->wimm; break;
        case HBW_AND: w = a < b ? a : b; break;
        case HBW_ANDI: w = a < bits_of(d->wimm) ? a : bits_of(d->wimm); break;
        case HBW_OR: w = a > b ? a : b; break;
        case HBW_ORI: w = a > bits_of(d->wimm) ? a : bits_of(d->wimm); break;
        case HBW_ADD: w = (a > b ? a : b) + 1; break;
        case HBW_ADDI: w = (a > bits_of(d->wimm) ? a : bits_of(d->wimm)) + 1; break;
        case HBW_MUL: w = a + b; break;
        case HBW_BYTE: w = 8; break;
        case HBW_HALF: w = 16; break;
        default: w = 32; break;
        }
        if (w > 32) w = 32;
        /* a conditional instruction may not have written it */
        if ((d->flags & HBF_COND) && vwidth[d->wd] > w) w = vwidth[d->wd];
    }
    for (m = d->dst | d->dst_late, i = 0; i < 16; i++, m >>= 1)
        if (m & 1) vwidth[i] = 32;
    if (d->wd < 16) vwidth[d->wd] = (uint8_t)w;
}

/* m of the ARM7TDMI multiplier: 1 to 4 by how many of the operand's upper
 * bytes are all zero (TRM 6.4; all ones counts too, but a width bound only
 * knows zeros). */
static int mul_m(const hbc_decoded *d)
{
    unsigned w = wid(d->mreg);
    int m = w <= 8 ? 1 : w <= 16 ? 2 : w <= 24 ? 3 : 4;
    return m < M.mul_m ? m : M.mul_m;
}

static uint64_t retire_bus(const struct insn *in, uint64_t next_pc, const struct insn *next)
{
    const struct kind *ck = &M.kinds[in->kind];
    int fb = fetch_bytes_of(in);
    int fetches = in->size / fb;              /* 2 for the Thumb BL pair */
    int pc_written = flow_changed(in, next_pc);
    int cls = in->d.cls;
    int internal = 0, i, seq;
    uint64_t fetch = 0, data = 0;

    if (fetches < 1) fetches = 1;
    /* Internal cycles (GBATEK "ARM CPU Instruction Cycle Times"):
     * LDR/LDM/POP +1I, a register-specified shift +1I, MUL 1S+mI,
     * MLA and MULL 1S+(m+1)I, MLAL 1S+(m+2)I. */
    switch (cls) {
    case HBC_LOAD: case HBC_LOADBH: case HBC_LOADD: case HBC_LDM:
        if (nacc > 0) internal = 1;  /* a failed condition loads nothing: 1S */
        break;
    case HBC_SHIFTR: internal = 1; break;
    case HBC_MUL: case HBC_MULDSP: internal = mul_m(&in->d); break;
    case HBC_MLA: case HBC_MULL: internal = mul_m(&in->d) + 1; break;
    case HBC_MLAL: internal = mul_m(&in->d) + 2; break;
    default: break;
    }
    /* Data: the first access N, the following ones of an LDM/STM S. */
    for (i = 0; i < nacc; i++) {
        const struct kind *dk = &M.kinds[kind_of(acc[i].addr)];
        seq = i > 0 && (cls == HBC_LDM || cls == HBC_STM || cls == HBC_LOADD || cls == HBC_STORED);
        data += (uint64_t)bus_access(dk, acc[i].size, seq, acc[i].store);
    }
    /* Code: the instruction's own fetch(es) are sequential, except
     *  - after a data write the next fetch is N (STR = 2N, STM = (n-1)S+2N);
     *  - with the cartridge prefetch buffer disabled, an instruction with an
     *    internal cycle that does not write the PC has its fetch turned from
     *    S into N (GBATEK "GamePak Prefetch", the prefetch-disable bug). */
    for (i = 0; i < fetches; i++) fetch += (uint64_t)bus_access(ck, fb, 1, 0);
    if ((cls == HBC_STORE || cls == HBC_STORED || cls == HBC_STM) && nacc > 0)
        fetch += (uint64_t)(bus_access(ck, fb, 0, 0) - bus_access(ck, fb, 1, 0));
    else if (internal > 0 && !pc_written &&
             (cls == HBC_SHIFTR && ck->fetch_n_after_shift >= 0 ? ck->fetch_n_after_shift : ck->fetch_n_after_i))
        fetch += (uint64_t)(bus_access(ck, fb, 0, 0) - bus_access(ck, fb, 1, 0));
    /* A taken branch, or any write of the PC: refill the pipeline from the
     * target, 1N + 1S (B = 2S+1N, BX = 2S+1N, LDR PC = ...+1S+1N). */
    if (pc_written) {
        /* The target's state (ARM or Thumb after a BX) is that of the
         * instruction executed next. */
        const struct kind *tk = &M.kinds[kind_of(next_pc)];
        int tb = next ? fetch_bytes_of(next) : fb;
        fetch += (uint64_t)(bus_access(tk, tb, 0, 0) + bus_access(tk, tb, 1, 0));
    }
    track_width(&in->d);
    ct[CT_FETCH] += fetch;
    ct[CT_DATA] += data;
    ct[CT_INTERNAL] += (uint64_t)internal;
    return fetch + data + (uint64_t)internal;
}

/* =========================================================================
 * The pipeline model
 * ========================================================================= */
static uint64_t now;              /* the cycle at which the next instruction may issue */
static uint64_t ready[NREGS];     /* cycle at which a register can be read normally */
static uint64_t last_fetch_chunk = UINT64_MAX;
static int last_was_branch;

/* write buffer: completion times of the queued writes, oldest first */
#define WBUF_MAX 32
static uint64_t wbuf[WBUF_MAX];
static int wbuf_n;

/* dual issue: the instruction issued just before, and in which cycle */
static const struct insn *pair_prev;
static uint64_t pair_prev_issue;
static int pair_prev_paired;

/* BTAC: 2-bit counters, direct mapped; tag = branch address */
static uint64_t *btac_tag;
static uint8_t *btac_ctr;
/* return stack */
#define RAS_MAX 16
static uint64_t ras[RAS_MAX];
static int ras_n;

static uint64_t wbuf_push(uint64_t t, int cost)
{
    uint64_t stall = 0, start;
    int i;
    /* drop what has drained by t */
    while (wbuf_n > 0 && wbuf[0] <= t) {
        for (i = 1; i < wbuf_n; i++) wbuf[i - 1] = wbuf[i];
        wbuf_n--;
    }
    if (M.wbuf_depth <= 0) return (uint64_t)cost; /* no buffer: the core waits for the write */
    if (wbuf_n >= M.wbuf_depth) {
        stall = wbuf[0] - t;
        t = wbuf[0];
        for (i = 1; i < wbuf_n; i++) wbuf[i - 1] = wbuf[i];
        wbuf_n--;
    }
    start = wbuf_n > 0 ? wbuf[wbuf_n - 1] : t;
    if (start < t) start = t;
    wbuf[wbuf_n++] = start + (uint64_t)cost;
    return stall;
}

static uint64_t layout_addr(uint64_t a);

/* Stall cycles of one data access issued at cycle t. */
static uint64_t data_access(const struct access *a, uint64_t t)
{
    const struct kind *k = &M.kinds[kind_of(a->addr)];
    struct cache *c = &M.dc;
    int ev;
    if (c->on && k->dcache) {
        int alloc = !a->store || c->write_alloc;
        int hit = cache_access(c, layout_addr(a->addr), a->store, alloc, &ev);
        uint64_t cost = 0;
        if (hit) {
            if (a->store && !c->write_back) return wbuf_push(t, burst_write(k, a->size));
            return 0;
        }
        if (!alloc) return wbuf_push(t, burst_write(k, a->size)); /* write miss, no allocation */
        ct[CT_DMISS]++;
        if (ev) {
            ct[CT_WRITEBACK]++;
            cost += (uint64_t)burst_write(k, (int)c->line); /* the victim goes out first */
        }
        /* Line fill: the core waits for the whole line, or only for the
         * first beat where the cache forwards the critical word. */
        cost += (uint64_t)(c->critical_first ? k->n : burst_read(k, (int)c->line));
        if (a->store && !c->write_back) cost += wbuf_push(t + cost, burst_write(k, a->size));
        return cost;
    }
    if (a->store) return wbuf_push(t, burst_write(k, a->size));
    /* Uncached read (a TCM is a kind with n = 1): the pipeline's own cycle
     * covers one cycle of it. */
    {
        int r = burst_read(k, a->size);
        return r > 1 ? (uint64_t)(r - 1) : 0;
    }
}

static uint64_t layout_addr(uint64_t pc)
{
    int i;
    for (i = 0; i < M.nshifts; i++)
        if (pc >= M.shifts[i].lo && pc < M.shifts[i].hi) return pc + (uint64_t)M.shifts[i].delta;
    return pc;
}

/* Front-end stall before an instruction can issue. */
static uint64_t fetch_stall(const struct insn *in)
{
    const struct kind *k = &M.kinds[in->kind];
    uint64_t stall = 0;
    if (M.ic.on && k->icache) {
        uint64_t pc = layout_addr(in->pc);
        uint64_t line = pc >> M.ic.line_shift;
        uint64_t last = pc + in->size - 1;
        int ev;
        if (line != last_fetch_chunk) {
            if (!cache_access(&M.ic, pc, 0, 1, &ev)) {
                ct[CT_IMISS]++;
                stall += (uint64_t)(M.ic.critical_first ? k->n : burst_read(k, (int)M.ic.line));
            }
            last_fetch_chunk = line;
        }
        if ((last >> M.ic.line_shift) != line) { /* an instruction across two lines */
            if (!cache_access(&M.ic, last, 0, 1, &ev)) {
                ct[CT_IMISS]++;
                stall += (uint64_t)(M.ic.critical_first ? k->n : burst_read(k, (int)M.ic.line));
            }
            last_fetch_chunk = last >> M.ic.line_shift;
        }
        return stall;
    }
    /* Uncached code or a TCM: one access per chunk of the fetch width or of
     * the memory's width if wider (the memory returns that much at once,
     * e.g. a 256-bit flash line); a chunk that continues the previous one
     * is sequential.  The pipeline absorbs one cycle of each fetch (a
     * zero-wait memory never stalls). */
    {
        int fb = M.fetch_bytes > 0 ? M.fetch_bytes : 4;
        if (k->width > fb) fb = k->width;
        uint64_t first = in->pc / (uint64_t)fb, last = (in->pc + in->size - 1) / (uint64_t)fb, c;
        for (c = first; c <= last; c++) {
            int cost;
            if (c == last_fetch_chunk) continue;
            cost = (c == last_fetch_chunk + 1 && !last_was_branch) ? burst_read(k, fb) - k->n + k->s
                                                                   : burst_read(k, fb);
            if (cost > 1) stall += (uint64_t)(cost - 1);
            last_fetch_chunk = c;
        }
    }
    return stall;
}

static void ras_push(uint64_t a)
{
    if (M.ras_depth <= 0) return;
    if (ras_n == M.ras_depth) {
        memmove(ras, ras + 1, (size_t)(ras_n - 1) * sizeof ras[0]);
        ras_n--;
    }
    ras[ras_n++] = a;
}

/* Total cycles of a branch instruction (replacing its issue cycles). */
static int branch_cycles(const struct insn *in, uint64_t next_pc, int taken)
{
    uint16_t f = in->d.flags;
    int cyc;
    if (M.isa == ISA_MIPS) {
        /* A delay slot hides the branch (VR4300 UM ch. 4: one branch delay
         * slot, no further penalty); a branch-likely that is not taken
         * annuls its slot, which QEMU does not execute: that cycle is lost. */
        if ((f & HBF_LIKELY) && next_pc == in->pc + 8) return M.issue[HBC_BRANCH] + M.likely_nt;
        return M.issue[HBC_BRANCH];
    }
    if (f & HBF_BR_LINK) ras_push(in->pc + in->size);
    if (f & HBF_BR_RET) {
        if (M.ras_depth > 0) {
            if (ras_n == 0) cyc = M.ret_empty;
            else if (ras[--ras_n] == (next_pc & ~(uint64_t)1)) cyc = M.ret_hit;
            else cyc = M.ret_miss, ct[CT_MISPREDICT]++;
        } else {
            cyc = M.br_ind;
        }
        return cyc;
    }
    if (f & HBF_BR_IND) return taken ? M.br_ind : M.br_nt;
    if (M.predictor == PRED_NONE) return taken ? M.br_t : M.br_nt;
    {
        /* static: backward taken, forward not taken */
        int backward = 0, pred_taken, hit = 0;
        uint64_t target = taken ? next_pc : 0;
        size_t idx = 0;
        if (taken) backward = target <= in->pc;
        else backward = 0; /* a not-taken branch's direction is its encoded target: unknown;
                              a fall-through is predicted right unless the BTAC says taken */
        pred_taken = backward;
        if (M.predictor == PRED_DYNAMIC && btac_tag) {
            idx = (size_t)((in->pc >> M.btac_shift) % (uint64_t)M.btac_entries);
            hit = btac_tag[idx] == in->pc + 1;
            if (hit) pred_taken = btac_ctr[idx] >= 2;
        }
        if (pred_taken == taken) {
            if (!taken) cyc = M.br_nt;
            else if (hit) cyc = M.br_t;
            else cyc = M.br_static_t;
        } else {
            cyc = M.br_mis;
            ct[CT_MISPREDICT]++;
        }
        if (M.predictor == PRED_DYNAMIC && btac_tag) {
            if (hit) {
                if (taken && btac_ctr[idx] < 3) btac_ctr[idx]++;
                if (!taken && btac_ctr[idx] > 0) btac_ctr[idx]--;
            } else if (taken) {
                btac_tag[idx] = in->pc + 1;
                btac_ctr[idx] = 2; /* weakly taken */
            }
        }
        return cyc;
    }
}

static int pairable(const struct insn *a, const struct insn *b)
{
    const hbc_decoded *x = &a->d, *y = &b->d;
    int amem = x->cls >= HBC_LOAD && x->cls <= HBC_STM;
    int bmem = y->cls >= HBC_LOAD && y->cls <= HBC_STM;
    if (!(M.dual_first & (1u << x->cls)) || !(M.dual_second & (1u << y->cls))) return 0;
    if (amem && bmem && !M.dual_mem_pair) return 0;
    if (x->cls == HBC_BRANCH) return 0;                /* the slot after a branch is the target's */
    if ((x->dst | x->dst_late) & (y->src | y->early | y->late)) return 0; /* dependent */
    if (x->dst & y->dst) return 0;
    return 1;
}

static uint64_t retire_pipe(const struct insn *in, uint64_t next_pc)
{
    const hbc_decoded *d = &in->d;
    int cls = d->cls, i, iss, paired = 0;
    uint64_t t, need = 0, stall, mem = 0, start = now, m, r;

    /* 1. fetch */
    stall = fetch_stall(in);
    now += stall;
    ct[CT_FETCH_STALL] += stall;

    /* 2. operands: the earliest cycle every source is there (interlocks) */
    for (m = d->src, i = 0; m; m >>= 1, i++)
        if ((m & 1) && ready[i] > need) need = ready[i];
    for (m = d->early, i = 0; m; m >>= 1, i++)
        if ((m & 1) && ready[i] + (uint64_t)M.early_adv > need) need = ready[i] + (uint64_t)M.early_adv;
    for (m = d->late, i = 0; m; m >>= 1, i++)
        if ((m & 1) && ready[i] > (uint64_t)M.late_lag && ready[i] - (uint64_t)M.late_lag > need)
            need = ready[i] - (uint64_t)M.late_lag;

    /* Dual issue: this instruction goes in the cycle of the one before when
     * that one took a single cycle and was not itself the second of a pair,
     * nothing made this one wait, and the core allows the pair. */
    if (M.dual && pair_prev && !pair_prev_paired && stall == 0 && pair_prev_issue + 1 == now &&
        need <= pair_prev_issue && M.issue[cls] == 1 && M.per_reg[cls] == 0 && pairable(pair_prev, in)) {
        paired = 1;
        t = pair_prev_issue;
        ct[CT_DUAL]++;
    } else {
        t = need > now ? need : now;
        ct[CT_INTERLOCK] += t - now;
    }

    /* 3. issue cycles */
    if (cls == HBC_BRANCH) {
        iss = branch_cycles(in, next_pc, flow_changed(in, next_pc));
        ct[CT_ISSUE] += (uint64_t)(iss < M.issue[HBC_BRANCH] ? iss : M.issue[HBC_BRANCH]);
        ct[CT_BRANCH] += (uint64_t)(iss > M.issue[HBC_BRANCH] ? iss - M.issue[HBC_BRANCH] : 0);
    } else {
        iss = M.issue[cls] + (M.per_reg[cls] * d->nregs + M.per_reg_div[cls] - 1) / M.per_reg_div[cls];
        if (iss < M.min[cls]) iss = M.min[cls];
        if (d->flags & HBF_SCALED) iss += M.scaled_extra;
        if ((d->flags & HBF_COND) && nacc == 0 && cls >= HBC_LOAD && cls <= HBC_STM)
            iss = M.cond_fail_ldst; /* a load or store whose condition failed */
        ct[CT_ISSUE] += (uint64_t)iss;
        if ((d->flags & HBF_WRITES_PC) && next_pc != in->pc + in->size) {
            /* LDR PC / POP {..., PC}: the load, then a branch */
            int extra = branch_cycles(in, next_pc, 1) - 1 + M.loadpc_extra;
            if (extra < 0) extra = 0;
            iss += extra;
            ct[CT_BRANCH] += (uint64_t)extra;
        }
    }
    if (paired) iss = 0, ct[CT_ISSUE]--;

    /* 4. memory: a blocking cache stalls the whole pipeline */
    for (i = 0; i < nacc; i++) mem += data_access(&acc[i], t + mem);
    ct[CT_MEM_STALL] += mem;

    /* 5. results: `latency` cycles after issue (ARM TRMs' "result latency") */
    r = t + mem + (uint64_t)M.lat[cls];
    for (m = d->dst, i = 0; m; m >>= 1, i++)
        if (m & 1) ready[i] = r;
    for (m = d->dst_late, i = 0; m; m >>= 1, i++)
        if (m & 1) ready[i] = r + (uint64_t)M.mull_hi_extra;

    now = paired ? now + mem : t + (uint64_t)iss + mem;
    pair_prev = in;
    pair_prev_issue = t;
    pair_prev_paired = paired;
    last_was_branch = flow_changed(in, next_pc);
    if (last_was_branch) last_fetch_chunk = UINT64_MAX;
    return now - start;
}

/* =========================================================================
 * Driving the models
 * ========================================================================= */
static void trace_line(const struct insn *in, uint64_t cyc)
{
    int i;
    fprintf(trace, "%08" PRIx64 " %-4s %3" PRIu64 " %s", in->pc, hbc_class_name(in->d.cls), cyc,
            in->text ? in->text : "");
    for (i = 0; i < nacc; i++)
        fprintf(trace, " %c%u@%" PRIx64, acc[i].store ? 'W' : 'R', acc[i].size, acc[i].addr);
    fputc('\n', trace);
}

static void retire(uint64_t next_pc, const struct insn *next)
{
    uint64_t cyc;
    if (!prev) return;
    cyc = M.core == CORE_BUS ? retire_bus(prev, next_pc, next) : retire_pipe(prev, next_pc);
    ct[CT_INSNS]++;
    ct[CT_CYCLES] += cyc;
    if (prev->d.flags & HBF_UNKNOWN) ct[CT_UNKNOWN]++;
    if (trace && in_region && (long)regions == trace_region) trace_line(prev, cyc);
    prev = NULL;
    nacc = 0;
}

/* The record writer's output (src/engine/hb_record.c): the out= file. */
void hb_putc(char c)
{
    putc(c, out);
}

static void write_count(void)
{
    int i;
    hb_rec_begin("count");
    hb_rec_uint("region", regions);
    for (i = 0; i < CT_N; i++) {
        if (M.core == CORE_BUS && i >= CT_ISSUE && i <= CT_DUAL) continue;
        if (M.core == CORE_PIPE && i >= CT_FETCH && i <= CT_INTERNAL) continue;
        hb_rec_uint(ct_names[i], ct[i] - ct_start[i]);
    }
    hb_rec_end();
    fflush(out);
}

static void region_begin(void)
{
    if (in_region) unmatched++;
    in_region = 1;
    memcpy(ct_start, ct, sizeof ct);
    /* A region starts knowing nothing of register values: a bound carried
       in from before it (and lost through a later pop) would time the first
       of two identical calls differently from the second. */
    memset(vwidth, 32, sizeof vwidth);
}

static void region_end(void)
{
    if (!in_region) {
        unmatched++;
        return;
    }
    write_count();
    in_region = 0;
    regions++;
}

static void on_exec(unsigned int vcpu, void *udata)
{
    struct insn *in = udata;
    (void)vcpu;
    retire(in->pc, in);
    if (have_mark && in->pc == mark_addr) {
        if (mark_hits++ & 1) region_end();
        else region_begin();
    } else if (have_begin && in->pc == begin_addr) {
        region_begin();
    } else if (have_end && in->pc == end_addr) {
        region_end();
    }
    prev = in;
    nacc = 0;
}

static void on_mem(unsigned int vcpu, qemu_plugin_meminfo_t info, uint64_t vaddr, void *udata)
{
    (void)vcpu;
    (void)udata;
    if (nacc < MAX_ACC) {
        acc[nacc].addr = vaddr;
        acc[nacc].size = (uint8_t)(1u << qemu_plugin_mem_size_shift(info));
        acc[nacc].store = (uint8_t)qemu_plugin_mem_is_store(info);
        nacc++;
    }
}

static struct insn *lookup_insn(struct qemu_plugin_insn *qi)
{
    uint64_t pc = qemu_plugin_insn_vaddr(qi);
    size_t size = qemu_plugin_insn_size(qi);
    const uint8_t *bytes = qemu_plugin_insn_data(qi);
    uint8_t buf[4] = {0, 0, 0, 0};
    uint32_t key;
    unsigned h;
    struct insn *in;

    memcpy(buf, bytes, size < 4 ? size : 4);
    key = (uint32_t)buf[0] | (uint32_t)buf[1] << 8 | (uint32_t)buf[2] << 16 | (uint32_t)buf[3] << 24;
    h = (unsigned)((pc >> 1) ^ (pc >> 17)) & (NBUCKETS - 1);
    for (in = buckets[h]; in; in = in->next)
        if (in->pc == pc && in->key == key && in->size == size) return in;
    in = calloc(1, sizeof *in);
    if (!in) return NULL;
    in->pc = pc;
    in->key = key;
    in->size = (uint8_t)size;
    in->kind = (int8_t)kind_of(pc);
    if (M.isa == ISA_MIPS) {
        hbc_decode_mips(bytes, size, M.big_endian, &in->d);
        if (trace) in->text = qemu_plugin_insn_disas(qi);
    } else {
        char *text = qemu_plugin_insn_disas(qi);
        hbc_decode_arm(text, bytes, size, &in->d);
        if (trace) in->text = text;
        else free(text);
    }
    in->next = buckets[h];
    buckets[h] = in;
    return in;
}

static void on_tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
    size_t i, n = qemu_plugin_tb_n_insns(tb);
    (void)id;
    for (i = 0; i < n; i++) {
        struct qemu_plugin_insn *qi = qemu_plugin_tb_get_insn(tb, i);
        struct insn *in = lookup_insn(qi);
        if (!in) continue;
        qemu_plugin_register_vcpu_insn_exec_cb(qi, on_exec, QEMU_PLUGIN_CB_NO_REGS, in);
        qemu_plugin_register_vcpu_mem_cb(qi, on_mem, QEMU_PLUGIN_CB_NO_REGS, QEMU_PLUGIN_MEM_RW, NULL);
    }
}

static void on_exit_cb(qemu_plugin_id_t id, void *udata)
{
    (void)id;
    (void)udata;
    retire(prev ? prev->pc + prev->size : 0, NULL);
    hb_rec_begin("totals");
    hb_rec_uint("instructions", ct[CT_INSNS]);
    hb_rec_uint("cycles", ct[CT_CYCLES]);
    hb_rec_uint("regions", regions);
    hb_rec_uint("unmatched", unmatched + (unsigned long)in_region);
    hb_rec_uint("unknown_instructions", ct[CT_UNKNOWN]);
    hb_rec_end();
    fflush(out);
    if (out != stderr) fclose(out);
    out = NULL;
    if (trace) fclose(trace);
    trace = NULL;
}

/* =========================================================================
 * Reading the model file
 * ========================================================================= */
static int find_kind(const char *name)
{
    int i;
    for (i = 0; i < M.nkinds; i++)
        if (strcmp(M.kinds[i].name, name) == 0) return i;
    return -1;
}

static int parse_u64(const char *s, uint64_t *v)
{
    char *e;
    if (!s || !*s) return 0;
    *v = strtoull(s, &e, 0);
    return *e == '\0';
}

static int parse_int(const char *s, int *v)
{
    char *e;
    long x;
    if (!s || !*s) return 0;
    x = strtol(s, &e, 0);
    if (*e != '\0' || x < -1000000 || x > 100000000) return 0;
    *v = (int)x;
    return 1;
}

static int set_cache(struct cache *c, const char *key, const char *val)
{
    int v;
    if (strcmp(key, "repl") == 0) {
        if (!strcmp(val, "lru")) c->repl = REPL_LRU;
        else if (!strcmp(val, "rr")) c->repl = REPL_RR;
        else if (!strcmp(val, "random")) c->repl = REPL_RANDOM;
        else return 0;
        return 1;
    }
    if (!parse_int(val, &v) || v < 0) return 0;
    if (!strcmp(key, "on")) c->on = v;
    else if (!strcmp(key, "size")) c->sets = (uint32_t)v; /* resolved into sets after reading */
    else if (!strcmp(key, "line")) c->line = (uint32_t)v;
    else if (!strcmp(key, "ways")) c->ways = (uint32_t)v;
    else if (!strcmp(key, "write_back")) c->write_back = v;
    else if (!strcmp(key, "write_allocate")) c->write_alloc = v;
    else if (!strcmp(key, "critical_first")) c->critical_first = v;
    else return 0;
    return 1;
}

static uint32_t class_mask(const char *val)
{
    /* comma-separated class names */
    uint32_t m = 0;
    char buf[256], *p, *save = NULL;
    snprintf(buf, sizeof buf, "%s", val);
    for (p = strtok_r(buf, ",", &save); p; p = strtok_r(NULL, ",", &save)) {
        int c = hbc_class_from_name(p);
        if (c >= 0) m |= 1u << c;
    }
    return m;
}

static int set_scalar(const char *key, const char *val)
{
    int v = 0, c;
    char head[32];
    const char *dot = strchr(key, '.');
    if (!strcmp(key, "predictor")) {
        if (!strcmp(val, "none")) M.predictor = PRED_NONE;
        else if (!strcmp(val, "static")) M.predictor = PRED_STATIC;
        else if (!strcmp(val, "dynamic")) M.predictor = PRED_DYNAMIC;
        else return 0;
        return 1;
    }
    if (!strcmp(key, "dual.first")) return M.dual_first = class_mask(val), 1;
    if (!strcmp(key, "dual.second")) return M.dual_second = class_mask(val), 1;
#define S(name, field) if (!strcmp(key, name)) return parse_int(val, &v) ? (M.field = v, 1) : 0
    S("mul_m", mul_m);
    S("early_adv", early_adv);
    S("late_lag", late_lag);
    S("mull_hi_extra", mull_hi_extra);
    S("cond_fail_ldst", cond_fail_ldst);
    S("scaled_offset_extra", scaled_extra);
    S("branch.not_taken", br_nt);
    S("branch.taken", br_t);
    S("branch.mispredict", br_mis);
    S("branch.indirect", br_ind);
    S("branch.static_taken", br_static_t);
    S("branch.likely_not_taken", likely_nt);
    S("branch.load_pc_extra", loadpc_extra);
    S("return.hit", ret_hit);
    S("return.miss", ret_miss);
    S("return.empty", ret_empty);
    S("return.depth", ras_depth);
    S("btac.entries", btac_entries);
    S("btac.shift", btac_shift);
    S("fetch.bytes", fetch_bytes);
    S("write_buffer.depth", wbuf_depth);
    S("dual.issue", dual);
    S("dual.mem_pair", dual_mem_pair);
#undef S
    if (dot && (size_t)(dot - key) < sizeof head) {
        memcpy(head, key, (size_t)(dot - key));
        head[dot - key] = '\0';
        if (!strcmp(head, "icache")) return set_cache(&M.ic, dot + 1, val);
        if (!strcmp(head, "dcache")) return set_cache(&M.dc, dot + 1, val);
        c = hbc_class_from_name(head);
        if (c >= 0) {
            if (!parse_int(val, &v)) return 0;
            if (!strcmp(dot + 1, "issue")) M.issue[c] = v;
            else if (!strcmp(dot + 1, "per_reg")) M.per_reg[c] = v;
            else if (!strcmp(dot + 1, "per_reg_div") && v > 0) M.per_reg_div[c] = v;
            else if (!strcmp(dot + 1, "min")) M.min[c] = v;
            else if (!strcmp(dot + 1, "latency")) M.lat[c] = v;
            else return 0;
            return 1;
        }
    }
    return 0;
}

static int load_model(const char *path, char *why, size_t whylen)
{
    FILE *f = fopen(path, "r");
    char line[512];
    int lineno = 0, i;
    if (!f) return snprintf(why, whylen, "cannot open %s", path), -1;
    memset(&M, 0, sizeof M);
    M.default_kind = -1;
    M.mul_m = 4;
    memset(vwidth, 32, sizeof vwidth);
    M.cond_fail_ldst = 1;
    for (i = 0; i < HBC_NCLASS; i++) M.issue[i] = 1, M.lat[i] = 1, M.per_reg_div[i] = 1;
    M.br_nt = M.br_t = M.br_mis = M.br_ind = M.br_static_t = 1;
    M.ret_hit = M.ret_miss = M.ret_empty = 1;
    M.btac_shift = 2;
    while (fgets(line, sizeof line, f)) {
        char *tok[16], *save = NULL, *p;
        int n = 0;
        lineno++;
        if ((p = strchr(line, '#'))) *p = '\0';
        for (p = strtok_r(line, " \t\r\n", &save); p && n < 16; p = strtok_r(NULL, " \t\r\n", &save))
            tok[n++] = p;
        if (n == 0) continue;
        if (!strcmp(tok[0], "core") && n == 2) {
            if (!strcmp(tok[1], "bus")) M.core = CORE_BUS;
            else if (!strcmp(tok[1], "pipe")) M.core = CORE_PIPE;
            else goto bad;
        } else if (!strcmp(tok[0], "isa") && n == 2) {
            if (!strcmp(tok[1], "arm")) M.isa = ISA_ARM;
            else if (!strcmp(tok[1], "mips")) M.isa = ISA_MIPS;
            else goto bad;
        } else if (!strcmp(tok[0], "endian") && n == 2) {
            M.big_endian = !strcmp(tok[1], "big");
        } else if (!strcmp(tok[0], "name") && n == 2) {
            snprintf(M.name, sizeof M.name, "%s", tok[1]);
        } else if (!strcmp(tok[0], "kind") && n >= 2) {
            struct kind *k;
            if (M.nkinds >= MAX_KINDS || find_kind(tok[1]) >= 0) goto bad;
            k = &M.kinds[M.nkinds++];
            snprintf(k->name, sizeof k->name, "%s", tok[1]);
            k->width = 4, k->n = k->s = k->wn = k->ws = 1;
            k->fetch_n_after_shift = -1;
            for (i = 2; i < n; i++) {
                char *eq = strchr(tok[i], '=');
                int v;
                if (!eq) goto bad;
                *eq = '\0';
                if (!parse_int(eq + 1, &v)) goto bad;
                if (!strcmp(tok[i], "width")) k->width = v;
                else if (!strcmp(tok[i], "n")) k->n = v;
                else if (!strcmp(tok[i], "s")) k->s = v;
                else if (!strcmp(tok[i], "wn")) k->wn = v;
                else if (!strcmp(tok[i], "ws")) k->ws = v;
                else if (!strcmp(tok[i], "icache")) k->icache = v;
                else if (!strcmp(tok[i], "dcache")) k->dcache = v;
                else if (!strcmp(tok[i], "fetch_n_after_i")) k->fetch_n_after_i = v;
                else if (!strcmp(tok[i], "fetch_n_after_shift")) k->fetch_n_after_shift = v;
                else goto bad;
            }
            if (k->width < 1) goto bad;
        } else if (!strcmp(tok[0], "map") && n == 4) {
            int k = find_kind(tok[3]);
            struct range *r;
            if (k < 0 || M.nmap >= MAX_RANGES) goto bad;
            r = &M.map[M.nmap++];
            if (!parse_u64(tok[1], &r->lo) || !parse_u64(tok[2], &r->hi) || r->hi <= r->lo) goto bad;
            r->kind = k;
        } else if (!strcmp(tok[0], "shift") && n == 4) {
            struct shift *sh;
            uint64_t d;
            if (M.nshifts >= MAX_RANGES) goto bad;
            sh = &M.shifts[M.nshifts++];
            if (!parse_u64(tok[1], &sh->lo) || !parse_u64(tok[2], &sh->hi) || sh->hi <= sh->lo) goto bad;
            if (!parse_u64(tok[3], &d)) goto bad;
            sh->delta = (int64_t)d;
        } else if (!strcmp(tok[0], "default") && n == 2) {
            M.default_kind = find_kind(tok[1]);
            if (M.default_kind < 0) goto bad;
        } else if (!strcmp(tok[0], "set") && n == 3) {
            if (!set_scalar(tok[1], tok[2])) goto bad;
        } else {
            goto bad;
        }
    }
    fclose(f);
    if (M.nkinds == 0) return snprintf(why, whylen, "%s: no memory kind", path), -1;
    if (M.default_kind < 0) M.default_kind = 0;
    /* caches: size given in bytes, turned into sets */
    {
        struct cache *cs[2] = {&M.ic, &M.dc};
        for (i = 0; i < 2; i++) {
            struct cache *c = cs[i];
            uint32_t bytes = c->sets;
            if (!c->on) continue;
            if (c->line == 0 || c->ways == 0 || bytes % (c->line * c->ways))
                return snprintf(why, whylen, "%s: cache size is not line x ways x sets", path), -1;
            c->sets = bytes / (c->line * c->ways);
            if (c->sets & (c->sets - 1))
                return snprintf(why, whylen, "%s: cache sets must be a power of two", path), -1;
            if (cache_init(c)) return snprintf(why, whylen, "out of memory"), -1;
        }
    }
    if (M.predictor == PRED_DYNAMIC && M.btac_entries > 0) {
        btac_tag = calloc((size_t)M.btac_entries, sizeof *btac_tag);
        btac_ctr = calloc((size_t)M.btac_entries, 1);
        if (!btac_tag || !btac_ctr) return snprintf(why, whylen, "out of memory"), -1;
    }
    if (M.ras_depth > RAS_MAX) M.ras_depth = RAS_MAX;
    if (M.wbuf_depth > WBUF_MAX) M.wbuf_depth = WBUF_MAX;
    return 0;
bad:
    fclose(f);
    snprintf(why, whylen, "%s:%d: bad line", path, lineno);
    return -1;
}

/* =========================================================================
 * Install
 * ========================================================================= */
HB_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info, int argc, char **argv)
{
    int i;
    const char *path = NULL, *model = NULL, *tpath = NULL;
    char why[300];
    (void)info;
    for (i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (strncmp(a, "begin=", 6) == 0) have_begin = parse_u64(a + 6, &begin_addr);
        else if (strncmp(a, "end=", 4) == 0) have_end = parse_u64(a + 4, &end_addr);
        else if (strncmp(a, "mark=", 5) == 0) have_mark = parse_u64(a + 5, &mark_addr);
        else if (strncmp(a, "out=", 4) == 0) path = a + 4;
        else if (strncmp(a, "model=", 6) == 0) model = a + 6;
        else if (strncmp(a, "trace=", 6) == 0) tpath = a + 6;
        else if (strncmp(a, "trace_region=", 13) == 0) trace_region = strtol(a + 13, NULL, 0);
        else {
            qemu_plugin_outs("hb_cycles: unknown argument (model=,out=,begin=,end= or mark=,trace=)\n");
            return -1;
        }
    }
    if (!model) {
        qemu_plugin_outs("hb_cycles: model=FILE is required\n");
        return -1;
    }
    if (!((have_begin && have_end && begin_addr != end_addr) || have_mark)) {
        qemu_plugin_outs("hb_cycles: give begin= and end= (two addresses) or mark=\n");
        return -1;
    }
    if (load_model(model, why, sizeof why)) {
        fprintf(stderr, "hb_cycles: %s\n", why);
        return -1;
    }
    out = path ? fopen(path, "w") : stderr;
    if (!out) {
        qemu_plugin_outs("hb_cycles: cannot open the out= file\n");
        return -1;
    }
    if (tpath) {
        trace = fopen(tpath, "w");
        if (!trace) {
            qemu_plugin_outs("hb_cycles: cannot open the trace= file\n");
            return -1;
        }
    }
    hb_rec_begin("plugin");
    hb_rec_str("name", "hb_cycles");
    hb_rec_str("model", M.name);
    hb_rec_str("core", M.core == CORE_BUS ? "bus" : "pipe");
    if (have_mark) {
        hb_rec_uint("mark", mark_addr);
    } else {
        hb_rec_uint("begin", begin_addr);
        hb_rec_uint("end", end_addr);
    }
    hb_rec_end();
    fflush(out);
    qemu_plugin_register_vcpu_tb_trans_cb(id, on_tb_trans);
    qemu_plugin_register_atexit_cb(id, on_exit_cb, NULL);
    return 0;
}
