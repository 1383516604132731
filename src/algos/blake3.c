/* SPDX-License-Identifier: MIT
 * blake3.c - BLAKE3, hash mode, 256-bit output (the BLAKE3 paper, 2020:
 * its specification section for the compression function, chunk and
 * parent chaining values and the root output; its implementation section
 * for the incremental tree with a chaining-value stack).
 *
 * The seven rounds are written out with the message schedule (the
 * message permutation applied 0..6 times) at constant indices, so the
 * compiler picks message words directly, as blake2s.c does with its sigma
 * table (rolled, gcc 12 and clang 14 run 15-25% slower on x86-64).  With
 * HB_NO_PORTABLE_TABLES (hb_config.h) one rolled round serves all seven:
 * cc65 makes 5 KiB of 6502 code of this file instead of 16 KiB.
 * This is the one-block-at-a-time form: no SIMD, so the speed is that of
 * the compression function, about 10/7 of BLAKE2s per byte.
 */
#include "blake3.h"
#include "hb_util.h"

/* Domain separation flags (the hash mode uses these four). */
#define CHUNK_START 1u
#define CHUNK_END   2u
#define PARENT      4u
#define ROOT        8u

/* The SHA-256 initial value, which is also the key of the hash mode. */
static const uint32_t hb_blake3_iv[8] = {
    0x6A09E667u, 0xBB67AE85u, 0x3C6EF372u, 0xA54FF53Au,
    0x510E527Fu, 0x9B05688Cu, 0x1F83D9ABu, 0x5BE0CD19u
};

/* Row r: the message word order of round r, i.e. the permutation
 * 2,6,3,10,7,0,4,13,1,11,12,5,9,14,15,8 applied r times. */
static const uint8_t hb_blake3_schedule[7][16] = {
    { 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15 },
    { 2, 6, 3, 10, 7, 0, 4, 13, 1, 11, 12, 5, 9, 14, 15, 8 },
    { 3, 4, 10, 12, 13, 2, 7, 14, 6, 5, 9, 0, 11, 15, 8, 1 },
    { 10, 7, 12, 9, 14, 3, 13, 15, 4, 0, 11, 2, 5, 8, 1, 6 },
    { 12, 13, 9, 11, 15, 10, 14, 8, 7, 2, 5, 3, 0, 1, 6, 4 },
    { 9, 14, 11, 5, 8, 12, 15, 1, 13, 3, 0, 10, 2, 6, 4, 7 },
    { 11, 15, 5, 0, 1, 9, 8, 6, 14, 10, 2, 12, 3, 4, 7, 13 }
};

/* The quarter-round g is BLAKE2s's G (R1..R4 = 16, 12, 8, 7), the round
 * BLAKE2s's with the message order above: hb_blake.h. */
#define HB_BLAKE_ROTR hb_rotr32
#define HB_BLAKE_R1 16
#define HB_BLAKE_R2 12
#define HB_BLAKE_R3 8
#define HB_BLAKE_R4 7
#include "hb_blake.h"

/* The compression function, keeping only the first 8 output words (each
 * v[i] ^ v[i+8]): all that chaining values and a 32-byte root output need.  The work vector is
 * sixteen scalars, not an array: gcc 12 then keeps more of it in registers
 * and runs 1.25x faster on x86-64 (clang 14 does as well either way). */
static void hb_blake3_block(uint32_t cv[8], const uint32_t m[16], uint32_t ctr_lo,
                            uint32_t ctr_hi, uint32_t block_len, uint32_t flags)
{
    uint32_t v0, v1, v2, v3, v4, v5, v6, v7, v8, v9, v10, v11, v12, v13, v14, v15;
#ifdef HB_NO_PORTABLE_TABLES
    unsigned r;
#endif

    v0 = cv[0]; v1 = cv[1]; v2 = cv[2]; v3 = cv[3];
    v4 = cv[4]; v5 = cv[5]; v6 = cv[6]; v7 = cv[7];
    v8 = hb_blake3_iv[0]; v9 = hb_blake3_iv[1];
    v10 = hb_blake3_iv[2]; v11 = hb_blake3_iv[3];
    v12 = ctr_lo; v13 = ctr_hi; v14 = block_len; v15 = flags;
#ifdef HB_NO_PORTABLE_TABLES
    for (r = 0; r < 7; r++) HB_BLAKE_ROUND(hb_blake3_schedule[r]);
#else
    HB_BLAKE_ROUND(hb_blake3_schedule[0]);
    HB_BLAKE_ROUND(hb_blake3_schedule[1]);
    HB_BLAKE_ROUND(hb_blake3_schedule[2]);
    HB_BLAKE_ROUND(hb_blake3_schedule[3]);
    HB_BLAKE_ROUND(hb_blake3_schedule[4]);
    HB_BLAKE_ROUND(hb_blake3_schedule[5]);
    HB_BLAKE_ROUND(hb_blake3_schedule[6]);
#endif
    cv[0] = v0 ^ v8;  cv[1] = v1 ^ v9;  cv[2] = v2 ^ v10; cv[3] = v3 ^ v11;
    cv[4] = v4 ^ v12; cv[5] = v5 ^ v13; cv[6] = v6 ^ v14; cv[7] = v7 ^ v15;
}

void hb_blake3_compress(uint32_t cv[8], const uint32_t m[16], const uint32_t ctr[2],
                        uint32_t block_len, uint32_t flags)
{
    hb_blake3_block(cv, m, ctr[0], ctr[1], block_len, flags);
}

/* Compresses the n bytes at p (0..64; the block is zero-padded) into cv:
 * one block of the chunk with index ctr. */
static void hb_blake3_bytes(uint32_t cv[8], const uint8_t *p, unsigned n, const uint32_t ctr[2],
                            uint32_t flags)
{
    uint32_t m[16];
    unsigned i;

    if (n == 64) {
        for (i = 0; i < 16; i++) m[i] = hb_load32_le(p + 4 * i);
    } else {
        memset(m, 0, sizeof m);
        for (i = 0; i < n; i++) m[i >> 2] |= (uint32_t)p[i] << (8 * (i & 3));
    }
    hb_blake3_block(cv, m, ctr[0], ctr[1], (uint32_t)n, flags);
}

/* cv becomes the parent node of left and cv; the hash mode's key is the IV. */
static void hb_blake3_parent(uint32_t cv[8], const uint32_t *left, uint32_t flags)
{
    uint32_t m[16];
    unsigned i;

    for (i = 0; i < 8; i++) {
        m[i] = left[i];
        m[i + 8] = cv[i];
        cv[i] = hb_blake3_iv[i];
    }
    hb_blake3_block(cv, m, 0, 0, 64, PARENT | flags);
}

/* Chunk ctr is complete and more input follows: its chaining value cv
 * joins the stack (8 words an entry, *depth entries, room for max).  With
 * n chunks complete, the stack holds one entry per 1 bit of n: the
 * chaining values of the complete subtrees of 2^k chunks that n is the sum
 * of.  So before pushing, merge one entry per trailing 0 bit of n = ctr + 1
 * (the paper's chaining-value stack).  cv is clobbered. */
static void hb_blake3_push(uint32_t *stack, unsigned *depth, unsigned max, uint32_t cv[8],
                           const uint32_t ctr[2])
{
    uint32_t lo, hi;
    unsigned i;

    lo = ctr[0] + 1;
    hi = ctr[1] + (lo == 0);
    while ((lo & 1) == 0 && *depth > 0) {
        --*depth;
        hb_blake3_parent(cv, stack + 8 * *depth, 0);
        lo = (lo >> 1) | (hi << 31);
        hi >>= 1;
    }
    if (*depth < max) {
        for (i = 0; i < 8; i++) stack[8 * *depth + i] = cv[i];
        ++*depth;
    }
}

/* The input's last block (n bytes at p) into cv, then the right edge of
 * the tree merged down to the root, whose first 32 output bytes (root
 * output block 0: counter 0) are the digest.  flags carries CHUNK_START
 * when this is the chunk's first block. */
static void hb_blake3_finish(uint8_t *out, uint32_t cv[8], const uint8_t *p, unsigned n,
                             const uint32_t ctr[2], uint32_t flags, const uint32_t *stack,
                             unsigned depth)
{
    unsigned i;

    flags |= CHUNK_END;
    if (depth == 0) flags |= ROOT; /* a single chunk is the root itself */
    hb_blake3_bytes(cv, p, n, ctr, flags);
    for (i = depth; i > 0; i--)
        hb_blake3_parent(cv, stack + 8 * (i - 1), i == 1 ? ROOT : 0);
    for (i = 0; i < 8; i++) hb_store32_le(out + 4 * i, cv[i]);
}

HB_INLINE void hb_blake3_next_chunk(uint32_t cv[8], uint32_t ctr[2])
{
    unsigned i;
    for (i = 0; i < 8; i++) cv[i] = hb_blake3_iv[i];
    if (++ctr[0] == 0) ctr[1]++;
}

/* ---- streaming ------------------------------------------------------------ */

/* A full block of the current chunk that is known not to be the input's
 * last: compressed, and the chunk closed if it was the chunk's 16th. */
static void hb_blake3_inner_block(hb_blake3_ctx *ctx, const uint8_t *p)
{
    uint32_t flags = ctx->blocks == 0 ? CHUNK_START : 0;

    if (ctx->blocks == 15) {
        hb_blake3_bytes(ctx->cv, p, 64, ctx->chunk, flags | CHUNK_END);
        hb_blake3_push(ctx->stack, &ctx->depth, HB_BLAKE3_MAX_DEPTH, ctx->cv, ctx->chunk);
        hb_blake3_next_chunk(ctx->cv, ctx->chunk);
        ctx->blocks = 0;
    } else {
        hb_blake3_bytes(ctx->cv, p, 64, ctx->chunk, flags);
        ctx->blocks++;
    }
}

void hb_blake3_init(hb_blake3_ctx *ctx)
{
    unsigned i;
    for (i = 0; i < 8; i++) ctx->cv[i] = hb_blake3_iv[i];
    ctx->chunk[0] = 0;
    ctx->chunk[1] = 0;
    ctx->buflen = 0;
    ctx->blocks = 0;
    ctx->depth = 0;
}

void hb_blake3_update(hb_blake3_ctx *ctx, const uint8_t *in, size_t len)
{
    unsigned take;

    /* The last block of the input is flagged (CHUNK_END, and ROOT when it
     * is the only chunk), so a block is compressed only once input beyond
     * it is known: it waits in buf for the next update() or final(). */
    while (len) {
        if (ctx->buflen == 64) {
            hb_blake3_inner_block(ctx, ctx->buf);
            ctx->buflen = 0;
        }
        if (ctx->buflen == 0) {
            while (len > 64) { /* whole blocks straight from the input */
                hb_blake3_inner_block(ctx, in);
                in += 64;
                len -= 64;
            }
        }
        take = 64 - ctx->buflen;
        if (len < take) take = (unsigned)len;
        memcpy(ctx->buf + ctx->buflen, in, take);
        ctx->buflen += take;
        in += take;
        len -= take;
    }
}

void hb_blake3_final(hb_blake3_ctx *ctx, uint8_t *out)
{
    hb_blake3_finish(out, ctx->cv, ctx->buf, ctx->buflen, ctx->chunk,
                     ctx->blocks == 0 ? CHUNK_START : 0, ctx->stack, ctx->depth);
}

/* ---- one-shot --------------------------------------------------------------- */

/* The one-shot reads its blocks straight from the input and needs no
 * context: only a stack as deep as len / 1024 chunks can need.  With a
 * 16-bit size_t that is 6 entries and a frame of some 240 bytes: cc65
 * reaches locals and arguments with an 8-bit offset, and rejects a frame
 * holding a full context. */
#if SIZE_MAX <= 0xFFFFu
#define HB_BLAKE3_ONESHOT_DEPTH 6
#elif SIZE_MAX <= 0xFFFFFFFFu
#define HB_BLAKE3_ONESHOT_DEPTH 22
#else
#define HB_BLAKE3_ONESHOT_DEPTH 54
#endif

void hb_blake3(uint8_t *out, const uint8_t *in, size_t len)
{
    uint32_t stack[HB_BLAKE3_ONESHOT_DEPTH * 8];
    uint32_t cv[8], ctr[2], flags;
    unsigned depth = 0, blocks;

    ctr[0] = 0;
    ctr[1] = 0;
    for (blocks = 0; blocks < 8; blocks++) cv[blocks] = hb_blake3_iv[blocks];
    for (;;) {
        /* The chunk's blocks but its 16th, while more input follows. */
        flags = CHUNK_START;
        for (blocks = 0; blocks < 15 && len > 64; blocks++) {
            hb_blake3_bytes(cv, in, 64, ctr, flags);
            flags = 0;
            in += 64;
            len -= 64;
        }
        if (len <= 64) break; /* in holds the input's last block */
        hb_blake3_bytes(cv, in, 64, ctr, CHUNK_END);
        in += 64;
        len -= 64;
        hb_blake3_push(stack, &depth, HB_BLAKE3_ONESHOT_DEPTH, cv, ctr);
        hb_blake3_next_chunk(cv, ctr);
    }
    hb_blake3_finish(out, cv, in, (unsigned)len, ctr, flags, stack, depth);
}
