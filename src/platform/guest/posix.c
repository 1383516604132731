/* SPDX-License-Identifier: MIT
 * cross_posix.c - output for the cross engine where a C library provides
 * write(2): glibc under qemu-<arch> (user mode), newlib + rdimon
 * (semihosting) on the Cortex-M board.
 */
#define _POSIX_C_SOURCE 200809L
#include <stddef.h>
#include <unistd.h>

void hb_cross_write(const char *s, size_t n);

void hb_cross_write(const char *s, size_t n)
{
    while (n > 0) {
        long w = (long)write(1, s, n);
        if (w <= 0)
            return;
        s += w;
        n -= (size_t)w;
    }
}
