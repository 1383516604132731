@ SPDX-License-Identifier: MIT
@ armv4/blake2s.s - BLAKE2s-256 (RFC 7693), unkeyed, for the ARM state of
@ ARMv4T (ARM7TDMI, GBA).
@
@   void hb_blake2s_armv4(uint8_t *out, const uint8_t *in, size_t len)
@   AAPCS: r0 out, r1 in, r2 len; r4-r11 kept; returns by bx (interworking).
@
@ G's four rotations are never done: the b and d words are held unrotated
@ and rotated where they are next read, in that instruction's operand
@ (each word's pending rotation is fixed at every point of the unrolled
@ rounds: 16 and 8 for d, 12 and 7 for b), so G is its 10 additions and
@ xors and the two message words' loads: 16 cycles.  The 16 words of v do
@ not fit the 14 registers beside a temporary: 13 hold v, three live in
@ stack slots.  Putting out the words needed furthest ahead, the swaps
@ come three at a time, twice a round, always v4, v9, v14 against v7, v11,
@ v15 through r4, r8, lr: the two sets side by side, one stm and one ldm
@ exchange them (10 cycles).  The message block is copied to the stack
@ (two ldm/stm of 8) so that sp addresses it and the slots alike, leaving
@ no register to a pointer.
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
    ldr     r12, [sp, #T0]          @ the counter: this block's end
    add     r12, r12, #64
    str     r12, [sp, #T0]
    add     r12, sp, #H             @ v0..v6 = h0..h6 in r0-r6, v7 = h7 in its slot
    ldm     r12, {r0-r6}
    ldr     r12, [r12, #28]
    str     r12, [sp, #V + 12]
    adr     r12, blake2s_iv         @ v8..v10 = IV0..2 in r7-r9, v11 = IV3 in its slot
    ldm     r12, {r7-r9}
    ldr     r12, blake2s_iv + 12
    str     r12, [sp, #V + 16]
    adr     r12, blake2s_iv + 16    @ v12..v14 = IV4..6 in r10, r11, lr; v15 = IV7 in its slot
    ldm     r12, {r10, r11, lr}
    ldr     r12, blake2s_iv + 28
    str     r12, [sp, #V + 20]
    ldr     r12, [sp, #T0]
    eor     r10, r10, r12           @ v12 ^= t0 (t1 = 0)
    ldr     r12, [sp, #F0]
    eor     lr, lr, r12             @ v14 ^= f0
    @ round 0, G0(v0, v4, v8, v12, m[0], m[1])
    add     r0, r0, r4
    ldr     r12, [sp, #M + 0]
    add     r0, r0, r12
    eor     r10, r0, r10
    add     r7, r7, r10, ror #16
    eor     r4, r7, r4
    add     r0, r0, r4, ror #12
    ldr     r12, [sp, #M + 4]
    add     r0, r0, r12
    eor     r10, r0, r10, ror #16
    add     r7, r7, r10, ror #8
    eor     r4, r7, r4, ror #12
    @ round 0, G1(v1, v5, v9, v13, m[2], m[3])
    add     r1, r1, r5
    ldr     r12, [sp, #M + 8]
    add     r1, r1, r12
    eor     r11, r1, r11
    add     r8, r8, r11, ror #16
    eor     r5, r8, r5
    add     r1, r1, r5, ror #12
    ldr     r12, [sp, #M + 12]
    add     r1, r1, r12
    eor     r11, r1, r11, ror #16
    add     r8, r8, r11, ror #8
    eor     r5, r8, r5, ror #12
    @ round 0, G2(v2, v6, v10, v14, m[4], m[5])
    add     r2, r2, r6
    ldr     r12, [sp, #M + 16]
    add     r2, r2, r12
    eor     lr, r2, lr
    add     r9, r9, lr, ror #16
    eor     r6, r9, r6
    add     r2, r2, r6, ror #12
    ldr     r12, [sp, #M + 20]
    add     r2, r2, r12
    eor     lr, r2, lr, ror #16
    add     r9, r9, lr, ror #8
    eor     r6, r9, r6, ror #12
    add     r12, sp, #V                 @ v4, v9, v14 out; v7, v11, v15 in
    stmia   r12!, {r4, r8, lr}
    ldmia   r12, {r4, r8, lr}
    @ round 0, G3(v3, v7, v11, v15, m[6], m[7])
    add     r3, r3, r4
    ldr     r12, [sp, #M + 24]
    add     r3, r3, r12
    eor     lr, r3, lr
    add     r8, r8, lr, ror #16
    eor     r4, r8, r4
    add     r3, r3, r4, ror #12
    ldr     r12, [sp, #M + 28]
    add     r3, r3, r12
    eor     lr, r3, lr, ror #16
    add     r8, r8, lr, ror #8
    eor     r4, r8, r4, ror #12
    @ round 0, G4(v0, v5, v10, v15, m[8], m[9])
    add     r0, r0, r5, ror #7
    ldr     r12, [sp, #M + 32]
    add     r0, r0, r12
    eor     lr, r0, lr, ror #8
    add     r9, r9, lr, ror #16
    eor     r5, r9, r5, ror #7
    add     r0, r0, r5, ror #12
    ldr     r12, [sp, #M + 36]
    add     r0, r0, r12
    eor     lr, r0, lr, ror #16
    add     r9, r9, lr, ror #8
    eor     r5, r9, r5, ror #12
    @ round 0, G5(v1, v6, v11, v12, m[10], m[11])
    add     r1, r1, r6, ror #7
    ldr     r12, [sp, #M + 40]
    add     r1, r1, r12
    eor     r10, r1, r10, ror #8
    add     r8, r8, r10, ror #16
    eor     r6, r8, r6, ror #7
    add     r1, r1, r6, ror #12
    ldr     r12, [sp, #M + 44]
    add     r1, r1, r12
    eor     r10, r1, r10, ror #16
    add     r8, r8, r10, ror #8
    eor     r6, r8, r6, ror #12
    @ round 0, G6(v2, v7, v8, v13, m[12], m[13])
    add     r2, r2, r4, ror #7
    ldr     r12, [sp, #M + 48]
    add     r2, r2, r12
    eor     r11, r2, r11, ror #8
    add     r7, r7, r11, ror #16
    eor     r4, r7, r4, ror #7
    add     r2, r2, r4, ror #12
    ldr     r12, [sp, #M + 52]
    add     r2, r2, r12
    eor     r11, r2, r11, ror #16
    add     r7, r7, r11, ror #8
    eor     r4, r7, r4, ror #12
    add     r12, sp, #V + 12            @ v7, v11, v15 out; v4, v9, v14 in
    stmia   r12, {r4, r8, lr}
    ldmdb   r12, {r4, r8, lr}
    @ round 0, G7(v3, v4, v9, v14, m[14], m[15])
    add     r3, r3, r4, ror #7
    ldr     r12, [sp, #M + 56]
    add     r3, r3, r12
    eor     lr, r3, lr, ror #8
    add     r8, r8, lr, ror #16
    eor     r4, r8, r4, ror #7
    add     r3, r3, r4, ror #12
    ldr     r12, [sp, #M + 60]
    add     r3, r3, r12
    eor     lr, r3, lr, ror #16
    add     r8, r8, lr, ror #8
    eor     r4, r8, r4, ror #12
    @ round 1, G0(v0, v4, v8, v12, m[14], m[10])
    add     r0, r0, r4, ror #7
    ldr     r12, [sp, #M + 56]
    add     r0, r0, r12
    eor     r10, r0, r10, ror #8
    add     r7, r7, r10, ror #16
    eor     r4, r7, r4, ror #7
    add     r0, r0, r4, ror #12
    ldr     r12, [sp, #M + 40]
    add     r0, r0, r12
    eor     r10, r0, r10, ror #16
    add     r7, r7, r10, ror #8
    eor     r4, r7, r4, ror #12
    @ round 1, G1(v1, v5, v9, v13, m[4], m[8])
    add     r1, r1, r5, ror #7
    ldr     r12, [sp, #M + 16]
    add     r1, r1, r12
    eor     r11, r1, r11, ror #8
    add     r8, r8, r11, ror #16
    eor     r5, r8, r5, ror #7
    add     r1, r1, r5, ror #12
    ldr     r12, [sp, #M + 32]
    add     r1, r1, r12
    eor     r11, r1, r11, ror #16
    add     r8, r8, r11, ror #8
    eor     r5, r8, r5, ror #12
    @ round 1, G2(v2, v6, v10, v14, m[9], m[15])
    add     r2, r2, r6, ror #7
    ldr     r12, [sp, #M + 36]
    add     r2, r2, r12
    eor     lr, r2, lr, ror #8
    add     r9, r9, lr, ror #16
    eor     r6, r9, r6, ror #7
    add     r2, r2, r6, ror #12
    ldr     r12, [sp, #M + 60]
    add     r2, r2, r12
    eor     lr, r2, lr, ror #16
    add     r9, r9, lr, ror #8
    eor     r6, r9, r6, ror #12
    add     r12, sp, #V                 @ v4, v9, v14 out; v7, v11, v15 in
    stmia   r12!, {r4, r8, lr}
    ldmia   r12, {r4, r8, lr}
    @ round 1, G3(v3, v7, v11, v15, m[13], m[6])
    add     r3, r3, r4, ror #7
    ldr     r12, [sp, #M + 52]
    add     r3, r3, r12
    eor     lr, r3, lr, ror #8
    add     r8, r8, lr, ror #16
    eor     r4, r8, r4, ror #7
    add     r3, r3, r4, ror #12
    ldr     r12, [sp, #M + 24]
    add     r3, r3, r12
    eor     lr, r3, lr, ror #16
    add     r8, r8, lr, ror #8
    eor     r4, r8, r4, ror #12
    @ round 1, G4(v0, v5, v10, v15, m[1], m[12])
    add     r0, r0, r5, ror #7
    ldr     r12, [sp, #M + 4]
    add     r0, r0, r12
    eor     lr, r0, lr, ror #8
    add     r9, r9, lr, ror #16
    eor     r5, r9, r5, ror #7
    add     r0, r0, r5, ror #12
    ldr     r12, [sp, #M + 48]
    add     r0, r0, r12
    eor     lr, r0, lr, ror #16
    add     r9, r9, lr, ror #8
    eor     r5, r9, r5, ror #12
    @ round 1, G5(v1, v6, v11, v12, m[0], m[2])
    add     r1, r1, r6, ror #7
    ldr     r12, [sp, #M + 0]
    add     r1, r1, r12
    eor     r10, r1, r10, ror #8
    add     r8, r8, r10, ror #16
    eor     r6, r8, r6, ror #7
    add     r1, r1, r6, ror #12
    ldr     r12, [sp, #M + 8]
    add     r1, r1, r12
    eor     r10, r1, r10, ror #16
    add     r8, r8, r10, ror #8
    eor     r6, r8, r6, ror #12
    @ round 1, G6(v2, v7, v8, v13, m[11], m[7])
    add     r2, r2, r4, ror #7
    ldr     r12, [sp, #M + 44]
    add     r2, r2, r12
    eor     r11, r2, r11, ror #8
    add     r7, r7, r11, ror #16
    eor     r4, r7, r4, ror #7
    add     r2, r2, r4, ror #12
    ldr     r12, [sp, #M + 28]
    add     r2, r2, r12
    eor     r11, r2, r11, ror #16
    add     r7, r7, r11, ror #8
    eor     r4, r7, r4, ror #12
    add     r12, sp, #V + 12            @ v7, v11, v15 out; v4, v9, v14 in
    stmia   r12, {r4, r8, lr}
    ldmdb   r12, {r4, r8, lr}
    @ round 1, G7(v3, v4, v9, v14, m[5], m[3])
    add     r3, r3, r4, ror #7
    ldr     r12, [sp, #M + 20]
    add     r3, r3, r12
    eor     lr, r3, lr, ror #8
    add     r8, r8, lr, ror #16
    eor     r4, r8, r4, ror #7
    add     r3, r3, r4, ror #12
    ldr     r12, [sp, #M + 12]
    add     r3, r3, r12
    eor     lr, r3, lr, ror #16
    add     r8, r8, lr, ror #8
    eor     r4, r8, r4, ror #12
    @ round 2, G0(v0, v4, v8, v12, m[11], m[8])
    add     r0, r0, r4, ror #7
    ldr     r12, [sp, #M + 44]
    add     r0, r0, r12
    eor     r10, r0, r10, ror #8
    add     r7, r7, r10, ror #16
    eor     r4, r7, r4, ror #7
    add     r0, r0, r4, ror #12
    ldr     r12, [sp, #M + 32]
    add     r0, r0, r12
    eor     r10, r0, r10, ror #16
    add     r7, r7, r10, ror #8
    eor     r4, r7, r4, ror #12
    @ round 2, G1(v1, v5, v9, v13, m[12], m[0])
    add     r1, r1, r5, ror #7
    ldr     r12, [sp, #M + 48]
    add     r1, r1, r12
    eor     r11, r1, r11, ror #8
    add     r8, r8, r11, ror #16
    eor     r5, r8, r5, ror #7
    add     r1, r1, r5, ror #12
    ldr     r12, [sp, #M + 0]
    add     r1, r1, r12
    eor     r11, r1, r11, ror #16
    add     r8, r8, r11, ror #8
    eor     r5, r8, r5, ror #12
    @ round 2, G2(v2, v6, v10, v14, m[5], m[2])
    add     r2, r2, r6, ror #7
    ldr     r12, [sp, #M + 20]
    add     r2, r2, r12
    eor     lr, r2, lr, ror #8
    add     r9, r9, lr, ror #16
    eor     r6, r9, r6, ror #7
    add     r2, r2, r6, ror #12
    ldr     r12, [sp, #M + 8]
    add     r2, r2, r12
    eor     lr, r2, lr, ror #16
    add     r9, r9, lr, ror #8
    eor     r6, r9, r6, ror #12
    add     r12, sp, #V                 @ v4, v9, v14 out; v7, v11, v15 in
    stmia   r12!, {r4, r8, lr}
    ldmia   r12, {r4, r8, lr}
    @ round 2, G3(v3, v7, v11, v15, m[15], m[13])
    add     r3, r3, r4, ror #7
    ldr     r12, [sp, #M + 60]
    add     r3, r3, r12
    eor     lr, r3, lr, ror #8
    add     r8, r8, lr, ror #16
    eor     r4, r8, r4, ror #7
    add     r3, r3, r4, ror #12
    ldr     r12, [sp, #M + 52]
    add     r3, r3, r12
    eor     lr, r3, lr, ror #16
    add     r8, r8, lr, ror #8
    eor     r4, r8, r4, ror #12
    @ round 2, G4(v0, v5, v10, v15, m[10], m[14])
    add     r0, r0, r5, ror #7
    ldr     r12, [sp, #M + 40]
    add     r0, r0, r12
    eor     lr, r0, lr, ror #8
    add     r9, r9, lr, ror #16
    eor     r5, r9, r5, ror #7
    add     r0, r0, r5, ror #12
    ldr     r12, [sp, #M + 56]
    add     r0, r0, r12
    eor     lr, r0, lr, ror #16
    add     r9, r9, lr, ror #8
    eor     r5, r9, r5, ror #12
    @ round 2, G5(v1, v6, v11, v12, m[3], m[6])
    add     r1, r1, r6, ror #7
    ldr     r12, [sp, #M + 12]
    add     r1, r1, r12
    eor     r10, r1, r10, ror #8
    add     r8, r8, r10, ror #16
    eor     r6, r8, r6, ror #7
    add     r1, r1, r6, ror #12
    ldr     r12, [sp, #M + 24]
    add     r1, r1, r12
    eor     r10, r1, r10, ror #16
    add     r8, r8, r10, ror #8
    eor     r6, r8, r6, ror #12
    @ round 2, G6(v2, v7, v8, v13, m[7], m[1])
    add     r2, r2, r4, ror #7
    ldr     r12, [sp, #M + 28]
    add     r2, r2, r12
    eor     r11, r2, r11, ror #8
    add     r7, r7, r11, ror #16
    eor     r4, r7, r4, ror #7
    add     r2, r2, r4, ror #12
    ldr     r12, [sp, #M + 4]
    add     r2, r2, r12
    eor     r11, r2, r11, ror #16
    add     r7, r7, r11, ror #8
    eor     r4, r7, r4, ror #12
    add     r12, sp, #V + 12            @ v7, v11, v15 out; v4, v9, v14 in
    stmia   r12, {r4, r8, lr}
    ldmdb   r12, {r4, r8, lr}
    @ round 2, G7(v3, v4, v9, v14, m[9], m[4])
    add     r3, r3, r4, ror #7
    ldr     r12, [sp, #M + 36]
    add     r3, r3, r12
    eor     lr, r3, lr, ror #8
    add     r8, r8, lr, ror #16
    eor     r4, r8, r4, ror #7
    add     r3, r3, r4, ror #12
    ldr     r12, [sp, #M + 16]
    add     r3, r3, r12
    eor     lr, r3, lr, ror #16
    add     r8, r8, lr, ror #8
    eor     r4, r8, r4, ror #12
    @ round 3, G0(v0, v4, v8, v12, m[7], m[9])
    add     r0, r0, r4, ror #7
    ldr     r12, [sp, #M + 28]
    add     r0, r0, r12
    eor     r10, r0, r10, ror #8
    add     r7, r7, r10, ror #16
    eor     r4, r7, r4, ror #7
    add     r0, r0, r4, ror #12
    ldr     r12, [sp, #M + 36]
    add     r0, r0, r12
    eor     r10, r0, r10, ror #16
    add     r7, r7, r10, ror #8
    eor     r4, r7, r4, ror #12
    @ round 3, G1(v1, v5, v9, v13, m[3], m[1])
    add     r1, r1, r5, ror #7
    ldr     r12, [sp, #M + 12]
    add     r1, r1, r12
    eor     r11, r1, r11, ror #8
    add     r8, r8, r11, ror #16
    eor     r5, r8, r5, ror #7
    add     r1, r1, r5, ror #12
    ldr     r12, [sp, #M + 4]
    add     r1, r1, r12
    eor     r11, r1, r11, ror #16
    add     r8, r8, r11, ror #8
    eor     r5, r8, r5, ror #12
    @ round 3, G2(v2, v6, v10, v14, m[13], m[12])
    add     r2, r2, r6, ror #7
    ldr     r12, [sp, #M + 52]
    add     r2, r2, r12
    eor     lr, r2, lr, ror #8
    add     r9, r9, lr, ror #16
    eor     r6, r9, r6, ror #7
    add     r2, r2, r6, ror #12
    ldr     r12, [sp, #M + 48]
    add     r2, r2, r12
    eor     lr, r2, lr, ror #16
    add     r9, r9, lr, ror #8
    eor     r6, r9, r6, ror #12
    add     r12, sp, #V                 @ v4, v9, v14 out; v7, v11, v15 in
    stmia   r12!, {r4, r8, lr}
    ldmia   r12, {r4, r8, lr}
    @ round 3, G3(v3, v7, v11, v15, m[11], m[14])
    add     r3, r3, r4, ror #7
    ldr     r12, [sp, #M + 44]
    add     r3, r3, r12
    eor     lr, r3, lr, ror #8
    add     r8, r8, lr, ror #16
    eor     r4, r8, r4, ror #7
    add     r3, r3, r4, ror #12
    ldr     r12, [sp, #M + 56]
    add     r3, r3, r12
    eor     lr, r3, lr, ror #16
    add     r8, r8, lr, ror #8
    eor     r4, r8, r4, ror #12
    @ round 3, G4(v0, v5, v10, v15, m[2], m[6])
    add     r0, r0, r5, ror #7
    ldr     r12, [sp, #M + 8]
    add     r0, r0, r12
    eor     lr, r0, lr, ror #8
    add     r9, r9, lr, ror #16
    eor     r5, r9, r5, ror #7
    add     r0, r0, r5, ror #12
    ldr     r12, [sp, #M + 24]
    add     r0, r0, r12
    eor     lr, r0, lr, ror #16
    add     r9, r9, lr, ror #8
    eor     r5, r9, r5, ror #12
    @ round 3, G5(v1, v6, v11, v12, m[5], m[10])
    add     r1, r1, r6, ror #7
    ldr     r12, [sp, #M + 20]
    add     r1, r1, r12
    eor     r10, r1, r10, ror #8
    add     r8, r8, r10, ror #16
    eor     r6, r8, r6, ror #7
    add     r1, r1, r6, ror #12
    ldr     r12, [sp, #M + 40]
    add     r1, r1, r12
    eor     r10, r1, r10, ror #16
    add     r8, r8, r10, ror #8
    eor     r6, r8, r6, ror #12
    @ round 3, G6(v2, v7, v8, v13, m[4], m[0])
    add     r2, r2, r4, ror #7
    ldr     r12, [sp, #M + 16]
    add     r2, r2, r12
    eor     r11, r2, r11, ror #8
    add     r7, r7, r11, ror #16
    eor     r4, r7, r4, ror #7
    add     r2, r2, r4, ror #12
    ldr     r12, [sp, #M + 0]
    add     r2, r2, r12
    eor     r11, r2, r11, ror #16
    add     r7, r7, r11, ror #8
    eor     r4, r7, r4, ror #12
    add     r12, sp, #V + 12            @ v7, v11, v15 out; v4, v9, v14 in
    stmia   r12, {r4, r8, lr}
    ldmdb   r12, {r4, r8, lr}
    @ round 3, G7(v3, v4, v9, v14, m[15], m[8])
    add     r3, r3, r4, ror #7
    ldr     r12, [sp, #M + 60]
    add     r3, r3, r12
    eor     lr, r3, lr, ror #8
    add     r8, r8, lr, ror #16
    eor     r4, r8, r4, ror #7
    add     r3, r3, r4, ror #12
    ldr     r12, [sp, #M + 32]
    add     r3, r3, r12
    eor     lr, r3, lr, ror #16
    add     r8, r8, lr, ror #8
    eor     r4, r8, r4, ror #12
    @ round 4, G0(v0, v4, v8, v12, m[9], m[0])
    add     r0, r0, r4, ror #7
    ldr     r12, [sp, #M + 36]
    add     r0, r0, r12
    eor     r10, r0, r10, ror #8
    add     r7, r7, r10, ror #16
    eor     r4, r7, r4, ror #7
    add     r0, r0, r4, ror #12
    ldr     r12, [sp, #M + 0]
    add     r0, r0, r12
    eor     r10, r0, r10, ror #16
    add     r7, r7, r10, ror #8
    eor     r4, r7, r4, ror #12
    @ round 4, G1(v1, v5, v9, v13, m[5], m[7])
    add     r1, r1, r5, ror #7
    ldr     r12, [sp, #M + 20]
    add     r1, r1, r12
    eor     r11, r1, r11, ror #8
    add     r8, r8, r11, ror #16
    eor     r5, r8, r5, ror #7
    add     r1, r1, r5, ror #12
    ldr     r12, [sp, #M + 28]
    add     r1, r1, r12
    eor     r11, r1, r11, ror #16
    add     r8, r8, r11, ror #8
    eor     r5, r8, r5, ror #12
    @ round 4, G2(v2, v6, v10, v14, m[2], m[4])
    add     r2, r2, r6, ror #7
    ldr     r12, [sp, #M + 8]
    add     r2, r2, r12
    eor     lr, r2, lr, ror #8
    add     r9, r9, lr, ror #16
    eor     r6, r9, r6, ror #7
    add     r2, r2, r6, ror #12
    ldr     r12, [sp, #M + 16]
    add     r2, r2, r12
    eor     lr, r2, lr, ror #16
    add     r9, r9, lr, ror #8
    eor     r6, r9, r6, ror #12
    add     r12, sp, #V                 @ v4, v9, v14 out; v7, v11, v15 in
    stmia   r12!, {r4, r8, lr}
    ldmia   r12, {r4, r8, lr}
    @ round 4, G3(v3, v7, v11, v15, m[10], m[15])
    add     r3, r3, r4, ror #7
    ldr     r12, [sp, #M + 40]
    add     r3, r3, r12
    eor     lr, r3, lr, ror #8
    add     r8, r8, lr, ror #16
    eor     r4, r8, r4, ror #7
    add     r3, r3, r4, ror #12
    ldr     r12, [sp, #M + 60]
    add     r3, r3, r12
    eor     lr, r3, lr, ror #16
    add     r8, r8, lr, ror #8
    eor     r4, r8, r4, ror #12
    @ round 4, G4(v0, v5, v10, v15, m[14], m[1])
    add     r0, r0, r5, ror #7
    ldr     r12, [sp, #M + 56]
    add     r0, r0, r12
    eor     lr, r0, lr, ror #8
    add     r9, r9, lr, ror #16
    eor     r5, r9, r5, ror #7
    add     r0, r0, r5, ror #12
    ldr     r12, [sp, #M + 4]
    add     r0, r0, r12
    eor     lr, r0, lr, ror #16
    add     r9, r9, lr, ror #8
    eor     r5, r9, r5, ror #12
    @ round 4, G5(v1, v6, v11, v12, m[11], m[12])
    add     r1, r1, r6, ror #7
    ldr     r12, [sp, #M + 44]
    add     r1, r1, r12
    eor     r10, r1, r10, ror #8
    add     r8, r8, r10, ror #16
    eor     r6, r8, r6, ror #7
    add     r1, r1, r6, ror #12
    ldr     r12, [sp, #M + 48]
    add     r1, r1, r12
    eor     r10, r1, r10, ror #16
    add     r8, r8, r10, ror #8
    eor     r6, r8, r6, ror #12
    @ round 4, G6(v2, v7, v8, v13, m[6], m[8])
    add     r2, r2, r4, ror #7
    ldr     r12, [sp, #M + 24]
    add     r2, r2, r12
    eor     r11, r2, r11, ror #8
    add     r7, r7, r11, ror #16
    eor     r4, r7, r4, ror #7
    add     r2, r2, r4, ror #12
    ldr     r12, [sp, #M + 32]
    add     r2, r2, r12
    eor     r11, r2, r11, ror #16
    add     r7, r7, r11, ror #8
    eor     r4, r7, r4, ror #12
    add     r12, sp, #V + 12            @ v7, v11, v15 out; v4, v9, v14 in
    stmia   r12, {r4, r8, lr}
    ldmdb   r12, {r4, r8, lr}
    @ round 4, G7(v3, v4, v9, v14, m[3], m[13])
    add     r3, r3, r4, ror #7
    ldr     r12, [sp, #M + 12]
    add     r3, r3, r12
    eor     lr, r3, lr, ror #8
    add     r8, r8, lr, ror #16
    eor     r4, r8, r4, ror #7
    add     r3, r3, r4, ror #12
    ldr     r12, [sp, #M + 52]
    add     r3, r3, r12
    eor     lr, r3, lr, ror #16
    add     r8, r8, lr, ror #8
    eor     r4, r8, r4, ror #12
    @ round 5, G0(v0, v4, v8, v12, m[2], m[12])
    add     r0, r0, r4, ror #7
    ldr     r12, [sp, #M + 8]
    add     r0, r0, r12
    eor     r10, r0, r10, ror #8
    add     r7, r7, r10, ror #16
    eor     r4, r7, r4, ror #7
    add     r0, r0, r4, ror #12
    ldr     r12, [sp, #M + 48]
    add     r0, r0, r12
    eor     r10, r0, r10, ror #16
    add     r7, r7, r10, ror #8
    eor     r4, r7, r4, ror #12
    @ round 5, G1(v1, v5, v9, v13, m[6], m[10])
    add     r1, r1, r5, ror #7
    ldr     r12, [sp, #M + 24]
    add     r1, r1, r12
    eor     r11, r1, r11, ror #8
    add     r8, r8, r11, ror #16
    eor     r5, r8, r5, ror #7
    add     r1, r1, r5, ror #12
    ldr     r12, [sp, #M + 40]
    add     r1, r1, r12
    eor     r11, r1, r11, ror #16
    add     r8, r8, r11, ror #8
    eor     r5, r8, r5, ror #12
    @ round 5, G2(v2, v6, v10, v14, m[0], m[11])
    add     r2, r2, r6, ror #7
    ldr     r12, [sp, #M + 0]
    add     r2, r2, r12
    eor     lr, r2, lr, ror #8
    add     r9, r9, lr, ror #16
    eor     r6, r9, r6, ror #7
    add     r2, r2, r6, ror #12
    ldr     r12, [sp, #M + 44]
    add     r2, r2, r12
    eor     lr, r2, lr, ror #16
    add     r9, r9, lr, ror #8
    eor     r6, r9, r6, ror #12
    add     r12, sp, #V                 @ v4, v9, v14 out; v7, v11, v15 in
    stmia   r12!, {r4, r8, lr}
    ldmia   r12, {r4, r8, lr}
    @ round 5, G3(v3, v7, v11, v15, m[8], m[3])
    add     r3, r3, r4, ror #7
    ldr     r12, [sp, #M + 32]
    add     r3, r3, r12
    eor     lr, r3, lr, ror #8
    add     r8, r8, lr, ror #16
    eor     r4, r8, r4, ror #7
    add     r3, r3, r4, ror #12
    ldr     r12, [sp, #M + 12]
    add     r3, r3, r12
    eor     lr, r3, lr, ror #16
    add     r8, r8, lr, ror #8
    eor     r4, r8, r4, ror #12
    @ round 5, G4(v0, v5, v10, v15, m[4], m[13])
    add     r0, r0, r5, ror #7
    ldr     r12, [sp, #M + 16]
    add     r0, r0, r12
    eor     lr, r0, lr, ror #8
    add     r9, r9, lr, ror #16
    eor     r5, r9, r5, ror #7
    add     r0, r0, r5, ror #12
    ldr     r12, [sp, #M + 52]
    add     r0, r0, r12
    eor     lr, r0, lr, ror #16
    add     r9, r9, lr, ror #8
    eor     r5, r9, r5, ror #12
    @ round 5, G5(v1, v6, v11, v12, m[7], m[5])
    add     r1, r1, r6, ror #7
    ldr     r12, [sp, #M + 28]
    add     r1, r1, r12
    eor     r10, r1, r10, ror #8
    add     r8, r8, r10, ror #16
    eor     r6, r8, r6, ror #7
    add     r1, r1, r6, ror #12
    ldr     r12, [sp, #M + 20]
    add     r1, r1, r12
    eor     r10, r1, r10, ror #16
    add     r8, r8, r10, ror #8
    eor     r6, r8, r6, ror #12
    @ round 5, G6(v2, v7, v8, v13, m[15], m[14])
    add     r2, r2, r4, ror #7
    ldr     r12, [sp, #M + 60]
    add     r2, r2, r12
    eor     r11, r2, r11, ror #8
    add     r7, r7, r11, ror #16
    eor     r4, r7, r4, ror #7
    add     r2, r2, r4, ror #12
    ldr     r12, [sp, #M + 56]
    add     r2, r2, r12
    eor     r11, r2, r11, ror #16
    add     r7, r7, r11, ror #8
    eor     r4, r7, r4, ror #12
    add     r12, sp, #V + 12            @ v7, v11, v15 out; v4, v9, v14 in
    stmia   r12, {r4, r8, lr}
    ldmdb   r12, {r4, r8, lr}
    @ round 5, G7(v3, v4, v9, v14, m[1], m[9])
    add     r3, r3, r4, ror #7
    ldr     r12, [sp, #M + 4]
    add     r3, r3, r12
    eor     lr, r3, lr, ror #8
    add     r8, r8, lr, ror #16
    eor     r4, r8, r4, ror #7
    add     r3, r3, r4, ror #12
    ldr     r12, [sp, #M + 36]
    add     r3, r3, r12
    eor     lr, r3, lr, ror #16
    add     r8, r8, lr, ror #8
    eor     r4, r8, r4, ror #12
    @ round 6, G0(v0, v4, v8, v12, m[12], m[5])
    add     r0, r0, r4, ror #7
    ldr     r12, [sp, #M + 48]
    add     r0, r0, r12
    eor     r10, r0, r10, ror #8
    add     r7, r7, r10, ror #16
    eor     r4, r7, r4, ror #7
    add     r0, r0, r4, ror #12
    ldr     r12, [sp, #M + 20]
    add     r0, r0, r12
    eor     r10, r0, r10, ror #16
    add     r7, r7, r10, ror #8
    eor     r4, r7, r4, ror #12
    @ round 6, G1(v1, v5, v9, v13, m[1], m[15])
    add     r1, r1, r5, ror #7
    ldr     r12, [sp, #M + 4]
    add     r1, r1, r12
    eor     r11, r1, r11, ror #8
    add     r8, r8, r11, ror #16
    eor     r5, r8, r5, ror #7
    add     r1, r1, r5, ror #12
    ldr     r12, [sp, #M + 60]
    add     r1, r1, r12
    eor     r11, r1, r11, ror #16
    add     r8, r8, r11, ror #8
    eor     r5, r8, r5, ror #12
    @ round 6, G2(v2, v6, v10, v14, m[14], m[13])
    add     r2, r2, r6, ror #7
    ldr     r12, [sp, #M + 56]
    add     r2, r2, r12
    eor     lr, r2, lr, ror #8
    add     r9, r9, lr, ror #16
    eor     r6, r9, r6, ror #7
    add     r2, r2, r6, ror #12
    ldr     r12, [sp, #M + 52]
    add     r2, r2, r12
    eor     lr, r2, lr, ror #16
    add     r9, r9, lr, ror #8
    eor     r6, r9, r6, ror #12
    add     r12, sp, #V                 @ v4, v9, v14 out; v7, v11, v15 in
    stmia   r12!, {r4, r8, lr}
    ldmia   r12, {r4, r8, lr}
    @ round 6, G3(v3, v7, v11, v15, m[4], m[10])
    add     r3, r3, r4, ror #7
    ldr     r12, [sp, #M + 16]
    add     r3, r3, r12
    eor     lr, r3, lr, ror #8
    add     r8, r8, lr, ror #16
    eor     r4, r8, r4, ror #7
    add     r3, r3, r4, ror #12
    ldr     r12, [sp, #M + 40]
    add     r3, r3, r12
    eor     lr, r3, lr, ror #16
    add     r8, r8, lr, ror #8
    eor     r4, r8, r4, ror #12
    @ round 6, G4(v0, v5, v10, v15, m[0], m[7])
    add     r0, r0, r5, ror #7
    ldr     r12, [sp, #M + 0]
    add     r0, r0, r12
    eor     lr, r0, lr, ror #8
    add     r9, r9, lr, ror #16
    eor     r5, r9, r5, ror #7
    add     r0, r0, r5, ror #12
    ldr     r12, [sp, #M + 28]
    add     r0, r0, r12
    eor     lr, r0, lr, ror #16
    add     r9, r9, lr, ror #8
    eor     r5, r9, r5, ror #12
    @ round 6, G5(v1, v6, v11, v12, m[6], m[3])
    add     r1, r1, r6, ror #7
    ldr     r12, [sp, #M + 24]
    add     r1, r1, r12
    eor     r10, r1, r10, ror #8
    add     r8, r8, r10, ror #16
    eor     r6, r8, r6, ror #7
    add     r1, r1, r6, ror #12
    ldr     r12, [sp, #M + 12]
    add     r1, r1, r12
    eor     r10, r1, r10, ror #16
    add     r8, r8, r10, ror #8
    eor     r6, r8, r6, ror #12
    @ round 6, G6(v2, v7, v8, v13, m[9], m[2])
    add     r2, r2, r4, ror #7
    ldr     r12, [sp, #M + 36]
    add     r2, r2, r12
    eor     r11, r2, r11, ror #8
    add     r7, r7, r11, ror #16
    eor     r4, r7, r4, ror #7
    add     r2, r2, r4, ror #12
    ldr     r12, [sp, #M + 8]
    add     r2, r2, r12
    eor     r11, r2, r11, ror #16
    add     r7, r7, r11, ror #8
    eor     r4, r7, r4, ror #12
    add     r12, sp, #V + 12            @ v7, v11, v15 out; v4, v9, v14 in
    stmia   r12, {r4, r8, lr}
    ldmdb   r12, {r4, r8, lr}
    @ round 6, G7(v3, v4, v9, v14, m[8], m[11])
    add     r3, r3, r4, ror #7
    ldr     r12, [sp, #M + 32]
    add     r3, r3, r12
    eor     lr, r3, lr, ror #8
    add     r8, r8, lr, ror #16
    eor     r4, r8, r4, ror #7
    add     r3, r3, r4, ror #12
    ldr     r12, [sp, #M + 44]
    add     r3, r3, r12
    eor     lr, r3, lr, ror #16
    add     r8, r8, lr, ror #8
    eor     r4, r8, r4, ror #12
    @ round 7, G0(v0, v4, v8, v12, m[13], m[11])
    add     r0, r0, r4, ror #7
    ldr     r12, [sp, #M + 52]
    add     r0, r0, r12
    eor     r10, r0, r10, ror #8
    add     r7, r7, r10, ror #16
    eor     r4, r7, r4, ror #7
    add     r0, r0, r4, ror #12
    ldr     r12, [sp, #M + 44]
    add     r0, r0, r12
    eor     r10, r0, r10, ror #16
    add     r7, r7, r10, ror #8
    eor     r4, r7, r4, ror #12
    @ round 7, G1(v1, v5, v9, v13, m[7], m[14])
    add     r1, r1, r5, ror #7
    ldr     r12, [sp, #M + 28]
    add     r1, r1, r12
    eor     r11, r1, r11, ror #8
    add     r8, r8, r11, ror #16
    eor     r5, r8, r5, ror #7
    add     r1, r1, r5, ror #12
    ldr     r12, [sp, #M + 56]
    add     r1, r1, r12
    eor     r11, r1, r11, ror #16
    add     r8, r8, r11, ror #8
    eor     r5, r8, r5, ror #12
    @ round 7, G2(v2, v6, v10, v14, m[12], m[1])
    add     r2, r2, r6, ror #7
    ldr     r12, [sp, #M + 48]
    add     r2, r2, r12
    eor     lr, r2, lr, ror #8
    add     r9, r9, lr, ror #16
    eor     r6, r9, r6, ror #7
    add     r2, r2, r6, ror #12
    ldr     r12, [sp, #M + 4]
    add     r2, r2, r12
    eor     lr, r2, lr, ror #16
    add     r9, r9, lr, ror #8
    eor     r6, r9, r6, ror #12
    add     r12, sp, #V                 @ v4, v9, v14 out; v7, v11, v15 in
    stmia   r12!, {r4, r8, lr}
    ldmia   r12, {r4, r8, lr}
    @ round 7, G3(v3, v7, v11, v15, m[3], m[9])
    add     r3, r3, r4, ror #7
    ldr     r12, [sp, #M + 12]
    add     r3, r3, r12
    eor     lr, r3, lr, ror #8
    add     r8, r8, lr, ror #16
    eor     r4, r8, r4, ror #7
    add     r3, r3, r4, ror #12
    ldr     r12, [sp, #M + 36]
    add     r3, r3, r12
    eor     lr, r3, lr, ror #16
    add     r8, r8, lr, ror #8
    eor     r4, r8, r4, ror #12
    @ round 7, G4(v0, v5, v10, v15, m[5], m[0])
    add     r0, r0, r5, ror #7
    ldr     r12, [sp, #M + 20]
    add     r0, r0, r12
    eor     lr, r0, lr, ror #8
    add     r9, r9, lr, ror #16
    eor     r5, r9, r5, ror #7
    add     r0, r0, r5, ror #12
    ldr     r12, [sp, #M + 0]
    add     r0, r0, r12
    eor     lr, r0, lr, ror #16
    add     r9, r9, lr, ror #8
    eor     r5, r9, r5, ror #12
    @ round 7, G5(v1, v6, v11, v12, m[15], m[4])
    add     r1, r1, r6, ror #7
    ldr     r12, [sp, #M + 60]
    add     r1, r1, r12
    eor     r10, r1, r10, ror #8
    add     r8, r8, r10, ror #16
    eor     r6, r8, r6, ror #7
    add     r1, r1, r6, ror #12
    ldr     r12, [sp, #M + 16]
    add     r1, r1, r12
    eor     r10, r1, r10, ror #16
    add     r8, r8, r10, ror #8
    eor     r6, r8, r6, ror #12
    @ round 7, G6(v2, v7, v8, v13, m[8], m[6])
    add     r2, r2, r4, ror #7
    ldr     r12, [sp, #M + 32]
    add     r2, r2, r12
    eor     r11, r2, r11, ror #8
    add     r7, r7, r11, ror #16
    eor     r4, r7, r4, ror #7
    add     r2, r2, r4, ror #12
    ldr     r12, [sp, #M + 24]
    add     r2, r2, r12
    eor     r11, r2, r11, ror #16
    add     r7, r7, r11, ror #8
    eor     r4, r7, r4, ror #12
    add     r12, sp, #V + 12            @ v7, v11, v15 out; v4, v9, v14 in
    stmia   r12, {r4, r8, lr}
    ldmdb   r12, {r4, r8, lr}
    @ round 7, G7(v3, v4, v9, v14, m[2], m[10])
    add     r3, r3, r4, ror #7
    ldr     r12, [sp, #M + 8]
    add     r3, r3, r12
    eor     lr, r3, lr, ror #8
    add     r8, r8, lr, ror #16
    eor     r4, r8, r4, ror #7
    add     r3, r3, r4, ror #12
    ldr     r12, [sp, #M + 40]
    add     r3, r3, r12
    eor     lr, r3, lr, ror #16
    add     r8, r8, lr, ror #8
    eor     r4, r8, r4, ror #12
    @ round 8, G0(v0, v4, v8, v12, m[6], m[15])
    add     r0, r0, r4, ror #7
    ldr     r12, [sp, #M + 24]
    add     r0, r0, r12
    eor     r10, r0, r10, ror #8
    add     r7, r7, r10, ror #16
    eor     r4, r7, r4, ror #7
    add     r0, r0, r4, ror #12
    ldr     r12, [sp, #M + 60]
    add     r0, r0, r12
    eor     r10, r0, r10, ror #16
    add     r7, r7, r10, ror #8
    eor     r4, r7, r4, ror #12
    @ round 8, G1(v1, v5, v9, v13, m[14], m[9])
    add     r1, r1, r5, ror #7
    ldr     r12, [sp, #M + 56]
    add     r1, r1, r12
    eor     r11, r1, r11, ror #8
    add     r8, r8, r11, ror #16
    eor     r5, r8, r5, ror #7
    add     r1, r1, r5, ror #12
    ldr     r12, [sp, #M + 36]
    add     r1, r1, r12
    eor     r11, r1, r11, ror #16
    add     r8, r8, r11, ror #8
    eor     r5, r8, r5, ror #12
    @ round 8, G2(v2, v6, v10, v14, m[11], m[3])
    add     r2, r2, r6, ror #7
    ldr     r12, [sp, #M + 44]
    add     r2, r2, r12
    eor     lr, r2, lr, ror #8
    add     r9, r9, lr, ror #16
    eor     r6, r9, r6, ror #7
    add     r2, r2, r6, ror #12
    ldr     r12, [sp, #M + 12]
    add     r2, r2, r12
    eor     lr, r2, lr, ror #16
    add     r9, r9, lr, ror #8
    eor     r6, r9, r6, ror #12
    add     r12, sp, #V                 @ v4, v9, v14 out; v7, v11, v15 in
    stmia   r12!, {r4, r8, lr}
    ldmia   r12, {r4, r8, lr}
    @ round 8, G3(v3, v7, v11, v15, m[0], m[8])
    add     r3, r3, r4, ror #7
    ldr     r12, [sp, #M + 0]
    add     r3, r3, r12
    eor     lr, r3, lr, ror #8
    add     r8, r8, lr, ror #16
    eor     r4, r8, r4, ror #7
    add     r3, r3, r4, ror #12
    ldr     r12, [sp, #M + 32]
    add     r3, r3, r12
    eor     lr, r3, lr, ror #16
    add     r8, r8, lr, ror #8
    eor     r4, r8, r4, ror #12
    @ round 8, G4(v0, v5, v10, v15, m[12], m[2])
    add     r0, r0, r5, ror #7
    ldr     r12, [sp, #M + 48]
    add     r0, r0, r12
    eor     lr, r0, lr, ror #8
    add     r9, r9, lr, ror #16
    eor     r5, r9, r5, ror #7
    add     r0, r0, r5, ror #12
    ldr     r12, [sp, #M + 8]
    add     r0, r0, r12
    eor     lr, r0, lr, ror #16
    add     r9, r9, lr, ror #8
    eor     r5, r9, r5, ror #12
    @ round 8, G5(v1, v6, v11, v12, m[13], m[7])
    add     r1, r1, r6, ror #7
    ldr     r12, [sp, #M + 52]
    add     r1, r1, r12
    eor     r10, r1, r10, ror #8
    add     r8, r8, r10, ror #16
    eor     r6, r8, r6, ror #7
    add     r1, r1, r6, ror #12
    ldr     r12, [sp, #M + 28]
    add     r1, r1, r12
    eor     r10, r1, r10, ror #16
    add     r8, r8, r10, ror #8
    eor     r6, r8, r6, ror #12
    @ round 8, G6(v2, v7, v8, v13, m[1], m[4])
    add     r2, r2, r4, ror #7
    ldr     r12, [sp, #M + 4]
    add     r2, r2, r12
    eor     r11, r2, r11, ror #8
    add     r7, r7, r11, ror #16
    eor     r4, r7, r4, ror #7
    add     r2, r2, r4, ror #12
    ldr     r12, [sp, #M + 16]
    add     r2, r2, r12
    eor     r11, r2, r11, ror #16
    add     r7, r7, r11, ror #8
    eor     r4, r7, r4, ror #12
    add     r12, sp, #V + 12            @ v7, v11, v15 out; v4, v9, v14 in
    stmia   r12, {r4, r8, lr}
    ldmdb   r12, {r4, r8, lr}
    @ round 8, G7(v3, v4, v9, v14, m[10], m[5])
    add     r3, r3, r4, ror #7
    ldr     r12, [sp, #M + 40]
    add     r3, r3, r12
    eor     lr, r3, lr, ror #8
    add     r8, r8, lr, ror #16
    eor     r4, r8, r4, ror #7
    add     r3, r3, r4, ror #12
    ldr     r12, [sp, #M + 20]
    add     r3, r3, r12
    eor     lr, r3, lr, ror #16
    add     r8, r8, lr, ror #8
    eor     r4, r8, r4, ror #12
    @ round 9, G0(v0, v4, v8, v12, m[10], m[2])
    add     r0, r0, r4, ror #7
    ldr     r12, [sp, #M + 40]
    add     r0, r0, r12
    eor     r10, r0, r10, ror #8
    add     r7, r7, r10, ror #16
    eor     r4, r7, r4, ror #7
    add     r0, r0, r4, ror #12
    ldr     r12, [sp, #M + 8]
    add     r0, r0, r12
    eor     r10, r0, r10, ror #16
    add     r7, r7, r10, ror #8
    eor     r4, r7, r4, ror #12
    @ round 9, G1(v1, v5, v9, v13, m[8], m[4])
    add     r1, r1, r5, ror #7
    ldr     r12, [sp, #M + 32]
    add     r1, r1, r12
    eor     r11, r1, r11, ror #8
    add     r8, r8, r11, ror #16
    eor     r5, r8, r5, ror #7
    add     r1, r1, r5, ror #12
    ldr     r12, [sp, #M + 16]
    add     r1, r1, r12
    eor     r11, r1, r11, ror #16
    add     r8, r8, r11, ror #8
    eor     r5, r8, r5, ror #12
    @ round 9, G2(v2, v6, v10, v14, m[7], m[6])
    add     r2, r2, r6, ror #7
    ldr     r12, [sp, #M + 28]
    add     r2, r2, r12
    eor     lr, r2, lr, ror #8
    add     r9, r9, lr, ror #16
    eor     r6, r9, r6, ror #7
    add     r2, r2, r6, ror #12
    ldr     r12, [sp, #M + 24]
    add     r2, r2, r12
    eor     lr, r2, lr, ror #16
    add     r9, r9, lr, ror #8
    eor     r6, r9, r6, ror #12
    add     r12, sp, #V                 @ v4, v9, v14 out; v7, v11, v15 in
    stmia   r12!, {r4, r8, lr}
    ldmia   r12, {r4, r8, lr}
    @ round 9, G3(v3, v7, v11, v15, m[1], m[5])
    add     r3, r3, r4, ror #7
    ldr     r12, [sp, #M + 4]
    add     r3, r3, r12
    eor     lr, r3, lr, ror #8
    add     r8, r8, lr, ror #16
    eor     r4, r8, r4, ror #7
    add     r3, r3, r4, ror #12
    ldr     r12, [sp, #M + 20]
    add     r3, r3, r12
    eor     lr, r3, lr, ror #16
    add     r8, r8, lr, ror #8
    eor     r4, r8, r4, ror #12
    @ round 9, G4(v0, v5, v10, v15, m[15], m[11])
    add     r0, r0, r5, ror #7
    ldr     r12, [sp, #M + 60]
    add     r0, r0, r12
    eor     lr, r0, lr, ror #8
    add     r9, r9, lr, ror #16
    eor     r5, r9, r5, ror #7
    add     r0, r0, r5, ror #12
    ldr     r12, [sp, #M + 44]
    add     r0, r0, r12
    eor     lr, r0, lr, ror #16
    add     r9, r9, lr, ror #8
    eor     r5, r9, r5, ror #12
    @ round 9, G5(v1, v6, v11, v12, m[9], m[14])
    add     r1, r1, r6, ror #7
    ldr     r12, [sp, #M + 36]
    add     r1, r1, r12
    eor     r10, r1, r10, ror #8
    add     r8, r8, r10, ror #16
    eor     r6, r8, r6, ror #7
    add     r1, r1, r6, ror #12
    ldr     r12, [sp, #M + 56]
    add     r1, r1, r12
    eor     r10, r1, r10, ror #16
    add     r8, r8, r10, ror #8
    eor     r6, r8, r6, ror #12
    @ round 9, G6(v2, v7, v8, v13, m[3], m[12])
    add     r2, r2, r4, ror #7
    ldr     r12, [sp, #M + 12]
    add     r2, r2, r12
    eor     r11, r2, r11, ror #8
    add     r7, r7, r11, ror #16
    eor     r4, r7, r4, ror #7
    add     r2, r2, r4, ror #12
    ldr     r12, [sp, #M + 48]
    add     r2, r2, r12
    eor     r11, r2, r11, ror #16
    add     r7, r7, r11, ror #8
    eor     r4, r7, r4, ror #12
    add     r12, sp, #V + 12            @ v7, v11, v15 out; v4, v9, v14 in
    stmia   r12, {r4, r8, lr}
    ldmdb   r12, {r4, r8, lr}
    @ round 9, G7(v3, v4, v9, v14, m[13], m[0])
    add     r3, r3, r4, ror #7
    ldr     r12, [sp, #M + 52]
    add     r3, r3, r12
    eor     lr, r3, lr, ror #8
    add     r8, r8, lr, ror #16
    eor     r4, r8, r4, ror #7
    add     r3, r3, r4, ror #12
    ldr     r12, [sp, #M + 0]
    add     r3, r3, r12
    eor     lr, r3, lr, ror #16
    add     r8, r8, lr, ror #8
    eor     r4, r8, r4, ror #12
    @ h[i] ^= v[i] ^ v[i + 8]
    ldr     r12, [sp, #H + 0]
    eor     r12, r12, r0
    eor     r12, r12, r7
    str     r12, [sp, #H + 0]
    ldr     r12, [sp, #H + 4]
    eor     r12, r12, r1
    eor     r12, r12, r8
    str     r12, [sp, #H + 4]
    ldr     r12, [sp, #H + 8]
    eor     r12, r12, r2
    eor     r12, r12, r9
    str     r12, [sp, #H + 8]
    ldr     r12, [sp, #H + 16]
    eor     r12, r12, r4, ror #7
    eor     r12, r12, r10, ror #8
    str     r12, [sp, #H + 16]
    ldr     r12, [sp, #H + 20]
    eor     r12, r12, r5, ror #7
    eor     r12, r12, r11, ror #8
    str     r12, [sp, #H + 20]
    ldr     r12, [sp, #H + 24]
    eor     r12, r12, r6, ror #7
    eor     r12, r12, lr, ror #8
    str     r12, [sp, #H + 24]
    ldr     lr, [sp, #V + 16]      @ v11
    ldr     r12, [sp, #H + 12]
    eor     r12, r12, r3
    eor     r12, r12, lr
    str     r12, [sp, #H + 12]
    ldr     lr, [sp, #V + 12]      @ v7
    ldr     r3, [sp, #V + 20]      @ v15
    ldr     r12, [sp, #H + 28]
    eor     r12, r12, lr, ror #7
    eor     r12, r12, r3, ror #8
    str     r12, [sp, #H + 28]
    ldr     r1, [sp, #NEXT_BLOCK]
    ldr     r2, [sp, #CFRAME]
    cmp     r1, r2
    bne     blake2s_block
    add     sp, sp, #CFRAME
    pop     {r2, lr}
    bx      lr
    .size   hb_blake2s_armv4, . - hb_blake2s_armv4
