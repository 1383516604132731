/* SPDX-License-Identifier: MIT
 * qemu_insn.c - hb_insn, a QEMU TCG plugin that counts the guest
 * instructions executed between two marker functions, exactly, once per
 * measured region.
 *
 *   qemu-<arch> -plugin hb_insn.so,begin=0xADDR,end=0xADDR,out=FILE prog ...
 *
 * begin/end are the entry addresses of the engine's marker functions
 * hb_cross_begin / hb_cross_end (from `nm`; Thumb bit already cleared).
 * Every executed instruction adds one to a counter (an inline TCG add, no
 * helper call); executing the first instruction of a marker snapshots the
 * counter.  Each begin..end pair is one region; its count goes to FILE as a
 * record (format 2, docs/records.md, written by src/engine/hb_record.c,
 * linked in) the moment the region ends, so nothing is lost if the guest
 * dies later:
 *   plugin   first: name "hb_insn", begin, end
 *   count    region, instructions
 *   totals   last: instructions (the whole run), regions, unmatched
 * Only instructions inside the region are counted, never start-up, so the
 * figure is the same run after run.
 *
 * Debian's QEMU 7.2 loads plugins but ships no <qemu-plugin.h>: the few
 * entry points used here are declared below from the plugin API
 * documentation of that release (API version 1).  Nothing else from QEMU is
 * needed, not even glib.
 */
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../engine/hb_record.h"
#include "qemu_plugin_abi.h"

/* ---- the QEMU 7.2 plugin ABI (qemu_plugin_abi.h) ------------------------ */
HB_EXPORT int qemu_plugin_version = 1;

/* ---- the counter --------------------------------------------------------- */
/* One guest CPU: user mode runs our single-threaded engine, and the
 * Cortex-M board has one core.  A plain global is enough. */
static uint64_t executed;       /* instructions executed so far        */
static uint64_t region_start;
static int in_region;
static unsigned long regions;   /* completed regions                   */
static unsigned long unmatched; /* an end without a begin, or nesting  */
static uint64_t begin_addr, end_addr;
static FILE *out;

/* The record writer's output: the out= file. */
void hb_putc(char c)
{
    putc(c, out);
}

static void on_begin(unsigned int vcpu, void *udata)
{
    (void)vcpu; (void)udata;
    if (in_region) unmatched++;
    in_region = 1;
    region_start = executed;
}

static void on_end(unsigned int vcpu, void *udata)
{
    (void)vcpu; (void)udata;
    if (!in_region) {
        unmatched++;
        return;
    }
    in_region = 0;
    /* The marker's first instruction is counted on both sides alike, so
     * the difference is the instructions from begin's entry to end's. */
    hb_rec_begin("count");
    hb_rec_uint("region", regions++);
    hb_rec_uint("instructions", executed - region_start);
    hb_rec_end();
    fflush(out);
}

static void on_tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
    size_t i, n = qemu_plugin_tb_n_insns(tb);
    (void)id;
    for (i = 0; i < n; i++) {
        struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);
        uint64_t pc = qemu_plugin_insn_vaddr(insn);
        /* Per instruction, not per block: a block left early (a fault,
         * a syscall) must not count the instructions it did not run. */
        qemu_plugin_register_vcpu_insn_exec_inline(insn, QEMU_PLUGIN_INLINE_ADD_U64, &executed, 1);
        if (pc == begin_addr)
            qemu_plugin_register_vcpu_insn_exec_cb(insn, on_begin, QEMU_PLUGIN_CB_NO_REGS, NULL);
        else if (pc == end_addr)
            qemu_plugin_register_vcpu_insn_exec_cb(insn, on_end, QEMU_PLUGIN_CB_NO_REGS, NULL);
    }
}

static void on_exit_cb(qemu_plugin_id_t id, void *udata)
{
    (void)id; (void)udata;
    hb_rec_begin("totals");
    hb_rec_uint("instructions", executed);
    hb_rec_uint("regions", regions);
    hb_rec_uint("unmatched", unmatched + (unsigned long)in_region);
    hb_rec_end();
    fflush(out);
    if (out != stderr) fclose(out);
    out = NULL;
}

static int parse_addr(const char *text, uint64_t *v)
{
    char *end;
    if (!*text) return 0;
    *v = strtoull(text, &end, 0);
    return *end == '\0';
}

HB_EXPORT int qemu_plugin_install(qemu_plugin_id_t id, const qemu_info_t *info, int argc, char **argv)
{
    int i, have_begin = 0, have_end = 0;
    const char *path = NULL;
    (void)info;
    for (i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (strncmp(a, "begin=", 6) == 0) have_begin = parse_addr(a + 6, &begin_addr);
        else if (strncmp(a, "end=", 4) == 0) have_end = parse_addr(a + 4, &end_addr);
        else if (strncmp(a, "out=", 4) == 0) path = a + 4;
        else {
            qemu_plugin_outs("hb_insn: unknown argument (use begin=ADDR,end=ADDR,out=FILE)\n");
            return -1;
        }
    }
    if (!have_begin || !have_end || begin_addr == end_addr) {
        qemu_plugin_outs("hb_insn: begin= and end= must be two different addresses\n");
        return -1;
    }
    out = path ? fopen(path, "w") : stderr;
    if (!out) {
        qemu_plugin_outs("hb_insn: cannot open the out= file\n");
        return -1;
    }
    hb_rec_begin("plugin");
    hb_rec_str("name", "hb_insn");
    hb_rec_uint("begin", begin_addr);
    hb_rec_uint("end", end_addr);
    hb_rec_end();
    fflush(out);
    qemu_plugin_register_vcpu_tb_trans_cb(id, on_tb_trans);
    qemu_plugin_register_atexit_cb(id, on_exit_cb, NULL);
    return 0;
}
