/* SPDX-License-Identifier: MIT
 * hb_host_records.c - see hb_host_records.h.
 */
#include <stdio.h>
#include <string.h>

#include "hb_host.h"
#include "hb_host_records.h"
#include "hb_impls.h"
#include "../hb_record.h"
#include "../../algos/hb_algos.h"
#include "../../platform/host/hb_clock.h"

void hb_rec_timer(const hb_timer *t, const hb_timer_info *info)
{
    hb_rec_begin("timer");
    hb_rec_str("name", t->name);
    hb_rec_str("unit", info->unit);
    hb_rec_uint("hz", info->hz);
    hb_rec_str("hz_source", info->hz_source);
    hb_rec_bool("is_cycles", info->is_cycles);
    hb_rec_str("description", t->description);
    hb_rec_end();
}

/* [iters, ticks, ns] per sample; a measurement's samples add switches, and
 * clock_ticks when the kernel ran around them */
void hb_rec_samples(const hb_sample *samples, unsigned n, int measured, int with_clock)
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

void hb_rec_head(const char *kind, const hb_impl *r, unsigned long size)
{
    hb_rec_begin(kind);
    hb_rec_str("algo", r->algo->id);
    hb_rec_str("impl", r->name);
    hb_rec_uint("size", size);
}

void hb_rec_params(const char *algo)
{
    if (strcmp(algo, "pbkdf2-sha256") == 0) {
        hb_rec_key("params");
        hb_put_str("{\"iterations\":");
        hb_put_uint(HB_PBKDF2_SHA256_ITERATIONS);
        hb_putc('}');
    }
}

void hb_rec_bench_header(const hb_bench_opts *o, int total)
{
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
    hb_rec_timer(o->cfg.timer, &o->tinfo);
}

void hb_rec_result(const hb_bench_opts *o, size_t k, unsigned long size, const char *basis,
                   const hb_bench_result *res, const hb_mode *m, const hb_bench_cfg *cfg,
                   const char *chain_hex)
{
    hb_impl r = hb_impl_at(k);
    const char *version = hb_impl_version(k);
    hb_rec_head("result", &r, size);
    hb_rec_str("verified", basis);
    hb_rec_uint("calibrated_iters", res->calibrated_iters);
    if (o->cfg.clock_rounds) hb_rec_uint("clock_adds", o->cfg.clock_rounds * HB_CLOCK_OPS_PER_ROUND);
    if (version) hb_rec_str("impl_version", version);
    hb_rec_params(r.algo->id);
    if (chain_hex) {
        hb_rec_uint("chain", cfg->chain);
        hb_rec_uint("chain_calls", HB_CHAIN_CHECK);
        hb_rec_str("chain_digest", chain_hex);
    }
    if (m->threads) {
        hb_rec_uint("threads", m->threads);
        hb_rec_uint("thread", m->thread);
        if (m->cpu >= 0) hb_rec_uint("cpu", (hb_uint)m->cpu);
    }
    if (o->naligns) hb_rec_uint("align", m->align);
    hb_rec_samples(res->samples, res->nsamples, 1, o->cfg.clock_rounds != 0);
    hb_rec_end();
    fflush(stdout);
}
