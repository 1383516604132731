/* SPDX-License-Identifier: MIT
 * hb_file.h - a whole file in memory for `hashbench-engine hash`: mapped
 * where the file is a regular one (no copy, the kernel reads ahead), else
 * read in large blocks (a pipe, a terminal).
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

#endif
