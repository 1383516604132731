@ SPDX-License-Identifier: MIT
@ armv4/blake2s.s - BLAKE2s-256 (RFC 7693), unkeyed, for the ARM state of
@ ARMv4T (ARM7TDMI, GBA).
@
@   void hb_blake2s_armv4(uint8_t *out, const uint8_t *in, size_t len)
@   AAPCS: r0 out, r1 in, r2 len; r4-r11 kept; returns by bx (interworking).
@
@ G's four rotations are never done: the b and d words are held unrotated
@ and rotated where they are next read, in that instruction's operand
@ (each word's pending rotation is fixed at every point of the rounds: 16
@ and 8 for d, 12 and 7 for b; none before a word's first G), so G is its
@ 10 additions and xors and the two message words' loads: 16 cycles.  The
@ 16 words of v do not fit the 14 registers beside a temporary: 13 hold v,
@ three live in stack slots.  Putting out the words needed furthest ahead,
@ the swaps come three at a time, twice a round, always v4, v9, v14
@ against v7, v11, v15 through r4, r8, lr: the two sets side by side, one
@ stm and one ldm exchange them (10 cycles).  The message block is copied
@ to the stack (two ldm/stm of 8) so that sp addresses it and the slots
@ alike, leaving no register to a pointer.  The finalisation xors v's
@ halves in registers (a b word with its d word still rotated: ror 7 and
@ 8 differ by 1), then h by two ldm of four and one stm.
@ len is at most 2^32 - 1 here (size_t): the counter's high word stays 0.
@ A block not word-aligned is first copied to the stack (word by word, each
@ word from two aligned loads).

    .arm
    .syntax unified
    .include "md_frame.inc"         @ MD_DRIVER, COPY_BLOCK_UNALIGNED, COPY_BYTES
    .section .text.hb_blake2s_armv4, "ax", %progbits
    .align  2

.macro  STORE_LE r, off
    strb    \r, [r0, #\off]
    mov     r12, \r, lsr #8
    strb    r12, [r0, #\off + 1]
    mov     r12, \r, lsr #16
    strb    r12, [r0, #\off + 2]
    mov     r12, \r, lsr #24
    strb    r12, [r0, #\off + 3]
.endm

@ the driver's frame: [sp, #0..63] the last block's buffer, then
    .equ    HOFF, 64                @ h[0..7]
    .equ    T0OFF, 96               @ the bytes before this block (the compression adds its 64)
    .equ    F0OFF, 100              @ 0, or ~0 for the last block
    .equ    OUT, 104
    .equ    TOTAL, 108
    .equ    LEFT, 112
    .equ    NEXT, 116
    .equ    FRAME, 120
@ the compression's frame, below it
    .equ    M, 0                    @ the message block's copy
    .equ    V, 64                   @ v4, v9, v14, v7, v11, v15: the words out of the registers
    .equ    NEXT_BLOCK, 128
    .equ    CFRAME, 132             @ then [sp, #132] the blocks' end, lr
    .equ    H, CFRAME + 8 + HOFF
    .equ    T0, CFRAME + 8 + T0OFF
    .equ    F0, CFRAME + 8 + F0OFF

    .global hb_blake2s_armv4
    .type   hb_blake2s_armv4, %function
hb_blake2s_armv4:
    push    {r4-r11, lr}
    sub     sp, sp, #FRAME
    str     r0, [sp, #OUT]
    str     r2, [sp, #TOTAL]
    adr     r3, blake2s_h0
    ldm     r3, {r4-r11}
    add     r3, sp, #HOFF
    stm     r3, {r4-r11}
    mov     r3, #0
    str     r3, [sp, #T0OFF]
    str     r3, [sp, #F0OFF]
    subs    r2, r2, #1              @ every block but the last (len 0: one empty block)
    movcc   r2, #0
    movcs   r2, r2, lsr #6          @ (len - 1) / 64 blocks before the last
    tst     r1, #3
    bne     blake2s_blocks
    cmp     r2, #0
    blne    blake2s_compress        @ r1 += 64 a block
    b       blake2s_last
blake2s_blocks:                     @ not aligned: each block copied first
    subs    r2, r2, #1
    bcc     blake2s_last
    str     r2, [sp, #LEFT]
    mov     r0, sp
    bl      copy_block_unaligned
    str     r1, [sp, #NEXT]
    mov     r1, sp
    mov     r2, #1
    bl      blake2s_compress
    ldr     r1, [sp, #NEXT]
    ldr     r2, [sp, #LEFT]
    b       blake2s_blocks

blake2s_last:                       @ the last 0..64 bytes, zero-padded, flagged
    ldr     r3, [sp, #TOTAL]
    ldr     r2, [sp, #T0OFF]        @ the bytes before the last block
    sub     r2, r3, r2              @ the last block's bytes
    sub     r3, r3, #64
    str     r3, [sp, #T0OFF]        @ counter: len, after the compression's + 64
    mvn     r3, #0
    str     r3, [sp, #F0OFF]
    cmp     r2, #64                 @ a whole aligned block: straight from the input
    tsteq   r1, #3
    bne     blake2s_partial
    mov     r2, #1
    bl      blake2s_compress
    b       blake2s_out
blake2s_partial:
    mov     r3, #0
    mov     r12, #0
    add     r0, sp, #64
1:  stmdb   r0!, {r3, r12}
    cmp     r0, sp
    bne     1b
    bl      copy_bytes
    mov     r1, sp
    mov     r2, #1
    bl      blake2s_compress

blake2s_out:                        @ h, little-endian; out may be unaligned
    add     r1, sp, #HOFF
    ldm     r1, {r4-r11}
    ldr     r0, [sp, #OUT]
    STORE_LE r4, 0
    STORE_LE r5, 4
    STORE_LE r6, 8
    STORE_LE r7, 12
    STORE_LE r8, 16
    STORE_LE r9, 20
    STORE_LE r10, 24
    STORE_LE r11, 28
    add     sp, sp, #FRAME
    pop     {r4-r11, lr}
    bx      lr

    COPY_BLOCK_UNALIGNED r2, r3
    COPY_BYTES r12

blake2s_h0:                         @ the IV, h[0] xored with the parameter block's first word
    .word   0x6a09e667 ^ 0x01010020, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a
    .word   0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19
blake2s_iv:                         @ RFC 7693 2.6 (SHA-256's initial value)
    .word   0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a
    .word   0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19

@ ---- the compression: r1 the blocks (word-aligned), r2 how many (>= 1);
@ h, the counter and the flag in the driver's frame; r1 += 64 a block.
@ r0-r3 v0..v3, r5, r6 v5, v6, r7 v8, r9 v10, r10, r11 v12, v13; r4, r8, lr
@ v4, v9, v14 or v7, v11, v15 (the other three in the slots); r12 the message word.

@ G(a, b, c, d, m[x], m[y]); first: b and d not yet rotated (round 0's columns)
.macro  G a, b, c, d, x, y, first=0
.if \first
    add     \a, \a, \b
.else
    add     \a, \a, \b, ror #7
.endif
    ldr     r12, [sp, #M + 4 * \x]
    add     \a, \a, r12
.if \first
    eor     \d, \a, \d
.else
    eor     \d, \a, \d, ror #8
.endif
    add     \c, \c, \d, ror #16
.if \first
    eor     \b, \c, \b
.else
    eor     \b, \c, \b, ror #7
.endif
    add     \a, \a, \b, ror #12
    ldr     r12, [sp, #M + 4 * \y]
    add     \a, \a, r12
    eor     \d, \a, \d, ror #16
    add     \c, \c, \d, ror #8
    eor     \b, \c, \b, ror #12
.endm

@ a round with the message permutation s0..s15 (RFC 7693 2.7)
.macro  ROUND s0, s1, s2, s3, s4, s5, s6, s7, s8, s9, s10, s11, s12, s13, s14, s15, first=0
    G       r0, r4, r7, r10, \s0, \s1, \first     @ v0, v4, v8, v12
    G       r1, r5, r8, r11, \s2, \s3, \first     @ v1, v5, v9, v13
    G       r2, r6, r9, lr, \s4, \s5, \first      @ v2, v6, v10, v14
    add     r12, sp, #V             @ v4, v9, v14 out; v7, v11, v15 in
    stmia   r12!, {r4, r8, lr}
    ldmia   r12, {r4, r8, lr}
    G       r3, r4, r8, lr, \s6, \s7, \first      @ v3, v7, v11, v15
    G       r0, r5, r9, lr, \s8, \s9              @ v0, v5, v10, v15
    G       r1, r6, r8, r10, \s10, \s11           @ v1, v6, v11, v12
    G       r2, r4, r7, r11, \s12, \s13           @ v2, v7, v8, v13
    add     r12, sp, #V + 12        @ v7, v11, v15 out; v4, v9, v14 in
    stmia   r12, {r4, r8, lr}
    ldmdb   r12, {r4, r8, lr}
    G       r3, r4, r8, lr, \s14, \s15            @ v3, v4, v9, v14
.endm

blake2s_compress:
    add     r2, r1, r2, lsl #6      @ the end of the blocks
    push    {r2, lr}
    sub     sp, sp, #CFRAME
blake2s_block:
    ldmia   r1!, {r0, r2-r8}        @ the block, to the stack
    stmia   sp, {r0, r2-r8}
    ldmia   r1!, {r0, r2-r8}
    add     r12, sp, #32
    stmia   r12, {r0, r2-r8}
    str     r1, [sp, #NEXT_BLOCK]
    add     r12, sp, #H
    ldmia   r12, {r0-r7, r10, lr}   @ h0..h7, t0, f0 (side by side in the frame)
    add     r10, r10, #64           @ the counter: this block's end
    str     r10, [sp, #T0]
    str     r7, [sp, #V + 12]       @ v7 = h7 in its slot
    adr     r12, blake2s_iv
    ldmia   r12!, {r7-r9, r11}      @ v8..v10 = IV0..2; IV3
    str     r11, [sp, #V + 16]      @ v11 = IV3 in its slot
    ldmia   r12, {r11, r12}         @ IV4, IV5
    eor     r10, r10, r11           @ v12 = IV4 ^ t0 (t1 = 0)
    mov     r11, r12                @ v13 = IV5
    ldr     r12, blake2s_iv + 24
    eor     lr, lr, r12             @ v14 = IV6 ^ f0
    ldr     r12, blake2s_iv + 28
    str     r12, [sp, #V + 20]      @ v15 = IV7 in its slot
    ROUND    0,  1,  2,  3,  4,  5,  6,  7,  8,  9, 10, 11, 12, 13, 14, 15, 1
    ROUND   14, 10,  4,  8,  9, 15, 13,  6,  1, 12,  0,  2, 11,  7,  5,  3
    ROUND   11,  8, 12,  0,  5,  2, 15, 13, 10, 14,  3,  6,  7,  1,  9,  4
    ROUND    7,  9,  3,  1, 13, 12, 11, 14,  2,  6,  5, 10,  4,  0, 15,  8
    ROUND    9,  0,  5,  7,  2,  4, 10, 15, 14,  1, 11, 12,  6,  8,  3, 13
    ROUND    2, 12,  6, 10,  0, 11,  8,  3,  4, 13,  7,  5, 15, 14,  1,  9
    ROUND   12,  5,  1, 15, 14, 13,  4, 10,  0,  7,  6,  3,  9,  2,  8, 11
    ROUND   13, 11,  7, 14, 12,  1,  3,  9,  5,  0, 15,  4,  8,  6,  2, 10
    ROUND    6, 15, 14,  9, 11,  3,  0,  8, 12,  2, 13,  7,  1,  4, 10,  5
    ROUND   10,  2,  8,  4,  7,  6,  1,  5, 15, 11,  9, 14,  3, 12, 13,  0
    eor     r0, r0, r7              @ h[i] ^= v[i] ^ v[i + 8]; v4..v7 stay rotated
    eor     r1, r1, r8              @ by 7 and v12..v15 by 8: x = (v4' ^ (v12' ror 1))
    eor     r2, r2, r9              @ is (v4 ^ v12) rol 7
    eor     r4, r4, r10, ror #1
    eor     r5, r5, r11, ror #1
    eor     r6, r6, lr, ror #1
    add     r12, sp, #V + 12
    ldmia   r12, {r7-r9}            @ v7, v11, v15
    eor     r3, r3, r8
    eor     r7, r7, r9, ror #1
    add     r12, sp, #H
    ldmia   r12!, {r8-r11}          @ h0..h3
    eor     r0, r0, r8
    eor     r1, r1, r9
    eor     r2, r2, r10
    eor     r3, r3, r11
    ldmia   r12, {r8-r11}           @ h4..h7
    eor     r4, r8, r4, ror #7
    eor     r5, r9, r5, ror #7
    eor     r6, r10, r6, ror #7
    eor     r7, r11, r7, ror #7
    sub     r12, r12, #16
    stmia   r12, {r0-r7}
    add     r12, sp, #NEXT_BLOCK
    ldmia   r12, {r1, r2}           @ the next block, the blocks' end
    cmp     r1, r2
    bne     blake2s_block
    add     sp, sp, #CFRAME
    pop     {r2, lr}
    bx      lr
    .size   hb_blake2s_armv4, . - hb_blake2s_armv4
