/* SPDX-License-Identifier: MIT
 * hb_file.h - a file for `hashbench-engine hash`: either streamed in large
 * blocks through a small ring of buffers (an implementation that streams:
 * any size, the blocks stay in the cache), or whole in memory for a one-shot
 * implementation: mapped where the file is a regular one (no copy), else
 * read in large blocks (a pipe, a terminal).  On a large input, where a CPU
 * is free, other threads do the reading (or, for a mapping, the page faults)
 * ahead of the hash, so the wall time is the longest of them rather than
 * their sum.
 */
#ifndef HB_FILE_H
#define HB_FILE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct {
    uint8_t *data;
    size_t len;
    int mapped;     /* 1: munmap it; 0: free it */
    void *populate; /* the thread faulting the mapping in ahead (NULL: none) */
} hb_file;

/* 1 when the machine has a CPU to spare for helper threads: more than one
 * CPU, and a 1-minute load average under their number (or none known). */
int hb_file_spare_cpu(void);

/* 0 on success; -1 with errno set.  A mapping of 4 MiB or more is faulted
 * in ahead by a second thread where a CPU is spare (hb_file_spare_cpu). */
int hb_file_load(FILE *f, hb_file *out);
/* hb_file_load with that thread asked for (1) or not (0): no for code that
 * uses every core itself; the tests take both. */
int hb_file_load_with(FILE *f, hb_file *out, int populate_ahead);
void hb_file_release(hb_file *file);

/* Bytes per read of hb_file_stream: large enough that a system call costs
 * nothing beside the hashing, small enough that the ring stays in a core's
 * L2 and the shared cache. */
#define HB_FILE_STREAM_BLOCK ((size_t)1 << 18)

/* Calls take(state, block, n) for each block read from f, in order (n > 0,
 * at most HB_FILE_STREAM_BLOCK): 0 at the end of the file, -1 with errno set
 * on an error.  A regular file of more than two blocks is read by two other
 * threads (pread at each block's offset) into a ring of buffers while take()
 * runs, a pipe by one; a small file on the calling thread alone (threads
 * would cost more than they save), and any file when the machine has no CPU
 * to spare (hb_file_spare_cpu): there the threads only add their cost. */
int hb_file_stream(FILE *f, void (*take)(void *state, const uint8_t *block, size_t n), void *state);

/* hb_file_stream with the block size and the number of reading threads
 * chosen by the caller (0: the calling thread reads; 2 is the most, and a
 * file that cannot seek gets 1), for the tests. */
int hb_file_stream_with(FILE *f, size_t block, unsigned readers,
                        void (*take)(void *state, const uint8_t *block, size_t n), void *state);

/* SIGPIPE's default action (the end of a `| head`, as for sha256sum): the
 * front end execs the engine from Python, which ignores SIGPIPE, and an
 * ignored signal stays ignored across exec. */
void hb_file_default_pipe_signal(void);

#endif
