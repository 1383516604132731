/* SPDX-License-Identifier: MIT
 * hb_file.c - see hb_file.h.  POSIX: mmap where it can, read(2) otherwise;
 * a second thread (POSIX threads) reads or faults the file in ahead.
 */
#include "hb_file.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#define HB_FILE_BLOCK ((size_t)1 << 20)
/* blocks in the stream's ring: the reader may run this far ahead */
#define HB_FILE_RING 8
/* a mapping this large is faulted in ahead by a second thread, this much
 * at a time (the thread costs tens of microseconds: nothing beside hashing
 * 4 MiB; and the choice of `hash`'s default implementation times 4 MiB
 * files, so it measures this path) */
#define HB_FILE_POPULATE_MIN ((size_t)4 << 20)
#define HB_FILE_POPULATE_STEP ((size_t)2 << 20)

static ssize_t read_retrying(int fd, uint8_t *buf, size_t n)
{
    ssize_t got;
    do got = read(fd, buf, n);
    while (got < 0 && errno == EINTR);
    return got;
}

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
        got = read_retrying(fd, buf + n, cap - n);
        if (got == 0) break;
        if (got < 0) {
            free(buf);
            return -1;
        }
        n += (size_t)got;
    }
    out->data = buf;
    out->len = n;
    out->mapped = 0;
    out->populate = NULL;
    return 0;
}

/* ---- faulting a mapping in ahead of the hash ---------------------------- */

typedef struct {
    uint8_t *data;
    size_t len;
    int stop; /* the hash is done: the rest is not needed */
    pthread_mutex_t lock;
    pthread_t thread;
} populate;

static int populate_stopped(populate *p)
{
    int stop;
    pthread_mutex_lock(&p->lock);
    stop = p->stop;
    pthread_mutex_unlock(&p->lock);
    return stop;
}

/* Maps the file's pages in from its start, a step at a time, so that the
 * hash reading the mapping behind it takes no page faults (b3sum and the
 * mapped libraries take one per few pages, on the hashing thread). */
static void *populate_ahead(void *arg)
{
    populate *p = arg;
    size_t off, page = (size_t)sysconf(_SC_PAGESIZE), step, at;
    volatile const uint8_t *bytes = p->data;
    unsigned sum = 0;
    if (page == 0 || page == (size_t)-1) page = 4096;
    for (off = 0; off < p->len && !populate_stopped(p); off += HB_FILE_POPULATE_STEP) {
        step = p->len - off < HB_FILE_POPULATE_STEP ? p->len - off : HB_FILE_POPULATE_STEP;
#ifdef MADV_POPULATE_READ
        if (madvise(p->data + off, step, MADV_POPULATE_READ) == 0) continue;
#endif
        for (at = off; at < off + step; at += page) sum += bytes[at]; /* a read faults the page in */
    }
    return sum == 0xFFFFFFFFu ? p : NULL; /* the sum is used: the reads stay */
}

static void populate_start(hb_file *file)
{
    populate *p;
    if (file->len < HB_FILE_POPULATE_MIN || !(p = malloc(sizeof *p))) return;
    p->data = file->data;
    p->len = file->len;
    p->stop = 0;
    if (pthread_mutex_init(&p->lock, NULL) != 0) {
        free(p);
        return;
    }
    if (pthread_create(&p->thread, NULL, populate_ahead, p) != 0) {
        pthread_mutex_destroy(&p->lock);
        free(p); /* no thread: the hash faults the pages in itself */
        return;
    }
    file->populate = p;
}

static void populate_end(hb_file *file)
{
    populate *p = file->populate;
    if (!p) return;
    pthread_mutex_lock(&p->lock);
    p->stop = 1;
    pthread_mutex_unlock(&p->lock);
    pthread_join(p->thread, NULL);
    pthread_mutex_destroy(&p->lock);
    free(p);
    file->populate = NULL;
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
            out->populate = NULL;
            populate_start(out);
            return 0;
        }
    }
    return read_all(fd, out); /* not mappable: a pipe, /proc, an empty file */
}

void hb_file_release(hb_file *file)
{
    populate_end(file);
    if (file->mapped)
        (void)munmap(file->data, file->len);
    else
        free(file->data);
    file->data = NULL;
}

/* ---- streaming ----------------------------------------------------------- */

typedef void (*take_fn)(void *state, const uint8_t *block, size_t n);

static int stream_alone(int fd, uint8_t *buf, size_t block, take_fn take, void *state)
{
    ssize_t got;
    while ((got = read_retrying(fd, buf, block)) > 0) take(state, buf, (size_t)got);
    return got < 0 ? -1 : 0;
}

/* The ring between the reading thread and the hashing one: `count` slots
 * from `head` on are full (read, not yet hashed); a full slot of length 0 is
 * the end.  A thread that finds nothing to do sleeps until half the ring is
 * its again (or the end came), not a block at a time: a wake-up costs a
 * context switch, and one per block cost more than the overlap saved. */
typedef struct {
    int fd;
    size_t block;
    uint8_t *buf;
    size_t len[HB_FILE_RING];
    unsigned count;
    int ended;                     /* the reader has put its last slot */
    int error;                     /* the reader's errno, 0: none */
    int reader_waits, taker_waits; /* who sleeps on a condition: wake it */
    pthread_mutex_t lock;
    pthread_cond_t filled, emptied;
} ring;

#define HB_FILE_WAKE (HB_FILE_RING / 2)

static void *read_ahead(void *arg)
{
    ring *r = arg;
    unsigned i = 0;
    ssize_t got;
    do {
        pthread_mutex_lock(&r->lock);
        if (r->count == HB_FILE_RING) {
            r->reader_waits = 1;
            while (r->count > HB_FILE_RING - HB_FILE_WAKE) pthread_cond_wait(&r->emptied, &r->lock);
            r->reader_waits = 0;
        }
        pthread_mutex_unlock(&r->lock);
        got = read_retrying(r->fd, r->buf + i * r->block, r->block);
        pthread_mutex_lock(&r->lock);
        if (got < 0) r->error = errno;
        r->len[i] = got > 0 ? (size_t)got : 0;
        r->count++;
        if (got <= 0) r->ended = 1;
        if (r->taker_waits && (r->count >= HB_FILE_WAKE || r->ended)) pthread_cond_signal(&r->filled);
        pthread_mutex_unlock(&r->lock);
        i = (i + 1) % HB_FILE_RING;
    } while (got > 0);
    return NULL;
}

/* 1: streamed with a reading thread (rc set); 0: the thread could not start */
static int stream_ring(int fd, uint8_t *buf, size_t block, take_fn take, void *state, int *rc)
{
    ring r;
    pthread_t reader;
    unsigned i = 0;
    size_t n;
    r.fd = fd;
    r.block = block;
    r.buf = buf;
    r.count = 0;
    r.ended = r.error = r.reader_waits = r.taker_waits = 0;
    if (pthread_mutex_init(&r.lock, NULL) != 0) return 0;
    if (pthread_cond_init(&r.filled, NULL) != 0) goto no_filled;
    if (pthread_cond_init(&r.emptied, NULL) != 0) goto no_emptied;
    if (pthread_create(&reader, NULL, read_ahead, &r) != 0) goto no_thread;
    for (;;) {
        pthread_mutex_lock(&r.lock);
        if (r.count == 0) {
            r.taker_waits = 1;
            while (r.count < HB_FILE_WAKE && !r.ended) pthread_cond_wait(&r.filled, &r.lock);
            r.taker_waits = 0;
        }
        n = r.len[i];
        pthread_mutex_unlock(&r.lock);
        if (n == 0) break; /* the end, or the reader's error */
        take(state, buf + i * block, n);
        pthread_mutex_lock(&r.lock);
        r.count--;
        if (r.reader_waits && r.count <= HB_FILE_RING - HB_FILE_WAKE) pthread_cond_signal(&r.emptied);
        pthread_mutex_unlock(&r.lock);
        i = (i + 1) % HB_FILE_RING;
    }
    pthread_join(reader, NULL);
    *rc = 0;
    if (r.error) {
        errno = r.error;
        *rc = -1;
    }
    pthread_cond_destroy(&r.emptied);
    pthread_cond_destroy(&r.filled);
    pthread_mutex_destroy(&r.lock);
    return 1;
no_thread:
    pthread_cond_destroy(&r.emptied);
no_emptied:
    pthread_cond_destroy(&r.filled);
no_filled:
    pthread_mutex_destroy(&r.lock);
    return 0;
}

int hb_file_stream_with(FILE *f, size_t block, int reader_thread, take_fn take, void *state)
{
    int fd = fileno(f), rc = 0;
    uint8_t *buf;
    if (block == 0 || block > (size_t)-1 / HB_FILE_RING) {
        errno = EINVAL;
        return -1;
    }
    /* page-aligned: the kernel's copy into it runs at full width */
    if (posix_memalign((void **)&buf, 4096, reader_thread ? HB_FILE_RING * block : block) != 0) {
        errno = ENOMEM;
        return -1;
    }
#ifdef POSIX_FADV_SEQUENTIAL
    (void)posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
#endif
    if (!reader_thread || !stream_ring(fd, buf, block, take, state, &rc))
        rc = stream_alone(fd, buf, block, take, state);
    free(buf);
    return rc;
}

int hb_file_stream(FILE *f, take_fn take, void *state)
{
    struct stat st;
    int small = fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) &&
                (unsigned long long)st.st_size <= 2 * (unsigned long long)HB_FILE_STREAM_BLOCK;
    return hb_file_stream_with(f, HB_FILE_STREAM_BLOCK, !small, take, state);
}

void hb_file_default_pipe_signal(void)
{
    (void)signal(SIGPIPE, SIG_DFL);
}
