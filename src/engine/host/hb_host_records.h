/* SPDX-License-Identifier: MIT
 * hb_host_records.h - the host engine's records (docs/records.md), on top
 * of the writer every engine shares (../hb_record.h).
 */
#ifndef HB_HOST_RECORDS_H
#define HB_HOST_RECORDS_H

#include "args.h"

/* {"rec":"timer",...}: the selected timer, as `bench` and `clock` start. */
void hb_rec_timer(const hb_timer *t, const hb_timer_info *info);

/* ,"samples":[[iters, ticks, ns(, switches)(, clock_ticks)],...] */
void hb_rec_samples(const hb_sample *samples, unsigned n, int measured, int with_clock);

/* The fields a measurement's records start with: algo, impl, size. */
void hb_rec_head(const char *kind, const hb_impl *r, unsigned long size);

/* Parameters recorded with a result, where the roster fixes one. */
void hb_rec_params(const char *algo);

/* `bench`'s first records: engine, and unless in region mode, timer. */
void hb_rec_bench_header(const hb_bench_opts *o, int total);

/* A verified measurement of implementation k, timed with `cfg` in mode
 * `m`: its `result` record; chain_hex: chained calls' check digest
 * (NULL: independent calls). */
void hb_rec_result(const hb_bench_opts *o, size_t k, unsigned long size, const char *basis,
                   const hb_bench_result *res, const hb_mode *m, const hb_bench_cfg *cfg,
                   const char *chain_hex);

#endif
