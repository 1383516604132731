/* SPDX-License-Identifier: MIT
 * posix.c - output of the QEMU guest engine where something provides
 * write(2): glibc under qemu-<arch> (user mode), newlib + rdimon
 * (semihosting) on the Cortex-M board, n64/sys.c on the freestanding N64.
 *
 * One write per line: the records are lines, and a system call (or a
 * semihosting trap) per character would make the run crawl under QEMU.
 * Nothing is written inside a measured region, so none of this is counted.
 */
#define _POSIX_C_SOURCE 200809L
#include <stddef.h>
#include <unistd.h>

#include "hb_guest.h"

static char line[256];
static size_t used;

void hb_putc(char c)
{
    const char *p = line;
    size_t n;
    line[used++] = c;
    if (c != '\n' && used < sizeof line) return;
    n = used;
    used = 0;
    while (n > 0) {
        long w = (long)write(1, p, n);
        if (w <= 0) return;
        p += w;
        n -= (size_t)w;
    }
}
