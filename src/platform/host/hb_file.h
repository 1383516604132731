/* SPDX-License-Identifier: MIT
 * hb_file.h - a file for `hashbench-engine hash`: either streamed in large
 * blocks into one reused buffer (an implementation that streams: any size,
 * the block stays in the cache), or whole in memory for a one-shot
 * implementation: mapped where the file is a regular one (no copy, the
 * kernel reads ahead), else read in large blocks (a pipe, a terminal).
 */
#ifndef HB_FILE_H
#define HB_FILE_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct {
    uint8_t *data;
    size_t len;
    int mapped; /* 1: munmap it; 0: free it */
} hb_file;

/* 0 on success; -1 with errno set. */
int hb_file_load(FILE *f, hb_file *out);
void hb_file_release(hb_file *file);

/* Bytes per read of hb_file_stream: large enough that a system call costs
 * nothing beside the hashing, small enough to stay in a core's L2. */
#define HB_FILE_STREAM_BLOCK ((size_t)1 << 18)

/* Calls take(state, block, n) for each block read from f, in order, with
 * one reused buffer of HB_FILE_STREAM_BLOCK bytes: 0 at the end of the
 * file, -1 with errno set on an error. */
int hb_file_stream(FILE *f, void (*take)(void *state, const uint8_t *block, size_t n), void *state);

/* SIGPIPE's default action (the end of a `| head`, as for sha256sum): the
 * front end execs the engine from Python, which ignores SIGPIPE, and an
 * ignored signal stays ignored across exec. */
void hb_file_default_pipe_signal(void);

#endif
