/* SPDX-License-Identifier: MIT
 * describe_roster.c - prints the roster description, data/roster.json,
 * by expanding src/algos/registry.def: the one list of algorithms, and
 * src/algos/asm/registry.def: their assembly for one CPU.
 *
 *   make roster        (builds this, writes data/roster.json)
 *
 * Everything that is not C reads the description instead of the .def:
 * the front end (hashbench/roster.py), the cross and console builds (which
 * sources an implementation needs), the tools.  Every 64-bit algorithm is
 * described, whatever this host offers: its "width" says what it needs.
 */
#include <stdio.h>
#include <string.h>

#undef HB_HAVE_U64
#define HB_HAVE_U64 1 /* describe the whole roster */

static const char *tier_name(const char *t)
{
    if (strcmp(t, "CHECKSUM") == 0) return "checksum";
    if (strcmp(t, "NONCRYPTO") == 0) return "non-crypto";
    return "crypto";
}

/* A JSON string: the registry's strings hold at most '"' and '\\'. */
static void json_str(const char *s)
{
    putchar('"');
    for (; *s; s++) {
        if (*s == '"' || *s == '\\') putchar('\\');
        putchar(*s);
    }
    putchar('"');
}

/* "md5.c sha1.c" -> ["src/algos/md5.c", "src/algos/sha1.c"] */
static void sources(const char *list)
{
    const char *p = list;
    int first = 1;
    putchar('[');
    while (*p) {
        const char *q = p;
        while (*q && *q != ' ') q++;
        if (q > p) {
            printf("%s\"src/algos/%.*s\"", first ? "" : ", ", (int)(q - p), p);
            first = 0;
        }
        p = *q ? q + 1 : q;
    }
    putchar(']');
}

static int count;

/* The assembly implementations (src/algos/asm/registry.def), each listed
 * under its algorithm with the CPU it runs on. */
typedef struct {
    const char *sym, *name, *isa, *src;
} asm_impl;

static const asm_impl asm_impls[] = {
#define HB_ASM(sym, name, isa, src) { #sym, name, isa, src },
#include "../../src/algos/asm/registry.def"
#undef HB_ASM
    { NULL, NULL, NULL, NULL }
};

static void algo(const char *sym, const char *id, const char *label, const char *tier,
                 int digest_len, int block_len, int width, const char *stream,
                 const char *compact, const char *spec, const char *src, const char *csrc)
{
    size_t i;
    printf("%s\n  {\"id\": ", count++ ? "," : "");
    json_str(id);
    printf(", \"label\": ");
    json_str(label);
    printf(", \"tier\": \"%s\", \"digest_len\": %d, \"block_len\": %d, \"width\": %d,\n",
           tier_name(tier), digest_len, block_len, width);
    printf("   \"streaming\": %s, \"spec\": ", strcmp(stream, "STREAM") == 0 ? "true" : "false");
    json_str(spec);
    printf(",\n   \"implementations\": {\"portable\": {\"symbol\": \"hb_%s\", \"sources\": ", sym);
    sources(src);
    putchar('}');
    if (strcmp(compact, "COMPACT") == 0) {
        printf(", \"compact\": {\"symbol\": \"hb_%s_compact\", \"sources\": ", sym);
        sources(csrc);
        putchar('}');
    }
    for (i = 0; asm_impls[i].sym; i++) {
        if (strcmp(asm_impls[i].sym, sym) != 0) continue;
        printf(",\n     \"%s\": {\"symbol\": \"hb_%s_%s\", \"isa\": ", asm_impls[i].name, sym, asm_impls[i].name);
        json_str(asm_impls[i].isa);
        printf(", \"sources\": ");
        sources(asm_impls[i].src);
        putchar('}');
    }
    printf("}}");
}

int main(void)
{
    printf("{\"generated_by\": \"tools/generate/describe_roster.c from src/algos/registry.def: do not edit\",\n"
           " \"algorithms\": [");
#define HB_ALGO(sym, id, label, tier, dlen, blen, width, stream, compact, spec, src, csrc) \
    algo(#sym, id, label, #tier, dlen, blen, width, #stream, #compact, spec, src, csrc);
#include "../../src/algos/registry.def"
#undef HB_ALGO
    printf("\n]}\n");
    return 0;
}
