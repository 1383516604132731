/* SPDX-License-Identifier: MIT
 * hb_impls.c - the flat list of implementations: core rows first, then
 * each available backend's rows.
 */
#include <string.h>
#include "hb_impls.h"

/* Backends left out by hb_impls_skip(): a comma list, or NULL. */
static const char *skipped;

void hb_impls_skip(const char *names)
{
    skipped = names;
}

int hb_impls_skipped(const char *name)
{
    size_t n = strlen(name);
    const char *p = skipped;
    while (p && *p) {
        const char *q = strchr(p, ',');
        size_t len = q ? (size_t)(q - p) : strlen(p);
        if (len == n && strncmp(p, name, n) == 0) return 1;
        p = q ? q + 1 : NULL;
    }
    return 0;
}

static size_t backend_rows(const hb_backend *b)
{
    size_t n = 0;
    if (hb_impls_skipped(b->name)) return 0; /* never loaded: its code never runs */
    if (b->available && !b->available()) return 0;
    while (b->entries[n].algo_id) n++;
    return n;
}

size_t hb_impl_count(void)
{
    size_t n = hb_core_impl_count(), k;
    for (k = 0; hb_backends[k]; k++) n += backend_rows(hb_backends[k]);
    return n;
}

static int locate(size_t i, const hb_backend **bk, size_t *row)
{
    size_t k, core = hb_core_impl_count();
    if (i < core) return 0;
    i -= core;
    for (k = 0; hb_backends[k]; k++) {
        size_t n = backend_rows(hb_backends[k]);
        if (i < n) {
            *bk = hb_backends[k];
            *row = i;
            return 1;
        }
        i -= n;
    }
    return -1;
}

hb_impl hb_impl_at(size_t i)
{
    const hb_backend *b;
    size_t row;
    hb_impl r;
    int where = locate(i, &b, &row);
    if (where == 0) return hb_core_impl(i);
    r.algo = NULL;
    r.name = NULL;
    r.fn = NULL;
    if (where == 1) {
        r.algo = hb_algo_find(b->entries[row].algo_id);
        r.name = b->entries[row].impl_name ? b->entries[row].impl_name : b->name;
        r.fn = b->entries[row].fn;
    }
    return r;
}

const hb_backend *hb_impl_backend(size_t i)
{
    const hb_backend *b;
    size_t row;
    return locate(i, &b, &row) == 1 ? b : NULL;
}

int hb_impl_find(const char *algo, const char *impl)
{
    size_t i, n = hb_impl_count();
    for (i = 0; i < n; i++) {
        hb_impl r = hb_impl_at(i);
        if (r.algo && strcmp(r.algo->id, algo) == 0 && strcmp(r.name, impl) == 0)
            return (int)i;
    }
    return -1;
}

const char *hb_impl_version(size_t i)
{
    const hb_backend *b;
    size_t row;
    if (locate(i, &b, &row) != 1) return NULL;
    return b->entries[row].version ? b->entries[row].version : b->version();
}
