/* SPDX-License-Identifier: MIT
 * backends/rust/rust.c - hash crates from crates.io (backends/rust/src/lib.rs),
 * loaded with dlopen() from two builds of one Rust cdylib:
 *
 *   backend "rust"         libhb_rust-default.so  no RUSTFLAGS       rust-<crate>
 *   backend "rust-native"  libhb_rust-native.so   -C target-cpu=native  rust-<crate>-native
 *
 * as the bench-keccak256 study builds its crates twice.  Why dlopen(): each
 * Rust library carries its own copy of std, so two Rust staticlibs cannot be
 * linked into one program (duplicate symbols); two cdylibs loaded with
 * RTLD_LOCAL can live side by side, each exporting only its hb_rust_* symbols.
 *
 * Where the libraries are looked for, first match wins:
 *   1. $HB_RUST_LIB_DIR at run time (to try another build of the crates);
 *   2. rust/ beside the engine binary (backends/rust/backend.mk copies them
 *      to $(BUILD)/rust/), so a build folder can be moved as a whole;
 *   3. HB_RUST_LIB_DIR, the absolute path of that folder baked in at build
 *      time, for an engine copied somewhere without its rust/ folder.
 * No library found: the backend is reported not available (skipped), as a
 * backend whose library is not installed.  A library found but unusable
 * (wrong architecture, stale ABI) says why on stderr, once.
 *
 * The library lists its own functions (hb_rust_entries()); this file keeps
 * no list of them.  The engine calls the Rust functions directly: the rows
 * hold the pointers dlsym() gives, no trampoline.
 */
#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../../src/engine/host/hb_impls.h"

#ifndef HB_RUST_LIB_DIR
#define HB_RUST_LIB_DIR ""
#endif

#define HB_RUST_ABI 1u   /* must equal HB_RUST_ABI in src/lib.rs */
#define HB_RUST_MAX 48   /* rows one library may give (lib.rs has 24) */
#define HB_RUST_NAME 48  /* "rust-tiny-keccak-native" and the like */
#define HB_RUST_VERSION 96

/* HbRustEntry in src/lib.rs, field for field (#[repr(C)]). */
typedef struct {
    const char *algo;
    const char *id;
    const char *version;
    size_t digest_len;
    hb_oneshot_fn fn;
} hb_rust_row;

typedef const hb_rust_row *(*hb_rust_entries_fn)(size_t *count);
typedef const char *(*hb_rust_text_fn)(void);
typedef unsigned (*hb_rust_abi_fn)(void);

typedef struct {
    const char *flavour;     /* file name part: libhb_rust-<flavour>.so */
    const char *suffix;      /* implementation id suffix: "" or "-native" */
    int state;               /* 0 not tried, 1 loaded, -1 not available */
    const char *build;       /* "rustc 1.95.0 (...), -C target-cpu=native" */
    hb_backend_entry entries[HB_RUST_MAX + 1];
    char names[HB_RUST_MAX][HB_RUST_NAME];
} hb_rust_flavour;

static hb_rust_flavour hb_rust_default = { "default", "", 0, "", { { NULL, NULL, NULL, NULL } },
                                           { "" } };
static hb_rust_flavour hb_rust_native = { "native", "-native", 0, "", { { NULL, NULL, NULL, NULL } },
                                          { "" } };

/* ISO C has no conversion from void * to a function pointer; POSIX
 * guarantees the representation, so copy the bytes. */
static void *hb_rust_sym(void *lib, const char *name, size_t size, void *fnptr)
{
    void *p = dlsym(lib, name);
    if (p) memcpy(fnptr, &p, size);
    return p;
}

/* The folder of the running engine binary, or "" if it cannot be told. */
static const char *hb_rust_exe_dir(void)
{
    static char dir[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", dir, sizeof dir - 1);
    char *slash;
    if (n <= 0) {
#ifdef RTLD_DEFAULT
        Dl_info info; /* dladdr: the object holding this code, i.e. the engine */
        if (!dladdr((void *)&hb_rust_default, &info) || !info.dli_fname) return "";
        n = (ssize_t)strlen(info.dli_fname);
        if ((size_t)n >= sizeof dir) return "";
        memcpy(dir, info.dli_fname, (size_t)n);
#else
        return "";
#endif
    }
    dir[n] = '\0';
    slash = strrchr(dir, '/');
    if (!slash) return ".";
    *slash = '\0';
    return dir;
}

static void *hb_rust_open(const hb_rust_flavour *f)
{
    const char *env = getenv("HB_RUST_LIB_DIR");
    char exe_rust[PATH_MAX + 8];
    const char *dir;
    char path[PATH_MAX + 64];
    int i;
    for (i = 0; i < 3; i++) {
        void *lib;
        /* The engine's own folder is asked for only when $HB_RUST_LIB_DIR
         * does not hold the library: under a simulator (hashbench run
         * --meter sim) the checkout's path must not steer any code. */
        if (i == 1) snprintf(exe_rust, sizeof exe_rust, "%s/rust", hb_rust_exe_dir());
        dir = i == 0 ? (env && env[0] ? env : NULL) : i == 1 ? exe_rust : (HB_RUST_LIB_DIR[0] ? HB_RUST_LIB_DIR : NULL);
        if (!dir) continue;
        snprintf(path, sizeof path, "%s/libhb_rust-%s.so", dir, f->flavour);
        if (access(path, R_OK) != 0) continue;
        lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
        if (!lib) fprintf(stderr, "hashbench-engine: rust: %s\n", dlerror());
        return lib; /* the first one present is the one meant, usable or not */
    }
    return NULL;
}

static int hb_rust_load(hb_rust_flavour *f)
{
    hb_rust_entries_fn entries;
    hb_rust_text_fn build;
    hb_rust_abi_fn abi;
    const hb_rust_row *rows;
    size_t count = 0, i, k = 0;
    void *lib = hb_rust_open(f);
    if (!lib) return -1;
    if (!hb_rust_sym(lib, "hb_rust_abi", sizeof abi, &abi) || abi() != HB_RUST_ABI ||
        !hb_rust_sym(lib, "hb_rust_entries", sizeof entries, &entries) ||
        !hb_rust_sym(lib, "hb_rust_build", sizeof build, &build)) {
        fprintf(stderr, "hashbench-engine: rust: libhb_rust-%s is from another version of "
                        "backends/rust (rebuild it): skipped\n", f->flavour);
        return -1; /* never dlclose(): harmless, and some libraries dislike it */
    }
    f->build = build();
    rows = entries(&count);
    for (i = 0; i < count && k < HB_RUST_MAX; i++) {
        const hb_algo *a = hb_algo_find(rows[i].algo);
        /* A row for an algorithm this engine lacks, or of another length,
         * is left out rather than trusted with the engine's buffer. */
        if (!a || rows[i].digest_len != a->digest_len) continue;
        snprintf(f->names[k], HB_RUST_NAME, "rust-%s%s", rows[i].id, f->suffix);
        f->entries[k].algo_id = a->id;
        f->entries[k].fn = rows[i].fn;
        f->entries[k].impl_name = f->names[k];
        f->entries[k].version = rows[i].version;
        k++;
    }
    f->entries[k].algo_id = NULL;
    return k ? 1 : -1;
}

/* Called before any row is read, and often (cheap after the first call). */
static int hb_rust_available_in(hb_rust_flavour *f)
{
    if (!f->state) f->state = hb_rust_load(f);
    return f->state == 1;
}

static int hb_rust_default_available(void) { return hb_rust_available_in(&hb_rust_default); }
static int hb_rust_native_available(void) { return hb_rust_available_in(&hb_rust_native); }
static const char *hb_rust_default_version(void) { return hb_rust_default.build; }
static const char *hb_rust_native_version(void) { return hb_rust_native.build; }

const hb_backend hb_backend_rust = { "rust", hb_rust_default_version, hb_rust_default_available,
                                     hb_rust_default.entries };
const hb_backend hb_backend_rust_native = { "rust-native", hb_rust_native_version,
                                            hb_rust_native_available, hb_rust_native.entries };
