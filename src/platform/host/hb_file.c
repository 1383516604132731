/* SPDX-License-Identifier: MIT
 * hb_file.c - see hb_file.h.  POSIX: mmap where it can, read(2) otherwise.
 */
#include "hb_file.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define HB_FILE_BLOCK ((size_t)1 << 20)

static int read_all(int fd, hb_file *out)
{
    size_t cap = HB_FILE_BLOCK, n = 0;
    uint8_t *buf = malloc(cap);
    ssize_t got;
    if (!buf) return -1;
    for (;;) {
        if (n == cap) {
            uint8_t *bigger = realloc(buf, cap *= 2);
            if (!bigger) {
                free(buf);
                errno = ENOMEM;
                return -1;
            }
            buf = bigger;
        }
        got = read(fd, buf + n, cap - n);
        if (got == 0) break;
        if (got < 0) {
            if (errno == EINTR) continue;
            free(buf);
            return -1;
        }
        n += (size_t)got;
    }
    out->data = buf;
    out->len = n;
    out->mapped = 0;
    return 0;
}

int hb_file_load(FILE *f, hb_file *out)
{
    int fd = fileno(f);
    struct stat st;
    if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_size > 0 &&
        (unsigned long long)st.st_size <= (size_t)-1) {
        void *p = mmap(NULL, (size_t)st.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
        if (p != MAP_FAILED) {
            (void)madvise(p, (size_t)st.st_size, MADV_SEQUENTIAL);
            out->data = p;
            out->len = (size_t)st.st_size;
            out->mapped = 1;
            return 0;
        }
    }
    return read_all(fd, out); /* not mappable: a pipe, /proc, an empty file */
}

int hb_file_stream(FILE *f, void (*take)(void *state, const uint8_t *block, size_t n), void *state)
{
    int fd = fileno(f);
    uint8_t *buf;
    ssize_t got;
    /* page-aligned: the kernel's copy into it runs at full width */
    if (posix_memalign((void **)&buf, 4096, HB_FILE_STREAM_BLOCK) != 0) {
        errno = ENOMEM;
        return -1;
    }
#ifdef POSIX_FADV_SEQUENTIAL
    (void)posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
#endif
    for (;;) {
        got = read(fd, buf, HB_FILE_STREAM_BLOCK);
        if (got == 0) break;
        if (got < 0) {
            if (errno == EINTR) continue;
            free(buf);
            return -1;
        }
        take(state, buf, (size_t)got);
    }
    free(buf);
    return 0;
}

void hb_file_release(hb_file *file)
{
    if (file->mapped)
        (void)munmap(file->data, file->len);
    else
        free(file->data);
    file->data = NULL;
}

void hb_file_default_pipe_signal(void)
{
    (void)signal(SIGPIPE, SIG_DFL);
}
