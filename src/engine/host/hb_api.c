/* SPDX-License-Identifier: MIT
 * hb_api.c - a flat C ABI over the registry for the shared library
 * (libhashbench.so), which the Python tests drive through ctypes.
 * Implementations are addressed by index into hb_core_impl().
 */
#include <string.h>
#include "../hb_registry.h"

int hb_api_find(const char *algo, const char *impl)
{
    size_t i, n = hb_core_impl_count();
    for (i = 0; i < n; i++) {
        hb_impl r = hb_core_impl(i);
        if (strcmp(r.algo->id, algo) == 0 && strcmp(r.name, impl) == 0)
            return (int)i;
    }
    return -1;
}

int hb_api_count(void) { return (int)hb_core_impl_count(); }
const char *hb_api_algo(int i) { return hb_core_impl((size_t)i).algo->id; }
const char *hb_api_impl(int i) { return hb_core_impl((size_t)i).name; }
int hb_api_digest_len(int i) { return hb_core_impl((size_t)i).algo->digest_len; }

void hb_api_hash(int i, const uint8_t *in, size_t len, uint8_t *out)
{
    hb_core_impl((size_t)i).fn(out, in, len);
}

/* Streaming: 0 when the algorithm has no streaming API. */
size_t hb_api_ctx_size(int i)
{
    const hb_stream_ops *s = hb_core_impl((size_t)i).algo->stream;
    return s ? s->ctx_size : 0;
}

void hb_api_init(int i, void *ctx) { hb_core_impl((size_t)i).algo->stream->init(ctx); }

void hb_api_update(int i, void *ctx, const uint8_t *in, size_t len)
{
    hb_core_impl((size_t)i).algo->stream->update(ctx, in, len);
}

void hb_api_final(int i, void *ctx, uint8_t *out)
{
    hb_core_impl((size_t)i).algo->stream->final(ctx, out);
}
