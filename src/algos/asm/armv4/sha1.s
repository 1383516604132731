@ SPDX-License-Identifier: MIT
@ armv4/sha1.s - SHA-1 (FIPS 180-4) for the ARM state of ARMv4T (ARM7TDMI, GBA).
@
@   void hb_sha1_armv4(uint8_t *out, const uint8_t *in, size_t len)
@   AAPCS: r0 out, r1 in, r2 len; r4-r11 kept; returns by bx (interworking).
@
@ a..e live in r3-r7, renamed round by round (no moves).  The rotation of
@ b by 30 is never done: a value is held unrotated from when it becomes c
@ until it is used as e, and each use takes it through the barrel shifter
@ (ror #2), which ARM gives for free in one operand of every instruction;
@ c ^ d of two unrotated values is the unrotated c ^ d.  So a round is
@ e = K + e, + rotl(a, 5), + f(b, c, d), + W: 7 instructions with Ch,
@ 6 with Parity, 8 with Maj (as (b & c) + (d & (b ^ c))).
@ The schedule is a 16-word ring on the stack, two words at a time, lr
@ pointing at slot t mod 16: W[t-16..t-13] by one ldm there, W[t-8], W[t-7]
@ by another 32 bytes away, W[t-3], W[t-2] still in registers (three of the
@ last W stay live; r12, f's register, is free while a pair is made), two
@ rotations, one stm with writeback over W[t-16], W[t-15]: 22 cycles a
@ pair.  W[0..15] come four at a time by ldm, byte-swapped in three
@ instructions each with the mask 0x00FF00FF.
@ A block not word-aligned is first copied to the stack (word by word, each
@ word from two aligned loads).

    .arm
    .syntax unified
    .include "md_frame.inc"         @ MD_DRIVER, COPY_BLOCK_UNALIGNED, COPY_BYTES
    .section .text.hb_sha1_armv4, "ax", %progbits
    .align  2

@ byte-swap a word: ((x & m) ror 8) | ((x ror 24) & m), m = 0x00FF00FF in r11
.macro  BSWAP x
    and     r12, r11, \x, ror #24
    and     \x, \x, r11
    orr     \x, r12, \x, ror #8
.endm
.macro  STORE_BE r, off             @ out (r0) may be unaligned
    mov     r12, \r, lsr #24
    strb    r12, [r0, #\off]
    mov     r12, \r, lsr #16
    strb    r12, [r0, #\off + 1]
    mov     r12, \r, lsr #8
    strb    r12, [r0, #\off + 2]
    strb    \r, [r0, #\off + 3]
.endm

@ frame below the saved registers: [sp, #0..63] the block buffer
    .equ    OUT, 64                 @ out
    .equ    LEFT, 68                @ bytes left, less 64
    .equ    TOTAL, 72               @ len
    .equ    NEXT, 76                @ the input after a copied block
    .equ    FRAME, 80

    MD_DRIVER sha1, {r3-r7}, r12, BE

    ldr     r0, [sp, #OUT]
    STORE_BE r3, 0
    STORE_BE r4, 4
    STORE_BE r5, 8
    STORE_BE r6, 12
    STORE_BE r7, 16
    add     sp, sp, #FRAME
    pop     {r4-r11, lr}
    bx      lr

    COPY_BLOCK_UNALIGNED r8, r9
    COPY_BYTES r12

@ zero the block buffer (sp + 0..63, called from the frame's level); keeps r1-r7
zero_buffer:
    mov     r0, #0
    mov     r8, #0
    mov     r9, #0
    mov     r10, #0
    mov     r11, #0
    mov     r12, #0
    stmia   sp, {r0, r8-r12}
    add     r0, sp, #24
    stmia   r0, {r8-r12}
    add     r0, sp, #44
    stmia   r0, {r8-r12}
    bx      lr

sha1_init:
    .word   0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476, 0xc3d2e1f0
sha1_k:
    .word   0x5a827999, 0x6ed9eba1, 0x8f1bbcdc, 0xca62c1d6

@ ---- the compression: r1 the blocks (word-aligned), r2 how many (>= 1),
@ r3-r7 the state a..e; r8 K, r12 f, the others W; r1 += 64 a block.
@ Its frame: [sp, #0..63] the schedule's ring W[t mod 16], then:
    .equ    NEXT_BLOCK, 64          @ r1 after the block's words
    .equ    SAVED, 68               @ the state before the block (5 words)
    .equ    CFRAME, 88              @ then [sp, #88] the blocks' end, lr

sha1_compress:
    add     r2, r1, r2, lsl #6      @ the end of the blocks
    push    {r2, lr}
    sub     sp, sp, #CFRAME
sha1_block:
    add     r0, sp, #SAVED
    stmia   r0, {r3-r7}
    mov     r5, r5, ror #30         @ c, d, e held unrotated (see the top)
    mov     r6, r6, ror #30
    mov     r7, r7, ror #30
    mov     r11, #0xFF
    orr     r11, r11, #0xFF0000
    ldr     r8, sha1_k
    ldmia   r1!, {r0, r2, r9, r10}   @ W[0..3], big-endian
    BSWAP   r0
    BSWAP   r2
    BSWAP   r9
    BSWAP   r10
    stmia   sp, {r0, r2, r9, r10}
    @ round 0
    add     r7, r8, r7, ror #2
    add     r7, r7, r3, ror #27
    eor     r12, r5, r6
    and     r12, r4, r12, ror #2
    eor     r12, r12, r6, ror #2
    add     r7, r7, r12
    add     r7, r7, r0
    @ round 1
    add     r6, r8, r6, ror #2
    add     r6, r6, r7, ror #27
    eor     r12, r4, r5
    and     r12, r3, r12, ror #2
    eor     r12, r12, r5, ror #2
    add     r6, r6, r12
    add     r6, r6, r2
    @ round 2
    add     r5, r8, r5, ror #2
    add     r5, r5, r6, ror #27
    eor     r12, r3, r4
    and     r12, r7, r12, ror #2
    eor     r12, r12, r4, ror #2
    add     r5, r5, r12
    add     r5, r5, r9
    @ round 3
    add     r4, r8, r4, ror #2
    add     r4, r4, r5, ror #27
    eor     r12, r7, r3
    and     r12, r6, r12, ror #2
    eor     r12, r12, r3, ror #2
    add     r4, r4, r12
    add     r4, r4, r10
    ldmia   r1!, {r0, r2, r9, r10}   @ W[4..7], big-endian
    BSWAP   r0
    BSWAP   r2
    BSWAP   r9
    BSWAP   r10
    add     lr, sp, #16
    stmia   lr, {r0, r2, r9, r10}
    @ round 4
    add     r3, r8, r3, ror #2
    add     r3, r3, r4, ror #27
    eor     r12, r6, r7
    and     r12, r5, r12, ror #2
    eor     r12, r12, r7, ror #2
    add     r3, r3, r12
    add     r3, r3, r0
    @ round 5
    add     r7, r8, r7, ror #2
    add     r7, r7, r3, ror #27
    eor     r12, r5, r6
    and     r12, r4, r12, ror #2
    eor     r12, r12, r6, ror #2
    add     r7, r7, r12
    add     r7, r7, r2
    @ round 6
    add     r6, r8, r6, ror #2
    add     r6, r6, r7, ror #27
    eor     r12, r4, r5
    and     r12, r3, r12, ror #2
    eor     r12, r12, r5, ror #2
    add     r6, r6, r12
    add     r6, r6, r9
    @ round 7
    add     r5, r8, r5, ror #2
    add     r5, r5, r6, ror #27
    eor     r12, r3, r4
    and     r12, r7, r12, ror #2
    eor     r12, r12, r4, ror #2
    add     r5, r5, r12
    add     r5, r5, r10
    ldmia   r1!, {r0, r2, r9, r10}   @ W[8..11], big-endian
    BSWAP   r0
    BSWAP   r2
    BSWAP   r9
    BSWAP   r10
    add     lr, sp, #32
    stmia   lr, {r0, r2, r9, r10}
    @ round 8
    add     r4, r8, r4, ror #2
    add     r4, r4, r5, ror #27
    eor     r12, r7, r3
    and     r12, r6, r12, ror #2
    eor     r12, r12, r3, ror #2
    add     r4, r4, r12
    add     r4, r4, r0
    @ round 9
    add     r3, r8, r3, ror #2
    add     r3, r3, r4, ror #27
    eor     r12, r6, r7
    and     r12, r5, r12, ror #2
    eor     r12, r12, r7, ror #2
    add     r3, r3, r12
    add     r3, r3, r2
    @ round 10
    add     r7, r8, r7, ror #2
    add     r7, r7, r3, ror #27
    eor     r12, r5, r6
    and     r12, r4, r12, ror #2
    eor     r12, r12, r6, ror #2
    add     r7, r7, r12
    add     r7, r7, r9
    @ round 11
    add     r6, r8, r6, ror #2
    add     r6, r6, r7, ror #27
    eor     r12, r4, r5
    and     r12, r3, r12, ror #2
    eor     r12, r12, r5, ror #2
    add     r6, r6, r12
    add     r6, r6, r10
    ldmia   r1!, {r0, r2, r9, r10}   @ W[12..15], big-endian
    BSWAP   r0
    BSWAP   r2
    BSWAP   r9
    BSWAP   r10
    add     lr, sp, #48
    stmia   lr, {r0, r2, r9, r10}
    str     r1, [sp, #NEXT_BLOCK]
    @ round 12
    add     r5, r8, r5, ror #2
    add     r5, r5, r6, ror #27
    eor     r12, r3, r4
    and     r12, r7, r12, ror #2
    eor     r12, r12, r4, ror #2
    add     r5, r5, r12
    add     r5, r5, r0
    @ round 13
    add     r4, r8, r4, ror #2
    add     r4, r4, r5, ror #27
    eor     r12, r7, r3
    and     r12, r6, r12, ror #2
    eor     r12, r12, r3, ror #2
    add     r4, r4, r12
    add     r4, r4, r2
    @ round 14
    add     r3, r8, r3, ror #2
    add     r3, r3, r4, ror #27
    eor     r12, r6, r7
    and     r12, r5, r12, ror #2
    eor     r12, r12, r7, ror #2
    add     r3, r3, r12
    add     r3, r3, r9
    @ round 15
    add     r7, r8, r7, ror #2
    add     r7, r7, r3, ror #27
    eor     r12, r5, r6
    and     r12, r4, r12, ror #2
    eor     r12, r12, r6, ror #2
    add     r7, r7, r12
    add     r7, r7, r10
    mov     lr, sp                  @ the ring's slot t mod 16, two words a pair
    @ W[16], W[17]
    ldm     lr, {r0, r1, r11, r12}
    eor     r0, r0, r11
    eor     r1, r1, r12
    add     r12, lr, #32
    ldm     r12, {r11, r12}
    eor     r0, r0, r11
    eor     r1, r1, r12
    eor     r0, r0, r2
    mov     r0, r0, ror #31
    eor     r1, r1, r9
    mov     r1, r1, ror #31
    stmia   lr!, {r0, r1}
    @ round 16
    add     r6, r8, r6, ror #2
    add     r6, r6, r7, ror #27
    eor     r12, r4, r5
    and     r12, r3, r12, ror #2
    eor     r12, r12, r5, ror #2
    add     r6, r6, r12
    add     r6, r6, r0
    @ round 17
    add     r5, r8, r5, ror #2
    add     r5, r5, r6, ror #27
    eor     r12, r3, r4
    and     r12, r7, r12, ror #2
    eor     r12, r12, r4, ror #2
    add     r5, r5, r12
    add     r5, r5, r1
    @ W[18], W[19]
    ldm     lr, {r2, r9, r11, r12}
    eor     r2, r2, r11
    eor     r9, r9, r12
    add     r12, lr, #32
    ldm     r12, {r11, r12}
    eor     r2, r2, r11
    eor     r9, r9, r12
    eor     r2, r2, r10
    mov     r2, r2, ror #31
    eor     r9, r9, r0
    mov     r9, r9, ror #31
    stmia   lr!, {r2, r9}
    @ round 18
    add     r4, r8, r4, ror #2
    add     r4, r4, r5, ror #27
    eor     r12, r7, r3
    and     r12, r6, r12, ror #2
    eor     r12, r12, r3, ror #2
    add     r4, r4, r12
    add     r4, r4, r2
    @ round 19
    add     r3, r8, r3, ror #2
    add     r3, r3, r4, ror #27
    eor     r12, r6, r7
    and     r12, r5, r12, ror #2
    eor     r12, r12, r7, ror #2
    add     r3, r3, r12
    add     r3, r3, r9
    ldr     r8, sha1_k + 4
    @ W[20], W[21]
    ldm     lr, {r0, r10, r11, r12}
    eor     r0, r0, r11
    eor     r10, r10, r12
    add     r12, lr, #32
    ldm     r12, {r11, r12}
    eor     r0, r0, r11
    eor     r10, r10, r12
    eor     r0, r0, r1
    mov     r0, r0, ror #31
    eor     r10, r10, r2
    mov     r10, r10, ror #31
    stmia   lr!, {r0, r10}
    @ round 20
    add     r7, r8, r7, ror #2
    add     r7, r7, r3, ror #27
    eor     r12, r5, r6
    eor     r12, r4, r12, ror #2
    add     r7, r7, r12
    add     r7, r7, r0
    @ round 21
    add     r6, r8, r6, ror #2
    add     r6, r6, r7, ror #27
    eor     r12, r4, r5
    eor     r12, r3, r12, ror #2
    add     r6, r6, r12
    add     r6, r6, r10
    @ W[22], W[23]
    ldm     lr, {r1, r2, r11, r12}
    eor     r1, r1, r11
    eor     r2, r2, r12
    add     r12, lr, #32
    ldm     r12, {r11, r12}
    eor     r1, r1, r11
    eor     r2, r2, r12
    eor     r1, r1, r9
    mov     r1, r1, ror #31
    eor     r2, r2, r0
    mov     r2, r2, ror #31
    stmia   lr!, {r1, r2}
    @ round 22
    add     r5, r8, r5, ror #2
    add     r5, r5, r6, ror #27
    eor     r12, r3, r4
    eor     r12, r7, r12, ror #2
    add     r5, r5, r12
    add     r5, r5, r1
    @ round 23
    add     r4, r8, r4, ror #2
    add     r4, r4, r5, ror #27
    eor     r12, r7, r3
    eor     r12, r6, r12, ror #2
    add     r4, r4, r12
    add     r4, r4, r2
    @ W[24], W[25]
    ldm     lr, {r0, r9, r11, r12}
    eor     r0, r0, r11
    eor     r9, r9, r12
    sub     r12, lr, #32
    ldm     r12, {r11, r12}
    eor     r0, r0, r11
    eor     r9, r9, r12
    eor     r0, r0, r10
    mov     r0, r0, ror #31
    eor     r9, r9, r1
    mov     r9, r9, ror #31
    stmia   lr!, {r0, r9}
    @ round 24
    add     r3, r8, r3, ror #2
    add     r3, r3, r4, ror #27
    eor     r12, r6, r7
    eor     r12, r5, r12, ror #2
    add     r3, r3, r12
    add     r3, r3, r0
    @ round 25
    add     r7, r8, r7, ror #2
    add     r7, r7, r3, ror #27
    eor     r12, r5, r6
    eor     r12, r4, r12, ror #2
    add     r7, r7, r12
    add     r7, r7, r9
    @ W[26], W[27]
    ldm     lr, {r1, r10, r11, r12}
    eor     r1, r1, r11
    eor     r10, r10, r12
    sub     r12, lr, #32
    ldm     r12, {r11, r12}
    eor     r1, r1, r11
    eor     r10, r10, r12
    eor     r1, r1, r2
    mov     r1, r1, ror #31
    eor     r10, r10, r0
    mov     r10, r10, ror #31
    stmia   lr!, {r1, r10}
    @ round 26
    add     r6, r8, r6, ror #2
    add     r6, r6, r7, ror #27
    eor     r12, r4, r5
    eor     r12, r3, r12, ror #2
    add     r6, r6, r12
    add     r6, r6, r1
    @ round 27
    add     r5, r8, r5, ror #2
    add     r5, r5, r6, ror #27
    eor     r12, r3, r4
    eor     r12, r7, r12, ror #2
    add     r5, r5, r12
    add     r5, r5, r10
    @ W[28], W[29]
    ldm     lr, {r0, r2, r11, r12}
    eor     r0, r0, r11
    eor     r2, r2, r12
    sub     r12, lr, #32
    ldm     r12, {r11, r12}
    eor     r0, r0, r11
    eor     r2, r2, r12
    eor     r0, r0, r9
    mov     r0, r0, ror #31
    eor     r2, r2, r1
    mov     r2, r2, ror #31
    stmia   lr!, {r0, r2}
    @ round 28
    add     r4, r8, r4, ror #2
    add     r4, r4, r5, ror #27
    eor     r12, r7, r3
    eor     r12, r6, r12, ror #2
    add     r4, r4, r12
    add     r4, r4, r0
    @ round 29
    add     r3, r8, r3, ror #2
    add     r3, r3, r4, ror #27
    eor     r12, r6, r7
    eor     r12, r5, r12, ror #2
    add     r3, r3, r12
    add     r3, r3, r2
    @ W[30], W[31]
    ldm     lr, {r1, r9}
    ldm     sp, {r11, r12}
    eor     r1, r1, r11
    eor     r9, r9, r12
    sub     r12, lr, #32
    ldm     r12, {r11, r12}
    eor     r1, r1, r11
    eor     r9, r9, r12
    eor     r1, r1, r10
    mov     r1, r1, ror #31
    eor     r9, r9, r0
    mov     r9, r9, ror #31
    stmia   lr!, {r1, r9}
    sub     lr, lr, #64
    @ round 30
    add     r7, r8, r7, ror #2
    add     r7, r7, r3, ror #27
    eor     r12, r5, r6
    eor     r12, r4, r12, ror #2
    add     r7, r7, r12
    add     r7, r7, r1
    @ round 31
    add     r6, r8, r6, ror #2
    add     r6, r6, r7, ror #27
    eor     r12, r4, r5
    eor     r12, r3, r12, ror #2
    add     r6, r6, r12
    add     r6, r6, r9
    @ W[32], W[33]
    ldm     lr, {r0, r10, r11, r12}
    eor     r0, r0, r11
    eor     r10, r10, r12
    add     r12, lr, #32
    ldm     r12, {r11, r12}
    eor     r0, r0, r11
    eor     r10, r10, r12
    eor     r0, r0, r2
    mov     r0, r0, ror #31
    eor     r10, r10, r1
    mov     r10, r10, ror #31
    stmia   lr!, {r0, r10}
    @ round 32
    add     r5, r8, r5, ror #2
    add     r5, r5, r6, ror #27
    eor     r12, r3, r4
    eor     r12, r7, r12, ror #2
    add     r5, r5, r12
    add     r5, r5, r0
    @ round 33
    add     r4, r8, r4, ror #2
    add     r4, r4, r5, ror #27
    eor     r12, r7, r3
    eor     r12, r6, r12, ror #2
    add     r4, r4, r12
    add     r4, r4, r10
    @ W[34], W[35]
    ldm     lr, {r1, r2, r11, r12}
    eor     r1, r1, r11
    eor     r2, r2, r12
    add     r12, lr, #32
    ldm     r12, {r11, r12}
    eor     r1, r1, r11
    eor     r2, r2, r12
    eor     r1, r1, r9
    mov     r1, r1, ror #31
    eor     r2, r2, r0
    mov     r2, r2, ror #31
    stmia   lr!, {r1, r2}
    @ round 34
    add     r3, r8, r3, ror #2
    add     r3, r3, r4, ror #27
    eor     r12, r6, r7
    eor     r12, r5, r12, ror #2
    add     r3, r3, r12
    add     r3, r3, r1
    @ round 35
    add     r7, r8, r7, ror #2
    add     r7, r7, r3, ror #27
    eor     r12, r5, r6
    eor     r12, r4, r12, ror #2
    add     r7, r7, r12
    add     r7, r7, r2
    @ W[36], W[37]
    ldm     lr, {r0, r9, r11, r12}
    eor     r0, r0, r11
    eor     r9, r9, r12
    add     r12, lr, #32
    ldm     r12, {r11, r12}
    eor     r0, r0, r11
    eor     r9, r9, r12
    eor     r0, r0, r10
    mov     r0, r0, ror #31
    eor     r9, r9, r1
    mov     r9, r9, ror #31
    stmia   lr!, {r0, r9}
    @ round 36
    add     r6, r8, r6, ror #2
    add     r6, r6, r7, ror #27
    eor     r12, r4, r5
    eor     r12, r3, r12, ror #2
    add     r6, r6, r12
    add     r6, r6, r0
    @ round 37
    add     r5, r8, r5, ror #2
    add     r5, r5, r6, ror #27
    eor     r12, r3, r4
    eor     r12, r7, r12, ror #2
    add     r5, r5, r12
    add     r5, r5, r9
    @ W[38], W[39]
    ldm     lr, {r1, r10, r11, r12}
    eor     r1, r1, r11
    eor     r10, r10, r12
    add     r12, lr, #32
    ldm     r12, {r11, r12}
    eor     r1, r1, r11
    eor     r10, r10, r12
    eor     r1, r1, r2
    mov     r1, r1, ror #31
    eor     r10, r10, r0
    mov     r10, r10, ror #31
    stmia   lr!, {r1, r10}
    @ round 38
    add     r4, r8, r4, ror #2
    add     r4, r4, r5, ror #27
    eor     r12, r7, r3
    eor     r12, r6, r12, ror #2
    add     r4, r4, r12
    add     r4, r4, r1
    @ round 39
    add     r3, r8, r3, ror #2
    add     r3, r3, r4, ror #27
    eor     r12, r6, r7
    eor     r12, r5, r12, ror #2
    add     r3, r3, r12
    add     r3, r3, r10
    ldr     r8, sha1_k + 8
    @ W[40], W[41]
    ldm     lr, {r0, r2, r11, r12}
    eor     r0, r0, r11
    eor     r2, r2, r12
    sub     r12, lr, #32
    ldm     r12, {r11, r12}
    eor     r0, r0, r11
    eor     r2, r2, r12
    eor     r0, r0, r9
    mov     r0, r0, ror #31
    eor     r2, r2, r1
    mov     r2, r2, ror #31
    stmia   lr!, {r0, r2}
    @ round 40
    add     r7, r8, r7, ror #2
    add     r7, r7, r3, ror #27
    and     r12, r4, r5, ror #2
    add     r7, r7, r12
    eor     r12, r4, r5, ror #2
    and     r12, r12, r6, ror #2
    add     r7, r7, r12
    add     r7, r7, r0
    @ round 41
    add     r6, r8, r6, ror #2
    add     r6, r6, r7, ror #27
    and     r12, r3, r4, ror #2
    add     r6, r6, r12
    eor     r12, r3, r4, ror #2
    and     r12, r12, r5, ror #2
    add     r6, r6, r12
    add     r6, r6, r2
    @ W[42], W[43]
    ldm     lr, {r1, r9, r11, r12}
    eor     r1, r1, r11
    eor     r9, r9, r12
    sub     r12, lr, #32
    ldm     r12, {r11, r12}
    eor     r1, r1, r11
    eor     r9, r9, r12
    eor     r1, r1, r10
    mov     r1, r1, ror #31
    eor     r9, r9, r0
    mov     r9, r9, ror #31
    stmia   lr!, {r1, r9}
    @ round 42
    add     r5, r8, r5, ror #2
    add     r5, r5, r6, ror #27
    and     r12, r7, r3, ror #2
    add     r5, r5, r12
    eor     r12, r7, r3, ror #2
    and     r12, r12, r4, ror #2
    add     r5, r5, r12
    add     r5, r5, r1
    @ round 43
    add     r4, r8, r4, ror #2
    add     r4, r4, r5, ror #27
    and     r12, r6, r7, ror #2
    add     r4, r4, r12
    eor     r12, r6, r7, ror #2
    and     r12, r12, r3, ror #2
    add     r4, r4, r12
    add     r4, r4, r9
    @ W[44], W[45]
    ldm     lr, {r0, r10, r11, r12}
    eor     r0, r0, r11
    eor     r10, r10, r12
    sub     r12, lr, #32
    ldm     r12, {r11, r12}
    eor     r0, r0, r11
    eor     r10, r10, r12
    eor     r0, r0, r2
    mov     r0, r0, ror #31
    eor     r10, r10, r1
    mov     r10, r10, ror #31
    stmia   lr!, {r0, r10}
    @ round 44
    add     r3, r8, r3, ror #2
    add     r3, r3, r4, ror #27
    and     r12, r5, r6, ror #2
    add     r3, r3, r12
    eor     r12, r5, r6, ror #2
    and     r12, r12, r7, ror #2
    add     r3, r3, r12
    add     r3, r3, r0
    @ round 45
    add     r7, r8, r7, ror #2
    add     r7, r7, r3, ror #27
    and     r12, r4, r5, ror #2
    add     r7, r7, r12
    eor     r12, r4, r5, ror #2
    and     r12, r12, r6, ror #2
    add     r7, r7, r12
    add     r7, r7, r10
    @ W[46], W[47]
    ldm     lr, {r1, r2}
    ldm     sp, {r11, r12}
    eor     r1, r1, r11
    eor     r2, r2, r12
    sub     r12, lr, #32
    ldm     r12, {r11, r12}
    eor     r1, r1, r11
    eor     r2, r2, r12
    eor     r1, r1, r9
    mov     r1, r1, ror #31
    eor     r2, r2, r0
    mov     r2, r2, ror #31
    stmia   lr!, {r1, r2}
    sub     lr, lr, #64
    @ round 46
    add     r6, r8, r6, ror #2
    add     r6, r6, r7, ror #27
    and     r12, r3, r4, ror #2
    add     r6, r6, r12
    eor     r12, r3, r4, ror #2
    and     r12, r12, r5, ror #2
    add     r6, r6, r12
    add     r6, r6, r1
    @ round 47
    add     r5, r8, r5, ror #2
    add     r5, r5, r6, ror #27
    and     r12, r7, r3, ror #2
    add     r5, r5, r12
    eor     r12, r7, r3, ror #2
    and     r12, r12, r4, ror #2
    add     r5, r5, r12
    add     r5, r5, r2
    @ W[48], W[49]
    ldm     lr, {r0, r9, r11, r12}
    eor     r0, r0, r11
    eor     r9, r9, r12
    add     r12, lr, #32
    ldm     r12, {r11, r12}
    eor     r0, r0, r11
    eor     r9, r9, r12
    eor     r0, r0, r10
    mov     r0, r0, ror #31
    eor     r9, r9, r1
    mov     r9, r9, ror #31
    stmia   lr!, {r0, r9}
    @ round 48
    add     r4, r8, r4, ror #2
    add     r4, r4, r5, ror #27
    and     r12, r6, r7, ror #2
    add     r4, r4, r12
    eor     r12, r6, r7, ror #2
    and     r12, r12, r3, ror #2
    add     r4, r4, r12
    add     r4, r4, r0
    @ round 49
    add     r3, r8, r3, ror #2
    add     r3, r3, r4, ror #27
    and     r12, r5, r6, ror #2
    add     r3, r3, r12
    eor     r12, r5, r6, ror #2
    and     r12, r12, r7, ror #2
    add     r3, r3, r12
    add     r3, r3, r9
    @ W[50], W[51]
    ldm     lr, {r1, r10, r11, r12}
    eor     r1, r1, r11
    eor     r10, r10, r12
    add     r12, lr, #32
    ldm     r12, {r11, r12}
    eor     r1, r1, r11
    eor     r10, r10, r12
    eor     r1, r1, r2
    mov     r1, r1, ror #31
    eor     r10, r10, r0
    mov     r10, r10, ror #31
    stmia   lr!, {r1, r10}
    @ round 50
    add     r7, r8, r7, ror #2
    add     r7, r7, r3, ror #27
    and     r12, r4, r5, ror #2
    add     r7, r7, r12
    eor     r12, r4, r5, ror #2
    and     r12, r12, r6, ror #2
    add     r7, r7, r12
    add     r7, r7, r1
    @ round 51
    add     r6, r8, r6, ror #2
    add     r6, r6, r7, ror #27
    and     r12, r3, r4, ror #2
    add     r6, r6, r12
    eor     r12, r3, r4, ror #2
    and     r12, r12, r5, ror #2
    add     r6, r6, r12
    add     r6, r6, r10
    @ W[52], W[53]
    ldm     lr, {r0, r2, r11, r12}
    eor     r0, r0, r11
    eor     r2, r2, r12
    add     r12, lr, #32
    ldm     r12, {r11, r12}
    eor     r0, r0, r11
    eor     r2, r2, r12
    eor     r0, r0, r9
    mov     r0, r0, ror #31
    eor     r2, r2, r1
    mov     r2, r2, ror #31
    stmia   lr!, {r0, r2}
    @ round 52
    add     r5, r8, r5, ror #2
    add     r5, r5, r6, ror #27
    and     r12, r7, r3, ror #2
    add     r5, r5, r12
    eor     r12, r7, r3, ror #2
    and     r12, r12, r4, ror #2
    add     r5, r5, r12
    add     r5, r5, r0
    @ round 53
    add     r4, r8, r4, ror #2
    add     r4, r4, r5, ror #27
    and     r12, r6, r7, ror #2
    add     r4, r4, r12
    eor     r12, r6, r7, ror #2
    and     r12, r12, r3, ror #2
    add     r4, r4, r12
    add     r4, r4, r2
    @ W[54], W[55]
    ldm     lr, {r1, r9, r11, r12}
    eor     r1, r1, r11
    eor     r9, r9, r12
    add     r12, lr, #32
    ldm     r12, {r11, r12}
    eor     r1, r1, r11
    eor     r9, r9, r12
    eor     r1, r1, r10
    mov     r1, r1, ror #31
    eor     r9, r9, r0
    mov     r9, r9, ror #31
    stmia   lr!, {r1, r9}
    @ round 54
    add     r3, r8, r3, ror #2
    add     r3, r3, r4, ror #27
    and     r12, r5, r6, ror #2
    add     r3, r3, r12
    eor     r12, r5, r6, ror #2
    and     r12, r12, r7, ror #2
    add     r3, r3, r12
    add     r3, r3, r1
    @ round 55
    add     r7, r8, r7, ror #2
    add     r7, r7, r3, ror #27
    and     r12, r4, r5, ror #2
    add     r7, r7, r12
    eor     r12, r4, r5, ror #2
    and     r12, r12, r6, ror #2
    add     r7, r7, r12
    add     r7, r7, r9
    @ W[56], W[57]
    ldm     lr, {r0, r10, r11, r12}
    eor     r0, r0, r11
    eor     r10, r10, r12
    sub     r12, lr, #32
    ldm     r12, {r11, r12}
    eor     r0, r0, r11
    eor     r10, r10, r12
    eor     r0, r0, r2
    mov     r0, r0, ror #31
    eor     r10, r10, r1
    mov     r10, r10, ror #31
    stmia   lr!, {r0, r10}
    @ round 56
    add     r6, r8, r6, ror #2
    add     r6, r6, r7, ror #27
    and     r12, r3, r4, ror #2
    add     r6, r6, r12
    eor     r12, r3, r4, ror #2
    and     r12, r12, r5, ror #2
    add     r6, r6, r12
    add     r6, r6, r0
    @ round 57
    add     r5, r8, r5, ror #2
    add     r5, r5, r6, ror #27
    and     r12, r7, r3, ror #2
    add     r5, r5, r12
    eor     r12, r7, r3, ror #2
    and     r12, r12, r4, ror #2
    add     r5, r5, r12
    add     r5, r5, r10
    @ W[58], W[59]
    ldm     lr, {r1, r2, r11, r12}
    eor     r1, r1, r11
    eor     r2, r2, r12
    sub     r12, lr, #32
    ldm     r12, {r11, r12}
    eor     r1, r1, r11
    eor     r2, r2, r12
    eor     r1, r1, r9
    mov     r1, r1, ror #31
    eor     r2, r2, r0
    mov     r2, r2, ror #31
    stmia   lr!, {r1, r2}
    @ round 58
    add     r4, r8, r4, ror #2
    add     r4, r4, r5, ror #27
    and     r12, r6, r7, ror #2
    add     r4, r4, r12
    eor     r12, r6, r7, ror #2
    and     r12, r12, r3, ror #2
    add     r4, r4, r12
    add     r4, r4, r1
    @ round 59
    add     r3, r8, r3, ror #2
    add     r3, r3, r4, ror #27
    and     r12, r5, r6, ror #2
    add     r3, r3, r12
    eor     r12, r5, r6, ror #2
    and     r12, r12, r7, ror #2
    add     r3, r3, r12
    add     r3, r3, r2
    ldr     r8, sha1_k + 12
    @ W[60], W[61]
    ldm     lr, {r0, r9, r11, r12}
    eor     r0, r0, r11
    eor     r9, r9, r12
    sub     r12, lr, #32
    ldm     r12, {r11, r12}
    eor     r0, r0, r11
    eor     r9, r9, r12
    eor     r0, r0, r10
    mov     r0, r0, ror #31
    eor     r9, r9, r1
    mov     r9, r9, ror #31
    stmia   lr!, {r0, r9}
    @ round 60
    add     r7, r8, r7, ror #2
    add     r7, r7, r3, ror #27
    eor     r12, r5, r6
    eor     r12, r4, r12, ror #2
    add     r7, r7, r12
    add     r7, r7, r0
    @ round 61
    add     r6, r8, r6, ror #2
    add     r6, r6, r7, ror #27
    eor     r12, r4, r5
    eor     r12, r3, r12, ror #2
    add     r6, r6, r12
    add     r6, r6, r9
    @ W[62], W[63]
    ldm     lr, {r1, r10}
    ldm     sp, {r11, r12}
    eor     r1, r1, r11
    eor     r10, r10, r12
    sub     r12, lr, #32
    ldm     r12, {r11, r12}
    eor     r1, r1, r11
    eor     r10, r10, r12
    eor     r1, r1, r2
    mov     r1, r1, ror #31
    eor     r10, r10, r0
    mov     r10, r10, ror #31
    stmia   lr!, {r1, r10}
    sub     lr, lr, #64
    @ round 62
    add     r5, r8, r5, ror #2
    add     r5, r5, r6, ror #27
    eor     r12, r3, r4
    eor     r12, r7, r12, ror #2
    add     r5, r5, r12
    add     r5, r5, r1
    @ round 63
    add     r4, r8, r4, ror #2
    add     r4, r4, r5, ror #27
    eor     r12, r7, r3
    eor     r12, r6, r12, ror #2
    add     r4, r4, r12
    add     r4, r4, r10
    @ W[64], W[65]
    ldm     lr, {r0, r2, r11, r12}
    eor     r0, r0, r11
    eor     r2, r2, r12
    add     r12, lr, #32
    ldm     r12, {r11, r12}
    eor     r0, r0, r11
    eor     r2, r2, r12
    eor     r0, r0, r9
    mov     r0, r0, ror #31
    eor     r2, r2, r1
    mov     r2, r2, ror #31
    stmia   lr!, {r0, r2}
    @ round 64
    add     r3, r8, r3, ror #2
    add     r3, r3, r4, ror #27
    eor     r12, r6, r7
    eor     r12, r5, r12, ror #2
    add     r3, r3, r12
    add     r3, r3, r0
    @ round 65
    add     r7, r8, r7, ror #2
    add     r7, r7, r3, ror #27
    eor     r12, r5, r6
    eor     r12, r4, r12, ror #2
    add     r7, r7, r12
    add     r7, r7, r2
    @ W[66], W[67]
    ldm     lr, {r1, r9, r11, r12}
    eor     r1, r1, r11
    eor     r9, r9, r12
    add     r12, lr, #32
    ldm     r12, {r11, r12}
    eor     r1, r1, r11
    eor     r9, r9, r12
    eor     r1, r1, r10
    mov     r1, r1, ror #31
    eor     r9, r9, r0
    mov     r9, r9, ror #31
    stmia   lr!, {r1, r9}
    @ round 66
    add     r6, r8, r6, ror #2
    add     r6, r6, r7, ror #27
    eor     r12, r4, r5
    eor     r12, r3, r12, ror #2
    add     r6, r6, r12
    add     r6, r6, r1
    @ round 67
    add     r5, r8, r5, ror #2
    add     r5, r5, r6, ror #27
    eor     r12, r3, r4
    eor     r12, r7, r12, ror #2
    add     r5, r5, r12
    add     r5, r5, r9
    @ W[68], W[69]
    ldm     lr, {r0, r10, r11, r12}
    eor     r0, r0, r11
    eor     r10, r10, r12
    add     r12, lr, #32
    ldm     r12, {r11, r12}
    eor     r0, r0, r11
    eor     r10, r10, r12
    eor     r0, r0, r2
    mov     r0, r0, ror #31
    eor     r10, r10, r1
    mov     r10, r10, ror #31
    stmia   lr!, {r0, r10}
    @ round 68
    add     r4, r8, r4, ror #2
    add     r4, r4, r5, ror #27
    eor     r12, r7, r3
    eor     r12, r6, r12, ror #2
    add     r4, r4, r12
    add     r4, r4, r0
    @ round 69
    add     r3, r8, r3, ror #2
    add     r3, r3, r4, ror #27
    eor     r12, r6, r7
    eor     r12, r5, r12, ror #2
    add     r3, r3, r12
    add     r3, r3, r10
    @ W[70], W[71]
    ldm     lr, {r1, r2, r11, r12}
    eor     r1, r1, r11
    eor     r2, r2, r12
    add     r12, lr, #32
    ldm     r12, {r11, r12}
    eor     r1, r1, r11
    eor     r2, r2, r12
    eor     r1, r1, r9
    mov     r1, r1, ror #31
    eor     r2, r2, r0
    mov     r2, r2, ror #31
    stmia   lr!, {r1, r2}
    @ round 70
    add     r7, r8, r7, ror #2
    add     r7, r7, r3, ror #27
    eor     r12, r5, r6
    eor     r12, r4, r12, ror #2
    add     r7, r7, r12
    add     r7, r7, r1
    @ round 71
    add     r6, r8, r6, ror #2
    add     r6, r6, r7, ror #27
    eor     r12, r4, r5
    eor     r12, r3, r12, ror #2
    add     r6, r6, r12
    add     r6, r6, r2
    @ W[72], W[73]
    ldm     lr, {r0, r9, r11, r12}
    eor     r0, r0, r11
    eor     r9, r9, r12
    sub     r12, lr, #32
    ldm     r12, {r11, r12}
    eor     r0, r0, r11
    eor     r9, r9, r12
    eor     r0, r0, r10
    mov     r0, r0, ror #31
    eor     r9, r9, r1
    mov     r9, r9, ror #31
    add     lr, lr, #8             @ W[72..79] are read only from registers
    @ round 72
    add     r5, r8, r5, ror #2
    add     r5, r5, r6, ror #27
    eor     r12, r3, r4
    eor     r12, r7, r12, ror #2
    add     r5, r5, r12
    add     r5, r5, r0
    @ round 73
    add     r4, r8, r4, ror #2
    add     r4, r4, r5, ror #27
    eor     r12, r7, r3
    eor     r12, r6, r12, ror #2
    add     r4, r4, r12
    add     r4, r4, r9
    @ W[74], W[75]
    ldm     lr, {r1, r10, r11, r12}
    eor     r1, r1, r11
    eor     r10, r10, r12
    sub     r12, lr, #32
    ldm     r12, {r11, r12}
    eor     r1, r1, r11
    eor     r10, r10, r12
    eor     r1, r1, r2
    mov     r1, r1, ror #31
    eor     r10, r10, r0
    mov     r10, r10, ror #31
    add     lr, lr, #8             @ W[72..79] are read only from registers
    @ round 74
    add     r3, r8, r3, ror #2
    add     r3, r3, r4, ror #27
    eor     r12, r6, r7
    eor     r12, r5, r12, ror #2
    add     r3, r3, r12
    add     r3, r3, r1
    @ round 75
    add     r7, r8, r7, ror #2
    add     r7, r7, r3, ror #27
    eor     r12, r5, r6
    eor     r12, r4, r12, ror #2
    add     r7, r7, r12
    add     r7, r7, r10
    @ W[76], W[77]
    ldm     lr, {r0, r2, r11, r12}
    eor     r0, r0, r11
    eor     r2, r2, r12
    sub     r12, lr, #32
    ldm     r12, {r11, r12}
    eor     r0, r0, r11
    eor     r2, r2, r12
    eor     r0, r0, r9
    mov     r0, r0, ror #31
    eor     r2, r2, r1
    mov     r2, r2, ror #31
    add     lr, lr, #8             @ W[72..79] are read only from registers
    @ round 76
    add     r6, r8, r6, ror #2
    add     r6, r6, r7, ror #27
    eor     r12, r4, r5
    eor     r12, r3, r12, ror #2
    add     r6, r6, r12
    add     r6, r6, r0
    @ round 77
    add     r5, r8, r5, ror #2
    add     r5, r5, r6, ror #27
    eor     r12, r3, r4
    eor     r12, r7, r12, ror #2
    add     r5, r5, r12
    add     r5, r5, r2
    @ W[78], W[79]
    ldm     lr, {r1, r9}
    ldm     sp, {r11, r12}
    eor     r1, r1, r11
    eor     r9, r9, r12
    sub     r12, lr, #32
    ldm     r12, {r11, r12}
    eor     r1, r1, r11
    eor     r9, r9, r12
    eor     r1, r1, r10
    mov     r1, r1, ror #31
    eor     r9, r9, r0
    mov     r9, r9, ror #31
    @ round 78
    add     r4, r8, r4, ror #2
    add     r4, r4, r5, ror #27
    eor     r12, r7, r3
    eor     r12, r6, r12, ror #2
    add     r4, r4, r12
    add     r4, r4, r1
    @ round 79
    add     r3, r8, r3, ror #2
    add     r3, r3, r4, ror #27
    eor     r12, r6, r7
    eor     r12, r5, r12, ror #2
    add     r3, r3, r12
    add     r3, r3, r9

    add     r0, sp, #SAVED          @ the state before the block, added back
    ldmia   r0, {r0, r1, r2, r9, r10}
    add     r3, r3, r0
    add     r4, r4, r1
    add     r5, r2, r5, ror #2
    add     r6, r9, r6, ror #2
    add     r7, r10, r7, ror #2
    ldr     r1, [sp, #NEXT_BLOCK]
    ldr     r2, [sp, #CFRAME]
    cmp     r1, r2
    bne     sha1_block
    add     sp, sp, #CFRAME
    pop     {r2, lr}
    bx      lr
    .size   hb_sha1_armv4, . - hb_sha1_armv4
