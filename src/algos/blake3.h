/* SPDX-License-Identifier: MIT
 * blake3.h - BLAKE3 (O'Connor, Aumasson, Neves, Wilcox-O'Hearn, "BLAKE3:
 * one function, fast everywhere", 2020): the hash mode, 256-bit output.
 *
 * Portable, one block at a time, with the full tree: 1 KiB chunks are
 * hashed as they complete and their chaining values merged on a stack, so
 * update() takes input of any size in any pieces.  Only 32-bit words (the
 * 64-bit chunk counter is two of them): builds with HB_NO_U64 (cc65).
 */
#ifndef HB_BLAKE3_H
#define HB_BLAKE3_H

#include "hb_config.h"

#define HB_BLAKE3_LEN 32
#define HB_BLAKE3_BLOCK 64
#define HB_BLAKE3_CHUNK 1024

/* Entries of the streaming context's chaining-value stack.  A context
 * hashes up to 2^HB_BLAKE3_MAX_DEPTH chunks (1 KiB each): 54 covers the
 * 2^64 bytes the chunk counter can count, and costs 1728 bytes of context.
 * Small targets may define it smaller: 16 (a context of some 620 bytes)
 * still streams 64 MiB.  Input beyond the limit is not hashed correctly,
 * but never written out of bounds.  The one-shot hb_blake3() needs no
 * context: it sizes its own stack for the largest size_t. */
#ifndef HB_BLAKE3_MAX_DEPTH
#define HB_BLAKE3_MAX_DEPTH 54
#endif

typedef struct {
    uint32_t cv[8];        /* chaining value of the current chunk */
    uint32_t chunk[2];     /* index of the current chunk: low word, high word */
    uint8_t buf[64];       /* the block not yet compressed: 0..64 bytes */
    unsigned buflen;       /* bytes in buf; a full block waits for the next
                              input, since the last one is flagged */
    unsigned blocks;       /* blocks of the current chunk compressed: 0..15 */
    unsigned depth;        /* entries on the stack */
    uint32_t stack[HB_BLAKE3_MAX_DEPTH * 8]; /* 8 words an entry: chaining
                              values of complete subtrees, largest first */
} hb_blake3_ctx;

void hb_blake3(uint8_t *out, const uint8_t *in, size_t len);
void hb_blake3_init(hb_blake3_ctx *ctx);
void hb_blake3_update(hb_blake3_ctx *ctx, const uint8_t *in, size_t len);
void hb_blake3_final(hb_blake3_ctx *ctx, uint8_t *out);

/* The compression function, truncated to the 8-word chaining
 * value it returns in cv: m is the 16-word block, counter = ctr[0] +
 * 2^32 ctr[1]. */
void hb_blake3_compress(uint32_t cv[8], const uint32_t m[16], const uint32_t ctr[2],
                        uint32_t block_len, uint32_t flags);

#endif /* HB_BLAKE3_H */
