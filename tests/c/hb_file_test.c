/* SPDX-License-Identifier: MIT
 * hb_file_test.c - the host engine's file reading (src/platform/host/hb_file.c,
 * POSIX): every way `hashbench-engine hash` takes a file gives back exactly
 * the file's bytes, in order: streamed on one thread and through the ring
 * of one or two reading threads (small blocks here, so that a few KiB span
 * the ring many times), from a regular file (also from an offset) and from a
 * pipe; loaded whole, mapped (faulted in ahead above a few MiB) or read; and
 * a read error is reported.
 *
 * Usage: hb-file-test [-v].  Ends with "hb-file-test: N passed, M failed";
 * exit 1 on any failure.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "../../src/platform/host/hb_file.h"

static unsigned long g_pass, g_fail;
static int g_verbose;

static void expect(int ok, const char *what, size_t len, const char *how)
{
    if (ok) {
        g_pass++;
        if (g_verbose) printf("ok   %s, %lu bytes, %s\n", what, (unsigned long)len, how);
        return;
    }
    g_fail++;
    fprintf(stderr, "FAIL %s, %lu bytes, %s\n", what, (unsigned long)len, how);
}

/* what the stream handed over: its bytes appended, and its block sizes checked */
typedef struct {
    uint8_t *got;
    size_t len, cap, block;
    int bad_block; /* a block of 0 bytes or over the block size */
} collected;

static void collect(void *state, const uint8_t *block, size_t n)
{
    collected *c = state;
    if (n == 0 || n > c->block) c->bad_block = 1;
    if (c->len + n > c->cap) {
        c->bad_block = 1; /* more bytes than the file has */
        return;
    }
    memcpy(c->got + c->len, block, n);
    c->len += n;
}

static uint8_t *pattern(size_t len)
{
    uint8_t *p = malloc(len ? len : 1);
    uint32_t x = 0x9E3779B9u ^ (uint32_t)len;
    size_t i;
    if (!p) {
        perror("hb-file-test");
        exit(2);
    }
    for (i = 0; i < len; i++) {
        x = x * 1664525u + 1013904223u;
        p[i] = (uint8_t)(x >> 24);
    }
    return p;
}

static FILE *file_of(const uint8_t *data, size_t len)
{
    FILE *f = tmpfile();
    if (!f || fwrite(data, 1, len, f) != len || fflush(f) != 0 || fseek(f, 0, SEEK_SET) != 0) {
        perror("hb-file-test: a temporary file");
        exit(2);
    }
    return f;
}

/* a pipe whose other end a child writes `data` into, then closes */
static FILE *pipe_of(const uint8_t *data, size_t len, pid_t *child)
{
    int fds[2];
    if (pipe(fds) != 0 || (*child = fork()) < 0) {
        perror("hb-file-test: a pipe");
        exit(2);
    }
    if (*child == 0) {
        size_t off = 0;
        close(fds[0]);
        while (off < len) {
            ssize_t put = write(fds[1], data + off, len - off);
            if (put <= 0) _exit(1);
            off += (size_t)put;
        }
        _exit(0);
    }
    close(fds[1]);
    return fdopen(fds[0], "rb");
}

static void check_stream(FILE *f, const uint8_t *data, size_t len, size_t block, unsigned readers,
                         const char *how)
{
    collected c;
    int rc;
    c.got = malloc(len ? len : 1);
    c.len = 0;
    c.cap = len;
    c.block = block;
    c.bad_block = 0;
    static const char *const ways[3] = {"streamed, one thread", "streamed, a reading thread",
                                        "streamed, two reading threads"};
    rc = hb_file_stream_with(f, block, readers, collect, &c);
    expect(rc == 0 && !c.bad_block && c.len == len && memcmp(c.got, data, len) == 0, ways[readers], len, how);
    free(c.got);
}

static void check_load(FILE *f, const uint8_t *data, size_t len, const char *how)
{
    hb_file file;
    int populate, ok;
    for (populate = 0; populate <= 1; populate++) {
        if (fseek(f, 0, SEEK_SET) != 0 && populate) break; /* a pipe: read once */
        ok = hb_file_load_with(f, &file, populate) == 0;
        expect(ok && file.len == len && memcmp(file.data, data, len) == 0,
               populate ? "loaded whole, faulted in ahead" : "loaded whole", len, how);
        if (ok) hb_file_release(&file);
    }
}

static void check_all_ways(size_t len, size_t block)
{
    uint8_t *data = pattern(len);
    char how[64];
    unsigned readers;
    pid_t child;
    FILE *f;
    for (readers = 0; readers <= 2; readers++) {
        sprintf(how, "a file, %lu-byte blocks", (unsigned long)block);
        f = file_of(data, len);
        check_stream(f, data, len, block, readers, how);
        fclose(f);
        sprintf(how, "a pipe, %lu-byte blocks", (unsigned long)block);
        f = pipe_of(data, len, &child);
        check_stream(f, data, len, block, readers, how);
        fclose(f);
        waitpid(child, NULL, 0);
    }
    if (len > 7) { /* a file read from where its offset stands (stdin after a shell's seek) */
        f = file_of(data, len);
        if (fseek(f, 7, SEEK_SET) != 0) exit(2);
        check_stream(f, data + 7, len - 7, block, 2, "a file from offset 7");
        fclose(f);
    }
    f = file_of(data, len);
    check_load(f, data, len, "a file (mapped)");
    fseek(f, 0, SEEK_SET);
    check_stream(f, data, len, HB_FILE_STREAM_BLOCK, len > 2 * HB_FILE_STREAM_BLOCK ? 2 : 0, "a file, as `hash` does");
    fclose(f);
    f = pipe_of(data, len, &child);
    check_load(f, data, len, "a pipe (read)");
    fclose(f);
    waitpid(child, NULL, 0);
    free(data);
}

static void check_read_error(void)
{
    /* a directory opens but cannot be read: EISDIR from read(2) */
    unsigned readers;
    for (readers = 0; readers <= 2; readers++) {
        FILE *f = fopen(".", "r");
        collected c;
        int rc;
        memset(&c, 0, sizeof c);
        c.block = 4096;
        if (!f) continue; /* a system that refuses to open a directory: nothing to check */
        errno = 0;
        rc = hb_file_stream_with(f, 4096, readers, collect, &c);
        expect(rc == -1 && errno == EISDIR && c.len == 0, "a read error", readers, "a directory (the number: reading threads)");
        fclose(f);
    }
}

int main(int argc, char **argv)
{
    /* lengths around the block (1000 bytes: not a power of two) and past the
     * ring (8 blocks) several times over, and the empty file */
    static const size_t lens[] = {0, 1, 999, 1000, 1001, 7999, 8000, 8001, 16001, 100003};
    size_t i;
    if (argc == 2 && strcmp(argv[1], "-v") == 0) g_verbose = 1;
    else if (argc != 1) {
        fprintf(stderr, "usage: hb-file-test [-v]\n");
        return 2;
    }
    for (i = 0; i < sizeof lens / sizeof lens[0]; i++) check_all_ways(lens[i], 1000);
    /* the engine's own block, and a mapping large enough to be faulted in ahead */
    check_all_ways(3 * HB_FILE_STREAM_BLOCK + 5, HB_FILE_STREAM_BLOCK);
    check_all_ways(((size_t)9 << 20) + 4097, (size_t)1 << 16);
    check_read_error();
    printf("hb-file-test: %lu passed, %lu failed\n", g_pass, g_fail);
    return g_fail ? 1 : 0;
}
