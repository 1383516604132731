@ SPDX-License-Identifier: MIT
@ armv4/sha256.s - SHA-256 (FIPS 180-4) for the ARM state of ARMv4T (ARM7TDMI, GBA).
@
@   void hb_sha256_armv4(uint8_t *out, const uint8_t *in, size_t len)
@   AAPCS: r0 out, r1 in, r2 len; r4-r11 kept; returns by bx (interworking).
@
@ A block in two phases.  First the message schedule, with every register
@ free (the state saved): W[0..15] by two ldm of eight, byte-swapped in
@ three instructions each with the mask 0x00FF00FF, stored by stm; then
@ W[16..63] four at a time (GROUP): W[t-7..t-1] in seven registers,
@ W[t-16] kept from the group before, W[t-15..t-12] by one ldm of four,
@ each new word (sigma0 and sigma1 3 instructions each, 3 adds) made in a
@ register dead by then, chosen so that one stm stores the four: 64 words
@ on the stack.  (The registers of each group were found by a search; the
@ digests at every length check them.)  Then the 64 rounds, a..h in
@ r4-r11 renamed round by round through the macros' parameters (no
@ moves), W read three at a time by ldmia sp! (sp walks the array: only
@ words it has passed are dead).  T1 is summed into h's register, d += T1
@ makes the new e there, and h += T2 the new a.  Every rotation is an
@ operand's: S1(e) = ror6(e ^ ror5(e) ^ ror19(e)) in two eor and the add
@ that takes it, S0(a) likewise with ror 11, 20 and 2.  Maj(a, b, c) =
@ b ^ ((a ^ b) & (b ^ c)), and a ^ b is the next round's b ^ c: r2 and r3
@ take turns holding it.  A round is 15 instructions once K[t] and W[t]
@ are added to h.  A block not word-aligned is first copied to the stack
@ (word by word, each word from two aligned loads).

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

    ZERO_BUFFER 64

sha256_init:
    .word   0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a
    .word   0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19

@ ---- the compression: r1 the blocks (word-aligned), r2 how many (>= 1),
@ r4-r11 the state a..h; r1 += 64 a block.  Its frame (sp at the block's start):
    .equ    SAVED, 256              @ [sp, #0..255] W[0..63]; the state before the block
    .equ    NEXT_BLOCK, 288         @ the input after the block's words
    .equ    CFRAME, 292             @ then [sp, #292] the blocks' end, lr

@ one round; h already holds K[t] + W[t]; bc holds b ^ c, ab receives a ^ b
.macro  ROUND a, b, c, d, e, f, g, h, bc, ab
    eor     r12, \e, \e, ror #5
    eor     r12, r12, \e, ror #19
    add     \h, \h, r12, ror #6     @ S1(e)
    eor     r12, \f, \g
    and     r12, r12, \e
    eor     r12, r12, \g
    add     \h, \h, r12             @ Ch(e, f, g)
    add     \d, \d, \h              @ d + T1: the new e
    eor     r12, \a, \a, ror #11
    eor     r12, r12, \a, ror #20
    add     \h, \h, r12, ror #2     @ S0(a)
    eor     \ab, \a, \b
    and     \bc, \bc, \ab
    eor     \bc, \bc, \b
    add     \h, \h, \bc             @ Maj(a, b, c): h is the new a
.endm

@ h += K[t]: by immediates where at most three add or sub of ARM immediates
@ make it (25 of the 64, 3 cycles or 2 instead of a load's 3 and the add),
@ else by a pc-relative load (the table in two parts, before and after the
@ function, each within the loads' reach)
.macro  IMM h, o1, i1, o2, i2, o3, i3
    \o1     \h, \h, #\i1
    \o2     \h, \h, #\i2
.ifnb \o3
    \o3     \h, \h, #\i3
.endif
.endm
.macro  KADD t, h
.if (\t) == 2
    IMM     \h, add, 0x0000fc00, add, 0x35c00000, sub, 0x80000031
.elseif (\t) == 6
    IMM     \h, add, 0x000002a4, add, 0x003f8000, add, 0x92000000
.elseif (\t) == 9
    IMM     \h, add, 0x00035c00, add, 0x12800000, sub, 0x000000ff
.elseif (\t) == 10
    IMM     \h, add, 0x000005c0, add, 0x00318000, sub, 0xdc000002
.elseif (\t) == 13
    IMM     \h, add, 0x0000b200, add, 0x00de0000, sub, 0x80000002
.elseif (\t) == 15
    IMM     \h, add, 0x019c0000, add, 0xc0000004, sub, 0x00000e90
.elseif (\t) == 17
    IMM     \h, sub, 0x0000007a, sub, 0x0001b800, sub, 0x10400000
.elseif (\t) == 18
    IMM     \h, add, 0x00001dc0, add, 0x10000006, sub, 0x003e8000
.elseif (\t) == 19
    IMM     \h, add, 0x000001cc, add, 0x000ca000, add, 0x24000000
.elseif (\t) == 25
    IMM     \h, add, 0x00000670, add, 0x0031c000, sub, 0x58000003
.elseif (\t) == 26
    IMM     \h, add, 0x000003bc, add, 0x00032400, add, 0xb000000c
.elseif (\t) == 27
    IMM     \h, add, 0x00008000, sub, 0x00a70000, sub, 0x40000039
.elseif (\t) == 28
    IMM     \h, add, 0x00000bc0, add, 0x06e00000, add, 0xc0000033
.elseif (\t) == 34
    IMM     \h, add, 0x00006e00, sub, 0x02d40000, sub, 0xb0000004
.elseif (\t) == 35
    IMM     \h, add, 0x00000d10, add, 0x03380000, add, 0x50000003
.elseif (\t) == 36
    IMM     \h, add, 0x00000354, add, 0x000a7000, add, 0x65000000
.elseif (\t) == 40
    IMM     \h, add, 0x22c00000, add, 0x80000021, sub, 0x00001780
.elseif (\t) == 42
    IMM     \h, add, 0x00000b70, add, 0x000b8000, sub, 0x3dc00000
.elseif (\t) == 49
    IMM     \h, add, 0x00036c00, add, 0x20000008, sub, 0x01cc0000
.elseif (\t) == 52
    IMM     \h, add, 0x00000cb0, add, 0x011c0000, add, 0x38000003
.elseif (\t) == 55
    IMM     \h, add, 0x000e7000, add, 0x08200000, sub, 0xa000000d
.elseif (\t) == 56
    IMM     \h, sub, 0x00007d00, sub, 0x0b700000, sub, 0x80000012
.elseif (\t) == 59
    IMM     \h, add, 0x00000208, add, 0x00c70000, add, 0x8c000000
.elseif (\t) == 60
    IMM     \h, add, 0x00bf0000, sub, 0x70000006
.elseif (\t) == 62
    IMM     \h, add, 0x0001a400, sub, 0x01080000, sub, 0x40000009
.else
.if (\t) < 24
    ldr     r12, k_lo + 4 * (\t)
.else
    ldr     r12, k_hi + 4 * ((\t) - 24)
.endif
    add     \h, \h, r12
.endif
.endm

@ x's bytes swapped with the mask m (0x00FF00FF): ((x & m) ror 8) | ((x ror 24) & m)
.macro  SWAP x, m
    and     r12, \m, \x, ror #24
    and     \x, \x, \m
    orr     \x, r12, \x, ror #8
.endm

.macro  SIGMA_ADD d, x, ra, rb, s  @ d += ror(x, ra) ^ ror(x, rb) ^ (x >> s)
    mov     r12, \x, ror #\ra
    eor     r12, r12, \x, ror #\rb
    eor     r12, r12, \x, lsr #\s
    add     \d, \d, r12
.endm

@ W[d] = W[d-16] (x16) + sigma0(W[d-15]) + W[d-7] (x7) + sigma1(W[d-2]) into d
.macro  WORD d, x16, x15, x7, x2
    add     \d, \x16, \x7
    SIGMA_ADD \d, \x15, 7, 18, 3
    SIGMA_ADD \d, \x2, 17, 19, 10
.endm

@ W[t..t+3] into o0..o3 (each a register dead by then, in ascending order
@ for the stm) from k = W[t-16], kept from the group before, l1..l4 =
@ W[t-15..t-12], fetched here through lr, and w7..w1 = W[t-7..t-1]
.macro  GROUP t, k, l1, l2, l3, l4, w7, w6, w5, w4, w3, w2, w1, o0, o1, o2, o3
    ldmia   lr!, {\l1, \l2, \l3, \l4}     @ lr = &W[t-11]
    WORD    \o0, \k, \l1, \w7, \w2
    WORD    \o1, \l1, \l2, \w6, \w1
    WORD    \o2, \l2, \l3, \w5, \o0
    WORD    \o3, \l3, \l4, \w4, \o1
    add     r12, lr, #44
    stmia   r12, {\o0, \o1, \o2, \o3}
.endm

@ round t: h += K[t] + W[t] (w), then the round (bc: b ^ c, ab receives a ^ b)
.macro  R t, a, b, c, d, e, f, g, h, w, bc, ab
    KADD    \t, \h
    add     \h, \h, \w
    ROUND   \a, \b, \c, \d, \e, \f, \g, \h, \bc, \ab
.endm

@ rounds t..t+2 on W[t..t+2], read by one ldm (a..h, bc, ab as round t names them)
.macro  THREE t, a, b, c, d, e, f, g, h, bc, ab
    ldmia   sp!, {r0, r1, lr}
    R       \t, \a, \b, \c, \d, \e, \f, \g, \h, r0, \bc, \ab
    R       (\t+1), \h, \a, \b, \c, \d, \e, \f, \g, r1, \ab, \bc
    R       (\t+2), \g, \h, \a, \b, \c, \d, \e, \f, lr, \bc, \ab
.endm
.macro  LAST t, a, b, c, d, e, f, g, h, bc, ab
    ldr     r0, [sp], #4
    R       \t, \a, \b, \c, \d, \e, \f, \g, \h, r0, \bc, \ab
.endm

k_lo:                           @ K[0..23] (FIPS 180-4 4.2.2)
    .word   0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5
    .word   0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5
    .word   0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3
    .word   0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174
    .word   0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc
    .word   0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da

sha256_compress:
    add     r2, r1, r2, lsl #6      @ the end of the blocks
    push    {r2, lr}
    sub     sp, sp, #CFRAME
    mov     r12, r1
sha256_block:                       @ r12 the block
    mov     lr, r12
    add     r12, sp, #SAVED
    stmia   r12, {r4-r11}
    mov     r11, #0xFF
    orr     r11, r11, #0xFF0000     @ the byte swaps' mask
    ldmia   lr!, {r0-r7}            @ W[0..7], big-endian
    .irp    x, r0, r1, r2, r3, r4, r5, r6, r7
    SWAP    \x, r11
    .endr
    stmia   sp, {r0-r7}
    mov     r8, r0                  @ W[0] kept for W[16]
    ldmia   lr!, {r0-r7}            @ W[8..15]
    .irp    x, r0, r1, r2, r3, r4, r5, r6, r7
    SWAP    \x, r11
    .endr
    add     r12, sp, #32
    stmia   r12, {r0-r7}
    str     lr, [sp, #NEXT_BLOCK]
    add     lr, sp, #4
@ W[16..63]: the registers of each group as the last left them (W[0] in r8,
@ W[9..15] in r1-r7)
    GROUP   16, r8, r0, r9, r10, r11, r1, r2, r3, r4, r5, r6, r7, r1, r2, r3, r4
    GROUP   20, r11, r0, r8, r9, r10, r5, r6, r7, r1, r2, r3, r4, r5, r6, r7, r8
    GROUP   24, r10, r0, r1, r9, r11, r2, r3, r4, r5, r6, r7, r8, r2, r3, r4, r5
    GROUP   28, r11, r0, r1, r9, r10, r6, r7, r8, r2, r3, r4, r5, r6, r7, r8, r9
    GROUP   32, r10, r0, r1, r2, r11, r3, r4, r5, r6, r7, r8, r9, r3, r4, r5, r6
    GROUP   36, r11, r0, r1, r2, r10, r7, r8, r9, r3, r4, r5, r6, r7, r8, r9, r11
    GROUP   40, r10, r0, r1, r2, r3, r4, r5, r6, r7, r8, r9, r11, r4, r5, r6, r7
    GROUP   44, r3, r0, r1, r2, r10, r8, r9, r11, r4, r5, r6, r7, r3, r8, r9, r11
    GROUP   48, r10, r0, r1, r2, r4, r5, r6, r7, r3, r8, r9, r11, r5, r6, r7, r10
    GROUP   52, r4, r0, r1, r2, r3, r8, r9, r11, r5, r6, r7, r10, r4, r8, r9, r11
    GROUP   56, r3, r0, r1, r2, r5, r6, r7, r10, r4, r8, r9, r11, r3, r6, r7, r10
    GROUP   60, r5, r0, r1, r2, r4, r8, r9, r11, r3, r6, r7, r10, r5, r8, r9, r11
    add     r12, sp, #SAVED
    ldmia   r12, {r4-r11}
    eor     r2, r5, r6              @ b ^ c
@ the rounds, a..h renamed by one a round, Maj's carry r2 and r3 in turn
    THREE   0, r4, r5, r6, r7, r8, r9, r10, r11, r2, r3
    THREE   3, r9, r10, r11, r4, r5, r6, r7, r8, r3, r2
    THREE   6, r6, r7, r8, r9, r10, r11, r4, r5, r2, r3
    THREE   9, r11, r4, r5, r6, r7, r8, r9, r10, r3, r2
    THREE   12, r8, r9, r10, r11, r4, r5, r6, r7, r2, r3
    THREE   15, r5, r6, r7, r8, r9, r10, r11, r4, r3, r2
    THREE   18, r10, r11, r4, r5, r6, r7, r8, r9, r2, r3
    THREE   21, r7, r8, r9, r10, r11, r4, r5, r6, r3, r2
    THREE   24, r4, r5, r6, r7, r8, r9, r10, r11, r2, r3
    THREE   27, r9, r10, r11, r4, r5, r6, r7, r8, r3, r2
    THREE   30, r6, r7, r8, r9, r10, r11, r4, r5, r2, r3
    THREE   33, r11, r4, r5, r6, r7, r8, r9, r10, r3, r2
    THREE   36, r8, r9, r10, r11, r4, r5, r6, r7, r2, r3
    THREE   39, r5, r6, r7, r8, r9, r10, r11, r4, r3, r2
    THREE   42, r10, r11, r4, r5, r6, r7, r8, r9, r2, r3
    THREE   45, r7, r8, r9, r10, r11, r4, r5, r6, r3, r2
    THREE   48, r4, r5, r6, r7, r8, r9, r10, r11, r2, r3
    THREE   51, r9, r10, r11, r4, r5, r6, r7, r8, r3, r2
    THREE   54, r6, r7, r8, r9, r10, r11, r4, r5, r2, r3
    THREE   57, r11, r4, r5, r6, r7, r8, r9, r10, r3, r2
    THREE   60, r8, r9, r10, r11, r4, r5, r6, r7, r2, r3
    LAST    63, r5, r6, r7, r8, r9, r10, r11, r4, r3, r2
    ldmia   sp, {r0-r3}             @ sp at SAVED: the state before the block, added back
    add     r4, r4, r0
    add     r5, r5, r1
    add     r6, r6, r2
    add     r7, r7, r3
    add     r12, sp, #16
    ldmia   r12, {r0-r3, r12, lr}   @ and NEXT_BLOCK, the blocks' end
    add     r8, r8, r0
    add     r9, r9, r1
    add     r10, r10, r2
    add     r11, r11, r3
    sub     sp, sp, #SAVED
    cmp     r12, lr
    bne     sha256_block
    mov     r1, r12
    add     sp, sp, #CFRAME
    pop     {r2, lr}
    bx      lr
k_hi:                           @ K[24..63]
    .word   0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7
    .word   0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967
    .word   0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13
    .word   0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85
    .word   0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3
    .word   0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070
    .word   0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5
    .word   0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3
    .word   0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208
    .word   0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2
    .size   hb_sha256_armv4, . - hb_sha256_armv4
