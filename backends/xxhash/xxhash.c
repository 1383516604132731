/* SPDX-License-Identifier: MIT
 * backends/xxhash/xxhash.c - libxxhash: XXH32 and XXH64 (seed 0) and
 * XXH3_64bits (seed 0, default secret), per the xxHash specification.
 * Canonical output: the big-endian bytes of the value, which is what
 * xxHash's own XXH*_canonicalFromHash and `xxhsum` give.
 */
#include <stdio.h>
#include <string.h>
#include <xxhash.h>

#include "../../src/engine/host/hb_impls.h"

/* Angle brackets above: the system header, not our src/algos/xxhash.h. */

static void hb_xxhash_xxh32(uint8_t *out, const uint8_t *in, size_t len)
{
    XXH32_canonical_t c;
    XXH32_canonicalFromHash(&c, XXH32(in, len, 0));
    memcpy(out, c.digest, sizeof c.digest);
}

static void hb_xxhash_xxh64(uint8_t *out, const uint8_t *in, size_t len)
{
    XXH64_canonical_t c;
    XXH64_canonicalFromHash(&c, XXH64(in, len, 0));
    memcpy(out, c.digest, sizeof c.digest);
}

/* XXH3 became stable (and its output frozen) in xxHash 0.8.0; earlier
 * releases computed different values, so they are not offered. */
#if XXH_VERSION_NUMBER >= 800
#define HB_XXHASH_HAS_XXH3 1
static void hb_xxhash_xxh3_64(uint8_t *out, const uint8_t *in, size_t len)
{
    XXH64_canonical_t c;
    XXH64_canonicalFromHash(&c, XXH3_64bits(in, len));
    memcpy(out, c.digest, sizeof c.digest);
}
#endif

/* The library actually loaded: XXH_versionNumber() is major*10000 +
 * minor*100 + release. */
static const char *hb_xxhash_version(void)
{
    static char buf[24];
    unsigned v = XXH_versionNumber();
    if (!buf[0]) snprintf(buf, sizeof buf, "%u.%u.%u", v / 10000u, v / 100u % 100u, v % 100u);
    return buf;
}

static const hb_backend_entry hb_xxhash_entries[] = {
    { "xxh32", hb_xxhash_xxh32, NULL, NULL },
    { "xxh64", hb_xxhash_xxh64, NULL, NULL },
#ifdef HB_XXHASH_HAS_XXH3
    { "xxh3-64", hb_xxhash_xxh3_64, NULL, NULL },
#endif
    { NULL, NULL, NULL, NULL }
};

const hb_backend hb_backend_xxhash = { "xxhash", hb_xxhash_version, NULL, hb_xxhash_entries };
