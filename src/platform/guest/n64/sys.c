/* SPDX-License-Identifier: MIT
 * sys.c - the little C library the freestanding N64 build needs: write(2)
 * through the Linux syscall (n64 ABI numbers), for ../posix.c, and the
 * <string.h> functions the algorithms and the engine call.  Compiled with
 * -fno-builtin and without loop-to-memset rewriting, so these loops do not
 * turn into calls to themselves.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <unistd.h>

static long sys_write(long fd, const void *p, unsigned long n)
{
    register long v0 __asm__("$2") = 5001; /* __NR_write (n64) */
    register long a0 __asm__("$4") = fd;
    register long a1 __asm__("$5") = (long)p;
    register long a2 __asm__("$6") = (long)n;
    register long a3 __asm__("$7");
    __asm__ volatile("syscall"
                     : "+r"(v0), "=r"(a3)
                     : "r"(a0), "r"(a1), "r"(a2)
                     : "$1", "$3", "$8", "$9", "$10", "$11", "$12", "$13", "$14", "$15",
                       "$24", "$25", "hi", "lo", "memory");
    return a3 ? -v0 : v0;
}

ssize_t write(int fd, const void *buf, size_t n)
{
    return sys_write(fd, buf, n);
}

void *memcpy(void *dst, const void *src, size_t n)
{
    unsigned char *d = dst;
    const unsigned char *s = src;
    while (n--) *d++ = *s++;
    return dst;
}

void *memmove(void *dst, const void *src, size_t n)
{
    unsigned char *d = dst;
    const unsigned char *s = src;
    if (d < s) {
        while (n--) *d++ = *s++;
    } else {
        while (n--) d[n] = s[n];
    }
    return dst;
}

void *memset(void *dst, int c, size_t n)
{
    unsigned char *d = dst;
    while (n--) *d++ = (unsigned char)c;
    return dst;
}

int memcmp(const void *a, const void *b, size_t n)
{
    const unsigned char *x = a, *y = b;
    for (; n; n--, x++, y++)
        if (*x != *y) return *x < *y ? -1 : 1;
    return 0;
}

size_t strlen(const char *s)
{
    const char *p = s;
    while (*p) p++;
    return (size_t)(p - s);
}

int strcmp(const char *a, const char *b)
{
    while (*a && *a == *b) { a++; b++; }
    return (unsigned char)*a - (unsigned char)*b;
}

int strncmp(const char *a, const char *b, size_t n)
{
    for (; n; n--, a++, b++) {
        if (*a != *b) return (unsigned char)*a - (unsigned char)*b;
        if (!*a) return 0;
    }
    return 0;
}
