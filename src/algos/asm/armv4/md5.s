@ SPDX-License-Identifier: MIT
@ armv4/md5.s - MD5 (RFC 1321) for the ARM state of ARMv4T (ARM7TDMI, GBA).
@
@   void hb_md5_armv4(uint8_t *out, const uint8_t *in, size_t len)
@   AAPCS: r0 out, r1 in, r2 len; r4-r11 kept; returns by bx (interworking).
@
@ The compression keeps a, b, c, d in r4-r7 and renames them step by step
@ (no moves); each step is a = b + rotl(a + f(b, c, d) + X[k] + T[i], s)
@ with the rotation folded into the last add's operand (ror #32-s).  The
@ constants T[i] come four at a time by ldm (6 cycles for 4), the message
@ words of round 1 two at a time by ldm, the others by ldr with an offset.
@ f takes 3 instructions in rounds 1 and 2 (d ^ (b & (c ^ d)),
@ c ^ (d & (b ^ c))), 2 in round 3 (1 in its odd steps, whose c ^ d is
@ the step before's b ^ c, kept in lr); round 4's I = c ^ (b | ~d) is
@ ~(c ^ (d & ~b)), so a + I = a - (c ^ (d bic b)) - 1: bic, eor and a
@ subtract, the -1 folded into that round's constants (stored T[i] - 1).
@ Cycles a step: its instructions + X (2 a word by ldm in round 1, else 3) +
@ T (1.5): 10.5 in round 1, 11.5 in round 2, 10.5 / 9.5 in round 3, 10.5 in
@ round 4; 707 a block with the state's save, add-back and the loop;
@ 11.9 a byte at 1 KiB (17 blocks with the padding's; gba-iwram-arm).
@ A block not word-aligned is first copied to the stack (word by word, each
@ word from two aligned loads).

    .arm
    .syntax unified
    .include "md_frame.inc"         @ MD_DRIVER, COPY_BLOCK_UNALIGNED, COPY_BYTES
    .section .text.hb_md5_armv4, "ax", %progbits
    .align  2

.macro  STEP_END a, b, x, k, s
    add     \a, \a, \k
    add     \a, \a, \x
    add     \a, \a, r3
    add     \a, \b, \a, ror #(32 - \s)
.endm
.macro  F1 a, b, c, d, x, k, s      @ x: a register (round 1's words come by ldm)
    eor     r3, \c, \d
    and     r3, r3, \b
    eor     r3, r3, \d
    STEP_END \a, \b, \x, \k, \s
.endm
.macro  G2 a, b, c, d, off, k, s    @ off: X[k]'s offset from r1, the block's end
    ldr     r0, [r1, #\off]
    eor     r3, \b, \c
    and     r3, r3, \d
    eor     r3, r3, \c
    STEP_END \a, \b, r0, \k, \s
.endm
.macro  H3 a, b, c, d, off, k, s    @ an even step: keeps b ^ c in lr
    ldr     r0, [r1, #\off]
    eor     lr, \b, \c
    eor     r3, lr, \d
    STEP_END \a, \b, r0, \k, \s
.endm
.macro  H3odd a, b, c, d, off, k, s @ c ^ d is the step before's b ^ c, in lr
    ldr     r0, [r1, #\off]
    eor     r3, lr, \b
    STEP_END \a, \b, r0, \k, \s
.endm
.macro  I4 a, b, c, d, off, k, s    @ \k holds T[i] - 1
    ldr     r0, [r1, #\off]
    bic     r3, \d, \b
    eor     r3, r3, \c
    add     \a, \a, \k
    add     \a, \a, r0
    sub     \a, \a, r3
    add     \a, \b, \a, ror #(32 - \s)
.endm
.macro  STORE_LE r, off
    strb    \r, [r0, #\off]
    mov     r3, \r, lsr #8
    strb    r3, [r0, #\off + 1]
    mov     r3, \r, lsr #16
    strb    r3, [r0, #\off + 2]
    mov     r3, \r, lsr #24
    strb    r3, [r0, #\off + 3]
.endm

@ frame below the saved registers: [sp, #0..63] the block buffer
    .equ    OUT, 64                 @ out
    .equ    LEFT, 68                @ bytes left, less 64
    .equ    TOTAL, 72               @ len
    .equ    NEXT, 76                @ the input after a copied block
    .equ    FRAME, 80

    MD_DRIVER md5, {r4-r7}, r3, LE

    ldr     r0, [sp, #OUT]          @ a, b, c, d little-endian; out may be unaligned
    STORE_LE r4, 0
    STORE_LE r5, 4
    STORE_LE r6, 8
    STORE_LE r7, 12
    add     sp, sp, #FRAME
    pop     {r4-r11, lr}
    bx      lr

    COPY_BLOCK_UNALIGNED r2, r3
    COPY_BYTES r3

@ zero the block buffer (sp + 0..63, called from the frame's level); keeps r1, r2
zero_buffer:
    mov     r0, #0
    mov     r3, #0
    mov     r8, #0
    mov     r9, #0
    mov     r10, #0
    mov     r11, #0
    mov     r12, #0
    stmia   sp, {r0, r3, r8-r12}
    add     r0, sp, #28
    stmia   r0, {r3, r8-r12}
    add     r0, sp, #52
    stmia   r0, {r3, r8-r9}
    bx      lr

md5_init:
    .word   0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476

@ ---- the compression: r1 the blocks (word-aligned), r2 how many (>= 1),
@ r4-r7 the state; uses r0 (X), r2 (T pointer), r3 (f), r8-r11 (T[i..i+3]),
@ r12 (X), lr (b ^ c in round 3); r1 += 64 a block

md5_compress:
    push    {r2, lr}                @ [sp]: blocks left
md5_block:
    push    {r4-r7}
    ldr     r2, =md5_t
    ldmia   r2!, {r8-r11}            @ K[0..3]
    ldmia   r1!, {r0, r12}           @ X[0], X[1]
    F1      r4, r5, r6, r7, r0, r8, 7
    F1      r7, r4, r5, r6, r12, r9, 12
    ldmia   r1!, {r0, r12}           @ X[2], X[3]
    F1      r6, r7, r4, r5, r0, r10, 17
    F1      r5, r6, r7, r4, r12, r11, 22
    ldmia   r2!, {r8-r11}            @ K[4..7]
    ldmia   r1!, {r0, r12}           @ X[4], X[5]
    F1      r4, r5, r6, r7, r0, r8, 7
    F1      r7, r4, r5, r6, r12, r9, 12
    ldmia   r1!, {r0, r12}           @ X[6], X[7]
    F1      r6, r7, r4, r5, r0, r10, 17
    F1      r5, r6, r7, r4, r12, r11, 22
    ldmia   r2!, {r8-r11}            @ K[8..11]
    ldmia   r1!, {r0, r12}           @ X[8], X[9]
    F1      r4, r5, r6, r7, r0, r8, 7
    F1      r7, r4, r5, r6, r12, r9, 12
    ldmia   r1!, {r0, r12}           @ X[10], X[11]
    F1      r6, r7, r4, r5, r0, r10, 17
    F1      r5, r6, r7, r4, r12, r11, 22
    ldmia   r2!, {r8-r11}            @ K[12..15]
    ldmia   r1!, {r0, r12}           @ X[12], X[13]
    F1      r4, r5, r6, r7, r0, r8, 7
    F1      r7, r4, r5, r6, r12, r9, 12
    ldmia   r1!, {r0, r12}           @ X[14], X[15]
    F1      r6, r7, r4, r5, r0, r10, 17
    F1      r5, r6, r7, r4, r12, r11, 22
    ldmia   r2!, {r8-r11}            @ K[16..19]
    G2      r4, r5, r6, r7, -60, r8, 5
    G2      r7, r4, r5, r6, -40, r9, 9
    G2      r6, r7, r4, r5, -20, r10, 14
    G2      r5, r6, r7, r4, -64, r11, 20
    ldmia   r2!, {r8-r11}            @ K[20..23]
    G2      r4, r5, r6, r7, -44, r8, 5
    G2      r7, r4, r5, r6, -24, r9, 9
    G2      r6, r7, r4, r5, -4, r10, 14
    G2      r5, r6, r7, r4, -48, r11, 20
    ldmia   r2!, {r8-r11}            @ K[24..27]
    G2      r4, r5, r6, r7, -28, r8, 5
    G2      r7, r4, r5, r6, -8, r9, 9
    G2      r6, r7, r4, r5, -52, r10, 14
    G2      r5, r6, r7, r4, -32, r11, 20
    ldmia   r2!, {r8-r11}            @ K[28..31]
    G2      r4, r5, r6, r7, -12, r8, 5
    G2      r7, r4, r5, r6, -56, r9, 9
    G2      r6, r7, r4, r5, -36, r10, 14
    G2      r5, r6, r7, r4, -16, r11, 20
    ldmia   r2!, {r8-r11}            @ K[32..35]
    H3      r4, r5, r6, r7, -44, r8, 4
    H3odd     r7, r4, r5, r6, -32, r9, 11
    H3      r6, r7, r4, r5, -20, r10, 16
    H3odd     r5, r6, r7, r4, -8, r11, 23
    ldmia   r2!, {r8-r11}            @ K[36..39]
    H3      r4, r5, r6, r7, -60, r8, 4
    H3odd     r7, r4, r5, r6, -48, r9, 11
    H3      r6, r7, r4, r5, -36, r10, 16
    H3odd     r5, r6, r7, r4, -24, r11, 23
    ldmia   r2!, {r8-r11}            @ K[40..43]
    H3      r4, r5, r6, r7, -12, r8, 4
    H3odd     r7, r4, r5, r6, -64, r9, 11
    H3      r6, r7, r4, r5, -52, r10, 16
    H3odd     r5, r6, r7, r4, -40, r11, 23
    ldmia   r2!, {r8-r11}            @ K[44..47]
    H3      r4, r5, r6, r7, -28, r8, 4
    H3odd     r7, r4, r5, r6, -16, r9, 11
    H3      r6, r7, r4, r5, -4, r10, 16
    H3odd     r5, r6, r7, r4, -56, r11, 23
    ldmia   r2!, {r8-r11}            @ K[48..51]
    I4      r4, r5, r6, r7, -64, r8, 6
    I4      r7, r4, r5, r6, -36, r9, 10
    I4      r6, r7, r4, r5, -8, r10, 15
    I4      r5, r6, r7, r4, -44, r11, 21
    ldmia   r2!, {r8-r11}            @ K[52..55]
    I4      r4, r5, r6, r7, -16, r8, 6
    I4      r7, r4, r5, r6, -52, r9, 10
    I4      r6, r7, r4, r5, -24, r10, 15
    I4      r5, r6, r7, r4, -60, r11, 21
    ldmia   r2!, {r8-r11}            @ K[56..59]
    I4      r4, r5, r6, r7, -32, r8, 6
    I4      r7, r4, r5, r6, -4, r9, 10
    I4      r6, r7, r4, r5, -40, r10, 15
    I4      r5, r6, r7, r4, -12, r11, 21
    ldmia   r2!, {r8-r11}            @ K[60..63]
    I4      r4, r5, r6, r7, -48, r8, 6
    I4      r7, r4, r5, r6, -20, r9, 10
    I4      r6, r7, r4, r5, -56, r10, 15
    I4      r5, r6, r7, r4, -28, r11, 21
    pop     {r0, r2, r3, r12}       @ the state before the block, added back
    add     r4, r4, r0
    add     r5, r5, r2
    add     r6, r6, r3
    add     r7, r7, r12
    ldr     r2, [sp]
    subs    r2, r2, #1
    str     r2, [sp]
    bne     md5_block
    pop     {r2, lr}
    bx      lr
    .ltorg

@ T[i] = floor(2^32 * abs(sin(i + 1))) (RFC 1321 3.4); round 4's less one
md5_t:
    .word   0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee
    .word   0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501
    .word   0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be
    .word   0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821
    .word   0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa
    .word   0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8
    .word   0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed
    .word   0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a
    .word   0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c
    .word   0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70
    .word   0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05
    .word   0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665
    .word   0xf4292244 - 1, 0x432aff97 - 1, 0xab9423a7 - 1, 0xfc93a039 - 1
    .word   0x655b59c3 - 1, 0x8f0ccc92 - 1, 0xffeff47d - 1, 0x85845dd1 - 1
    .word   0x6fa87e4f - 1, 0xfe2ce6e0 - 1, 0xa3014314 - 1, 0x4e0811a1 - 1
    .word   0xf7537e82 - 1, 0xbd3af235 - 1, 0x2ad7d2bb - 1, 0xeb86d391 - 1

    .size   hb_md5_armv4, . - hb_md5_armv4
