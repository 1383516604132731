/* SPDX-License-Identifier: MIT
 * hb_md.h - Merkle-Damgard block buffering and padding, shared by MD4, MD5
 * (RFC 1320/1321 3.1-3.2), SHA-1, SHA-256, SHA-512 (FIPS 180-4 5.1.1,
 * 5.1.2), RIPEMD-160 and Tiger (MD4's padding, Tiger with the byte 0x01).
 *
 * Each algorithm keeps its own context and passes its fields in: the
 * chaining value, the byte count as two 32-bit words (low, high: no 64-bit
 * integer needed, cc65 has none) and the partial-block buffer.
 *
 * Static inline, not a .c file: with the block length and the compression
 * function constant at each call, the compiler folds them and inlines the
 * small memcpy/memset, as in the seven copies this replaces.  Out of line
 * it measured 6-8% slower for 64-byte MD5 and SHA-256 (gcc, x86-64).  On
 * cc65 HB_INLINE is plain static: one copy per algorithm file, as before.
 */
#ifndef HB_MD_H
#define HB_MD_H

#include "hb_util.h"

/* Runs the compression function over nblocks consecutive blocks.  state is
 * the algorithm's chaining value, void so that one type serves every word
 * size: compression functions take void * (calling through a cast function
 * pointer would be undefined behaviour). */
typedef void (*hb_md_compress_fn)(void *state, const uint8_t *blocks, size_t nblocks);

/* The byte order of the length field. */
#define HB_MD_LE 0
#define HB_MD_BE 1

/* Absorbs len bytes.  buf holds the partial block, count[0] % block_len
 * bytes; whole blocks go to f straight from in.  block_len: 64 or 128. */
HB_INLINE void hb_md_update(void *state, hb_md_compress_fn f, uint8_t *buf,
                            unsigned block_len, uint32_t count[2],
                            const uint8_t *in, size_t len)
{
    unsigned fill = (unsigned)(count[0] & (block_len - 1));
    size_t rest;

    if (len == 0) return; /* also keeps memcpy away from a null `in` */
    /* 64-bit byte count in two words; len >> 32 as three shifts so that it
     * stays defined where size_t has 16 or 32 bits. */
    count[0] += (uint32_t)len;
    if (count[0] < (uint32_t)len) count[1]++;
    count[1] += (uint32_t)(((len >> 15) >> 15) >> 2);

    if (fill) {
        unsigned take = block_len - fill;
        if (len < take) {
            memcpy(buf + fill, in, len);
            return;
        }
        memcpy(buf + fill, in, take);
        f(state, buf, 1);
        in += take;
        len -= take;
    }
    rest = len & (block_len - 1);
    if (len != rest) { /* whole blocks straight from the input, no copy */
        f(state, in, len / block_len);
        in += len - rest;
    }
    memcpy(buf, in, rest);
}

/* Pads and compresses the last block or two: pad_byte (the 1 bit), zeros,
 * and the bit length, count * 8, in a field of length_bytes: 8, or 16
 * (SHA-512's, big-endian only).  The caller then writes out the state. */
HB_INLINE void hb_md_pad(void *state, hb_md_compress_fn f, uint8_t *buf,
                         unsigned block_len, const uint32_t count[2],
                         uint8_t pad_byte, unsigned length_bytes, int byte_order)
{
    unsigned fill = (unsigned)(count[0] & (block_len - 1));
    uint8_t *low = buf + block_len - 8; /* the low 64 bits of the length */

    buf[fill++] = pad_byte;
    if (fill > block_len - length_bytes) { /* no room for the length */
        memset(buf + fill, 0, block_len - fill);
        f(state, buf, 1);
        fill = 0;
    }
    memset(buf + fill, 0, block_len - 8 - fill); /* and a 16-byte field's high half */
    if (length_bytes == 16) low[-1] = (uint8_t)(count[1] >> 29); /* length bits 64..66 */
    if (byte_order == HB_MD_BE) {
        hb_store32_be(low, (count[1] << 3) | (count[0] >> 29));
        hb_store32_be(low + 4, count[0] << 3);
    } else {
        hb_store32_le(low, count[0] << 3);
        hb_store32_le(low + 4, (count[1] << 3) | (count[0] >> 29));
    }
    f(state, buf, 1);
}

#endif /* HB_MD_H */
