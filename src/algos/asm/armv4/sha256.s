@ SPDX-License-Identifier: MIT
@ armv4/sha256.s - SHA-256 (FIPS 180-4) for the ARM state of ARMv4T (ARM7TDMI, GBA).
@
@   void hb_sha256_armv4(uint8_t *out, const uint8_t *in, size_t len)
@   AAPCS: r0 out, r1 in, r2 len; r4-r11 kept; returns by bx (interworking).
@
@ a..h live in r4-r11, renamed round by round (no moves): T1 is summed
@ into h's register, d += T1 makes the new e there, and h += T2 the new a.
@ Every rotation is an operand's: S1(e) = ror6(e ^ ror5(e) ^ ror19(e)) in
@ two eor and the add that takes it (ror #6), S0(a) likewise with ror 11,
@ 20 and 2.  Maj(a, b, c) = b ^ ((a ^ b) & (b ^ c)), and a ^ b is the
@ next round's b ^ c, kept in a register: 4 instructions.  K[t] is one
@ pc-relative load (its table in two parts, each within reach).  A round:
@ 20 cycles.  The schedule is a 16-word ring on the stack, two words a
@ pair: W[t-16], W[t-15] by one ldm, W[t-7], W[t-6] by another where
@ they sit side by side (else ldr), W[t-14] by ldr, W[t-2], W[t-1] still
@ in registers, four sigmas of 3 instructions, one stm (none for
@ W[58..63], which no later word reads): 35 cycles a pair.
@ W[0..15] come two at a time by ldm, byte-swapped in four instructions.
@ A block not word-aligned is first copied to the stack (word by word, each
@ word from two aligned loads).

    .arm
    .syntax unified
    .include "md_frame.inc"         @ MD_DRIVER, COPY_BLOCK_UNALIGNED, COPY_BYTES
    .section .text.hb_sha256_armv4, "ax", %progbits
    .align  2

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

    MD_DRIVER sha256, {r4-r11}, r12, BE

    ldr     r0, [sp, #OUT]
    STORE_BE r4, 0
    STORE_BE r5, 4
    STORE_BE r6, 8
    STORE_BE r7, 12
    STORE_BE r8, 16
    STORE_BE r9, 20
    STORE_BE r10, 24
    STORE_BE r11, 28
    add     sp, sp, #FRAME
    pop     {r4-r11, lr}
    bx      lr

    COPY_BLOCK_UNALIGNED r2, r3
    COPY_BYTES r12

@ zero the block buffer (sp + 0..63, called from the frame's level); keeps r1, r2, r4-r11
zero_buffer:
    mov     r3, #0
    mov     r12, #0
    add     r0, sp, #64
1:  stmdb   r0!, {r3, r12}
    cmp     r0, sp
    bne     1b
    bx      lr

sha256_init:
    .word   0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a
    .word   0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19
sha256_k:                           @ K[0..23]
    .word   0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5
    .word   0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5
    .word   0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3
    .word   0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174
    .word   0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc
    .word   0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da
@ ---- the compression: r1 the blocks (word-aligned), r2 how many (>= 1),
@ r4-r11 the state a..h; r12 a temporary, r0-r3 and lr the schedule's
@ words and Maj's carry; r1 += 64 a block.
@ Its frame: [sp, #0..63] the schedule's ring W[t mod 16], then:
    .equ    NEXT_BLOCK, 64          @ r1 after the block's words
    .equ    SAVED, 68               @ the state before the block (8 words)
    .equ    CFRAME, 100             @ then [sp, #100] the blocks' end, lr

sha256_compress:
    add     r2, r1, r2, lsl #6      @ the end of the blocks
    push    {r2, lr}
    sub     sp, sp, #CFRAME
sha256_block:
    add     r0, sp, #SAVED
    stmia   r0, {r4-r11}
    eor     r2, r5, r6                 @ b ^ c, Maj's carry from round to round
    ldmia   r1!, {r0, lr}           @ W[0], W[1], big-endian
    eor     r12, r0, r0, ror #16
    bic     r12, r12, #0x00FF0000
    mov     r0, r0, ror #8
    eor     r0, r0, r12, lsr #8
    eor     r12, lr, lr, ror #16
    bic     r12, r12, #0x00FF0000
    mov     lr, lr, ror #8
    eor     lr, lr, r12, lsr #8
    stmia   sp, {r0, lr}
    @ round 0
    ldr     r12, sha256_k + 0
    add     r11, r11, r12
    add     r11, r11, r0
    eor     r12, r8, r8, ror #5
    eor     r12, r12, r8, ror #19
    add     r11, r11, r12, ror #6       @ S1(e)
    eor     r12, r9, r10
    and     r12, r12, r8
    eor     r12, r12, r10
    add     r11, r11, r12               @ Ch(e, f, g)
    add     r7, r7, r11
    eor     r12, r4, r4, ror #11
    eor     r12, r12, r4, ror #20
    add     r11, r11, r12, ror #2       @ S0(a)
    eor     r3, r4, r5
    and     r2, r2, r3
    eor     r2, r2, r5
    add     r11, r11, r2               @ Maj(a, b, c)
    @ round 1
    ldr     r12, sha256_k + 4
    add     r10, r10, r12
    add     r10, r10, lr
    eor     r12, r7, r7, ror #5
    eor     r12, r12, r7, ror #19
    add     r10, r10, r12, ror #6       @ S1(e)
    eor     r12, r8, r9
    and     r12, r12, r7
    eor     r12, r12, r9
    add     r10, r10, r12               @ Ch(e, f, g)
    add     r6, r6, r10
    eor     r12, r11, r11, ror #11
    eor     r12, r12, r11, ror #20
    add     r10, r10, r12, ror #2       @ S0(a)
    eor     r2, r11, r4
    and     r3, r3, r2
    eor     r3, r3, r4
    add     r10, r10, r3               @ Maj(a, b, c)
    ldmia   r1!, {r0, lr}           @ W[2], W[3], big-endian
    eor     r12, r0, r0, ror #16
    bic     r12, r12, #0x00FF0000
    mov     r0, r0, ror #8
    eor     r0, r0, r12, lsr #8
    eor     r12, lr, lr, ror #16
    bic     r12, r12, #0x00FF0000
    mov     lr, lr, ror #8
    eor     lr, lr, r12, lsr #8
    add     r12, sp, #8
    stmia   r12, {r0, lr}
    @ round 2
    ldr     r12, sha256_k + 8
    add     r9, r9, r12
    add     r9, r9, r0
    eor     r12, r6, r6, ror #5
    eor     r12, r12, r6, ror #19
    add     r9, r9, r12, ror #6       @ S1(e)
    eor     r12, r7, r8
    and     r12, r12, r6
    eor     r12, r12, r8
    add     r9, r9, r12               @ Ch(e, f, g)
    add     r5, r5, r9
    eor     r12, r10, r10, ror #11
    eor     r12, r12, r10, ror #20
    add     r9, r9, r12, ror #2       @ S0(a)
    eor     r3, r10, r11
    and     r2, r2, r3
    eor     r2, r2, r11
    add     r9, r9, r2               @ Maj(a, b, c)
    @ round 3
    ldr     r12, sha256_k + 12
    add     r8, r8, r12
    add     r8, r8, lr
    eor     r12, r5, r5, ror #5
    eor     r12, r12, r5, ror #19
    add     r8, r8, r12, ror #6       @ S1(e)
    eor     r12, r6, r7
    and     r12, r12, r5
    eor     r12, r12, r7
    add     r8, r8, r12               @ Ch(e, f, g)
    add     r4, r4, r8
    eor     r12, r9, r9, ror #11
    eor     r12, r12, r9, ror #20
    add     r8, r8, r12, ror #2       @ S0(a)
    eor     r2, r9, r10
    and     r3, r3, r2
    eor     r3, r3, r10
    add     r8, r8, r3               @ Maj(a, b, c)
    ldmia   r1!, {r0, lr}           @ W[4], W[5], big-endian
    eor     r12, r0, r0, ror #16
    bic     r12, r12, #0x00FF0000
    mov     r0, r0, ror #8
    eor     r0, r0, r12, lsr #8
    eor     r12, lr, lr, ror #16
    bic     r12, r12, #0x00FF0000
    mov     lr, lr, ror #8
    eor     lr, lr, r12, lsr #8
    add     r12, sp, #16
    stmia   r12, {r0, lr}
    @ round 4
    ldr     r12, sha256_k + 16
    add     r7, r7, r12
    add     r7, r7, r0
    eor     r12, r4, r4, ror #5
    eor     r12, r12, r4, ror #19
    add     r7, r7, r12, ror #6       @ S1(e)
    eor     r12, r5, r6
    and     r12, r12, r4
    eor     r12, r12, r6
    add     r7, r7, r12               @ Ch(e, f, g)
    add     r11, r11, r7
    eor     r12, r8, r8, ror #11
    eor     r12, r12, r8, ror #20
    add     r7, r7, r12, ror #2       @ S0(a)
    eor     r3, r8, r9
    and     r2, r2, r3
    eor     r2, r2, r9
    add     r7, r7, r2               @ Maj(a, b, c)
    @ round 5
    ldr     r12, sha256_k + 20
    add     r6, r6, r12
    add     r6, r6, lr
    eor     r12, r11, r11, ror #5
    eor     r12, r12, r11, ror #19
    add     r6, r6, r12, ror #6       @ S1(e)
    eor     r12, r4, r5
    and     r12, r12, r11
    eor     r12, r12, r5
    add     r6, r6, r12               @ Ch(e, f, g)
    add     r10, r10, r6
    eor     r12, r7, r7, ror #11
    eor     r12, r12, r7, ror #20
    add     r6, r6, r12, ror #2       @ S0(a)
    eor     r2, r7, r8
    and     r3, r3, r2
    eor     r3, r3, r8
    add     r6, r6, r3               @ Maj(a, b, c)
    ldmia   r1!, {r0, lr}           @ W[6], W[7], big-endian
    eor     r12, r0, r0, ror #16
    bic     r12, r12, #0x00FF0000
    mov     r0, r0, ror #8
    eor     r0, r0, r12, lsr #8
    eor     r12, lr, lr, ror #16
    bic     r12, r12, #0x00FF0000
    mov     lr, lr, ror #8
    eor     lr, lr, r12, lsr #8
    add     r12, sp, #24
    stmia   r12, {r0, lr}
    @ round 6
    ldr     r12, sha256_k + 24
    add     r5, r5, r12
    add     r5, r5, r0
    eor     r12, r10, r10, ror #5
    eor     r12, r12, r10, ror #19
    add     r5, r5, r12, ror #6       @ S1(e)
    eor     r12, r11, r4
    and     r12, r12, r10
    eor     r12, r12, r4
    add     r5, r5, r12               @ Ch(e, f, g)
    add     r9, r9, r5
    eor     r12, r6, r6, ror #11
    eor     r12, r12, r6, ror #20
    add     r5, r5, r12, ror #2       @ S0(a)
    eor     r3, r6, r7
    and     r2, r2, r3
    eor     r2, r2, r7
    add     r5, r5, r2               @ Maj(a, b, c)
    @ round 7
    ldr     r12, sha256_k + 28
    add     r4, r4, r12
    add     r4, r4, lr
    eor     r12, r9, r9, ror #5
    eor     r12, r12, r9, ror #19
    add     r4, r4, r12, ror #6       @ S1(e)
    eor     r12, r10, r11
    and     r12, r12, r9
    eor     r12, r12, r11
    add     r4, r4, r12               @ Ch(e, f, g)
    add     r8, r8, r4
    eor     r12, r5, r5, ror #11
    eor     r12, r12, r5, ror #20
    add     r4, r4, r12, ror #2       @ S0(a)
    eor     r2, r5, r6
    and     r3, r3, r2
    eor     r3, r3, r6
    add     r4, r4, r3               @ Maj(a, b, c)
    ldmia   r1!, {r0, lr}           @ W[8], W[9], big-endian
    eor     r12, r0, r0, ror #16
    bic     r12, r12, #0x00FF0000
    mov     r0, r0, ror #8
    eor     r0, r0, r12, lsr #8
    eor     r12, lr, lr, ror #16
    bic     r12, r12, #0x00FF0000
    mov     lr, lr, ror #8
    eor     lr, lr, r12, lsr #8
    add     r12, sp, #32
    stmia   r12, {r0, lr}
    @ round 8
    ldr     r12, sha256_k + 32
    add     r11, r11, r12
    add     r11, r11, r0
    eor     r12, r8, r8, ror #5
    eor     r12, r12, r8, ror #19
    add     r11, r11, r12, ror #6       @ S1(e)
    eor     r12, r9, r10
    and     r12, r12, r8
    eor     r12, r12, r10
    add     r11, r11, r12               @ Ch(e, f, g)
    add     r7, r7, r11
    eor     r12, r4, r4, ror #11
    eor     r12, r12, r4, ror #20
    add     r11, r11, r12, ror #2       @ S0(a)
    eor     r3, r4, r5
    and     r2, r2, r3
    eor     r2, r2, r5
    add     r11, r11, r2               @ Maj(a, b, c)
    @ round 9
    ldr     r12, sha256_k + 36
    add     r10, r10, r12
    add     r10, r10, lr
    eor     r12, r7, r7, ror #5
    eor     r12, r12, r7, ror #19
    add     r10, r10, r12, ror #6       @ S1(e)
    eor     r12, r8, r9
    and     r12, r12, r7
    eor     r12, r12, r9
    add     r10, r10, r12               @ Ch(e, f, g)
    add     r6, r6, r10
    eor     r12, r11, r11, ror #11
    eor     r12, r12, r11, ror #20
    add     r10, r10, r12, ror #2       @ S0(a)
    eor     r2, r11, r4
    and     r3, r3, r2
    eor     r3, r3, r4
    add     r10, r10, r3               @ Maj(a, b, c)
    ldmia   r1!, {r0, lr}           @ W[10], W[11], big-endian
    eor     r12, r0, r0, ror #16
    bic     r12, r12, #0x00FF0000
    mov     r0, r0, ror #8
    eor     r0, r0, r12, lsr #8
    eor     r12, lr, lr, ror #16
    bic     r12, r12, #0x00FF0000
    mov     lr, lr, ror #8
    eor     lr, lr, r12, lsr #8
    add     r12, sp, #40
    stmia   r12, {r0, lr}
    @ round 10
    ldr     r12, sha256_k + 40
    add     r9, r9, r12
    add     r9, r9, r0
    eor     r12, r6, r6, ror #5
    eor     r12, r12, r6, ror #19
    add     r9, r9, r12, ror #6       @ S1(e)
    eor     r12, r7, r8
    and     r12, r12, r6
    eor     r12, r12, r8
    add     r9, r9, r12               @ Ch(e, f, g)
    add     r5, r5, r9
    eor     r12, r10, r10, ror #11
    eor     r12, r12, r10, ror #20
    add     r9, r9, r12, ror #2       @ S0(a)
    eor     r3, r10, r11
    and     r2, r2, r3
    eor     r2, r2, r11
    add     r9, r9, r2               @ Maj(a, b, c)
    @ round 11
    ldr     r12, sha256_k + 44
    add     r8, r8, r12
    add     r8, r8, lr
    eor     r12, r5, r5, ror #5
    eor     r12, r12, r5, ror #19
    add     r8, r8, r12, ror #6       @ S1(e)
    eor     r12, r6, r7
    and     r12, r12, r5
    eor     r12, r12, r7
    add     r8, r8, r12               @ Ch(e, f, g)
    add     r4, r4, r8
    eor     r12, r9, r9, ror #11
    eor     r12, r12, r9, ror #20
    add     r8, r8, r12, ror #2       @ S0(a)
    eor     r2, r9, r10
    and     r3, r3, r2
    eor     r3, r3, r10
    add     r8, r8, r3               @ Maj(a, b, c)
    ldmia   r1!, {r0, lr}           @ W[12], W[13], big-endian
    eor     r12, r0, r0, ror #16
    bic     r12, r12, #0x00FF0000
    mov     r0, r0, ror #8
    eor     r0, r0, r12, lsr #8
    eor     r12, lr, lr, ror #16
    bic     r12, r12, #0x00FF0000
    mov     lr, lr, ror #8
    eor     lr, lr, r12, lsr #8
    add     r12, sp, #48
    stmia   r12, {r0, lr}
    @ round 12
    ldr     r12, sha256_k + 48
    add     r7, r7, r12
    add     r7, r7, r0
    eor     r12, r4, r4, ror #5
    eor     r12, r12, r4, ror #19
    add     r7, r7, r12, ror #6       @ S1(e)
    eor     r12, r5, r6
    and     r12, r12, r4
    eor     r12, r12, r6
    add     r7, r7, r12               @ Ch(e, f, g)
    add     r11, r11, r7
    eor     r12, r8, r8, ror #11
    eor     r12, r12, r8, ror #20
    add     r7, r7, r12, ror #2       @ S0(a)
    eor     r3, r8, r9
    and     r2, r2, r3
    eor     r2, r2, r9
    add     r7, r7, r2               @ Maj(a, b, c)
    @ round 13
    ldr     r12, sha256_k + 52
    add     r6, r6, r12
    add     r6, r6, lr
    eor     r12, r11, r11, ror #5
    eor     r12, r12, r11, ror #19
    add     r6, r6, r12, ror #6       @ S1(e)
    eor     r12, r4, r5
    and     r12, r12, r11
    eor     r12, r12, r5
    add     r6, r6, r12               @ Ch(e, f, g)
    add     r10, r10, r6
    eor     r12, r7, r7, ror #11
    eor     r12, r12, r7, ror #20
    add     r6, r6, r12, ror #2       @ S0(a)
    eor     r2, r7, r8
    and     r3, r3, r2
    eor     r3, r3, r8
    add     r6, r6, r3               @ Maj(a, b, c)
    ldmia   r1!, {r0, lr}           @ W[14], W[15], big-endian
    eor     r12, r0, r0, ror #16
    bic     r12, r12, #0x00FF0000
    mov     r0, r0, ror #8
    eor     r0, r0, r12, lsr #8
    eor     r12, lr, lr, ror #16
    bic     r12, r12, #0x00FF0000
    mov     lr, lr, ror #8
    eor     lr, lr, r12, lsr #8
    add     r12, sp, #56
    stmia   r12, {r0, lr}
    str     r1, [sp, #NEXT_BLOCK]
    @ round 14
    ldr     r12, sha256_k + 56
    add     r5, r5, r12
    add     r5, r5, r0
    eor     r12, r10, r10, ror #5
    eor     r12, r12, r10, ror #19
    add     r5, r5, r12, ror #6       @ S1(e)
    eor     r12, r11, r4
    and     r12, r12, r10
    eor     r12, r12, r4
    add     r5, r5, r12               @ Ch(e, f, g)
    add     r9, r9, r5
    eor     r12, r6, r6, ror #11
    eor     r12, r12, r6, ror #20
    add     r5, r5, r12, ror #2       @ S0(a)
    eor     r3, r6, r7
    and     r2, r2, r3
    eor     r2, r2, r7
    add     r5, r5, r2               @ Maj(a, b, c)
    @ round 15
    ldr     r12, sha256_k + 60
    add     r4, r4, r12
    add     r4, r4, lr
    eor     r12, r9, r9, ror #5
    eor     r12, r12, r9, ror #19
    add     r4, r4, r12, ror #6       @ S1(e)
    eor     r12, r10, r11
    and     r12, r12, r9
    eor     r12, r12, r11
    add     r4, r4, r12               @ Ch(e, f, g)
    add     r8, r8, r4
    eor     r12, r5, r5, ror #11
    eor     r12, r12, r5, ror #20
    add     r4, r4, r12, ror #2       @ S0(a)
    eor     r2, r5, r6
    and     r3, r3, r2
    eor     r3, r3, r6
    add     r4, r4, r3               @ Maj(a, b, c)
    @ W[16], W[17]
    ldm     sp, {r1, r3}
    mov     r12, r3, ror #7
    eor     r12, r12, r3, ror #18
    eor     r12, r12, r3, lsr #3          @ s0(W[1])
    add     r1, r1, r12
    mov     r12, r0, ror #17
    eor     r12, r12, r0, ror #19
    eor     r12, r12, r0, lsr #10          @ s1(W[14])
    add     r1, r1, r12
    add     r12, sp, #36
    ldm     r12, {r0, r12}
    add     r1, r1, r0
    mov     r0, lr, ror #17
    eor     r0, r0, lr, ror #19
    eor     r0, r0, lr, lsr #10          @ s1(W[15])
    add     r3, r3, r0
    ldr     lr, [sp, #8]
    mov     r0, lr, ror #7
    eor     r0, r0, lr, ror #18
    eor     r0, r0, lr, lsr #3          @ s0(W[2])
    add     r3, r3, r0
    add     r3, r3, r12
    stm     sp, {r1, r3}
    @ round 16
    ldr     r12, sha256_k + 64
    add     r11, r11, r12
    add     r11, r11, r1
    eor     r12, r8, r8, ror #5
    eor     r12, r12, r8, ror #19
    add     r11, r11, r12, ror #6       @ S1(e)
    eor     r12, r9, r10
    and     r12, r12, r8
    eor     r12, r12, r10
    add     r11, r11, r12               @ Ch(e, f, g)
    add     r7, r7, r11
    eor     r12, r4, r4, ror #11
    eor     r12, r12, r4, ror #20
    add     r11, r11, r12, ror #2       @ S0(a)
    eor     r0, r4, r5
    and     r2, r2, r0
    eor     r2, r2, r5
    add     r11, r11, r2               @ Maj(a, b, c)
    @ round 17
    ldr     r12, sha256_k + 68
    add     r10, r10, r12
    add     r10, r10, r3
    eor     r12, r7, r7, ror #5
    eor     r12, r12, r7, ror #19
    add     r10, r10, r12, ror #6       @ S1(e)
    eor     r12, r8, r9
    and     r12, r12, r7
    eor     r12, r12, r9
    add     r10, r10, r12               @ Ch(e, f, g)
    add     r6, r6, r10
    eor     r12, r11, r11, ror #11
    eor     r12, r12, r11, ror #20
    add     r10, r10, r12, ror #2       @ S0(a)
    eor     lr, r11, r4
    and     r0, r0, lr
    eor     r0, r0, r4
    add     r10, r10, r0               @ Maj(a, b, c)
    @ W[18], W[19]
    add     r12, sp, #8
    ldm     r12, {r0, r2}
    mov     r12, r2, ror #7
    eor     r12, r12, r2, ror #18
    eor     r12, r12, r2, lsr #3          @ s0(W[3])
    add     r0, r0, r12
    mov     r12, r1, ror #17
    eor     r12, r12, r1, ror #19
    eor     r12, r12, r1, lsr #10          @ s1(W[16])
    add     r0, r0, r12
    add     r12, sp, #44
    ldm     r12, {r1, r12}
    add     r0, r0, r1
    mov     r1, r3, ror #17
    eor     r1, r1, r3, ror #19
    eor     r1, r1, r3, lsr #10          @ s1(W[17])
    add     r2, r2, r1
    ldr     r3, [sp, #16]
    mov     r1, r3, ror #7
    eor     r1, r1, r3, ror #18
    eor     r1, r1, r3, lsr #3          @ s0(W[4])
    add     r2, r2, r1
    add     r2, r2, r12
    add     r12, sp, #8
    stm     r12, {r0, r2}
    @ round 18
    ldr     r12, sha256_k + 72
    add     r9, r9, r12
    add     r9, r9, r0
    eor     r12, r6, r6, ror #5
    eor     r12, r12, r6, ror #19
    add     r9, r9, r12, ror #6       @ S1(e)
    eor     r12, r7, r8
    and     r12, r12, r6
    eor     r12, r12, r8
    add     r9, r9, r12               @ Ch(e, f, g)
    add     r5, r5, r9
    eor     r12, r10, r10, ror #11
    eor     r12, r12, r10, ror #20
    add     r9, r9, r12, ror #2       @ S0(a)
    eor     r1, r10, r11
    and     lr, lr, r1
    eor     lr, lr, r11
    add     r9, r9, lr               @ Maj(a, b, c)
    @ round 19
    ldr     r12, sha256_k + 76
    add     r8, r8, r12
    add     r8, r8, r2
    eor     r12, r5, r5, ror #5
    eor     r12, r12, r5, ror #19
    add     r8, r8, r12, ror #6       @ S1(e)
    eor     r12, r6, r7
    and     r12, r12, r5
    eor     r12, r12, r7
    add     r8, r8, r12               @ Ch(e, f, g)
    add     r4, r4, r8
    eor     r12, r9, r9, ror #11
    eor     r12, r12, r9, ror #20
    add     r8, r8, r12, ror #2       @ S0(a)
    eor     r3, r9, r10
    and     r1, r1, r3
    eor     r1, r1, r10
    add     r8, r8, r1               @ Maj(a, b, c)
    @ W[20], W[21]
    add     r12, sp, #16
    ldm     r12, {r1, lr}
    mov     r12, lr, ror #7
    eor     r12, r12, lr, ror #18
    eor     r12, r12, lr, lsr #3          @ s0(W[5])
    add     r1, r1, r12
    mov     r12, r0, ror #17
    eor     r12, r12, r0, ror #19
    eor     r12, r12, r0, lsr #10          @ s1(W[18])
    add     r1, r1, r12
    add     r12, sp, #52
    ldm     r12, {r0, r12}
    add     r1, r1, r0
    mov     r0, r2, ror #17
    eor     r0, r0, r2, ror #19
    eor     r0, r0, r2, lsr #10          @ s1(W[19])
    add     lr, lr, r0
    ldr     r2, [sp, #24]
    mov     r0, r2, ror #7
    eor     r0, r0, r2, ror #18
    eor     r0, r0, r2, lsr #3          @ s0(W[6])
    add     lr, lr, r0
    add     lr, lr, r12
    add     r12, sp, #16
    stm     r12, {r1, lr}
    @ round 20
    ldr     r12, sha256_k + 80
    add     r7, r7, r12
    add     r7, r7, r1
    eor     r12, r4, r4, ror #5
    eor     r12, r12, r4, ror #19
    add     r7, r7, r12, ror #6       @ S1(e)
    eor     r12, r5, r6
    and     r12, r12, r4
    eor     r12, r12, r6
    add     r7, r7, r12               @ Ch(e, f, g)
    add     r11, r11, r7
    eor     r12, r8, r8, ror #11
    eor     r12, r12, r8, ror #20
    add     r7, r7, r12, ror #2       @ S0(a)
    eor     r0, r8, r9
    and     r3, r3, r0
    eor     r3, r3, r9
    add     r7, r7, r3               @ Maj(a, b, c)
    @ round 21
    ldr     r12, sha256_k + 84
    add     r6, r6, r12
    add     r6, r6, lr
    eor     r12, r11, r11, ror #5
    eor     r12, r12, r11, ror #19
    add     r6, r6, r12, ror #6       @ S1(e)
    eor     r12, r4, r5
    and     r12, r12, r11
    eor     r12, r12, r5
    add     r6, r6, r12               @ Ch(e, f, g)
    add     r10, r10, r6
    eor     r12, r7, r7, ror #11
    eor     r12, r12, r7, ror #20
    add     r6, r6, r12, ror #2       @ S0(a)
    eor     r2, r7, r8
    and     r0, r0, r2
    eor     r0, r0, r8
    add     r6, r6, r0               @ Maj(a, b, c)
    @ W[22], W[23]
    add     r12, sp, #24
    ldm     r12, {r0, r3}
    mov     r12, r3, ror #7
    eor     r12, r12, r3, ror #18
    eor     r12, r12, r3, lsr #3          @ s0(W[7])
    add     r0, r0, r12
    mov     r12, r1, ror #17
    eor     r12, r12, r1, ror #19
    eor     r12, r12, r1, lsr #10          @ s1(W[20])
    add     r0, r0, r12
    ldr     r1, [sp, #60]
    add     r0, r0, r1
    mov     r12, lr, ror #17
    eor     r12, r12, lr, ror #19
    eor     r12, r12, lr, lsr #10          @ s1(W[21])
    add     r3, r3, r12
    ldr     lr, [sp, #32]
    mov     r12, lr, ror #7
    eor     r12, r12, lr, ror #18
    eor     r12, r12, lr, lsr #3          @ s0(W[8])
    add     r3, r3, r12
    ldr     lr, [sp, #0]
    add     r3, r3, lr
    add     r12, sp, #24
    stm     r12, {r0, r3}
    @ round 22
    ldr     r12, sha256_k + 88
    add     r5, r5, r12
    add     r5, r5, r0
    eor     r12, r10, r10, ror #5
    eor     r12, r12, r10, ror #19
    add     r5, r5, r12, ror #6       @ S1(e)
    eor     r12, r11, r4
    and     r12, r12, r10
    eor     r12, r12, r4
    add     r5, r5, r12               @ Ch(e, f, g)
    add     r9, r9, r5
    eor     r12, r6, r6, ror #11
    eor     r12, r12, r6, ror #20
    add     r5, r5, r12, ror #2       @ S0(a)
    eor     r1, r6, r7
    and     r2, r2, r1
    eor     r2, r2, r7
    add     r5, r5, r2               @ Maj(a, b, c)
    @ round 23
    ldr     r12, sha256_k + 92
    add     r4, r4, r12
    add     r4, r4, r3
    eor     r12, r9, r9, ror #5
    eor     r12, r12, r9, ror #19
    add     r4, r4, r12, ror #6       @ S1(e)
    eor     r12, r10, r11
    and     r12, r12, r9
    eor     r12, r12, r11
    add     r4, r4, r12               @ Ch(e, f, g)
    add     r8, r8, r4
    eor     r12, r5, r5, ror #11
    eor     r12, r12, r5, ror #20
    add     r4, r4, r12, ror #2       @ S0(a)
    eor     lr, r5, r6
    and     r1, r1, lr
    eor     r1, r1, r6
    add     r4, r4, r1               @ Maj(a, b, c)
    b       1f
sha256_k_24:                    @ K[24..47], near the rounds that load them
    .word   0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7
    .word   0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967
    .word   0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13
    .word   0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85
    .word   0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3
    .word   0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070
1:
    @ W[24], W[25]
    add     r12, sp, #32
    ldm     r12, {r1, r2}
    mov     r12, r2, ror #7
    eor     r12, r12, r2, ror #18
    eor     r12, r12, r2, lsr #3          @ s0(W[9])
    add     r1, r1, r12
    mov     r12, r0, ror #17
    eor     r12, r12, r0, ror #19
    eor     r12, r12, r0, lsr #10          @ s1(W[22])
    add     r1, r1, r12
    add     r12, sp, #4
    ldm     r12, {r0, r12}
    add     r1, r1, r0
    mov     r0, r3, ror #17
    eor     r0, r0, r3, ror #19
    eor     r0, r0, r3, lsr #10          @ s1(W[23])
    add     r2, r2, r0
    ldr     r3, [sp, #40]
    mov     r0, r3, ror #7
    eor     r0, r0, r3, ror #18
    eor     r0, r0, r3, lsr #3          @ s0(W[10])
    add     r2, r2, r0
    add     r2, r2, r12
    add     r12, sp, #32
    stm     r12, {r1, r2}
    @ round 24
    ldr     r12, sha256_k_24 + 0
    add     r11, r11, r12
    add     r11, r11, r1
    eor     r12, r8, r8, ror #5
    eor     r12, r12, r8, ror #19
    add     r11, r11, r12, ror #6       @ S1(e)
    eor     r12, r9, r10
    and     r12, r12, r8
    eor     r12, r12, r10
    add     r11, r11, r12               @ Ch(e, f, g)
    add     r7, r7, r11
    eor     r12, r4, r4, ror #11
    eor     r12, r12, r4, ror #20
    add     r11, r11, r12, ror #2       @ S0(a)
    eor     r0, r4, r5
    and     lr, lr, r0
    eor     lr, lr, r5
    add     r11, r11, lr               @ Maj(a, b, c)
    @ round 25
    ldr     r12, sha256_k_24 + 4
    add     r10, r10, r12
    add     r10, r10, r2
    eor     r12, r7, r7, ror #5
    eor     r12, r12, r7, ror #19
    add     r10, r10, r12, ror #6       @ S1(e)
    eor     r12, r8, r9
    and     r12, r12, r7
    eor     r12, r12, r9
    add     r10, r10, r12               @ Ch(e, f, g)
    add     r6, r6, r10
    eor     r12, r11, r11, ror #11
    eor     r12, r12, r11, ror #20
    add     r10, r10, r12, ror #2       @ S0(a)
    eor     r3, r11, r4
    and     r0, r0, r3
    eor     r0, r0, r4
    add     r10, r10, r0               @ Maj(a, b, c)
    @ W[26], W[27]
    add     r12, sp, #40
    ldm     r12, {r0, lr}
    mov     r12, lr, ror #7
    eor     r12, r12, lr, ror #18
    eor     r12, r12, lr, lsr #3          @ s0(W[11])
    add     r0, r0, r12
    mov     r12, r1, ror #17
    eor     r12, r12, r1, ror #19
    eor     r12, r12, r1, lsr #10          @ s1(W[24])
    add     r0, r0, r12
    add     r12, sp, #12
    ldm     r12, {r1, r12}
    add     r0, r0, r1
    mov     r1, r2, ror #17
    eor     r1, r1, r2, ror #19
    eor     r1, r1, r2, lsr #10          @ s1(W[25])
    add     lr, lr, r1
    ldr     r2, [sp, #48]
    mov     r1, r2, ror #7
    eor     r1, r1, r2, ror #18
    eor     r1, r1, r2, lsr #3          @ s0(W[12])
    add     lr, lr, r1
    add     lr, lr, r12
    add     r12, sp, #40
    stm     r12, {r0, lr}
    @ round 26
    ldr     r12, sha256_k_24 + 8
    add     r9, r9, r12
    add     r9, r9, r0
    eor     r12, r6, r6, ror #5
    eor     r12, r12, r6, ror #19
    add     r9, r9, r12, ror #6       @ S1(e)
    eor     r12, r7, r8
    and     r12, r12, r6
    eor     r12, r12, r8
    add     r9, r9, r12               @ Ch(e, f, g)
    add     r5, r5, r9
    eor     r12, r10, r10, ror #11
    eor     r12, r12, r10, ror #20
    add     r9, r9, r12, ror #2       @ S0(a)
    eor     r1, r10, r11
    and     r3, r3, r1
    eor     r3, r3, r11
    add     r9, r9, r3               @ Maj(a, b, c)
    @ round 27
    ldr     r12, sha256_k_24 + 12
    add     r8, r8, r12
    add     r8, r8, lr
    eor     r12, r5, r5, ror #5
    eor     r12, r12, r5, ror #19
    add     r8, r8, r12, ror #6       @ S1(e)
    eor     r12, r6, r7
    and     r12, r12, r5
    eor     r12, r12, r7
    add     r8, r8, r12               @ Ch(e, f, g)
    add     r4, r4, r8
    eor     r12, r9, r9, ror #11
    eor     r12, r12, r9, ror #20
    add     r8, r8, r12, ror #2       @ S0(a)
    eor     r2, r9, r10
    and     r1, r1, r2
    eor     r1, r1, r10
    add     r8, r8, r1               @ Maj(a, b, c)
    @ W[28], W[29]
    add     r12, sp, #48
    ldm     r12, {r1, r3}
    mov     r12, r3, ror #7
    eor     r12, r12, r3, ror #18
    eor     r12, r12, r3, lsr #3          @ s0(W[13])
    add     r1, r1, r12
    mov     r12, r0, ror #17
    eor     r12, r12, r0, ror #19
    eor     r12, r12, r0, lsr #10          @ s1(W[26])
    add     r1, r1, r12
    add     r12, sp, #20
    ldm     r12, {r0, r12}
    add     r1, r1, r0
    mov     r0, lr, ror #17
    eor     r0, r0, lr, ror #19
    eor     r0, r0, lr, lsr #10          @ s1(W[27])
    add     r3, r3, r0
    ldr     lr, [sp, #56]
    mov     r0, lr, ror #7
    eor     r0, r0, lr, ror #18
    eor     r0, r0, lr, lsr #3          @ s0(W[14])
    add     r3, r3, r0
    add     r3, r3, r12
    add     r12, sp, #48
    stm     r12, {r1, r3}
    @ round 28
    ldr     r12, sha256_k_24 + 16
    add     r7, r7, r12
    add     r7, r7, r1
    eor     r12, r4, r4, ror #5
    eor     r12, r12, r4, ror #19
    add     r7, r7, r12, ror #6       @ S1(e)
    eor     r12, r5, r6
    and     r12, r12, r4
    eor     r12, r12, r6
    add     r7, r7, r12               @ Ch(e, f, g)
    add     r11, r11, r7
    eor     r12, r8, r8, ror #11
    eor     r12, r12, r8, ror #20
    add     r7, r7, r12, ror #2       @ S0(a)
    eor     r0, r8, r9
    and     r2, r2, r0
    eor     r2, r2, r9
    add     r7, r7, r2               @ Maj(a, b, c)
    @ round 29
    ldr     r12, sha256_k_24 + 20
    add     r6, r6, r12
    add     r6, r6, r3
    eor     r12, r11, r11, ror #5
    eor     r12, r12, r11, ror #19
    add     r6, r6, r12, ror #6       @ S1(e)
    eor     r12, r4, r5
    and     r12, r12, r11
    eor     r12, r12, r5
    add     r6, r6, r12               @ Ch(e, f, g)
    add     r10, r10, r6
    eor     r12, r7, r7, ror #11
    eor     r12, r12, r7, ror #20
    add     r6, r6, r12, ror #2       @ S0(a)
    eor     lr, r7, r8
    and     r0, r0, lr
    eor     r0, r0, r8
    add     r6, r6, r0               @ Maj(a, b, c)
    @ W[30], W[31]
    add     r12, sp, #56
    ldm     r12, {r0, r2}
    mov     r12, r2, ror #7
    eor     r12, r12, r2, ror #18
    eor     r12, r12, r2, lsr #3          @ s0(W[15])
    add     r0, r0, r12
    mov     r12, r1, ror #17
    eor     r12, r12, r1, ror #19
    eor     r12, r12, r1, lsr #10          @ s1(W[28])
    add     r0, r0, r12
    add     r12, sp, #28
    ldm     r12, {r1, r12}
    add     r0, r0, r1
    mov     r1, r3, ror #17
    eor     r1, r1, r3, ror #19
    eor     r1, r1, r3, lsr #10          @ s1(W[29])
    add     r2, r2, r1
    ldr     r3, [sp, #0]
    mov     r1, r3, ror #7
    eor     r1, r1, r3, ror #18
    eor     r1, r1, r3, lsr #3          @ s0(W[16])
    add     r2, r2, r1
    add     r2, r2, r12
    add     r12, sp, #56
    stm     r12, {r0, r2}
    @ round 30
    ldr     r12, sha256_k_24 + 24
    add     r5, r5, r12
    add     r5, r5, r0
    eor     r12, r10, r10, ror #5
    eor     r12, r12, r10, ror #19
    add     r5, r5, r12, ror #6       @ S1(e)
    eor     r12, r11, r4
    and     r12, r12, r10
    eor     r12, r12, r4
    add     r5, r5, r12               @ Ch(e, f, g)
    add     r9, r9, r5
    eor     r12, r6, r6, ror #11
    eor     r12, r12, r6, ror #20
    add     r5, r5, r12, ror #2       @ S0(a)
    eor     r1, r6, r7
    and     lr, lr, r1
    eor     lr, lr, r7
    add     r5, r5, lr               @ Maj(a, b, c)
    @ round 31
    ldr     r12, sha256_k_24 + 28
    add     r4, r4, r12
    add     r4, r4, r2
    eor     r12, r9, r9, ror #5
    eor     r12, r12, r9, ror #19
    add     r4, r4, r12, ror #6       @ S1(e)
    eor     r12, r10, r11
    and     r12, r12, r9
    eor     r12, r12, r11
    add     r4, r4, r12               @ Ch(e, f, g)
    add     r8, r8, r4
    eor     r12, r5, r5, ror #11
    eor     r12, r12, r5, ror #20
    add     r4, r4, r12, ror #2       @ S0(a)
    eor     r3, r5, r6
    and     r1, r1, r3
    eor     r1, r1, r6
    add     r4, r4, r1               @ Maj(a, b, c)
    @ W[32], W[33]
    ldm     sp, {r1, lr}
    mov     r12, lr, ror #7
    eor     r12, r12, lr, ror #18
    eor     r12, r12, lr, lsr #3          @ s0(W[17])
    add     r1, r1, r12
    mov     r12, r0, ror #17
    eor     r12, r12, r0, ror #19
    eor     r12, r12, r0, lsr #10          @ s1(W[30])
    add     r1, r1, r12
    add     r12, sp, #36
    ldm     r12, {r0, r12}
    add     r1, r1, r0
    mov     r0, r2, ror #17
    eor     r0, r0, r2, ror #19
    eor     r0, r0, r2, lsr #10          @ s1(W[31])
    add     lr, lr, r0
    ldr     r2, [sp, #8]
    mov     r0, r2, ror #7
    eor     r0, r0, r2, ror #18
    eor     r0, r0, r2, lsr #3          @ s0(W[18])
    add     lr, lr, r0
    add     lr, lr, r12
    stm     sp, {r1, lr}
    @ round 32
    ldr     r12, sha256_k_24 + 32
    add     r11, r11, r12
    add     r11, r11, r1
    eor     r12, r8, r8, ror #5
    eor     r12, r12, r8, ror #19
    add     r11, r11, r12, ror #6       @ S1(e)
    eor     r12, r9, r10
    and     r12, r12, r8
    eor     r12, r12, r10
    add     r11, r11, r12               @ Ch(e, f, g)
    add     r7, r7, r11
    eor     r12, r4, r4, ror #11
    eor     r12, r12, r4, ror #20
    add     r11, r11, r12, ror #2       @ S0(a)
    eor     r0, r4, r5
    and     r3, r3, r0
    eor     r3, r3, r5
    add     r11, r11, r3               @ Maj(a, b, c)
    @ round 33
    ldr     r12, sha256_k_24 + 36
    add     r10, r10, r12
    add     r10, r10, lr
    eor     r12, r7, r7, ror #5
    eor     r12, r12, r7, ror #19
    add     r10, r10, r12, ror #6       @ S1(e)
    eor     r12, r8, r9
    and     r12, r12, r7
    eor     r12, r12, r9
    add     r10, r10, r12               @ Ch(e, f, g)
    add     r6, r6, r10
    eor     r12, r11, r11, ror #11
    eor     r12, r12, r11, ror #20
    add     r10, r10, r12, ror #2       @ S0(a)
    eor     r2, r11, r4
    and     r0, r0, r2
    eor     r0, r0, r4
    add     r10, r10, r0               @ Maj(a, b, c)
    @ W[34], W[35]
    add     r12, sp, #8
    ldm     r12, {r0, r3}
    mov     r12, r3, ror #7
    eor     r12, r12, r3, ror #18
    eor     r12, r12, r3, lsr #3          @ s0(W[19])
    add     r0, r0, r12
    mov     r12, r1, ror #17
    eor     r12, r12, r1, ror #19
    eor     r12, r12, r1, lsr #10          @ s1(W[32])
    add     r0, r0, r12
    add     r12, sp, #44
    ldm     r12, {r1, r12}
    add     r0, r0, r1
    mov     r1, lr, ror #17
    eor     r1, r1, lr, ror #19
    eor     r1, r1, lr, lsr #10          @ s1(W[33])
    add     r3, r3, r1
    ldr     lr, [sp, #16]
    mov     r1, lr, ror #7
    eor     r1, r1, lr, ror #18
    eor     r1, r1, lr, lsr #3          @ s0(W[20])
    add     r3, r3, r1
    add     r3, r3, r12
    add     r12, sp, #8
    stm     r12, {r0, r3}
    @ round 34
    ldr     r12, sha256_k_24 + 40
    add     r9, r9, r12
    add     r9, r9, r0
    eor     r12, r6, r6, ror #5
    eor     r12, r12, r6, ror #19
    add     r9, r9, r12, ror #6       @ S1(e)
    eor     r12, r7, r8
    and     r12, r12, r6
    eor     r12, r12, r8
    add     r9, r9, r12               @ Ch(e, f, g)
    add     r5, r5, r9
    eor     r12, r10, r10, ror #11
    eor     r12, r12, r10, ror #20
    add     r9, r9, r12, ror #2       @ S0(a)
    eor     r1, r10, r11
    and     r2, r2, r1
    eor     r2, r2, r11
    add     r9, r9, r2               @ Maj(a, b, c)
    @ round 35
    ldr     r12, sha256_k_24 + 44
    add     r8, r8, r12
    add     r8, r8, r3
    eor     r12, r5, r5, ror #5
    eor     r12, r12, r5, ror #19
    add     r8, r8, r12, ror #6       @ S1(e)
    eor     r12, r6, r7
    and     r12, r12, r5
    eor     r12, r12, r7
    add     r8, r8, r12               @ Ch(e, f, g)
    add     r4, r4, r8
    eor     r12, r9, r9, ror #11
    eor     r12, r12, r9, ror #20
    add     r8, r8, r12, ror #2       @ S0(a)
    eor     lr, r9, r10
    and     r1, r1, lr
    eor     r1, r1, r10
    add     r8, r8, r1               @ Maj(a, b, c)
    @ W[36], W[37]
    add     r12, sp, #16
    ldm     r12, {r1, r2}
    mov     r12, r2, ror #7
    eor     r12, r12, r2, ror #18
    eor     r12, r12, r2, lsr #3          @ s0(W[21])
    add     r1, r1, r12
    mov     r12, r0, ror #17
    eor     r12, r12, r0, ror #19
    eor     r12, r12, r0, lsr #10          @ s1(W[34])
    add     r1, r1, r12
    add     r12, sp, #52
    ldm     r12, {r0, r12}
    add     r1, r1, r0
    mov     r0, r3, ror #17
    eor     r0, r0, r3, ror #19
    eor     r0, r0, r3, lsr #10          @ s1(W[35])
    add     r2, r2, r0
    ldr     r3, [sp, #24]
    mov     r0, r3, ror #7
    eor     r0, r0, r3, ror #18
    eor     r0, r0, r3, lsr #3          @ s0(W[22])
    add     r2, r2, r0
    add     r2, r2, r12
    add     r12, sp, #16
    stm     r12, {r1, r2}
    @ round 36
    ldr     r12, sha256_k_24 + 48
    add     r7, r7, r12
    add     r7, r7, r1
    eor     r12, r4, r4, ror #5
    eor     r12, r12, r4, ror #19
    add     r7, r7, r12, ror #6       @ S1(e)
    eor     r12, r5, r6
    and     r12, r12, r4
    eor     r12, r12, r6
    add     r7, r7, r12               @ Ch(e, f, g)
    add     r11, r11, r7
    eor     r12, r8, r8, ror #11
    eor     r12, r12, r8, ror #20
    add     r7, r7, r12, ror #2       @ S0(a)
    eor     r0, r8, r9
    and     lr, lr, r0
    eor     lr, lr, r9
    add     r7, r7, lr               @ Maj(a, b, c)
    @ round 37
    ldr     r12, sha256_k_24 + 52
    add     r6, r6, r12
    add     r6, r6, r2
    eor     r12, r11, r11, ror #5
    eor     r12, r12, r11, ror #19
    add     r6, r6, r12, ror #6       @ S1(e)
    eor     r12, r4, r5
    and     r12, r12, r11
    eor     r12, r12, r5
    add     r6, r6, r12               @ Ch(e, f, g)
    add     r10, r10, r6
    eor     r12, r7, r7, ror #11
    eor     r12, r12, r7, ror #20
    add     r6, r6, r12, ror #2       @ S0(a)
    eor     r3, r7, r8
    and     r0, r0, r3
    eor     r0, r0, r8
    add     r6, r6, r0               @ Maj(a, b, c)
    @ W[38], W[39]
    add     r12, sp, #24
    ldm     r12, {r0, lr}
    mov     r12, lr, ror #7
    eor     r12, r12, lr, ror #18
    eor     r12, r12, lr, lsr #3          @ s0(W[23])
    add     r0, r0, r12
    mov     r12, r1, ror #17
    eor     r12, r12, r1, ror #19
    eor     r12, r12, r1, lsr #10          @ s1(W[36])
    add     r0, r0, r12
    ldr     r1, [sp, #60]
    add     r0, r0, r1
    mov     r12, r2, ror #17
    eor     r12, r12, r2, ror #19
    eor     r12, r12, r2, lsr #10          @ s1(W[37])
    add     lr, lr, r12
    ldr     r2, [sp, #32]
    mov     r12, r2, ror #7
    eor     r12, r12, r2, ror #18
    eor     r12, r12, r2, lsr #3          @ s0(W[24])
    add     lr, lr, r12
    ldr     r2, [sp, #0]
    add     lr, lr, r2
    add     r12, sp, #24
    stm     r12, {r0, lr}
    @ round 38
    ldr     r12, sha256_k_24 + 56
    add     r5, r5, r12
    add     r5, r5, r0
    eor     r12, r10, r10, ror #5
    eor     r12, r12, r10, ror #19
    add     r5, r5, r12, ror #6       @ S1(e)
    eor     r12, r11, r4
    and     r12, r12, r10
    eor     r12, r12, r4
    add     r5, r5, r12               @ Ch(e, f, g)
    add     r9, r9, r5
    eor     r12, r6, r6, ror #11
    eor     r12, r12, r6, ror #20
    add     r5, r5, r12, ror #2       @ S0(a)
    eor     r1, r6, r7
    and     r3, r3, r1
    eor     r3, r3, r7
    add     r5, r5, r3               @ Maj(a, b, c)
    @ round 39
    ldr     r12, sha256_k_24 + 60
    add     r4, r4, r12
    add     r4, r4, lr
    eor     r12, r9, r9, ror #5
    eor     r12, r12, r9, ror #19
    add     r4, r4, r12, ror #6       @ S1(e)
    eor     r12, r10, r11
    and     r12, r12, r9
    eor     r12, r12, r11
    add     r4, r4, r12               @ Ch(e, f, g)
    add     r8, r8, r4
    eor     r12, r5, r5, ror #11
    eor     r12, r12, r5, ror #20
    add     r4, r4, r12, ror #2       @ S0(a)
    eor     r2, r5, r6
    and     r1, r1, r2
    eor     r1, r1, r6
    add     r4, r4, r1               @ Maj(a, b, c)
    @ W[40], W[41]
    add     r12, sp, #32
    ldm     r12, {r1, r3}
    mov     r12, r3, ror #7
    eor     r12, r12, r3, ror #18
    eor     r12, r12, r3, lsr #3          @ s0(W[25])
    add     r1, r1, r12
    mov     r12, r0, ror #17
    eor     r12, r12, r0, ror #19
    eor     r12, r12, r0, lsr #10          @ s1(W[38])
    add     r1, r1, r12
    add     r12, sp, #4
    ldm     r12, {r0, r12}
    add     r1, r1, r0
    mov     r0, lr, ror #17
    eor     r0, r0, lr, ror #19
    eor     r0, r0, lr, lsr #10          @ s1(W[39])
    add     r3, r3, r0
    ldr     lr, [sp, #40]
    mov     r0, lr, ror #7
    eor     r0, r0, lr, ror #18
    eor     r0, r0, lr, lsr #3          @ s0(W[26])
    add     r3, r3, r0
    add     r3, r3, r12
    add     r12, sp, #32
    stm     r12, {r1, r3}
    @ round 40
    ldr     r12, sha256_k_24 + 64
    add     r11, r11, r12
    add     r11, r11, r1
    eor     r12, r8, r8, ror #5
    eor     r12, r12, r8, ror #19
    add     r11, r11, r12, ror #6       @ S1(e)
    eor     r12, r9, r10
    and     r12, r12, r8
    eor     r12, r12, r10
    add     r11, r11, r12               @ Ch(e, f, g)
    add     r7, r7, r11
    eor     r12, r4, r4, ror #11
    eor     r12, r12, r4, ror #20
    add     r11, r11, r12, ror #2       @ S0(a)
    eor     r0, r4, r5
    and     r2, r2, r0
    eor     r2, r2, r5
    add     r11, r11, r2               @ Maj(a, b, c)
    @ round 41
    ldr     r12, sha256_k_24 + 68
    add     r10, r10, r12
    add     r10, r10, r3
    eor     r12, r7, r7, ror #5
    eor     r12, r12, r7, ror #19
    add     r10, r10, r12, ror #6       @ S1(e)
    eor     r12, r8, r9
    and     r12, r12, r7
    eor     r12, r12, r9
    add     r10, r10, r12               @ Ch(e, f, g)
    add     r6, r6, r10
    eor     r12, r11, r11, ror #11
    eor     r12, r12, r11, ror #20
    add     r10, r10, r12, ror #2       @ S0(a)
    eor     lr, r11, r4
    and     r0, r0, lr
    eor     r0, r0, r4
    add     r10, r10, r0               @ Maj(a, b, c)
    @ W[42], W[43]
    add     r12, sp, #40
    ldm     r12, {r0, r2}
    mov     r12, r2, ror #7
    eor     r12, r12, r2, ror #18
    eor     r12, r12, r2, lsr #3          @ s0(W[27])
    add     r0, r0, r12
    mov     r12, r1, ror #17
    eor     r12, r12, r1, ror #19
    eor     r12, r12, r1, lsr #10          @ s1(W[40])
    add     r0, r0, r12
    add     r12, sp, #12
    ldm     r12, {r1, r12}
    add     r0, r0, r1
    mov     r1, r3, ror #17
    eor     r1, r1, r3, ror #19
    eor     r1, r1, r3, lsr #10          @ s1(W[41])
    add     r2, r2, r1
    ldr     r3, [sp, #48]
    mov     r1, r3, ror #7
    eor     r1, r1, r3, ror #18
    eor     r1, r1, r3, lsr #3          @ s0(W[28])
    add     r2, r2, r1
    add     r2, r2, r12
    add     r12, sp, #40
    stm     r12, {r0, r2}
    @ round 42
    ldr     r12, sha256_k_24 + 72
    add     r9, r9, r12
    add     r9, r9, r0
    eor     r12, r6, r6, ror #5
    eor     r12, r12, r6, ror #19
    add     r9, r9, r12, ror #6       @ S1(e)
    eor     r12, r7, r8
    and     r12, r12, r6
    eor     r12, r12, r8
    add     r9, r9, r12               @ Ch(e, f, g)
    add     r5, r5, r9
    eor     r12, r10, r10, ror #11
    eor     r12, r12, r10, ror #20
    add     r9, r9, r12, ror #2       @ S0(a)
    eor     r1, r10, r11
    and     lr, lr, r1
    eor     lr, lr, r11
    add     r9, r9, lr               @ Maj(a, b, c)
    @ round 43
    ldr     r12, sha256_k_24 + 76
    add     r8, r8, r12
    add     r8, r8, r2
    eor     r12, r5, r5, ror #5
    eor     r12, r12, r5, ror #19
    add     r8, r8, r12, ror #6       @ S1(e)
    eor     r12, r6, r7
    and     r12, r12, r5
    eor     r12, r12, r7
    add     r8, r8, r12               @ Ch(e, f, g)
    add     r4, r4, r8
    eor     r12, r9, r9, ror #11
    eor     r12, r12, r9, ror #20
    add     r8, r8, r12, ror #2       @ S0(a)
    eor     r3, r9, r10
    and     r1, r1, r3
    eor     r1, r1, r10
    add     r8, r8, r1               @ Maj(a, b, c)
    @ W[44], W[45]
    add     r12, sp, #48
    ldm     r12, {r1, lr}
    mov     r12, lr, ror #7
    eor     r12, r12, lr, ror #18
    eor     r12, r12, lr, lsr #3          @ s0(W[29])
    add     r1, r1, r12
    mov     r12, r0, ror #17
    eor     r12, r12, r0, ror #19
    eor     r12, r12, r0, lsr #10          @ s1(W[42])
    add     r1, r1, r12
    add     r12, sp, #20
    ldm     r12, {r0, r12}
    add     r1, r1, r0
    mov     r0, r2, ror #17
    eor     r0, r0, r2, ror #19
    eor     r0, r0, r2, lsr #10          @ s1(W[43])
    add     lr, lr, r0
    ldr     r2, [sp, #56]
    mov     r0, r2, ror #7
    eor     r0, r0, r2, ror #18
    eor     r0, r0, r2, lsr #3          @ s0(W[30])
    add     lr, lr, r0
    add     lr, lr, r12
    add     r12, sp, #48
    stm     r12, {r1, lr}
    @ round 44
    ldr     r12, sha256_k_24 + 80
    add     r7, r7, r12
    add     r7, r7, r1
    eor     r12, r4, r4, ror #5
    eor     r12, r12, r4, ror #19
    add     r7, r7, r12, ror #6       @ S1(e)
    eor     r12, r5, r6
    and     r12, r12, r4
    eor     r12, r12, r6
    add     r7, r7, r12               @ Ch(e, f, g)
    add     r11, r11, r7
    eor     r12, r8, r8, ror #11
    eor     r12, r12, r8, ror #20
    add     r7, r7, r12, ror #2       @ S0(a)
    eor     r0, r8, r9
    and     r3, r3, r0
    eor     r3, r3, r9
    add     r7, r7, r3               @ Maj(a, b, c)
    @ round 45
    ldr     r12, sha256_k_24 + 84
    add     r6, r6, r12
    add     r6, r6, lr
    eor     r12, r11, r11, ror #5
    eor     r12, r12, r11, ror #19
    add     r6, r6, r12, ror #6       @ S1(e)
    eor     r12, r4, r5
    and     r12, r12, r11
    eor     r12, r12, r5
    add     r6, r6, r12               @ Ch(e, f, g)
    add     r10, r10, r6
    eor     r12, r7, r7, ror #11
    eor     r12, r12, r7, ror #20
    add     r6, r6, r12, ror #2       @ S0(a)
    eor     r2, r7, r8
    and     r0, r0, r2
    eor     r0, r0, r8
    add     r6, r6, r0               @ Maj(a, b, c)
    @ W[46], W[47]
    add     r12, sp, #56
    ldm     r12, {r0, r3}
    mov     r12, r3, ror #7
    eor     r12, r12, r3, ror #18
    eor     r12, r12, r3, lsr #3          @ s0(W[31])
    add     r0, r0, r12
    mov     r12, r1, ror #17
    eor     r12, r12, r1, ror #19
    eor     r12, r12, r1, lsr #10          @ s1(W[44])
    add     r0, r0, r12
    add     r12, sp, #28
    ldm     r12, {r1, r12}
    add     r0, r0, r1
    mov     r1, lr, ror #17
    eor     r1, r1, lr, ror #19
    eor     r1, r1, lr, lsr #10          @ s1(W[45])
    add     r3, r3, r1
    ldr     lr, [sp, #0]
    mov     r1, lr, ror #7
    eor     r1, r1, lr, ror #18
    eor     r1, r1, lr, lsr #3          @ s0(W[32])
    add     r3, r3, r1
    add     r3, r3, r12
    add     r12, sp, #56
    stm     r12, {r0, r3}
    @ round 46
    ldr     r12, sha256_k_24 + 88
    add     r5, r5, r12
    add     r5, r5, r0
    eor     r12, r10, r10, ror #5
    eor     r12, r12, r10, ror #19
    add     r5, r5, r12, ror #6       @ S1(e)
    eor     r12, r11, r4
    and     r12, r12, r10
    eor     r12, r12, r4
    add     r5, r5, r12               @ Ch(e, f, g)
    add     r9, r9, r5
    eor     r12, r6, r6, ror #11
    eor     r12, r12, r6, ror #20
    add     r5, r5, r12, ror #2       @ S0(a)
    eor     r1, r6, r7
    and     r2, r2, r1
    eor     r2, r2, r7
    add     r5, r5, r2               @ Maj(a, b, c)
    @ round 47
    ldr     r12, sha256_k_24 + 92
    add     r4, r4, r12
    add     r4, r4, r3
    eor     r12, r9, r9, ror #5
    eor     r12, r12, r9, ror #19
    add     r4, r4, r12, ror #6       @ S1(e)
    eor     r12, r10, r11
    and     r12, r12, r9
    eor     r12, r12, r11
    add     r4, r4, r12               @ Ch(e, f, g)
    add     r8, r8, r4
    eor     r12, r5, r5, ror #11
    eor     r12, r12, r5, ror #20
    add     r4, r4, r12, ror #2       @ S0(a)
    eor     lr, r5, r6
    and     r1, r1, lr
    eor     r1, r1, r6
    add     r4, r4, r1               @ Maj(a, b, c)
    b       1f
sha256_k_48:                    @ K[48..63], near the rounds that load them
    .word   0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5
    .word   0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3
    .word   0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208
    .word   0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2
1:
    @ W[48], W[49]
    ldm     sp, {r1, r2}
    mov     r12, r2, ror #7
    eor     r12, r12, r2, ror #18
    eor     r12, r12, r2, lsr #3          @ s0(W[33])
    add     r1, r1, r12
    mov     r12, r0, ror #17
    eor     r12, r12, r0, ror #19
    eor     r12, r12, r0, lsr #10          @ s1(W[46])
    add     r1, r1, r12
    add     r12, sp, #36
    ldm     r12, {r0, r12}
    add     r1, r1, r0
    mov     r0, r3, ror #17
    eor     r0, r0, r3, ror #19
    eor     r0, r0, r3, lsr #10          @ s1(W[47])
    add     r2, r2, r0
    ldr     r3, [sp, #8]
    mov     r0, r3, ror #7
    eor     r0, r0, r3, ror #18
    eor     r0, r0, r3, lsr #3          @ s0(W[34])
    add     r2, r2, r0
    add     r2, r2, r12
    stm     sp, {r1, r2}
    @ round 48
    ldr     r12, sha256_k_48 + 0
    add     r11, r11, r12
    add     r11, r11, r1
    eor     r12, r8, r8, ror #5
    eor     r12, r12, r8, ror #19
    add     r11, r11, r12, ror #6       @ S1(e)
    eor     r12, r9, r10
    and     r12, r12, r8
    eor     r12, r12, r10
    add     r11, r11, r12               @ Ch(e, f, g)
    add     r7, r7, r11
    eor     r12, r4, r4, ror #11
    eor     r12, r12, r4, ror #20
    add     r11, r11, r12, ror #2       @ S0(a)
    eor     r0, r4, r5
    and     lr, lr, r0
    eor     lr, lr, r5
    add     r11, r11, lr               @ Maj(a, b, c)
    @ round 49
    ldr     r12, sha256_k_48 + 4
    add     r10, r10, r12
    add     r10, r10, r2
    eor     r12, r7, r7, ror #5
    eor     r12, r12, r7, ror #19
    add     r10, r10, r12, ror #6       @ S1(e)
    eor     r12, r8, r9
    and     r12, r12, r7
    eor     r12, r12, r9
    add     r10, r10, r12               @ Ch(e, f, g)
    add     r6, r6, r10
    eor     r12, r11, r11, ror #11
    eor     r12, r12, r11, ror #20
    add     r10, r10, r12, ror #2       @ S0(a)
    eor     r3, r11, r4
    and     r0, r0, r3
    eor     r0, r0, r4
    add     r10, r10, r0               @ Maj(a, b, c)
    @ W[50], W[51]
    add     r12, sp, #8
    ldm     r12, {r0, lr}
    mov     r12, lr, ror #7
    eor     r12, r12, lr, ror #18
    eor     r12, r12, lr, lsr #3          @ s0(W[35])
    add     r0, r0, r12
    mov     r12, r1, ror #17
    eor     r12, r12, r1, ror #19
    eor     r12, r12, r1, lsr #10          @ s1(W[48])
    add     r0, r0, r12
    add     r12, sp, #44
    ldm     r12, {r1, r12}
    add     r0, r0, r1
    mov     r1, r2, ror #17
    eor     r1, r1, r2, ror #19
    eor     r1, r1, r2, lsr #10          @ s1(W[49])
    add     lr, lr, r1
    ldr     r2, [sp, #16]
    mov     r1, r2, ror #7
    eor     r1, r1, r2, ror #18
    eor     r1, r1, r2, lsr #3          @ s0(W[36])
    add     lr, lr, r1
    add     lr, lr, r12
    add     r12, sp, #8
    stm     r12, {r0, lr}
    @ round 50
    ldr     r12, sha256_k_48 + 8
    add     r9, r9, r12
    add     r9, r9, r0
    eor     r12, r6, r6, ror #5
    eor     r12, r12, r6, ror #19
    add     r9, r9, r12, ror #6       @ S1(e)
    eor     r12, r7, r8
    and     r12, r12, r6
    eor     r12, r12, r8
    add     r9, r9, r12               @ Ch(e, f, g)
    add     r5, r5, r9
    eor     r12, r10, r10, ror #11
    eor     r12, r12, r10, ror #20
    add     r9, r9, r12, ror #2       @ S0(a)
    eor     r1, r10, r11
    and     r3, r3, r1
    eor     r3, r3, r11
    add     r9, r9, r3               @ Maj(a, b, c)
    @ round 51
    ldr     r12, sha256_k_48 + 12
    add     r8, r8, r12
    add     r8, r8, lr
    eor     r12, r5, r5, ror #5
    eor     r12, r12, r5, ror #19
    add     r8, r8, r12, ror #6       @ S1(e)
    eor     r12, r6, r7
    and     r12, r12, r5
    eor     r12, r12, r7
    add     r8, r8, r12               @ Ch(e, f, g)
    add     r4, r4, r8
    eor     r12, r9, r9, ror #11
    eor     r12, r12, r9, ror #20
    add     r8, r8, r12, ror #2       @ S0(a)
    eor     r2, r9, r10
    and     r1, r1, r2
    eor     r1, r1, r10
    add     r8, r8, r1               @ Maj(a, b, c)
    @ W[52], W[53]
    add     r12, sp, #16
    ldm     r12, {r1, r3}
    mov     r12, r3, ror #7
    eor     r12, r12, r3, ror #18
    eor     r12, r12, r3, lsr #3          @ s0(W[37])
    add     r1, r1, r12
    mov     r12, r0, ror #17
    eor     r12, r12, r0, ror #19
    eor     r12, r12, r0, lsr #10          @ s1(W[50])
    add     r1, r1, r12
    add     r12, sp, #52
    ldm     r12, {r0, r12}
    add     r1, r1, r0
    mov     r0, lr, ror #17
    eor     r0, r0, lr, ror #19
    eor     r0, r0, lr, lsr #10          @ s1(W[51])
    add     r3, r3, r0
    ldr     lr, [sp, #24]
    mov     r0, lr, ror #7
    eor     r0, r0, lr, ror #18
    eor     r0, r0, lr, lsr #3          @ s0(W[38])
    add     r3, r3, r0
    add     r3, r3, r12
    add     r12, sp, #16
    stm     r12, {r1, r3}
    @ round 52
    ldr     r12, sha256_k_48 + 16
    add     r7, r7, r12
    add     r7, r7, r1
    eor     r12, r4, r4, ror #5
    eor     r12, r12, r4, ror #19
    add     r7, r7, r12, ror #6       @ S1(e)
    eor     r12, r5, r6
    and     r12, r12, r4
    eor     r12, r12, r6
    add     r7, r7, r12               @ Ch(e, f, g)
    add     r11, r11, r7
    eor     r12, r8, r8, ror #11
    eor     r12, r12, r8, ror #20
    add     r7, r7, r12, ror #2       @ S0(a)
    eor     r0, r8, r9
    and     r2, r2, r0
    eor     r2, r2, r9
    add     r7, r7, r2               @ Maj(a, b, c)
    @ round 53
    ldr     r12, sha256_k_48 + 20
    add     r6, r6, r12
    add     r6, r6, r3
    eor     r12, r11, r11, ror #5
    eor     r12, r12, r11, ror #19
    add     r6, r6, r12, ror #6       @ S1(e)
    eor     r12, r4, r5
    and     r12, r12, r11
    eor     r12, r12, r5
    add     r6, r6, r12               @ Ch(e, f, g)
    add     r10, r10, r6
    eor     r12, r7, r7, ror #11
    eor     r12, r12, r7, ror #20
    add     r6, r6, r12, ror #2       @ S0(a)
    eor     lr, r7, r8
    and     r0, r0, lr
    eor     r0, r0, r8
    add     r6, r6, r0               @ Maj(a, b, c)
    @ W[54], W[55]
    add     r12, sp, #24
    ldm     r12, {r0, r2}
    mov     r12, r2, ror #7
    eor     r12, r12, r2, ror #18
    eor     r12, r12, r2, lsr #3          @ s0(W[39])
    add     r0, r0, r12
    mov     r12, r1, ror #17
    eor     r12, r12, r1, ror #19
    eor     r12, r12, r1, lsr #10          @ s1(W[52])
    add     r0, r0, r12
    ldr     r1, [sp, #60]
    add     r0, r0, r1
    mov     r12, r3, ror #17
    eor     r12, r12, r3, ror #19
    eor     r12, r12, r3, lsr #10          @ s1(W[53])
    add     r2, r2, r12
    ldr     r3, [sp, #32]
    mov     r12, r3, ror #7
    eor     r12, r12, r3, ror #18
    eor     r12, r12, r3, lsr #3          @ s0(W[40])
    add     r2, r2, r12
    ldr     r3, [sp, #0]
    add     r2, r2, r3
    add     r12, sp, #24
    stm     r12, {r0, r2}
    @ round 54
    ldr     r12, sha256_k_48 + 24
    add     r5, r5, r12
    add     r5, r5, r0
    eor     r12, r10, r10, ror #5
    eor     r12, r12, r10, ror #19
    add     r5, r5, r12, ror #6       @ S1(e)
    eor     r12, r11, r4
    and     r12, r12, r10
    eor     r12, r12, r4
    add     r5, r5, r12               @ Ch(e, f, g)
    add     r9, r9, r5
    eor     r12, r6, r6, ror #11
    eor     r12, r12, r6, ror #20
    add     r5, r5, r12, ror #2       @ S0(a)
    eor     r1, r6, r7
    and     lr, lr, r1
    eor     lr, lr, r7
    add     r5, r5, lr               @ Maj(a, b, c)
    @ round 55
    ldr     r12, sha256_k_48 + 28
    add     r4, r4, r12
    add     r4, r4, r2
    eor     r12, r9, r9, ror #5
    eor     r12, r12, r9, ror #19
    add     r4, r4, r12, ror #6       @ S1(e)
    eor     r12, r10, r11
    and     r12, r12, r9
    eor     r12, r12, r11
    add     r4, r4, r12               @ Ch(e, f, g)
    add     r8, r8, r4
    eor     r12, r5, r5, ror #11
    eor     r12, r12, r5, ror #20
    add     r4, r4, r12, ror #2       @ S0(a)
    eor     r3, r5, r6
    and     r1, r1, r3
    eor     r1, r1, r6
    add     r4, r4, r1               @ Maj(a, b, c)
    @ W[56], W[57]
    add     r12, sp, #32
    ldm     r12, {r1, lr}
    mov     r12, lr, ror #7
    eor     r12, r12, lr, ror #18
    eor     r12, r12, lr, lsr #3          @ s0(W[41])
    add     r1, r1, r12
    mov     r12, r0, ror #17
    eor     r12, r12, r0, ror #19
    eor     r12, r12, r0, lsr #10          @ s1(W[54])
    add     r1, r1, r12
    add     r12, sp, #4
    ldm     r12, {r0, r12}
    add     r1, r1, r0
    mov     r0, r2, ror #17
    eor     r0, r0, r2, ror #19
    eor     r0, r0, r2, lsr #10          @ s1(W[55])
    add     lr, lr, r0
    ldr     r2, [sp, #40]
    mov     r0, r2, ror #7
    eor     r0, r0, r2, ror #18
    eor     r0, r0, r2, lsr #3          @ s0(W[42])
    add     lr, lr, r0
    add     lr, lr, r12
    add     r12, sp, #32
    stm     r12, {r1, lr}
    @ round 56
    ldr     r12, sha256_k_48 + 32
    add     r11, r11, r12
    add     r11, r11, r1
    eor     r12, r8, r8, ror #5
    eor     r12, r12, r8, ror #19
    add     r11, r11, r12, ror #6       @ S1(e)
    eor     r12, r9, r10
    and     r12, r12, r8
    eor     r12, r12, r10
    add     r11, r11, r12               @ Ch(e, f, g)
    add     r7, r7, r11
    eor     r12, r4, r4, ror #11
    eor     r12, r12, r4, ror #20
    add     r11, r11, r12, ror #2       @ S0(a)
    eor     r0, r4, r5
    and     r3, r3, r0
    eor     r3, r3, r5
    add     r11, r11, r3               @ Maj(a, b, c)
    @ round 57
    ldr     r12, sha256_k_48 + 36
    add     r10, r10, r12
    add     r10, r10, lr
    eor     r12, r7, r7, ror #5
    eor     r12, r12, r7, ror #19
    add     r10, r10, r12, ror #6       @ S1(e)
    eor     r12, r8, r9
    and     r12, r12, r7
    eor     r12, r12, r9
    add     r10, r10, r12               @ Ch(e, f, g)
    add     r6, r6, r10
    eor     r12, r11, r11, ror #11
    eor     r12, r12, r11, ror #20
    add     r10, r10, r12, ror #2       @ S0(a)
    eor     r2, r11, r4
    and     r0, r0, r2
    eor     r0, r0, r4
    add     r10, r10, r0               @ Maj(a, b, c)
    @ W[58], W[59]
    add     r12, sp, #40
    ldm     r12, {r0, r3}
    mov     r12, r3, ror #7
    eor     r12, r12, r3, ror #18
    eor     r12, r12, r3, lsr #3          @ s0(W[43])
    add     r0, r0, r12
    mov     r12, r1, ror #17
    eor     r12, r12, r1, ror #19
    eor     r12, r12, r1, lsr #10          @ s1(W[56])
    add     r0, r0, r12
    add     r12, sp, #12
    ldm     r12, {r1, r12}
    add     r0, r0, r1
    mov     r1, lr, ror #17
    eor     r1, r1, lr, ror #19
    eor     r1, r1, lr, lsr #10          @ s1(W[57])
    add     r3, r3, r1
    ldr     lr, [sp, #48]
    mov     r1, lr, ror #7
    eor     r1, r1, lr, ror #18
    eor     r1, r1, lr, lsr #3          @ s0(W[44])
    add     r3, r3, r1
    add     r3, r3, r12
    @ round 58
    ldr     r12, sha256_k_48 + 40
    add     r9, r9, r12
    add     r9, r9, r0
    eor     r12, r6, r6, ror #5
    eor     r12, r12, r6, ror #19
    add     r9, r9, r12, ror #6       @ S1(e)
    eor     r12, r7, r8
    and     r12, r12, r6
    eor     r12, r12, r8
    add     r9, r9, r12               @ Ch(e, f, g)
    add     r5, r5, r9
    eor     r12, r10, r10, ror #11
    eor     r12, r12, r10, ror #20
    add     r9, r9, r12, ror #2       @ S0(a)
    eor     r1, r10, r11
    and     r2, r2, r1
    eor     r2, r2, r11
    add     r9, r9, r2               @ Maj(a, b, c)
    @ round 59
    ldr     r12, sha256_k_48 + 44
    add     r8, r8, r12
    add     r8, r8, r3
    eor     r12, r5, r5, ror #5
    eor     r12, r12, r5, ror #19
    add     r8, r8, r12, ror #6       @ S1(e)
    eor     r12, r6, r7
    and     r12, r12, r5
    eor     r12, r12, r7
    add     r8, r8, r12               @ Ch(e, f, g)
    add     r4, r4, r8
    eor     r12, r9, r9, ror #11
    eor     r12, r12, r9, ror #20
    add     r8, r8, r12, ror #2       @ S0(a)
    eor     lr, r9, r10
    and     r1, r1, lr
    eor     r1, r1, r10
    add     r8, r8, r1               @ Maj(a, b, c)
    @ W[60], W[61]
    add     r12, sp, #48
    ldm     r12, {r1, r2}
    mov     r12, r2, ror #7
    eor     r12, r12, r2, ror #18
    eor     r12, r12, r2, lsr #3          @ s0(W[45])
    add     r1, r1, r12
    mov     r12, r0, ror #17
    eor     r12, r12, r0, ror #19
    eor     r12, r12, r0, lsr #10          @ s1(W[58])
    add     r1, r1, r12
    add     r12, sp, #20
    ldm     r12, {r0, r12}
    add     r1, r1, r0
    mov     r0, r3, ror #17
    eor     r0, r0, r3, ror #19
    eor     r0, r0, r3, lsr #10          @ s1(W[59])
    add     r2, r2, r0
    ldr     r3, [sp, #56]
    mov     r0, r3, ror #7
    eor     r0, r0, r3, ror #18
    eor     r0, r0, r3, lsr #3          @ s0(W[46])
    add     r2, r2, r0
    add     r2, r2, r12
    @ round 60
    ldr     r12, sha256_k_48 + 48
    add     r7, r7, r12
    add     r7, r7, r1
    eor     r12, r4, r4, ror #5
    eor     r12, r12, r4, ror #19
    add     r7, r7, r12, ror #6       @ S1(e)
    eor     r12, r5, r6
    and     r12, r12, r4
    eor     r12, r12, r6
    add     r7, r7, r12               @ Ch(e, f, g)
    add     r11, r11, r7
    eor     r12, r8, r8, ror #11
    eor     r12, r12, r8, ror #20
    add     r7, r7, r12, ror #2       @ S0(a)
    eor     r0, r8, r9
    and     lr, lr, r0
    eor     lr, lr, r9
    add     r7, r7, lr               @ Maj(a, b, c)
    @ round 61
    ldr     r12, sha256_k_48 + 52
    add     r6, r6, r12
    add     r6, r6, r2
    eor     r12, r11, r11, ror #5
    eor     r12, r12, r11, ror #19
    add     r6, r6, r12, ror #6       @ S1(e)
    eor     r12, r4, r5
    and     r12, r12, r11
    eor     r12, r12, r5
    add     r6, r6, r12               @ Ch(e, f, g)
    add     r10, r10, r6
    eor     r12, r7, r7, ror #11
    eor     r12, r12, r7, ror #20
    add     r6, r6, r12, ror #2       @ S0(a)
    eor     r3, r7, r8
    and     r0, r0, r3
    eor     r0, r0, r8
    add     r6, r6, r0               @ Maj(a, b, c)
    @ W[62], W[63]
    add     r12, sp, #56
    ldm     r12, {r0, lr}
    mov     r12, lr, ror #7
    eor     r12, r12, lr, ror #18
    eor     r12, r12, lr, lsr #3          @ s0(W[47])
    add     r0, r0, r12
    mov     r12, r1, ror #17
    eor     r12, r12, r1, ror #19
    eor     r12, r12, r1, lsr #10          @ s1(W[60])
    add     r0, r0, r12
    add     r12, sp, #28
    ldm     r12, {r1, r12}
    add     r0, r0, r1
    mov     r1, r2, ror #17
    eor     r1, r1, r2, ror #19
    eor     r1, r1, r2, lsr #10          @ s1(W[61])
    add     lr, lr, r1
    ldr     r2, [sp, #0]
    mov     r1, r2, ror #7
    eor     r1, r1, r2, ror #18
    eor     r1, r1, r2, lsr #3          @ s0(W[48])
    add     lr, lr, r1
    add     lr, lr, r12
    @ round 62
    ldr     r12, sha256_k_48 + 56
    add     r5, r5, r12
    add     r5, r5, r0
    eor     r12, r10, r10, ror #5
    eor     r12, r12, r10, ror #19
    add     r5, r5, r12, ror #6       @ S1(e)
    eor     r12, r11, r4
    and     r12, r12, r10
    eor     r12, r12, r4
    add     r5, r5, r12               @ Ch(e, f, g)
    add     r9, r9, r5
    eor     r12, r6, r6, ror #11
    eor     r12, r12, r6, ror #20
    add     r5, r5, r12, ror #2       @ S0(a)
    eor     r1, r6, r7
    and     r3, r3, r1
    eor     r3, r3, r7
    add     r5, r5, r3               @ Maj(a, b, c)
    @ round 63
    ldr     r12, sha256_k_48 + 60
    add     r4, r4, r12
    add     r4, r4, lr
    eor     r12, r9, r9, ror #5
    eor     r12, r12, r9, ror #19
    add     r4, r4, r12, ror #6       @ S1(e)
    eor     r12, r10, r11
    and     r12, r12, r9
    eor     r12, r12, r11
    add     r4, r4, r12               @ Ch(e, f, g)
    add     r8, r8, r4
    eor     r12, r5, r5, ror #11
    eor     r12, r12, r5, ror #20
    add     r4, r4, r12, ror #2       @ S0(a)
    eor     r2, r5, r6
    and     r1, r1, r2
    eor     r1, r1, r6
    add     r4, r4, r1               @ Maj(a, b, c)
    add     r0, sp, #SAVED          @ the state before the block, added back
    ldmia   r0!, {r1, r2, r3, r12}
    add     r4, r4, r1
    add     r5, r5, r2
    add     r6, r6, r3
    add     r7, r7, r12
    ldmia   r0, {r1, r2, r3, r12}
    add     r8, r8, r1
    add     r9, r9, r2
    add     r10, r10, r3
    add     r11, r11, r12
    ldr     r1, [sp, #NEXT_BLOCK]
    ldr     r2, [sp, #CFRAME]
    cmp     r1, r2
    bne     sha256_block
    add     sp, sp, #CFRAME
    pop     {r2, lr}
    bx      lr
    .size   hb_sha256_armv4, . - hb_sha256_armv4
