/* SPDX-License-Identifier: MIT
 * hb_registry.c - the algorithm table, expanded from registry.def.
 */
#include <string.h>
#include "hb_registry.h"
#include "../algos/hb_algos.h"

/* Column `stream`: STREAM -> typed-to-void adapters; ONESHOT -> nothing. */
#define HB_STREAM_DEFS_STREAM(sym)                                            \
    static void sym##_init_v(void *c) { hb_##sym##_init((hb_##sym##_ctx *)c); } \
    static void sym##_update_v(void *c, const uint8_t *in, size_t len)        \
    { hb_##sym##_update((hb_##sym##_ctx *)c, in, len); }                      \
    static void sym##_final_v(void *c, uint8_t *out)                          \
    { hb_##sym##_final((hb_##sym##_ctx *)c, out); }                           \
    static const hb_stream_ops sym##_stream = {                               \
        sizeof(hb_##sym##_ctx), sym##_init_v, sym##_update_v, sym##_final_v };
#define HB_STREAM_DEFS_ONESHOT(sym)
#define HB_STREAM_PTR_STREAM(sym) &sym##_stream
#define HB_STREAM_PTR_ONESHOT(sym) NULL
#define HB_COMPACT_PTR_COMPACT(sym) hb_##sym##_compact
#define HB_COMPACT_PTR_NOCOMPACT(sym) NULL

#define HB_ALGO(sym, id, label, tier, dlen, blen, width, stream, compact, spec, src, csrc) \
    HB_STREAM_DEFS_##stream(sym)
#include "../algos/registry.def"
#undef HB_ALGO

const hb_algo hb_algos[] = {
#define HB_ALGO(sym, id, label, tier, dlen, blen, width, stream, compact, spec, src, csrc) \
    { id, label, HB_TIER_##tier, dlen, blen, width, spec, hb_##sym,             \
      HB_COMPACT_PTR_##compact(sym), HB_STREAM_PTR_##stream(sym) },
#include "../algos/registry.def"
#undef HB_ALGO
};

const size_t hb_algo_count = sizeof hb_algos / sizeof hb_algos[0];

const hb_algo *hb_algo_find(const char *id)
{
    size_t i;
    for (i = 0; i < hb_algo_count; i++)
        if (strcmp(hb_algos[i].id, id) == 0)
            return &hb_algos[i];
    return NULL;
}

const char *hb_tier_name(hb_tier tier)
{
    switch (tier) {
    case HB_TIER_CHECKSUM: return "checksum";
    case HB_TIER_NONCRYPTO: return "non-crypto";
    default: return "crypto";
    }
}

size_t hb_core_impl_count(void)
{
    size_t i, n = 0;
    for (i = 0; i < hb_algo_count; i++)
        n += hb_algos[i].compact ? 2 : 1;
    return n;
}

hb_impl hb_core_impl(size_t k)
{
    hb_impl r;
    size_t i;
    r.algo = NULL;
    r.name = NULL;
    r.fn = NULL;
    for (i = 0; i < hb_algo_count; i++) {
        const hb_algo *a = &hb_algos[i];
        if (k == 0) {
            r.algo = a; r.name = "portable"; r.fn = a->portable;
            return r;
        }
        k--;
        if (a->compact) {
            if (k == 0) {
                r.algo = a; r.name = "compact"; r.fn = a->compact;
                return r;
            }
            k--;
        }
    }
    return r;
}
