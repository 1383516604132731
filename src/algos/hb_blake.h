/* SPDX-License-Identifier: MIT
 * hb_blake.h - the BLAKE2 round (RFC 7693 3.1 G, 3.2 the round), shared by
 * BLAKE2s, BLAKE2b and BLAKE3 (whose g and round are BLAKE2s's; only its
 * message order and finalisation differ).
 *
 * The including file names its word rotation and the four rotation
 * counts, then includes this and runs HB_BLAKE_ROUND(s) on sixteen
 * scalars v0..v15 and message words m[], s being that round's message
 * order.  Scalars, not an array: gcc 12 keeps more of them in registers
 * (1.07x to 1.25x faster; clang the same either way).
 *     #define HB_BLAKE_ROTR hb_rotr32
 *     #define HB_BLAKE_R1 16  (R2, R3, R4: 12, 8, 7)
 */

#define HB_BLAKE_G(a, b, c, d, x, y)                                \
    do {                                                            \
        a += b + (x); d = HB_BLAKE_ROTR(d ^ a, HB_BLAKE_R1);        \
        c += d;       b = HB_BLAKE_ROTR(b ^ c, HB_BLAKE_R2);        \
        a += b + (y); d = HB_BLAKE_ROTR(d ^ a, HB_BLAKE_R3);        \
        c += d;       b = HB_BLAKE_ROTR(b ^ c, HB_BLAKE_R4);        \
    } while (0)

/* Four column steps, then four diagonal steps. */
#define HB_BLAKE_ROUND(s)                                           \
    do {                                                            \
        HB_BLAKE_G(v0, v4, v8,  v12, m[(s)[0]],  m[(s)[1]]);        \
        HB_BLAKE_G(v1, v5, v9,  v13, m[(s)[2]],  m[(s)[3]]);        \
        HB_BLAKE_G(v2, v6, v10, v14, m[(s)[4]],  m[(s)[5]]);        \
        HB_BLAKE_G(v3, v7, v11, v15, m[(s)[6]],  m[(s)[7]]);        \
        HB_BLAKE_G(v0, v5, v10, v15, m[(s)[8]],  m[(s)[9]]);        \
        HB_BLAKE_G(v1, v6, v11, v12, m[(s)[10]], m[(s)[11]]);       \
        HB_BLAKE_G(v2, v7, v8,  v13, m[(s)[12]], m[(s)[13]]);       \
        HB_BLAKE_G(v3, v4, v9,  v14, m[(s)[14]], m[(s)[15]]);       \
    } while (0)
