/* SPDX-License-Identifier: MIT
 * hb_impls.h - every implementation the engine can time: ours (portable,
 * compact) followed by those of the library backends linked in.
 */
#ifndef HB_IMPLS_H
#define HB_IMPLS_H

#include "../hb_registry.h"

/* A library backend: one per folder under backends/. */
typedef struct {
    const char *algo_id;
    hb_oneshot_fn fn;
    const char *impl_name; /* NULL: the backend's name (e.g. "rust-sha3")   */
    const char *version;   /* NULL: the backend's version()                 */
} hb_backend_entry;

typedef struct {
    const char *name;                 /* implementation id: "openssl"   */
    const char *(*version)(void);     /* library version, at run time   */
    int (*available)(void);           /* 0: skipped, with a notice      */
    const hb_backend_entry *entries;  /* terminated by { NULL, NULL, NULL, NULL } */
} hb_backend;

/* Backends linked into this engine (NULL-terminated; see backends/). */
extern const hb_backend *const hb_backends[];

size_t hb_impl_count(void);
hb_impl hb_impl_at(size_t i);
const hb_backend *hb_impl_backend(size_t i); /* NULL for ours */
const char *hb_impl_version(size_t i);        /* NULL for ours */
int hb_impl_find(const char *algo, const char *impl); /* index or -1 */

/* Leaves out the backends named in `names` (a comma list; NULL: none), as
 * if their libraries were absent: never loaded, so none of their code runs
 * (a simulator that lacks an instruction the library was built for).  Call
 * before anything else reads the list. */
void hb_impls_skip(const char *names);
int hb_impls_skipped(const char *name);

#endif
