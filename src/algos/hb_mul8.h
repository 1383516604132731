/* SPDX-License-Identifier: MIT
 * hb_mul8.h - x * K mod 2^32 for a constant K, on the four bytes of x, for
 * the 8-bit CPUs (HB_SMALL_CPU, hb_config.h).
 *
 * Schoolbook multiplication in base 256: byte i of x times byte j of K adds
 * to byte i + j of the product, and mod 2^32 only i + j <= 3 count.  With
 * t_j[b] = byte j of b * K (four 256-byte tables, 1 KiB, built here by the
 * preprocessor from K alone) byte i of x contributes t_0[x_i] to column i,
 * t_1[x_i] to column i + 1, ...: ten lookups and column sums of at most
 * four bytes and a carry, all 8- and 16-bit work that cc65 and SDCC do
 * inline, where their 32 x 32-bit multiply is a library loop (cc65: ~2,400
 * cycles; SDCC's __mullong: ~5,000 on the SM83).
 */
#ifndef HB_MUL8_H
#define HB_MUL8_H

#include "hb_config.h"

/* Byte j of b * k, and the initialiser of the table of it for b = 0..255. */
#define HB_MUL8_B1(k, j, b) (uint8_t)(((uint32_t)(k) * (uint32_t)(b)) >> (8 * (j)))
#define HB_MUL8_B4(k, j, b)                                           \
    HB_MUL8_B1(k, j, b), HB_MUL8_B1(k, j, (b) + 1),                   \
    HB_MUL8_B1(k, j, (b) + 2), HB_MUL8_B1(k, j, (b) + 3)
#define HB_MUL8_B16(k, j, b)                                          \
    HB_MUL8_B4(k, j, b), HB_MUL8_B4(k, j, (b) + 4),                   \
    HB_MUL8_B4(k, j, (b) + 8), HB_MUL8_B4(k, j, (b) + 12)
#define HB_MUL8_B64(k, j, b)                                          \
    HB_MUL8_B16(k, j, b), HB_MUL8_B16(k, j, (b) + 16),                \
    HB_MUL8_B16(k, j, (b) + 32), HB_MUL8_B16(k, j, (b) + 48)
#define HB_MUL8_TABLE(k, j)                                           \
    { HB_MUL8_B64(k, j, 0), HB_MUL8_B64(k, j, 64),                    \
      HB_MUL8_B64(k, j, 128), HB_MUL8_B64(k, j, 192) }

/* The tables of one constant: t[j][b] = byte j of b * k. */
#define HB_MUL8_TABLES(k)                                             \
    { HB_MUL8_TABLE(k, 0), HB_MUL8_TABLE(k, 1),                       \
      HB_MUL8_TABLE(k, 2), HB_MUL8_TABLE(k, 3) }

/* x3:x2:x1:x0 (x0 the low byte; four uint8_t lvalues) = x * k + add mod
 * 2^32, add a byte, t = HB_MUL8_TABLES(k).  Column 3 needs only the low
 * byte of its sum and is taken first; columns 0-2 carry.  A macro, not a
 * function: cc65 passes arguments through its software stack, and SDCC keeps
 * bytes in registers only within one function. */
#define HB_MUL8(t, x3, x2, x1, x0, add)                                          \
    do {                                                                         \
        unsigned hb_c_;                                                          \
        uint8_t hb_n0_, hb_n1_;                                                  \
        (x3) = (uint8_t)((t)[3][x0] + (t)[2][x1] + (t)[1][x2] + (t)[0][x3]);     \
        hb_c_ = (unsigned)(t)[0][x0] + (add);                                    \
        hb_n0_ = (uint8_t)hb_c_;                                                 \
        hb_c_ = (hb_c_ >> 8) + (t)[1][x0] + (t)[0][x1];                          \
        hb_n1_ = (uint8_t)hb_c_;                                                 \
        hb_c_ = (hb_c_ >> 8) + (t)[2][x0] + (t)[1][x1] + (t)[0][x2];             \
        (x2) = (uint8_t)hb_c_;                                                   \
        (x3) = (uint8_t)((x3) + (hb_c_ >> 8));                                   \
        (x1) = hb_n1_;                                                           \
        (x0) = hb_n0_;                                                           \
    } while (0)

/* The same for k = m + s * 2^16 with m < 256 and s 0 or 1 (djb2: 33, sdbm:
 * 65599 = 63 + 2^16): b * m has two bytes, t = { HB_MUL8_TABLE(m, 0),
 * HB_MUL8_TABLE(m, 1) } (512 bytes), and s adds x shifted by two bytes:
 * seven lookups instead of ten. */
#define HB_MUL8_SMALL(t, x3, x2, x1, x0, add, s)                                 \
    do {                                                                         \
        unsigned hb_c_;                                                          \
        uint8_t hb_n0_, hb_n1_;                                                  \
        (x3) = (uint8_t)((t)[1][x2] + (t)[0][x3] + ((s) ? (x1) : 0));           \
        hb_c_ = (unsigned)(t)[0][x0] + (add);                                    \
        hb_n0_ = (uint8_t)hb_c_;                                                 \
        hb_c_ = (hb_c_ >> 8) + (t)[1][x0] + (t)[0][x1];                          \
        hb_n1_ = (uint8_t)hb_c_;                                                 \
        hb_c_ = (hb_c_ >> 8) + (t)[1][x1] + (t)[0][x2] + ((s) ? (x0) : 0);     \
        (x2) = (uint8_t)hb_c_;                                                   \
        (x3) = (uint8_t)((x3) + (hb_c_ >> 8));                                   \
        (x1) = hb_n1_;                                                           \
        (x0) = hb_n0_;                                                           \
    } while (0)

/* Defines `static uint32_t name(uint32_t x)`, x * k mod 2^32 by HB_MUL8,
 * and its tables name_t, for code that keeps its state in 32-bit
 * variables.  One function per constant, the tables at fixed addresses:
 * cc65 then indexes them directly (lda table,y) instead of through a
 * pointer argument; x is copied first because cc65 keeps arguments on its
 * stack but locals (hb_config.h) at fixed addresses. */
#define HB_MUL8_32(name, k)                                                      \
    HB_PAGE_TABLES_BEGIN                                                         \
    static const uint8_t name##_t[4][256] = HB_MUL8_TABLES(k);                  \
    HB_PAGE_TABLES_END                                                           \
    static uint32_t name(uint32_t x)                                             \
    {                                                                            \
        uint32_t v = x;                                                          \
        uint8_t x0 = (uint8_t)v, x1 = (uint8_t)(v >> 8), x2 = (uint8_t)(v >> 16), \
                x3 = (uint8_t)(v >> 24);                                         \
        HB_MUL8(name##_t, x3, x2, x1, x0, 0);                                    \
        return ((uint32_t)x3 << 24) | ((uint32_t)x2 << 16) |                     \
               (uint16_t)((unsigned)x1 << 8 | x0);                               \
    }

#endif /* HB_MUL8_H */
