/* SPDX-License-Identifier: MIT
 * hb_registry.h - algorithms and implementations, as data.
 *
 * An algorithm (hb_algo) names the math; an implementation (hb_impl) names
 * the code that computes it.  `portable` and `compact` are ours; backends
 * add more rows at run time (see backends/).  Everything is generated from
 * src/algos/registry.def.
 */
#ifndef HB_REGISTRY_H
#define HB_REGISTRY_H

#include <stddef.h>
#include <stdint.h>

typedef enum { HB_TIER_CHECKSUM, HB_TIER_NONCRYPTO, HB_TIER_CRYPTO } hb_tier;

typedef void (*hb_oneshot_fn)(uint8_t *out, const uint8_t *in, size_t len);

/* Type-erased init/update/final, so tests and the engine can stream any
 * algorithm through one code path. */
typedef struct {
    size_t ctx_size;
    void (*init)(void *ctx);
    void (*update)(void *ctx, const uint8_t *in, size_t len);
    void (*final)(void *ctx, uint8_t *out);
} hb_stream_ops;

typedef struct {
    const char *id;       /* "sha256": the algorithm id used everywhere  */
    const char *label;    /* "SHA256": the reference studies' short label */
    hb_tier tier;
    uint8_t digest_len;   /* bytes written by every implementation        */
    uint16_t block_len;   /* bytes consumed per compression / step        */
    uint8_t width;        /* widest integer needed: 16, 32 or 64          */
    const char *spec;     /* what it implements, exactly                  */
    hb_oneshot_fn portable;
    hb_oneshot_fn compact;          /* NULL: no separate compact code    */
    const hb_stream_ops *stream;    /* NULL: one-shot only                */
} hb_algo;

typedef struct {
    const hb_algo *algo;
    const char *name;     /* "portable", "compact", "openssl", ...       */
    hb_oneshot_fn fn;
} hb_impl;

extern const hb_algo hb_algos[];
extern const size_t hb_algo_count;

const hb_algo *hb_algo_find(const char *id);
const char *hb_tier_name(hb_tier tier);

/* Our own implementations: every algorithm's portable, then its compact. */
size_t hb_core_impl_count(void);
hb_impl hb_core_impl(size_t i);

#endif /* HB_REGISTRY_H */
