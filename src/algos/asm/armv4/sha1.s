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

    .global hb_sha1_armv4
    .type   hb_sha1_armv4, %function
hb_sha1_armv4:
    push    {r4-r11, lr}
    sub     sp, sp, #FRAME
    str     r0, [sp, #OUT]
    str     r2, [sp, #TOTAL]
    adr     r3, sha1_init
    ldm     r3, {r3-r7}
    tst     r1, #3
    bne     sha1_blocks
    movs    r2, r2, lsr #6          @ aligned: every whole block in one call
    blne    sha1_compress           @ r1 += 64 a block
    ldr     r2, [sp, #TOTAL]
    and     r2, r2, #63
    b       sha1_last
sha1_blocks:                        @ not aligned: each block copied first
    subs    r2, r2, #64
    addcc   r2, r2, #64
    bcc     sha1_last
    str     r2, [sp, #LEFT]
    mov     r0, sp
    bl      copy_block_unaligned
    str     r1, [sp, #NEXT]
    mov     r1, sp
    mov     r2, #1
    bl      sha1_compress
    ldr     r1, [sp, #NEXT]
    ldr     r2, [sp, #LEFT]
    b       sha1_blocks

sha1_last:                          @ r2 = len mod 64: those bytes, 0x80, zeros, the bit count
    bl      zero_buffer
    mov     r0, sp
    bl      copy_bytes
    mov     r12, #0x80
    strb    r12, [r0]
    ldr     r2, [sp, #TOTAL]
    and     r2, r2, #63
    cmp     r2, #56
    blo     sha1_count
    mov     r1, sp                  @ no room for the count: a block of its own
    mov     r2, #1
    bl      sha1_compress
    bl      zero_buffer
sha1_count:
    ldr     r2, [sp, #TOTAL]        @ the bit count, big-endian, in bytes 59..63
    mov     r12, r2, lsr #29
    strb    r12, [sp, #59]
    mov     r12, r2, lsr #21
    strb    r12, [sp, #60]
    mov     r12, r2, lsr #13
    strb    r12, [sp, #61]
    mov     r12, r2, lsr #5
    strb    r12, [sp, #62]
    mov     r12, r2, lsl #3
    strb    r12, [sp, #63]
    mov     r1, sp
    mov     r2, #1
    bl      sha1_compress

    ldr     r0, [sp, #OUT]
    STORE_BE r3, 0
    STORE_BE r4, 4
    STORE_BE r5, 8
    STORE_BE r6, 12
    STORE_BE r7, 16
    add     sp, sp, #FRAME
    pop     {r4-r11, lr}
    bx      lr

@ copy a 64-byte block from r1, not word-aligned, to r0 (aligned), both
@ advanced by 64: each word from two aligned loads and two shifts by
@ registers (9 cycles a word, against 40 byte by byte); r8 and r9 clobbered,
@ and r12, lr (kept on the stack).  The last load's word holds the block's
@ last byte, so nothing past the input is read but in that word.
copy_block_unaligned:
    push    {lr}
    and     r8, r1, #3
    bic     r1, r1, #3
    mov     r8, r8, lsl #3        @ the start's bit offset in its word: 8, 16 or 24
    rsb     lr, r8, #32
    ldr     r12, [r1], #4
    .rept   16
    mov     r9, r12, lsr r8
    ldr     r12, [r1], #4
    orr     r9, r9, r12, lsl lr
    str     r9, [r0], #4
    .endr
    sub     r1, r1, #4              @ back to the block's end: src + 64
    add     r1, r1, r8, lsr #3
    pop     {lr}
    bx      lr

@ copy r2 bytes from r1 to r0, both advanced; r12 clobbered
copy_bytes:
    subs    r2, r2, #1
    bxcc    lr
    ldrb    r12, [r1], #1
    strb    r12, [r0], #1
    b       copy_bytes

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
