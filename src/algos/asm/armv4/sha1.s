@ SPDX-License-Identifier: MIT
@ armv4/sha1.s - SHA-1 (FIPS 180-4) for the ARM state of ARMv4T (ARM7TDMI, GBA).
@
@   void hb_sha1_armv4(uint8_t *out, const uint8_t *in, size_t len)
@   AAPCS: r0 out, r1 in, r2 len; r4-r11 kept; returns by bx (interworking).
@
@ a..e live in r3-r7, renamed round by round through the macros'
@ parameters (no moves).  The rotation of
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
@ instructions each with the mask 0x00FF00FF.  The W registers of each
@ pair (three of the last words stay live, in r0-r2, r9, r10 by turns) are
@ the macros' parameters too.
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

@ round t (a..e as it names them; w: W[t]); e += K + rotl(a, 5) + f(b, c, d) + W,
@ c and d held unrotated (ror #2 where read), e too until this add
.macro  RND t, a, b, c, d, e, w
    add     \e, r8, \e, ror #2
    add     \e, \e, \a, ror #27
.if (\t) < 20                       @ Ch = d ^ (b & (c ^ d))
    eor     r12, \c, \d
    and     r12, \b, r12, ror #2
    eor     r12, r12, \d, ror #2
.elseif (\t) >= 40 && (\t) < 60     @ Maj = (b & c) + (d & (b ^ c))
    and     r12, \b, \c, ror #2
    add     \e, \e, r12
    eor     r12, \b, \c, ror #2
    and     r12, r12, \d, ror #2
.else                               @ Parity = b ^ c ^ d
    eor     r12, \c, \d
    eor     r12, \b, r12, ror #2
.endif
    add     \e, \e, r12
    add     \e, \e, \w
.endm

@ rounds t..t+3 on W[t..t+3], read from the block by one ldm, swapped, stored
@ to the ring
.macro  BLOCK4 t, a, b, c, d, e
    ldmia   r1!, {r0, r2, r9, r10}   @ W[t..t+3], big-endian
    BSWAP   r0
    BSWAP   r2
    BSWAP   r9
    BSWAP   r10
.if (\t) == 0
    stmia   sp, {r0, r2, r9, r10}
.else
    add     lr, sp, #4 * (\t)
    stmia   lr, {r0, r2, r9, r10}
.endif
.if (\t) == 12
    str     r1, [sp, #NEXT_BLOCK]
.endif
    RND     (\t), \a, \b, \c, \d, \e, r0
    RND     (\t+1), \e, \a, \b, \c, \d, r2
    RND     (\t+2), \d, \e, \a, \b, \c, r9
    RND     (\t+3), \c, \d, \e, \a, \b, r10
.endm

@ W[t], W[t+1] into o0, o1 (x3 = W[t-3], x2 = W[t-2] in registers; the
@ ring's W[t-16] at lr), then rounds t, t + 1; K changes every 20 rounds
.macro  PAIR t, o0, o1, x3, x2, a, b, c, d, e
.if (\t) % 20 == 0
    ldr     r8, sha1_k + 4 * ((\t) / 20)
.endif
.if (\t) % 16 == 14                 @ W[t-14], W[t-13] past the ring's end
    ldm     lr, {\o0, \o1}
    ldm     sp, {r11, r12}
.else
    ldm     lr, {\o0, \o1, r11, r12}
.endif
    eor     \o0, \o0, r11
    eor     \o1, \o1, r12
.if (\t) % 16 < 8                   @ W[t-8], W[t-7]
    add     r12, lr, #32
.else
    sub     r12, lr, #32
.endif
    ldm     r12, {r11, r12}
    eor     \o0, \o0, r11
    eor     \o1, \o1, r12
    eor     \o0, \o0, \x3
    mov     \o0, \o0, ror #31
    eor     \o1, \o1, \x2
    mov     \o1, \o1, ror #31
.if (\t) < 72
    stmia   lr!, {\o0, \o1}
.elseif (\t) < 78
    add     lr, lr, #8              @ W[72..79] are read only from registers
.endif
.if (\t) % 16 == 14 && (\t) < 78
    sub     lr, lr, #64
.endif
    RND     (\t), \a, \b, \c, \d, \e, \o0
    RND     (\t+1), \e, \a, \b, \c, \d, \o1
.endm

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
    BLOCK4  0, r3, r4, r5, r6, r7
    BLOCK4  4, r4, r5, r6, r7, r3
    BLOCK4  8, r5, r6, r7, r3, r4
    BLOCK4  12, r6, r7, r3, r4, r5
    mov     lr, sp                  @ the ring's slot t mod 16, two words a pair
    PAIR    16, r0, r1, r2, r9, r7, r3, r4, r5, r6
    PAIR    18, r2, r9, r10, r0, r5, r6, r7, r3, r4
    PAIR    20, r0, r10, r1, r2, r3, r4, r5, r6, r7
    PAIR    22, r1, r2, r9, r0, r6, r7, r3, r4, r5
    PAIR    24, r0, r9, r10, r1, r4, r5, r6, r7, r3
    PAIR    26, r1, r10, r2, r0, r7, r3, r4, r5, r6
    PAIR    28, r0, r2, r9, r1, r5, r6, r7, r3, r4
    PAIR    30, r1, r9, r10, r0, r3, r4, r5, r6, r7
    PAIR    32, r0, r10, r2, r1, r6, r7, r3, r4, r5
    PAIR    34, r1, r2, r9, r0, r4, r5, r6, r7, r3
    PAIR    36, r0, r9, r10, r1, r7, r3, r4, r5, r6
    PAIR    38, r1, r10, r2, r0, r5, r6, r7, r3, r4
    PAIR    40, r0, r2, r9, r1, r3, r4, r5, r6, r7
    PAIR    42, r1, r9, r10, r0, r6, r7, r3, r4, r5
    PAIR    44, r0, r10, r2, r1, r4, r5, r6, r7, r3
    PAIR    46, r1, r2, r9, r0, r7, r3, r4, r5, r6
    PAIR    48, r0, r9, r10, r1, r5, r6, r7, r3, r4
    PAIR    50, r1, r10, r2, r0, r3, r4, r5, r6, r7
    PAIR    52, r0, r2, r9, r1, r6, r7, r3, r4, r5
    PAIR    54, r1, r9, r10, r0, r4, r5, r6, r7, r3
    PAIR    56, r0, r10, r2, r1, r7, r3, r4, r5, r6
    PAIR    58, r1, r2, r9, r0, r5, r6, r7, r3, r4
    PAIR    60, r0, r9, r10, r1, r3, r4, r5, r6, r7
    PAIR    62, r1, r10, r2, r0, r6, r7, r3, r4, r5
    PAIR    64, r0, r2, r9, r1, r4, r5, r6, r7, r3
    PAIR    66, r1, r9, r10, r0, r7, r3, r4, r5, r6
    PAIR    68, r0, r10, r2, r1, r5, r6, r7, r3, r4
    PAIR    70, r1, r2, r9, r0, r3, r4, r5, r6, r7
    PAIR    72, r0, r9, r10, r1, r6, r7, r3, r4, r5
    PAIR    74, r1, r10, r2, r0, r4, r5, r6, r7, r3
    PAIR    76, r0, r2, r9, r1, r7, r3, r4, r5, r6
    PAIR    78, r1, r9, r10, r0, r5, r6, r7, r3, r4
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
