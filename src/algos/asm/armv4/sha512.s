@ SPDX-License-Identifier: MIT
@ armv4/sha512.s - SHA-512 (FIPS 180-4) for the ARM state of ARMv4T (ARM7TDMI, GBA).
@
@   void hb_sha512_armv4(uint8_t *out, const uint8_t *in, size_t len)
@   AAPCS: r0 out, r1 in, r2 len; r4-r11 kept; returns by bx (interworking).
@
@ Every 64-bit word is a pair of registers or of stack words, low half
@ first; a rotation's halves are 32-bit rotations and shifts of lo ^ hi
@ (the sigmas below): 10 instructions a sigma.  The sixteen words of a..h
@ do not fit beside the pointers and temporaries, so they live in eight
@ stack slots renamed round by round (the new a overwrites h's slot, the
@ new e d's); e, a, b and Maj's b ^ c stay in registers from round to
@ round.  A round loads f and g (one ldm where their slots are side by
@ side), h and d, and stores the new e and a: 78 cycles.  Sixteen rounds
@ are sixteen macro calls and the loop runs five times.  The schedule
@ W[16..79] is computed before the rounds, two words a step, eight steps
@ a loop: 72 cycles a pair.  8,877 cycles a 128-byte block, 78.6 a byte
@ at 1 KiB (nine blocks and the call); docs/assembly.md counts them.
@ A block not word-aligned is first copied to the stack.

    .arm
    .syntax unified
    .include "md_frame.inc"         @ COPY_BLOCK_UNALIGNED, COPY_BYTES
    .section .text.hb_sha512_armv4, "ax", %progbits
    .align  2

@ ---- helpers -----------------------------------------------------------

.macro  STORE_BE r, off             @ out (r0) may be unaligned
    mov     r12, \r, lsr #24
    strb    r12, [r0, #\off]
    mov     r12, \r, lsr #16
    strb    r12, [r0, #\off + 1]
    mov     r12, \r, lsr #8
    strb    r12, [r0, #\off + 2]
    strb    \r, [r0, #\off + 3]
.endm

@ lo, hi = the pair at sp + off (addr: a scratch register, may be lo)
.macro  LOAD_PAIR lo, hi, off, addr
.if \off == 0
    ldm     sp, {\lo, \hi}
.else
    add     \addr, sp, #\off
    ldm     \addr, {\lo, \hi}
.endif
.endm

.macro  STORE_PAIR lo, hi, off, addr
.if \off == 0
    stm     sp, {\lo, \hi}
.else
    add     \addr, sp, #\off
    stm     \addr, {\lo, \hi}
.endif
.endm

@ dst = a 32-bit byte swap of src (dst may be src); r12 holds
@ 0x00FF00FF, r11 is clobbered
.macro  BSWAP dst, src
    and     r11, r12, \src
    and     \dst, r12, \src, ror #24
    orr     \dst, \dst, r11, ror #8
.endm

@ The sigmas: for 0 < n < 32 the halves of ROTR(x, n) are
@   lo >> n | hi << 32-n = ror(lo, n) ^ m << 32-n, m = lo ^ hi,
@   hi >> n | lo << 32-n = ror(hi, n) ^ m << 32-n,
@ (past 32 the halves swap: ror(hi, n-32) and ror(lo, n-32), m << 64-n),
@ and SHR(x, n)'s low half is ror(lo, n) ^ m << 32-n, its high hi >> n.
@ So the terms of m are shared by both halves: a Σ (three rotations) is
@ m and its three shifts (4), then three 32-bit rotations a half (3 + 3):
@ 10 instructions against 12 for six shifted terms a half; a σ (two
@ rotations and a shift) 10 against 11.

@ d = s ^ one half (lo or hi) of ROTR(x, n) less its m term
.macro  ROR_TERM d, s, xl, xh, n, half
.if \n < 32
  .ifc \half, lo
    eor     \d, \s, \xl, ror #\n
  .else
    eor     \d, \s, \xh, ror #\n
  .endif
.else
  .ifc \half, lo
    eor     \d, \s, \xh, ror #\n - 32
  .else
    eor     \d, \s, \xl, ror #\n - 32
  .endif
.endif
.endm

@ acc += f(x) for a pair, f being ROTR(p) ^ ROTR(q) ^ ROTR(r) (rot) or
@ ROTR(p) ^ ROTR(q) ^ SHR(r) (shr, r < 32): 10 instructions and two adds.
@ t, u scratch registers; the low half's adds sets the carry, which the
@ high half's eor keep for its adc.
.macro  SIGMA_ADD accl, acch, xl, xh, p, q, r, kind, t, u
    eor     \t, \xl, \xh            @ m
    mov     \u, \t, lsl #32 - (\p & 31)
    eor     \u, \u, \t, lsl #32 - (\q & 31)
.ifc \kind, rot
    eor     \u, \u, \t, lsl #32 - (\r & 31)
    ROR_TERM \t, \u, \xl, \xh, \p, lo
.else                               @ the shift's m term is the low half's alone
    eor     \t, \u, \t, lsl #32 - \r
    ROR_TERM \t, \t, \xl, \xh, \p, lo
.endif
    ROR_TERM \t, \t, \xl, \xh, \q, lo
    ROR_TERM \t, \t, \xl, \xh, \r, lo
    adds    \accl, \accl, \t
    ROR_TERM \u, \u, \xl, \xh, \p, hi
    ROR_TERM \u, \u, \xl, \xh, \q, hi
.ifc \kind, rot
    ROR_TERM \u, \u, \xl, \xh, \r, hi
.else
    eor     \u, \u, \xh, lsr #\r
.endif
    adc     \acch, \acch, \u
.endm

@ ---- the driver -------------------------------------------------------

@ frame below the saved registers: [sp, #0..127] the block buffer
    .equ    HASH, 128               @ H[0..7], 16 words (lo, hi)
    .equ    OUT, 192                @ out
    .equ    LEFT, 196               @ bytes left, less 128
    .equ    TOTAL, 200              @ len
    .equ    NEXT, 204               @ the input after a copied block
    .equ    FRAME, 208

    .global hb_sha512_armv4
    .type   hb_sha512_armv4, %function
hb_sha512_armv4:
    push    {r4-r11, lr}
    sub     sp, sp, #FRAME
    str     r0, [sp, #OUT]
    str     r2, [sp, #TOTAL]
    adrl    r3, sha512_init         @ two instructions: the table is over 1 KiB away
    add     r12, sp, #HASH
    ldmia   r3!, {r4-r11}
    stmia   r12!, {r4-r11}
    ldm     r3, {r4-r11}
    stm     r12, {r4-r11}
    tst     r1, #3
    bne     sha512_blocks
    movs    r2, r2, lsr #7          @ aligned: every whole block in one call
    blne    sha512_compress         @ r1 += 128 a block
    ldr     r2, [sp, #TOTAL]
    and     r2, r2, #127
    b       sha512_last
sha512_blocks:                      @ not aligned: each block copied first
    subs    r2, r2, #128
    addcc   r2, r2, #128
    bcc     sha512_last
    str     r2, [sp, #LEFT]
    mov     r0, sp
    bl      copy_block_unaligned    @ two halves of 64 bytes
    bl      copy_block_unaligned
    str     r1, [sp, #NEXT]
    mov     r1, sp
    mov     r2, #1
    bl      sha512_compress
    ldr     r1, [sp, #NEXT]
    ldr     r2, [sp, #LEFT]
    b       sha512_blocks

sha512_last:                        @ r2 = len mod 128: those bytes, 0x80, zeros, the bit count
    bl      zero_buffer
    mov     r0, sp
    bl      copy_bytes
    mov     r3, #0x80
    strb    r3, [r0]
    ldr     r2, [sp, #TOTAL]
    and     r2, r2, #127
    cmp     r2, #112
    blo     sha512_count
    mov     r1, sp                  @ no room for the count: a block of its own
    mov     r2, #1
    bl      sha512_compress
    bl      zero_buffer
sha512_count:                       @ the bit count, big-endian, in bytes 123..127
    ldr     r2, [sp, #TOTAL]
    mov     r3, r2, lsr #29
    strb    r3, [sp, #123]
    mov     r3, r2, lsr #21
    strb    r3, [sp, #124]
    mov     r3, r2, lsr #13
    strb    r3, [sp, #125]
    mov     r3, r2, lsr #5
    strb    r3, [sp, #126]
    mov     r3, r2, lsl #3
    strb    r3, [sp, #127]
    mov     r1, sp
    mov     r2, #1
    bl      sha512_compress

    ldr     r0, [sp, #OUT]          @ the digest: each word big-endian, high half first
    add     r1, sp, #HASH
    ldm     r1!, {r2-r9}
    STORE_BE r3, 0
    STORE_BE r2, 4
    STORE_BE r5, 8
    STORE_BE r4, 12
    STORE_BE r7, 16
    STORE_BE r6, 20
    STORE_BE r9, 24
    STORE_BE r8, 28
    ldm     r1, {r2-r9}
    STORE_BE r3, 32
    STORE_BE r2, 36
    STORE_BE r5, 40
    STORE_BE r4, 44
    STORE_BE r7, 48
    STORE_BE r6, 52
    STORE_BE r9, 56
    STORE_BE r8, 60
    add     sp, sp, #FRAME
    pop     {r4-r11, lr}
    bx      lr

    COPY_BLOCK_UNALIGNED r2, r3
    COPY_BYTES r12

    ZERO_BUFFER 128

@ ---- the compression --------------------------------------------------
@ One round t, i = t mod 16: the state's variable v (a = 0 .. h = 7) is
@ in the slot (v - i) mod 8 at sp + 8 * slot.  e is in r10, r11, and four of
@ the five pairs r0-r9 hold a, b, b ^ c (Maj's carry) and f, g (h in
@ r8, r9 and f in the pair below it, so f and g come in one ldm where
@ their slots are side by side, seven rounds of eight); r12 walks K, lr
@ walks W.  The f pair takes Ch, then K, W and the scratch of the sigmas,
@ and ends as a ^ b, the next round's carry; r8, r9 sum T1, then
@ T1 + S0(a); the new a is summed into the carry's pair, so the a pair is
@ the next round's b and no register moves: the pairs' roles go round in
@ four rounds.
.macro  ROUND i, al, ah, bl, bh, xl, xh, fl, fh
    .equ    SF\i, ((5 - \i) & 7) * 8
    .equ    SG\i, ((6 - \i) & 7) * 8
    .equ    SH\i, ((7 - \i) & 7) * 8
    .equ    SD\i, ((3 - \i) & 7) * 8
.if SG\i == SF\i + 8                @ f, g
  .if SF\i == 0
    ldm     sp, {\fl, \fh, r8, r9}
  .else
    add     \fl, sp, #SF\i
    ldm     \fl, {\fl, \fh, r8, r9}
  .endif
.else                               @ f in slot 7, g in slot 0
    LOAD_PAIR \fl, \fh, SF\i, \fl
    LOAD_PAIR r8, r9, SG\i, r8
.endif
    eor     \fl, \fl, r8            @ Ch(e, f, g) = g ^ (e & (f ^ g))
    and     \fl, \fl, r10
    eor     \fl, \fl, r8
    eor     \fh, \fh, r9
    and     \fh, \fh, r11
    eor     \fh, \fh, r9
    LOAD_PAIR r8, r9, SH\i, r8      @ h
    adds    r8, r8, \fl
    adc     r9, r9, \fh
    ldmia   r12!, {\fl, \fh}        @ K[t]
    adds    r8, r8, \fl
    adc     r9, r9, \fh
    ldmia   lr!, {\fl, \fh}         @ W[t]
    adds    r8, r8, \fl
    adc     r9, r9, \fh
    SIGMA_ADD r8, r9, r10, r11, 14, 18, 41, rot, \fl, \fh  @ T1 = h + Ch + K + W + S1(e)
.if SD\i == 0                       @ e = d + T1, in d's slot
    ldm     sp, {r10, r11}
    adds    r10, r10, r8
    adc     r11, r11, r9
    stm     sp, {r10, r11}
.else
    add     \fl, sp, #SD\i
    ldm     \fl, {r10, r11}
    adds    r10, r10, r8
    adc     r11, r11, r9
    stm     \fl, {r10, r11}
.endif
    SIGMA_ADD r8, r9, \al, \ah, 28, 34, 39, rot, \fl, \fh  @ + S0(a)
    eor     \fl, \al, \bl           @ Maj(a, b, c) = b ^ ((a ^ b) & (b ^ c))
    and     \xl, \xl, \fl
    eor     \xl, \xl, \bl
    eor     \fh, \ah, \bh
    and     \xh, \xh, \fh
    eor     \xh, \xh, \bh
    adds    \xl, r8, \xl            @ a = T1 + S0(a) + Maj, in h's slot
    adc     \xh, r9, \xh
    STORE_PAIR \xl, \xh, SH\i, r8
.endm

@ four rounds, the pairs' roles (a, b, b ^ c, f) going round: the fifth
@ round's are the first's
.macro  FOUR_ROUNDS i0, i1, i2, i3
    ROUND   \i0, r0, r1, r2, r3, r4, r5, r6, r7
    ROUND   \i1, r4, r5, r0, r1, r6, r7, r2, r3
    ROUND   \i2, r6, r7, r4, r5, r2, r3, r0, r1
    ROUND   \i3, r2, r3, r6, r7, r0, r1, r4, r5
.endm

@ W[t], W[t+1] from the 16 before, r0 at W[t] (then += 16): a, the
@ pair W[t-16] becomes W[t], b W[t-15] becomes W[t+1]; p, q are W[t-2],
@ W[t-1], still in registers from the step before (this step's a and b
@ are the next's p and q); W[t-14] in r10, r11; lr at W[t-7] (then
@ += 16); r1, r12 scratch.
.macro  SCHEDULE_PAIR a0, a1, b0, b1, p0, p1, q0, q1
    sub     r1, r0, #128
    ldm     r1, {\a0, \a1, \b0, \b1, r10, r11}    @ W[t-16], W[t-15], W[t-14]
    SIGMA_ADD \a0, \a1, \b0, \b1, 1, 8, 7, shr, r1, r12     @ W[t-16] + s0(W[t-15])
    SIGMA_ADD \b0, \b1, r10, r11, 1, 8, 7, shr, r1, r12     @ W[t-15] + s0(W[t-14])
    SIGMA_ADD \a0, \a1, \p0, \p1, 19, 61, 6, shr, r1, r12   @ + s1(W[t-2])
    SIGMA_ADD \b0, \b1, \q0, \q1, 19, 61, 6, shr, r1, r12   @ + s1(W[t-1])
    ldmia   lr!, {\p0, \p1, \q0, \q1}           @ W[t-7], W[t-6]
    adds    \a0, \a0, \p0
    adc     \a1, \a1, \p1
    adds    \b0, \b0, \q0
    adc     \b1, \b1, \q1
    stmia   r0!, {\a0, \a1, \b0, \b1}
.endm

@ W[4k..4k+3] from the big-endian input at r1 (+= 32), to r0 (+= 32)
.macro  LOAD_W4
    ldmia   r1!, {r3-r10}
    BSWAP   r2, r4                  @ each word's low half is its second
    BSWAP   r3, r3
    BSWAP   r4, r6
    BSWAP   r5, r5
    BSWAP   r6, r8
    BSWAP   r7, r7
    BSWAP   r8, r10
    BSWAP   r9, r9
    stmia   r0!, {r2-r9}
.endm

sha512_init:
    .word   0xf3bcc908, 0x6a09e667, 0x84caa73b, 0xbb67ae85
    .word   0xfe94f82b, 0x3c6ef372, 0x5f1d36f1, 0xa54ff53a
    .word   0xade682d1, 0x510e527f, 0x2b3e6c1f, 0x9b05688c
    .word   0xfb41bd6b, 0x1f83d9ab, 0x137e2179, 0x5be0cd19
sha512_k:                           @ K[0..79]
    .word   0xd728ae22, 0x428a2f98, 0x23ef65cd, 0x71374491
    .word   0xec4d3b2f, 0xb5c0fbcf, 0x8189dbbc, 0xe9b5dba5
    .word   0xf348b538, 0x3956c25b, 0xb605d019, 0x59f111f1
    .word   0xaf194f9b, 0x923f82a4, 0xda6d8118, 0xab1c5ed5
    .word   0xa3030242, 0xd807aa98, 0x45706fbe, 0x12835b01
    .word   0x4ee4b28c, 0x243185be, 0xd5ffb4e2, 0x550c7dc3
    .word   0xf27b896f, 0x72be5d74, 0x3b1696b1, 0x80deb1fe
    .word   0x25c71235, 0x9bdc06a7, 0xcf692694, 0xc19bf174
    .word   0x9ef14ad2, 0xe49b69c1, 0x384f25e3, 0xefbe4786
    .word   0x8b8cd5b5, 0x0fc19dc6, 0x77ac9c65, 0x240ca1cc
    .word   0x592b0275, 0x2de92c6f, 0x6ea6e483, 0x4a7484aa
    .word   0xbd41fbd4, 0x5cb0a9dc, 0x831153b5, 0x76f988da
    .word   0xee66dfab, 0x983e5152, 0x2db43210, 0xa831c66d
    .word   0x98fb213f, 0xb00327c8, 0xbeef0ee4, 0xbf597fc7
    .word   0x3da88fc2, 0xc6e00bf3, 0x930aa725, 0xd5a79147
    .word   0xe003826f, 0x06ca6351, 0x0a0e6e70, 0x14292967
    .word   0x46d22ffc, 0x27b70a85, 0x5c26c926, 0x2e1b2138
    .word   0x5ac42aed, 0x4d2c6dfc, 0x9d95b3df, 0x53380d13
    .word   0x8baf63de, 0x650a7354, 0x3c77b2a8, 0x766a0abb
    .word   0x47edaee6, 0x81c2c92e, 0x1482353b, 0x92722c85
    .word   0x4cf10364, 0xa2bfe8a1, 0xbc423001, 0xa81a664b
    .word   0xd0f89791, 0xc24b8b70, 0x0654be30, 0xc76c51a3
    .word   0xd6ef5218, 0xd192e819, 0x5565a910, 0xd6990624
    .word   0x5771202a, 0xf40e3585, 0x32bbd1b8, 0x106aa070
    .word   0xb8d2d0c8, 0x19a4c116, 0x5141ab53, 0x1e376c08
    .word   0xdf8eeb99, 0x2748774c, 0xe19b48a8, 0x34b0bcb5
    .word   0xc5c95a63, 0x391c0cb3, 0xe3418acb, 0x4ed8aa4a
    .word   0x7763e373, 0x5b9cca4f, 0xd6b2b8a3, 0x682e6ff3
    .word   0x5defb2fc, 0x748f82ee, 0x43172f60, 0x78a5636f
    .word   0xa1f0ab72, 0x84c87814, 0x1a6439ec, 0x8cc70208
    .word   0x23631e28, 0x90befffa, 0xde82bde9, 0xa4506ceb
    .word   0xb2c67915, 0xbef9a3f7, 0xe372532b, 0xc67178f2
    .word   0xea26619c, 0xca273ece, 0x21c0c207, 0xd186b8c7
    .word   0xcde0eb1e, 0xeada7dd6, 0xee6ed178, 0xf57d4f7f
    .word   0x72176fba, 0x06f067aa, 0xa2c898a6, 0x0a637dc5
    .word   0xbef90dae, 0x113f9804, 0x131c471b, 0x1b710b35
    .word   0x23047d84, 0x28db77f5, 0x40c72493, 0x32caab7b
    .word   0x15c9bebc, 0x3c9ebe0a, 0x9c100d4c, 0x431d67c4
    .word   0xcb3e42b6, 0x4cc5d4be, 0xfc657e2a, 0x597f299c
    .word   0x3ad6faec, 0x5fcb6fab, 0x4a475817, 0x6c44198c

@ r1 the blocks (word-aligned), r2 how many (>= 1); H at the caller's
@ sp + HASH; r1 += 128 a block.  Its frame: [sp, #0..63] the state's
@ slots, [sp, #64..703] W[0..79], then:
    .equ    SLOTS, 0
    .equ    W, 64
    .equ    W_END, 704
    .equ    NEXT_BLOCK, 704         @ r1 after the block's words
    .equ    CFRAME, 712             @ then [sp, #712] the blocks' end, lr
    .equ    CHASH, CFRAME + 8 + HASH

sha512_compress:
    add     r2, r1, r2, lsl #7      @ the end of the blocks
    push    {r2, lr}
    sub     sp, sp, #CFRAME
    add     r0, sp, #CHASH          @ the slots start as H
    ldmia   r0!, {r2-r9}
    stm     sp, {r2-r9}
    ldm     r0, {r2-r9}
    add     r0, sp, #32
    stm     r0, {r2-r9}
sha512_block:
    mov     r12, #0xFF              @ the byte swaps' mask
    orr     r12, r12, #0xFF0000
    add     r0, sp, #W
    LOAD_W4
    LOAD_W4
    LOAD_W4
    LOAD_W4
    str     r1, [sp, #NEXT_BLOCK]
    add     lr, sp, #W + 9 * 8
sha512_schedule:                    @ r0 at W[16], lr at W[9]; W[14], W[15] in r6-r9
    SCHEDULE_PAIR r2, r3, r4, r5, r6, r7, r8, r9
    SCHEDULE_PAIR r6, r7, r8, r9, r2, r3, r4, r5
    SCHEDULE_PAIR r2, r3, r4, r5, r6, r7, r8, r9
    SCHEDULE_PAIR r6, r7, r8, r9, r2, r3, r4, r5
    SCHEDULE_PAIR r2, r3, r4, r5, r6, r7, r8, r9
    SCHEDULE_PAIR r6, r7, r8, r9, r2, r3, r4, r5
    SCHEDULE_PAIR r2, r3, r4, r5, r6, r7, r8, r9
    SCHEDULE_PAIR r6, r7, r8, r9, r2, r3, r4, r5
    add     r1, sp, #W_END
    cmp     r0, r1
    bne     sha512_schedule

    ldm     sp, {r0-r5}             @ a, b, c
    eor     r4, r4, r2              @ b ^ c
    eor     r5, r5, r3
    add     r6, sp, #32
    ldm     r6, {r10, r11}          @ e
    adrl    r12, sha512_k
    add     lr, sp, #W
sha512_rounds:
    FOUR_ROUNDS 0, 1, 2, 3
    FOUR_ROUNDS 4, 5, 6, 7
    FOUR_ROUNDS 8, 9, 10, 11
    FOUR_ROUNDS 12, 13, 14, 15
    add     r6, sp, #W_END
    cmp     lr, r6
    bne     sha512_rounds

    add     r0, sp, #CHASH          @ H += the slots, and the slots = H
    mov     r1, sp
    .rept   4
    ldm     r1, {r2-r5}
    ldm     r0, {r6-r9}
    adds    r2, r2, r6
    adc     r3, r3, r7
    adds    r4, r4, r8
    adc     r5, r5, r9
    stmia   r0!, {r2-r5}
    stmia   r1!, {r2-r5}
    .endr
    ldr     r1, [sp, #NEXT_BLOCK]
    ldr     r2, [sp, #CFRAME]
    cmp     r1, r2
    bne     sha512_block
    add     sp, sp, #CFRAME
    pop     {r2, lr}
    bx      lr
    .size   hb_sha512_armv4, . - hb_sha512_armv4
