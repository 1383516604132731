/* SPDX-License-Identifier: MIT
 * unistd.h for the freestanding N64 build: the one call that
 * src/platform/guest/posix.c makes, implemented by n64/sys.c.
 */
#ifndef HB_N64_UNISTD_H
#define HB_N64_UNISTD_H
#include <stddef.h>
typedef long ssize_t;
ssize_t write(int fd, const void *buf, size_t n);
#endif
