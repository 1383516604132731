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
 * 4 MiB; the choice of `hash`'s default implementation times 16 MiB files,
 * so it measures this path) */
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

/* see hb_file.h.  Helper threads on a busy machine get no core of their own:
 * they cost their CPU time (10-20% more than reading on one thread) and
 * overlap nothing (perf stat on 2 vCPUs at load 3-7: at most 0.93 CPUs
 * utilized); at load 1.5 they took XXH64 on 512 MiB from 79-83 ms to 63. */
int hb_file_spare_cpu(void)
{
    static int known = -1;
    long cpus;
    double load;
    if (known >= 0) return known;
    cpus = sysconf(_SC_NPROCESSORS_ONLN);
    known = cpus > 1 && !(getloadavg(&load, 1) == 1 && load >= (double)cpus);
    return known;
}

/* 1 when `len` bytes are at most half the machine's memory (or it is not
 * known): the thread ahead does not wait for the hash, so on a file larger
 * than memory it would evict what it mapped before the hash reads it. */
static int fits_in_memory(size_t len)
{
#if defined(_SC_PHYS_PAGES) && defined(_SC_PAGESIZE)
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    if (pages > 0 && page > 0) return len / (size_t)page <= (size_t)pages / 2;
#endif
    (void)len;
    return 1;
}

static void populate_start(hb_file *file)
{
    populate *p;
    if (file->len < HB_FILE_POPULATE_MIN || !fits_in_memory(file->len) || !(p = malloc(sizeof *p))) return;
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
    return hb_file_load_with(f, out, hb_file_spare_cpu());
}

int hb_file_load_with(FILE *f, hb_file *out, int populate_ahead)
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
            if (populate_ahead) populate_start(out);
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

/* The ring between the reading threads and the hashing one.  Block j of the
 * input goes through slot j % HB_FILE_RING: a reader claims the next block,
 * waits for its slot to be free (the taker done with block j - RING), reads
 * it and marks it ready; the taker hashes blocks in order.  A regular file is
 * read by two threads with pread(2) at each block's offset (the kernel's
 * copy from the page cache costs about twice the hash of XXH64: two copies
 * at once keep up with it), anything else by one with read(2).  A thread
 * that must wait sleeps until half the ring is its again, not a block at a
 * time: a wake-up costs a context switch, and one per block cost more than
 * the overlap saved. */
#define HB_FILE_READERS 2
#define HB_FILE_NONE ((unsigned long)-1)

typedef struct {
    int fd;
    off_t base; /* pread: the file offset of block 0; -1: read(2), one reader */
    size_t block;
    uint8_t *buf;
    size_t len[HB_FILE_RING];
    int ready[HB_FILE_RING];
    unsigned long next;    /* the next block to claim */
    unsigned long taken;   /* blocks hashed (and their slots free) */
    unsigned long end;     /* the first block past the data: the end, or an error */
    unsigned long wake_at; /* a reader sleeps until `taken` reaches it */
    int error;             /* errno of the read that set `end`, 0: the end of the file */
    int stop;              /* the taker is done: readers leave */
    int taker_waits;
    pthread_mutex_t lock;
    pthread_cond_t filled, emptied;
} ring;

/* the taker may go on: the end, or its next block ready and the one after
 * (or the end) too */
static int taker_can_go(const ring *r)
{
    unsigned long t = r->taken;
    if (t >= r->end) return 1;
    if (!r->ready[t % HB_FILE_RING]) return 0;
    return t + 1 >= r->end || r->ready[(t + 1) % HB_FILE_RING];
}

/* block j, whole unless the file ends in it: its length, or -1 */
static ssize_t read_block(const ring *r, unsigned long j, uint8_t *into)
{
    size_t have = 0;
    ssize_t got;
    if (r->base < 0) return read_retrying(r->fd, into, r->block); /* a pipe: whatever it has */
    do {
        got = pread(r->fd, into + have, r->block - have, r->base + (off_t)j * (off_t)r->block + (off_t)have);
        if (got < 0 && errno == EINTR) continue;
        if (got < 0) return -1;
        have += (size_t)got;
    } while (got > 0 && have < r->block);
    return (ssize_t)have;
}

static void *read_ahead(void *arg)
{
    ring *r = arg;
    unsigned long j;
    ssize_t got;
    pthread_mutex_lock(&r->lock);
    while (!r->stop && r->next < r->end) {
        j = r->next++;
        while (!r->stop && j >= r->taken + HB_FILE_RING) {
            unsigned long want = j - HB_FILE_RING / 2 + 1;
            if (want < r->wake_at) r->wake_at = want;
            pthread_cond_wait(&r->emptied, &r->lock);
        }
        if (r->stop) break;
        pthread_mutex_unlock(&r->lock);
        got = read_block(r, j, r->buf + (j % HB_FILE_RING) * r->block);
        pthread_mutex_lock(&r->lock);
        if (got <= 0) {
            if (j < r->end) {
                r->end = j;
                r->error = got < 0 ? errno : 0;
            }
        } else {
            r->len[j % HB_FILE_RING] = (size_t)got;
            r->ready[j % HB_FILE_RING] = 1;
            if (r->base >= 0 && (size_t)got < r->block && j + 1 < r->end) {
                r->end = j + 1; /* a short block of a file is its last */
                r->error = 0;
            }
        }
        if (r->taker_waits && taker_can_go(r)) pthread_cond_signal(&r->filled);
    }
    pthread_mutex_unlock(&r->lock);
    return NULL;
}

/* 1: streamed with reading threads (rc set); 0: none could start */
static int stream_ring(int fd, unsigned readers, uint8_t *buf, size_t block, take_fn take, void *state, int *rc)
{
    ring r;
    pthread_t reader[HB_FILE_READERS];
    unsigned started = 0, k;
    unsigned long t;
    size_t n;
    r.fd = fd;
    r.base = lseek(fd, 0, SEEK_CUR);
    if (r.base < 0) readers = 1;
    if (readers > HB_FILE_READERS) readers = HB_FILE_READERS;
    if (readers == 1) r.base = -1; /* one reader: read(2) serves any file */
    r.block = block;
    r.buf = buf;
    for (k = 0; k < HB_FILE_RING; k++) r.ready[k] = 0, r.len[k] = 0;
    r.next = r.taken = 0;
    r.end = r.wake_at = HB_FILE_NONE;
    r.error = r.stop = r.taker_waits = 0;
    if (pthread_mutex_init(&r.lock, NULL) != 0) return 0;
    if (pthread_cond_init(&r.filled, NULL) != 0) goto no_filled;
    if (pthread_cond_init(&r.emptied, NULL) != 0) goto no_emptied;
    while (started < readers && pthread_create(&reader[started], NULL, read_ahead, &r) == 0) started++;
    if (!started) goto no_thread;
    pthread_mutex_lock(&r.lock);
    for (;;) {
        while (!taker_can_go(&r)) {
            r.taker_waits = 1;
            pthread_cond_wait(&r.filled, &r.lock);
        }
        r.taker_waits = 0;
        t = r.taken;
        if (t >= r.end) break;
        n = r.len[t % HB_FILE_RING];
        pthread_mutex_unlock(&r.lock);
        take(state, buf + (t % HB_FILE_RING) * block, n);
        pthread_mutex_lock(&r.lock);
        r.ready[t % HB_FILE_RING] = 0;
        r.taken = t + 1;
        if (r.taken >= r.wake_at) {
            r.wake_at = HB_FILE_NONE;
            pthread_cond_broadcast(&r.emptied);
        }
    }
    r.stop = 1;
    pthread_cond_broadcast(&r.emptied);
    pthread_mutex_unlock(&r.lock);
    for (k = 0; k < started; k++) pthread_join(reader[k], NULL);
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

int hb_file_stream_with(FILE *f, size_t block, unsigned readers, take_fn take, void *state)
{
    int fd = fileno(f), rc = 0;
    uint8_t *buf;
    if (block == 0 || block > (size_t)-1 / HB_FILE_RING) {
        errno = EINVAL;
        return -1;
    }
    /* page-aligned: the kernel's copy into it runs at full width */
    if (posix_memalign((void **)&buf, 4096, readers ? HB_FILE_RING * block : block) != 0) {
        errno = ENOMEM;
        return -1;
    }
#ifdef POSIX_FADV_SEQUENTIAL
    (void)posix_fadvise(fd, 0, 0, POSIX_FADV_SEQUENTIAL);
#endif
    if (!readers || !stream_ring(fd, readers, buf, block, take, state, &rc))
        rc = stream_alone(fd, buf, block, take, state);
    free(buf);
    return rc;
}

int hb_file_stream(FILE *f, take_fn take, void *state)
{
    struct stat st;
    int small = fstat(fileno(f), &st) == 0 && S_ISREG(st.st_mode) &&
                (unsigned long long)st.st_size <= 2 * (unsigned long long)HB_FILE_STREAM_BLOCK;
    return hb_file_stream_with(f, HB_FILE_STREAM_BLOCK, small || !hb_file_spare_cpu() ? 0 : HB_FILE_READERS, take, state);
}

void hb_file_default_pipe_signal(void)
{
    (void)signal(SIGPIPE, SIG_DFL);
}
