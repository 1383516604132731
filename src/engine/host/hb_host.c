/* SPDX-License-Identifier: MIT
 * hb_host.c - see hb_host.h.
 */
#include <stdio.h>
#include <stdlib.h>

#include "hb_host.h"
#include "../hb_record.h"

int hb_records_out;

void hb_putc(char c)
{
    putchar(c);
}

void hb_fail(const char *kind, const char *msg, const char *arg)
{
    char text[256];
    snprintf(text, sizeof text, "%s%s%s", msg, arg ? ": " : "", arg ? arg : "");
    fprintf(stderr, "hashbench-engine: %s\n", text);
    if (hb_records_out) {
        hb_rec_begin("error");
        hb_rec_str("kind", kind);
        hb_rec_str("message", text);
        hb_rec_end();
        fflush(stdout);
    }
    exit(2);
}

void hb_die(const char *msg, const char *arg)
{
    hb_fail("usage", msg, arg);
}

void *hb_xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) hb_fail("system", "out of memory", NULL);
    return p;
}

void hb_to_hex(char *dst, const uint8_t *src, size_t n)
{
    static const char digits[] = "0123456789abcdef";
    size_t i;
    for (i = 0; i < n; i++) {
        dst[2 * i] = digits[src[i] >> 4];
        dst[2 * i + 1] = digits[src[i] & 15];
    }
    dst[2 * n] = '\0';
}
