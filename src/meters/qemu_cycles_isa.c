/* SPDX-License-Identifier: MIT
 * qemu_cycles_isa.c - instruction decoders of the cycle-model plugin: from
 * one guest instruction to its class, its source and destination registers
 * and its kind of change of flow (qemu_cycles.h).
 *
 * ARM (A32, Thumb, Thumb-2) is read from QEMU's disassembly, which Debian's
 * QEMU 7.2 produces with capstone: mnemonic (base, optional S, optional
 * condition, optional .w/.n) and operands are regular enough to classify.
 * MIPS is decoded from the instruction word instead: QEMU's MIPS
 * disassembler prints some MIPS III encodings with MIPS R6 names (a BGTZ
 * shows as "bltuc"), and the MIPS III fields are simple to read directly.
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "qemu_cycles.h"

static const char *const class_names[HBC_NCLASS] = {
    "alu", "shiftr", "mul", "mla", "mull", "mlal", "muldsp", "dmul", "div", "ddiv", "hilo",
    "load", "loadbh", "loadd", "store", "stored", "ldm", "stm", "branch", "nop", "sys",
};

const char *hbc_class_name(int cls)
{
    return cls >= 0 && cls < HBC_NCLASS ? class_names[cls] : "?";
}

int hbc_class_from_name(const char *name)
{
    int i;
    for (i = 0; i < HBC_NCLASS; i++)
        if (strcmp(name, class_names[i]) == 0) return i;
    return -1;
}

#define BIT(r) ((uint64_t)1 << (r))

/* =========================================================================
 * ARM, from capstone's text
 * ========================================================================= */

/* How the operands of a mnemonic are used. */
enum arm_kind {
    K_DP,     /* Rd, Rn, Op2 (or the Thumb two-address Rd, Op2: Rd is read too) */
    K_UNARY,  /* Rd, Op2: MOV, MVN, CLZ, REV, UXTB, ...                     */
    K_RDRW,   /* Rd, ...: Rd is read and written (MOVT, BFI, BFC)            */
    K_CMP,    /* Rn, Op2: no destination, sets flags                         */
    K_SHIFT,  /* LSL/LSR/ASR/ROR: a register as the last operand is a shift amount */
    K_MUL, K_MLA, K_MULL, K_MLAL, K_DSPMUL, K_DSPMLA, K_DSPMLAL, K_DIV,
    K_LDR, K_LDRBH, K_LDRD, K_STR, K_STRD,
    K_LDM, K_STM, K_POP, K_PUSH,
    K_B, K_BL, K_BX, K_BLX, K_CBZ, K_TB,
    K_NOP, K_SYS, K_MRS
};

struct arm_mn {
    const char *name;
    unsigned char kind;
    unsigned char s_ok; /* takes the S (set flags) suffix */
};

/* Base mnemonics.  Matched longest first (see arm_match). */
static const struct arm_mn arm_mns[] = {
    {"and", K_DP, 1}, {"eor", K_DP, 1}, {"sub", K_DP, 1}, {"rsb", K_DP, 1}, {"add", K_DP, 1},
    {"adc", K_DP, 1}, {"sbc", K_DP, 1}, {"rsc", K_DP, 1}, {"orr", K_DP, 1}, {"orn", K_DP, 1},
    {"bic", K_DP, 1}, {"addw", K_DP, 0}, {"subw", K_DP, 0},
    {"qadd", K_DP, 0}, {"qsub", K_DP, 0}, {"qdadd", K_DP, 0}, {"qdsub", K_DP, 0},
    {"sel", K_DP, 0}, {"pkhbt", K_DP, 0}, {"pkhtb", K_DP, 0},
    {"uadd8", K_DP, 0}, {"usub8", K_DP, 0}, {"uadd16", K_DP, 0}, {"usub16", K_DP, 0},
    {"sadd8", K_DP, 0}, {"ssub8", K_DP, 0}, {"sadd16", K_DP, 0}, {"ssub16", K_DP, 0},
    {"uxtab", K_DP, 0}, {"uxtah", K_DP, 0}, {"sxtab", K_DP, 0}, {"sxtah", K_DP, 0},
    {"uxtab16", K_DP, 0}, {"sxtab16", K_DP, 0}, {"usad8", K_DP, 0},
    {"mov", K_UNARY, 1}, {"mvn", K_UNARY, 1}, {"neg", K_UNARY, 1}, {"clz", K_UNARY, 0},
    {"rev", K_UNARY, 0}, {"rev16", K_UNARY, 0}, {"revsh", K_UNARY, 0}, {"rbit", K_UNARY, 0},
    {"uxtb", K_UNARY, 0}, {"uxth", K_UNARY, 0}, {"sxtb", K_UNARY, 0}, {"sxth", K_UNARY, 0},
    {"uxtb16", K_UNARY, 0}, {"sxtb16", K_UNARY, 0}, {"movw", K_UNARY, 0}, {"adr", K_UNARY, 0},
    {"ubfx", K_UNARY, 0}, {"sbfx", K_UNARY, 0}, {"usat", K_UNARY, 0}, {"ssat", K_UNARY, 0},
    {"rrx", K_UNARY, 1},
    {"movt", K_RDRW, 0}, {"bfi", K_RDRW, 0}, {"bfc", K_RDRW, 0},
    {"cmp", K_CMP, 0}, {"cmn", K_CMP, 0}, {"tst", K_CMP, 0}, {"teq", K_CMP, 0},
    {"lsl", K_SHIFT, 1}, {"lsr", K_SHIFT, 1}, {"asr", K_SHIFT, 1}, {"ror", K_SHIFT, 1},
    {"mul", K_MUL, 1}, {"mla", K_MLA, 1}, {"mls", K_MLA, 0},
    {"umull", K_MULL, 1}, {"smull", K_MULL, 1}, {"umlal", K_MLAL, 1}, {"smlal", K_MLAL, 1},
    {"umaal", K_MLAL, 0},
    {"smulbb", K_DSPMUL, 0}, {"smulbt", K_DSPMUL, 0}, {"smultb", K_DSPMUL, 0},
    {"smultt", K_DSPMUL, 0}, {"smulwb", K_DSPMUL, 0}, {"smulwt", K_DSPMUL, 0},
    {"smuad", K_DSPMUL, 0}, {"smusd", K_DSPMUL, 0}, {"smmul", K_DSPMUL, 0},
    {"smlabb", K_DSPMLA, 0}, {"smlabt", K_DSPMLA, 0}, {"smlatb", K_DSPMLA, 0},
    {"smlatt", K_DSPMLA, 0}, {"smlawb", K_DSPMLA, 0}, {"smlawt", K_DSPMLA, 0},
    {"smlad", K_DSPMLA, 0}, {"smlsd", K_DSPMLA, 0}, {"smmla", K_DSPMLA, 0}, {"smmls", K_DSPMLA, 0},
    {"smlalbb", K_DSPMLAL, 0}, {"smlalbt", K_DSPMLAL, 0}, {"smlaltb", K_DSPMLAL, 0},
    {"smlaltt", K_DSPMLAL, 0}, {"smlald", K_DSPMLAL, 0}, {"smlsld", K_DSPMLAL, 0},
    {"udiv", K_DIV, 0}, {"sdiv", K_DIV, 0},
    {"ldr", K_LDR, 0}, {"ldrt", K_LDR, 0}, {"ldrex", K_LDR, 0},
    {"ldrb", K_LDRBH, 0}, {"ldrh", K_LDRBH, 0}, {"ldrsb", K_LDRBH, 0}, {"ldrsh", K_LDRBH, 0},
    {"ldrbt", K_LDRBH, 0}, {"ldrht", K_LDRBH, 0}, {"ldrexb", K_LDRBH, 0}, {"ldrexh", K_LDRBH, 0},
    {"ldrd", K_LDRD, 0}, {"ldrexd", K_LDRD, 0},
    {"str", K_STR, 0}, {"strb", K_STR, 0}, {"strh", K_STR, 0}, {"strt", K_STR, 0},
    {"strbt", K_STR, 0}, {"strex", K_STR, 0}, {"strexb", K_STR, 0}, {"strexh", K_STR, 0},
    {"strd", K_STRD, 0},
    {"ldm", K_LDM, 0}, {"ldmia", K_LDM, 0}, {"ldmib", K_LDM, 0}, {"ldmda", K_LDM, 0},
    {"ldmdb", K_LDM, 0}, {"ldmfd", K_LDM, 0}, {"ldmea", K_LDM, 0},
    {"stm", K_STM, 0}, {"stmia", K_STM, 0}, {"stmib", K_STM, 0}, {"stmda", K_STM, 0},
    {"stmdb", K_STM, 0}, {"stmfd", K_STM, 0}, {"stmea", K_STM, 0},
    {"pop", K_POP, 0}, {"push", K_PUSH, 0},
    {"b", K_B, 0}, {"bl", K_BL, 0}, {"bx", K_BX, 0}, {"blx", K_BLX, 0},
    {"cbz", K_CBZ, 0}, {"cbnz", K_CBZ, 0}, {"tbb", K_TB, 0}, {"tbh", K_TB, 0},
    {"nop", K_NOP, 0}, {"pld", K_NOP, 0}, {"pldw", K_NOP, 0}, {"pli", K_NOP, 0},
    {"dmb", K_NOP, 0}, {"dsb", K_NOP, 0}, {"isb", K_NOP, 0}, {"yield", K_NOP, 0},
    {"it", K_NOP, 0}, {"itt", K_NOP, 0}, {"ite", K_NOP, 0}, {"ittt", K_NOP, 0},
    {"itte", K_NOP, 0}, {"itet", K_NOP, 0}, {"itee", K_NOP, 0}, {"itttt", K_NOP, 0},
    {"ittte", K_NOP, 0}, {"ittet", K_NOP, 0}, {"ittee", K_NOP, 0}, {"itett", K_NOP, 0},
    {"itete", K_NOP, 0}, {"iteet", K_NOP, 0}, {"iteee", K_NOP, 0},
    {"svc", K_SYS, 0}, {"swi", K_SYS, 0}, {"bkpt", K_SYS, 0}, {"udf", K_SYS, 0},
    {"msr", K_SYS, 0}, {"mcr", K_SYS, 0}, {"mcr2", K_SYS, 0}, {"cpsid", K_SYS, 0},
    {"cpsie", K_SYS, 0}, {"wfi", K_SYS, 0}, {"wfe", K_SYS, 0}, {"sev", K_SYS, 0},
    {"mrs", K_MRS, 0}, {"mrc", K_MRS, 0}, {"mrc2", K_MRS, 0},
    /* VFP (glibc's start-up and setjmp save FP registers; no hash uses the FPU) */
    {"vstmia", K_SYS, 0}, {"vstmdb", K_SYS, 0}, {"vldmia", K_SYS, 0}, {"vldmdb", K_SYS, 0},
    {"vpush", K_SYS, 0}, {"vpop", K_SYS, 0}, {"vstr", K_SYS, 0}, {"vldr", K_SYS, 0},
    {"vmov", K_SYS, 0}, {"vmrs", K_SYS, 0}, {"vmsr", K_SYS, 0},
};

static const char *const arm_conds[] = {"eq", "ne", "cs", "hs", "cc", "lo", "mi", "pl", "vs",
                                        "vc", "hi", "ls", "ge", "lt", "gt", "le", "al"};

static int is_cond(const char *s)
{
    size_t i;
    if (!*s) return 1;
    for (i = 0; i < sizeof arm_conds / sizeof arm_conds[0]; i++)
        if (strcmp(s, arm_conds[i]) == 0) return 1;
    return 0;
}

/* Split "subshs" into base "sub", S, condition "hs".  Longest base first,
 * so "bls" is B + LS (BL takes no S and "s" is no condition). */
static const struct arm_mn *arm_match(const char *mn, int *set_flags, int *cond)
{
    const struct arm_mn *best = NULL;
    size_t best_len = 0, i;
    int best_s = 0, best_c = 0;
    for (i = 0; i < sizeof arm_mns / sizeof arm_mns[0]; i++) {
        const struct arm_mn *m = &arm_mns[i];
        size_t n = strlen(m->name);
        const char *rest;
        if (n <= best_len || strncmp(mn, m->name, n) != 0) continue;
        rest = mn + n;
        if (is_cond(rest)) {
            best = m, best_len = n, best_s = 0, best_c = *rest && strcmp(rest, "al") != 0;
        } else if (m->s_ok && rest[0] == 's' && is_cond(rest + 1)) {
            best = m, best_len = n, best_s = 1, best_c = rest[1] && strcmp(rest + 1, "al") != 0;
        }
    }
    *set_flags = best_s;
    *cond = best_c;
    return best;
}

static int arm_reg(const char *s, size_t n)
{
    static const char *const alias[] = {"sb", "sl", "fp", "ip", "sp", "lr", "pc"};
    size_t i;
    if (n >= 2 && n <= 3 && s[0] == 'r' && isdigit((unsigned char)s[1])) {
        int v = s[1] - '0';
        if (n == 3) {
            if (!isdigit((unsigned char)s[2])) return -1;
            v = v * 10 + (s[2] - '0');
        }
        return v <= 15 ? v : -1;
    }
    if (n == 2)
        for (i = 0; i < sizeof alias / sizeof alias[0]; i++)
            if (s[0] == alias[i][0] && s[1] == alias[i][1]) return (int)(9 + i);
    return -1;
}

/* One top-level operand. */
enum { OP_REG, OP_IMM, OP_MEM, OP_LIST, OP_SHIFT, OP_OTHER };
struct arm_op {
    int type;
    int reg;           /* OP_REG; OP_SHIFT: the amount register or -1 */
    int wb;            /* OP_REG "rN!", OP_MEM "[..]!" */
    uint64_t regs;     /* OP_MEM: base and index; OP_LIST: the list */
    int nregs;         /* OP_LIST */
    int mem_base;      /* OP_MEM */
    int scaled;        /* OP_MEM: the index register is shifted */
    uint32_t imm;      /* OP_IMM */
};

#define MAX_OPS 8

static void trim(const char **b, const char **e)
{
    while (*b < *e && isspace((unsigned char)**b)) (*b)++;
    while (*e > *b && isspace((unsigned char)(*e)[-1])) (*e)--;
}

/* Registers named anywhere in [b, e): for memory operands and lists. */
static uint64_t regs_in(const char *b, const char *e, int *count, int *first)
{
    uint64_t m = 0;
    int n = 0;
    *first = -1;
    while (b < e) {
        const char *w;
        int r;
        while (b < e && !isalnum((unsigned char)*b)) b++;
        w = b;
        while (b < e && isalnum((unsigned char)*b)) b++;
        if (w == b) break;
        r = arm_reg(w, (size_t)(b - w));
        if (r >= 0) {
            if (*first < 0) *first = r;
            if (!(m & BIT(r))) n++;
            m |= BIT(r);
        }
    }
    *count = n;
    return m;
}

static int arm_operands(const char *s, struct arm_op *ops)
{
    int n = 0;
    while (*s && n < MAX_OPS) {
        const char *b = s, *e;
        int depth = 0;
        struct arm_op *o = &ops[n];
        while (*s && (depth > 0 || *s != ',')) {
            if (*s == '[' || *s == '{') depth++;
            else if (*s == ']' || *s == '}') depth--;
            s++;
        }
        e = s;
        if (*s == ',') s++;
        trim(&b, &e);
        if (b == e) continue;
        memset(o, 0, sizeof *o);
        o->reg = -1;
        o->mem_base = -1;
        if (*b == '[') {
            int cnt, first;
            const char *close = b;
            while (close < e && *close != ']') close++;
            o->type = OP_MEM;
            o->regs = regs_in(b + 1, close, &cnt, &first);
            o->mem_base = first;
            o->wb = close < e && close + 1 < e && close[1] == '!';
            {
                const char *q;
                for (q = b; q + 3 <= close; q++)
                    if (!strncmp(q, "lsl", 3) || !strncmp(q, "lsr", 3) || !strncmp(q, "asr", 3) ||
                        !strncmp(q, "ror", 3))
                        o->scaled = 1;
            }
        } else if (*b == '{') {
            int first;
            o->type = OP_LIST;
            o->regs = regs_in(b + 1, e, &o->nregs, &first);
        } else if (*b == '#' || *b == '-' || isdigit((unsigned char)*b)) {
            int r = *b == '-' ? arm_reg(b + 1, (size_t)(e - b - 1)) : -1;
            if (r >= 0) { /* "-r2": a subtracted post-index register */
                o->type = OP_REG;
                o->reg = r;
            } else {
                const char *q = *b == '#' ? b + 1 : b;
                o->type = OP_IMM;
                o->imm = (uint32_t)strtoul(q, NULL, 0);
            }
        } else if ((e - b >= 3) && (!strncmp(b, "lsl", 3) || !strncmp(b, "lsr", 3) ||
                                    !strncmp(b, "asr", 3) || !strncmp(b, "ror", 3) ||
                                    !strncmp(b, "rrx", 3))) {
            const char *a = b + 3;
            while (a < e && isspace((unsigned char)*a)) a++;
            o->type = OP_SHIFT;
            o->reg = a < e && *a != '#' ? arm_reg(a, (size_t)(e - a)) : -1;
        } else {
            size_t len = (size_t)(e - b);
            int wb = len > 0 && b[len - 1] == '!';
            int r = arm_reg(b, wb ? len - 1 : len);
            if (r >= 0) {
                o->type = OP_REG;
                o->reg = r;
                o->wb = wb;
            } else {
                o->type = OP_OTHER;
            }
        }
        n++;
    }
    return n;
}

static void unknown(hbc_decoded *d)
{
    memset(d, 0, sizeof *d);
    d->cls = HBC_ALU;
    d->flags = HBF_UNKNOWN;
    d->wd = d->wa = d->wb = d->mreg = HBR_NONE;
}

/* The value-width rule of a data-processing instruction (qemu_cycles.h). */
static void arm_width(const char *base, int kind, const struct arm_op *ops, int n, hbc_decoded *d)
{
    int v[4], nv = 0, i;
    uint32_t imm = 0;
    int has_imm = 0, shifted = 0;
    if (n < 1 || ops[0].type != OP_REG || ops[0].reg >= 15) return;
    d->wd = (uint8_t)ops[0].reg;
    d->wop = HBW_FULL;
    for (i = 1; i < n; i++) {
        if (ops[i].type == OP_REG && nv < 4) v[nv++] = ops[i].reg;
        else if (ops[i].type == OP_IMM) has_imm = 1, imm = ops[i].imm;
        else if (ops[i].type == OP_SHIFT) shifted = 1;
    }
    if (shifted) return;
    if (kind == K_DP && (nv + has_imm) == 1) { /* Thumb two-address form: Rd is the first source */
        v[1] = v[0];
        v[0] = ops[0].reg;
        nv = has_imm ? 1 : 2;
    }
    if (!strcmp(base, "mov")) {
        if (has_imm && nv == 0) d->wop = HBW_CONST, d->wimm = imm;
        else if (nv == 1 && !has_imm) d->wop = HBW_MOV, d->wa = (uint8_t)v[0];
    } else if (!strcmp(base, "uxtb")) {
        d->wop = HBW_BYTE;
    } else if (!strcmp(base, "uxth")) {
        d->wop = HBW_HALF;
    } else if ((!strcmp(base, "lsr") || !strcmp(base, "lsl")) && nv == 1 && has_imm) {
        d->wop = base[2] == 'r' ? HBW_SHR : HBW_SHL;
        d->wa = (uint8_t)v[0];
        d->wimm = imm;
    } else if (!strcmp(base, "and") || !strcmp(base, "orr") || !strcmp(base, "eor") ||
               !strcmp(base, "add") || !strcmp(base, "adc") || !strcmp(base, "bic")) {
        int is_and = base[0] == 'a' && base[1] == 'n', is_add = base[0] == 'a' && base[1] == 'd';
        if (!strcmp(base, "bic") && nv >= 1) {
            d->wop = HBW_MOV, d->wa = (uint8_t)v[0]; /* BIC only clears bits */
        } else if (nv == 2 && !has_imm) {
            d->wop = is_and ? HBW_AND : is_add ? HBW_ADD : HBW_OR;
            d->wa = (uint8_t)v[0], d->wb = (uint8_t)v[1];
        } else if (nv == 1 && has_imm) {
            d->wop = is_and ? HBW_ANDI : is_add ? HBW_ADDI : HBW_ORI;
            d->wa = (uint8_t)v[0], d->wimm = imm;
        }
        if (v[0] == 13 || (nv == 2 && v[1] == 13)) d->wop = HBW_FULL; /* addresses */
    }
}

/* Value operands (registers and immediates) after index `from`, and the
 * registers among them; a shift operand makes the register before it an
 * early operand (shifted-register: needed a cycle earlier on ARM11). */
static void arm_values(const struct arm_op *ops, int n, int from, hbc_decoded *d, int *nvalues,
                       int *shift_reg)
{
    int i;
    *nvalues = 0;
    *shift_reg = -1;
    for (i = from; i < n; i++) {
        if (ops[i].type == OP_REG) {
            (*nvalues)++;
            if (i + 1 < n && ops[i + 1].type == OP_SHIFT)
                d->early |= BIT(ops[i].reg);
            else
                d->src |= BIT(ops[i].reg);
        } else if (ops[i].type == OP_IMM) {
            (*nvalues)++;
        } else if (ops[i].type == OP_SHIFT && ops[i].reg >= 0) {
            *shift_reg = ops[i].reg;
            d->early |= BIT(ops[i].reg);
        }
    }
}

static void mem_operand(const struct arm_op *ops, int n, int at, hbc_decoded *d)
{
    const struct arm_op *m = &ops[at];
    d->early |= m->regs; /* address registers: needed by the address stage */
    if (m->scaled) d->flags |= HBF_SCALED;
    if (m->wb && m->mem_base >= 0) d->dst |= BIT(m->mem_base);
    if (at + 1 < n && (ops[at + 1].type == OP_IMM || ops[at + 1].type == OP_REG)) {
        /* post-indexed: [rn], #imm / [rn], rm: the base is written back */
        if (m->mem_base >= 0) d->dst |= BIT(m->mem_base);
        if (ops[at + 1].type == OP_REG) d->early |= BIT(ops[at + 1].reg);
    }
}

/* The target of a direct branch: capstone prints it as "#0x8000154". */
static void arm_target(const char *operands, hbc_decoded *d)
{
    const char *h = strrchr(operands, '#');
    char *e;
    unsigned long long v;
    if (!h) return;
    v = strtoull(h + 1, &e, 0);
    if (e == h + 1) return;
    d->target = (uint64_t)v;
    d->flags |= HBF_TARGET;
}

static int first_mem(const struct arm_op *ops, int n)
{
    int i;
    for (i = 0; i < n; i++)
        if (ops[i].type == OP_MEM) return i;
    return -1;
}

static int thumb_bl_pair(const uint8_t *b, size_t size)
{
    /* A Thumb-1 BL/BLX is two halfwords, 11110xxx xxxxxxxx then 111x1...;
     * as an ARM word its condition field would be 0b1111, which ARMv4T
     * code never uses.  Little-endian guest. */
    unsigned h0, h1;
    if (size != 4) return 0;
    h0 = (unsigned)b[0] | (unsigned)b[1] << 8;
    h1 = (unsigned)b[2] | (unsigned)b[3] << 8;
    return (h0 & 0xF800u) == 0xF000u && (h1 & 0xE800u) == 0xE800u;
}

int hbc_decode_arm(const char *text, const uint8_t *bytes, size_t size, hbc_decoded *d)
{
    char mn[24];
    size_t i = 0;
    const char *p = text;
    const struct arm_mn *m;
    struct arm_op ops[MAX_OPS];
    int n, sflag, cond, nv, shreg;

    unknown(d);
    if (!text) return -1;
    while (*p && isspace((unsigned char)*p)) p++;
    while (*p && !isspace((unsigned char)*p) && i + 1 < sizeof mn) mn[i++] = (char)tolower((unsigned char)*p++);
    mn[i] = '\0';
    if (i >= 2 && mn[i - 2] == '.' && (mn[i - 1] == 'w' || mn[i - 1] == 'n')) mn[i - 2] = '\0';
    m = arm_match(mn, &sflag, &cond);
    if (!m) return -1;
    n = arm_operands(p, ops);

    d->flags = 0;
    if (size == 2 || thumb_bl_pair(bytes, size)) d->flags |= HBF_THUMB;
    if (sflag) d->flags |= HBF_SETFLAGS, d->dst |= BIT(HBR_ARM_FLAGS);
    if (cond) d->src |= BIT(HBR_ARM_FLAGS);

    switch (m->kind) {
    case K_DP:
    case K_UNARY:
    case K_RDRW:
    case K_SHIFT:
        if (n < 1 || ops[0].type != OP_REG) return unknown(d), -1;
        d->cls = HBC_ALU;
        arm_values(ops, n, 1, d, &nv, &shreg);
        d->dst |= BIT(ops[0].reg);
        if (m->kind == K_RDRW || (m->kind != K_UNARY && nv == 1)) d->src |= BIT(ops[0].reg);
        if (!strcmp(m->name, "adc") || !strcmp(m->name, "sbc") || !strcmp(m->name, "rsc") ||
            !strcmp(m->name, "rrx"))
            d->src |= BIT(HBR_ARM_FLAGS);
        if (shreg >= 0) d->cls = HBC_SHIFTR;
        arm_width(m->name, m->kind, ops, n, d);
        if (m->kind == K_SHIFT && n >= 2 && ops[n - 1].type == OP_REG) {
            /* LSL Rd, Rm, Rs / Thumb LSLS Rd, Rs (and Thumb's only ROR): the
             * amount is a register */
            d->cls = HBC_SHIFTR;
        } else if (m->kind == K_SHIFT && nv == 2 && ops[n - 1].type == OP_IMM && n >= 3) {
            d->early |= BIT(ops[1].reg); /* shifted by a constant: the shifter operand */
            d->src &= ~BIT(ops[1].reg);
        }
        if (ops[0].reg == 15) {
            d->cls = HBC_BRANCH;
            d->flags |= HBF_WRITES_PC | HBF_BR_IND;
            if (m->kind == K_UNARY && n == 2 && ops[1].type == OP_REG && ops[1].reg == 14)
                d->flags |= HBF_BR_RET;
        }
        break;
    case K_CMP:
        d->cls = HBC_ALU;
        arm_values(ops, n, 0, d, &nv, &shreg);
        if (shreg >= 0) d->cls = HBC_SHIFTR;
        d->dst |= BIT(HBR_ARM_FLAGS);
        break;
    case K_MUL:
    case K_DSPMUL:
    case K_DIV:
        if (n < 2 || ops[0].type != OP_REG) return unknown(d), -1;
        d->cls = m->kind == K_MUL ? HBC_MUL : m->kind == K_DIV ? HBC_DIV : HBC_MULDSP;
        d->dst |= BIT(ops[0].reg);
        if (m->kind == K_MUL) {
            /* MUL Rd, Rn, Rm: Rm (bits 11:8, the ARM7TDMI's Rs) sets m */
            int a = ops[1].type == OP_REG ? ops[1].reg : -1;
            int b = n >= 3 && ops[2].type == OP_REG ? ops[2].reg : ops[0].reg;
            d->mreg = (uint8_t)b;
            if (a >= 0 && ops[0].reg < 15) {
                d->wop = HBW_MUL, d->wd = (uint8_t)ops[0].reg, d->wa = (uint8_t)a, d->wb = (uint8_t)b;
            }
        }
        for (i = 1; i < (size_t)n; i++)
            if (ops[i].type == OP_REG) d->early |= BIT(ops[i].reg);
        if (n == 2) d->early |= BIT(ops[0].reg);
        if (m->kind == K_DIV) d->src |= d->early, d->early = 0;
        break;
    case K_MLA:
    case K_DSPMLA:
        if (n < 4 || ops[0].type != OP_REG) return unknown(d), -1;
        d->cls = m->kind == K_MLA ? HBC_MLA : HBC_MULDSP;
        d->dst |= BIT(ops[0].reg);
        if (ops[2].type == OP_REG) d->mreg = (uint8_t)ops[2].reg;
        if (ops[1].type == OP_REG) d->early |= BIT(ops[1].reg);
        if (ops[2].type == OP_REG) d->early |= BIT(ops[2].reg);
        if (ops[3].type == OP_REG) d->late |= BIT(ops[3].reg);
        break;
    case K_MULL:
    case K_MLAL:
    case K_DSPMLAL:
        if (n < 4 || ops[0].type != OP_REG || ops[1].type != OP_REG) return unknown(d), -1;
        d->cls = m->kind == K_MULL ? HBC_MULL : m->kind == K_MLAL ? HBC_MLAL : HBC_MULDSP;
        d->dst |= BIT(ops[0].reg);
        d->dst_late |= BIT(ops[1].reg);
        if (ops[3].type == OP_REG) d->mreg = (uint8_t)ops[3].reg;
        if (ops[2].type == OP_REG) d->early |= BIT(ops[2].reg);
        if (ops[3].type == OP_REG) d->early |= BIT(ops[3].reg);
        if (m->kind != K_MULL) d->late |= BIT(ops[0].reg) | BIT(ops[1].reg);
        break;
    case K_LDR:
    case K_LDRBH:
    case K_LDRD: {
        int at = first_mem(ops, n);
        if (at < 1 || ops[0].type != OP_REG) return unknown(d), -1;
        d->cls = m->kind == K_LDR ? HBC_LOAD : m->kind == K_LDRBH ? HBC_LOADBH : HBC_LOADD;
        if (ops[0].reg < 15 && (!strcmp(m->name, "ldrb") || !strcmp(m->name, "ldrh"))) {
            d->wd = (uint8_t)ops[0].reg;
            d->wop = m->name[3] == 'b' ? HBW_BYTE : HBW_HALF;
        }
        for (i = 0; i < (size_t)at; i++)
            if (ops[i].type == OP_REG) d->dst |= BIT(ops[i].reg);
        mem_operand(ops, n, at, d);
        if (d->dst & BIT(15)) {
            d->flags |= HBF_LOADPC | HBF_WRITES_PC | HBF_BR_IND;
            if (ops[at].mem_base == 13) d->flags |= HBF_BR_RET;
        }
        break;
    }
    case K_STR:
    case K_STRD: {
        int at = first_mem(ops, n);
        if (at < 1) return unknown(d), -1;
        d->cls = m->kind == K_STR ? HBC_STORE : HBC_STORED;
        for (i = 0; i < (size_t)at; i++)
            if (ops[i].type == OP_REG) d->late |= BIT(ops[i].reg);
        mem_operand(ops, n, at, d);
        /* STREX writes a status register first */
        if (!strncmp(m->name, "strex", 5) && ops[0].type == OP_REG) {
            d->late &= ~BIT(ops[0].reg);
            d->dst |= BIT(ops[0].reg);
        }
        break;
    }
    case K_LDM:
    case K_STM:
    case K_POP:
    case K_PUSH: {
        int base = 13, at = 0;
        uint64_t list;
        if (m->kind == K_LDM || m->kind == K_STM) {
            if (n < 2 || ops[0].type != OP_REG) return unknown(d), -1;
            base = ops[0].reg;
            if (ops[0].wb) d->dst |= BIT(base);
            at = 1;
        } else {
            d->dst |= BIT(13);
        }
        if (at >= n || ops[at].type != OP_LIST) return unknown(d), -1;
        list = ops[at].regs;
        d->nregs = (uint8_t)ops[at].nregs;
        d->early |= BIT(base);
        if (m->kind == K_LDM || m->kind == K_POP) {
            d->cls = HBC_LDM;
            d->dst |= list;
            if (list & BIT(15)) {
                d->flags |= HBF_LOADPC | HBF_WRITES_PC | HBF_BR_IND;
                if (base == 13) d->flags |= HBF_BR_RET;
            }
        } else {
            d->cls = HBC_STM;
            d->late |= list;
        }
        break;
    }
    case K_B:
        d->cls = HBC_BRANCH;
        if (cond) d->flags |= HBF_BR_COND;
        arm_target(p, d);
        break;
    case K_BL:
        d->cls = HBC_BRANCH;
        d->flags |= HBF_BR_LINK;
        d->dst |= BIT(14);
        if (cond) d->flags |= HBF_BR_COND;
        arm_target(p, d);
        break;
    case K_BX:
    case K_BLX:
        d->cls = HBC_BRANCH;
        if (cond) d->flags |= HBF_BR_COND;
        if (n >= 1 && ops[0].type == OP_REG) {
            d->src |= BIT(ops[0].reg);
            d->flags |= HBF_BR_IND;
            if (m->kind == K_BX && ops[0].reg == 14) d->flags |= HBF_BR_RET;
        }
        if (m->kind == K_BLX) {
            d->flags |= HBF_BR_LINK;
            d->dst |= BIT(14);
            if (!(d->flags & HBF_BR_IND)) arm_target(p, d);
        }
        break;
    case K_CBZ:
        d->cls = HBC_BRANCH;
        d->flags |= HBF_BR_COND;
        if (n >= 1 && ops[0].type == OP_REG) d->src |= BIT(ops[0].reg);
        arm_target(p, d);
        break;
    case K_TB: {
        int at = first_mem(ops, n);
        d->cls = HBC_BRANCH;
        d->flags |= HBF_BR_IND;
        if (at >= 0) d->early |= ops[at].regs;
        break;
    }
    case K_NOP:
        d->cls = HBC_NOP;
        break;
    case K_MRS:
        d->cls = HBC_SYS;
        if (n >= 1 && ops[0].type == OP_REG) d->dst |= BIT(ops[0].reg);
        break;
    case K_SYS:
    default:
        d->cls = HBC_SYS;
        for (i = 0; i < (size_t)n; i++)
            if (ops[i].type == OP_REG) d->src |= BIT(ops[i].reg);
        break;
    }
    if (cond && d->cls != HBC_BRANCH) d->flags |= HBF_COND;
    /* A conditional instruction that fails keeps its destination: for the
     * scoreboard it reads what it may not overwrite. */
    return 0;
}

/* =========================================================================
 * MIPS III, from the instruction word
 * ========================================================================= */

static void mips_alu(hbc_decoded *d, unsigned dst, uint64_t src)
{
    d->cls = HBC_ALU;
    if (dst) d->dst |= BIT(dst);
    d->src |= src & ~(uint64_t)1; /* $zero is never a dependency */
}

int hbc_decode_mips(const uint8_t *b, size_t size, int big_endian, hbc_decoded *d)
{
    uint32_t w;
    unsigned op, rs, rt, rd, fn;
    uint64_t S, T;

    unknown(d);
    if (size != 4) return -1;
    w = big_endian ? (uint32_t)b[0] << 24 | (uint32_t)b[1] << 16 | (uint32_t)b[2] << 8 | b[3]
                   : (uint32_t)b[3] << 24 | (uint32_t)b[2] << 16 | (uint32_t)b[1] << 8 | b[0];
    op = w >> 26;
    rs = (w >> 21) & 31;
    rt = (w >> 16) & 31;
    rd = (w >> 11) & 31;
    fn = w & 63;
    S = rs ? BIT(rs) : 0;
    T = rt ? BIT(rt) : 0;
    d->flags = 0;

    switch (op) {
    case 0: /* SPECIAL */
        switch (fn) {
        case 0: case 2: case 3: case 56: case 58: case 59: case 60: case 62: case 63:
            if (w == 0) { d->cls = HBC_NOP; return 0; } /* sll $0,$0,0 */
            mips_alu(d, rd, T);
            if (fn >= 56) d->flags |= HBF_WIDE;
            return 0;
        case 4: case 6: case 7: case 20: case 22: case 23:
            mips_alu(d, rd, S | T); /* variable shifts */
            if (fn >= 20) d->flags |= HBF_WIDE;
            return 0;
        case 8: /* JR */
            d->cls = HBC_BRANCH;
            d->src |= S;
            d->flags |= HBF_BR_IND | HBF_DELAY | (rs == 31 ? HBF_BR_RET : 0);
            return 0;
        case 9: /* JALR */
            d->cls = HBC_BRANCH;
            d->src |= S;
            if (rd) d->dst |= BIT(rd);
            d->flags |= HBF_BR_IND | HBF_BR_LINK | HBF_DELAY;
            return 0;
        case 12: case 13: case 15:
            d->cls = fn == 15 ? HBC_NOP : HBC_SYS;
            return 0;
        case 16: case 18: /* MFHI, MFLO */
            d->cls = HBC_HILO;
            d->src |= BIT(fn == 16 ? HBR_MIPS_HI : HBR_MIPS_LO);
            if (rd) d->dst |= BIT(rd);
            return 0;
        case 17: case 19: /* MTHI, MTLO */
            d->cls = HBC_HILO;
            d->src |= S;
            d->dst |= BIT(fn == 17 ? HBR_MIPS_HI : HBR_MIPS_LO);
            return 0;
        case 24: case 25: case 26: case 27: case 28: case 29: case 30: case 31:
            d->cls = fn <= 25 ? HBC_MUL : fn <= 27 ? HBC_DIV : fn <= 29 ? HBC_DMUL : HBC_DDIV;
            /* HI/LO are read too: the unit is busy until the last result is in */
            d->src |= S | T | BIT(HBR_MIPS_HI) | BIT(HBR_MIPS_LO);
            d->dst |= BIT(HBR_MIPS_HI) | BIT(HBR_MIPS_LO);
            return 0;
        case 32: case 33: case 34: case 35: case 36: case 37: case 38: case 39: case 42: case 43:
            mips_alu(d, rd, S | T);
            return 0;
        case 44: case 45: case 46: case 47:
            mips_alu(d, rd, S | T);
            d->flags |= HBF_WIDE;
            return 0;
        case 48: case 49: case 50: case 51: case 52: case 54: /* traps */
            d->cls = HBC_ALU;
            d->src |= S | T;
            return 0;
        default:
            return -1;
        }
    case 1: /* REGIMM */
        if (rt <= 3 || (rt >= 16 && rt <= 19)) {
            d->cls = HBC_BRANCH;
            d->src |= S;
            d->flags |= HBF_BR_COND | HBF_DELAY;
            if (rt & 2) d->flags |= HBF_LIKELY;
            if (rt >= 16) d->flags |= HBF_BR_LINK, d->dst |= BIT(31);
            return 0;
        }
        if (rt >= 8 && rt <= 14) { d->cls = HBC_ALU; d->src |= S; return 0; } /* TGEI.. */
        return -1;
    case 2: case 3: /* J, JAL */
        d->cls = HBC_BRANCH;
        d->flags |= HBF_DELAY;
        if (op == 3) d->flags |= HBF_BR_LINK, d->dst |= BIT(31);
        return 0;
    case 4: case 5: case 6: case 7: case 20: case 21: case 22: case 23:
        d->cls = HBC_BRANCH;
        d->src |= S | ((op & 3) <= 1 ? T : 0);
        d->flags |= HBF_DELAY;
        if (op >= 20) d->flags |= HBF_LIKELY;
        /* BEQ $0,$0 (the assembler's B) always branches */
        if (!((op == 4 || op == 20) && rs == 0 && rt == 0)) d->flags |= HBF_BR_COND;
        return 0;
    case 8: case 9: case 10: case 11: case 12: case 13: case 14:
        mips_alu(d, rt, S);
        return 0;
    case 15: /* LUI */
        mips_alu(d, rt, 0);
        return 0;
    case 24: case 25:
        mips_alu(d, rt, S);
        d->flags |= HBF_WIDE;
        return 0;
    case 26: case 27: case 34: case 38: /* LDL, LDR, LWL, LWR merge into rt */
        d->cls = HBC_LOAD;
        d->early |= S;
        d->src |= T;
        if (rt) d->dst |= BIT(rt);
        return 0;
    case 32: case 33: case 36: case 37: /* LB, LH, LBU, LHU */
    case 35: case 39: case 48: case 52: case 55: /* LW, LWU, LL, LLD, LD */
        d->cls = (op == 32 || op == 33 || op == 36 || op == 37) ? HBC_LOADBH : HBC_LOAD;
        d->early |= S;
        if (rt) d->dst |= BIT(rt);
        return 0;
    case 40: case 41: case 42: case 43: case 44: case 45: case 46: case 63: case 56: case 60:
        d->cls = HBC_STORE;
        d->early |= S;
        d->late |= T;
        if ((op == 56 || op == 60) && rt) d->dst |= BIT(rt); /* SC/SCD status */
        return 0;
    case 47: case 51: /* CACHE, PREF */
        d->cls = HBC_NOP;
        return 0;
    case 49: case 53: /* LWC1, LDC1: FP registers are not tracked */
        d->cls = HBC_LOAD;
        d->early |= S;
        return 0;
    case 57: case 61: /* SWC1, SDC1 */
        d->cls = HBC_STORE;
        d->early |= S;
        return 0;
    case 16: case 17: case 18: /* coprocessors */
        d->cls = HBC_SYS;
        return 0;
    default:
        return -1;
    }
}
