@ SPDX-License-Identifier: MIT
@ armv4/keccak.s - Keccak-f[1600] and its sponge (FIPS 202): SHA3-256,
@ SHA3-512 and Keccak-256 (the submission's 0x01 padding) for the ARM state
@ of ARMv4T (ARM7TDMI, GBA).
@
@   void hb_sha3_256_armv4(uint8_t *out, const uint8_t *in, size_t len)
@   void hb_sha3_512_armv4(uint8_t *out, const uint8_t *in, size_t len)
@   void hb_keccak256_armv4(uint8_t *out, const uint8_t *in, size_t len)
@   AAPCS: r0 out, r1 in, r2 len; r4-r11 kept; returns by bx (interworking).
@
@ Lanes are bit-interleaved: a 64-bit lane is held as two words, its even
@ bits and its odd bits, so a rotation of the lane by 2k is a rotation of
@ both words by k and one by 2k + 1 swaps them and rotates by k + 1 and k:
@ every rotation is a 32-bit one, and each is folded into the operand of the
@ instruction that next reads the word (no rotation is an instruction of
@ its own but the one that brings a chi output back to its true position
@ before it is stored).  The 50 words live on the stack, in two copies
@ (a round reads one and writes the other), laid out in the order the next
@ round reads them: ten groups of five, one for each half of each output row
@ of chi, each group the five words that rho and pi bring into that row, so a
@ group is one ldm.  A round:
@   theta's parities: the 50 words by ldm (ten into the ten parities, then
@     three at a time) and 40 eor; D[x] = C[x-1] ^ rotl(C[x+1], 1) 10 eor;
@   each half row (ten): its group by ldm, five eor with D, chi as five bic
@     and five eor, the rotations that put the five outputs back (one
@     instruction each, none where an operand's rotation is 0) and five
@     str to the places the next round reads them from;
@   D's ten words share eight registers with the half rows' order chosen
@     so that only three are reloaded (Belady's count); iota's two words
@     by a pointer kept on the stack.
@ The absorb interleaves each 64-bit input lane (four delta swaps on each
@ word, then the halves exchanged: 36 instructions) and xors it into its two
@ places; the squeeze undoes it for the digest's lanes.
@ A block not word-aligned is first copied to the stack (each word from two
@ aligned loads).

    .arm
    .syntax unified
    .include "md_frame.inc"         @ COPY_BYTES
    .section .text.hb_keccak_armv4, "ax", %progbits
    .align  2

@ the frame (sp-relative; every word is reached by an immediate offset)
    .equ    S0, 0                   @ the state, 50 words (the slots' order)
    .equ    S1, 200                 @ the round's other copy
    .equ    DS, 400                 @ D's words out of the registers: D[x] even, odd
    .equ    D0e, DS + 0
    .equ    D0o, DS + 4
    .equ    D1e, DS + 8
    .equ    D1o, DS + 12
    .equ    D2e, DS + 16
    .equ    D2o, DS + 20
    .equ    D3e, DS + 24
    .equ    D3o, DS + 28
    .equ    D4e, DS + 32
    .equ    D4o, DS + 36
    .equ    RCP, 440                @ the next round's constants
    .equ    RCEND, 444              @ the table's end
    .equ    OUT, 448
    .equ    IN, 452                 @ the next block
    .equ    LEN, 456                @ bytes left; -1 once the padded block is in
    .equ    RATE, 460               @ bytes a block: 136 or 72
    .equ    PAD, 464                @ the padding's first byte: 0x06 or 0x01
    .equ    BUF, 468                @ a block's copy (unaligned input, the last block)
    .equ    FRAME, 604

@ the half rows' five words b0..b4 (ascending, for ldm); lr is chi's temporary
B0  .req    r1
B1  .req    r3
B2  .req    r4
B3  .req    r9
B4  .req    r10

@ rotations by a constant that may be 0 (ror #0 is not a rotation)
.macro  EOR_ROR d, n, m, r
.if ((\r) % 32)
    eor     \d, \n, \m, ror #((\r) % 32)
.else
    eor     \d, \n, \m
.endif
.endm
.macro  BIC_ROR d, n, m, r
.if ((\r) % 32)
    bic     \d, \n, \m, ror #((\r) % 32)
.else
    bic     \d, \n, \m
.endif
.endm
.macro  MOV_ROR d, m, r
.if ((\r) % 32)
    mov     \d, \m, ror #((\r) % 32)
.endif
.endm

@ theta's parities: three (one) more words from r10 into their columns' parities
.macro  PARITY3 a, b, c
    ldmia   r10!, {r11, r12, lr}
    eor     \a, \a, r11
    eor     \b, \b, r12
    eor     \c, \c, lr
.endm
.macro  PARITY1 a
    ldr     r11, [r10], #4
    eor     \a, \a, r11
.endm
@ D[x] from C[x-1] (ce, co) and C[x+1] (ne, no): even ^= rotl(odd, 1), odd ^= even
.macro  THETA_D de, do, ce, co, ne, no
    eor     \de, \ce, \no, ror #31
    eor     \do, \co, \ne
.endm

@ a half row's five words, theta applied: b[X] ^= D of its column
.macro  ROW_IN off, d0, d1, d2, d3, d4
    add     lr, sp, #(\off)
    ldmia   lr, {B0, B1, B2, B3, B4}
    eor     B0, B0, \d0
    eor     B1, B1, \d1
    eor     B2, B2, \d2
    eor     B3, B3, \d3
    eor     B4, B4, \d4
.endm
@ chi's output bi ^ (bk & ~bj) into lr, true: each b is its word rotated left
@ by its k (rho), applied in the operands; the one rotation left is an
@ instruction unless bi's or bk's k is 0
.macro  CHI_LR bi, bj, bk, ki, kj, kk
    BIC_ROR lr, \bk, \bj, (\kk - \kj + 32)      @ rotated left by kk
.if (\ki)
    EOR_ROR lr, lr, \bi, (\kk - \ki + 32)
    MOV_ROR lr, lr, (32 - \kk)
.else
    EOR_ROR lr, \bi, lr, (32 - \kk)
.endif
.endm
@ a half row's chi: output X to slot tX of the copy at dst
.macro  ROW_CHI dst, k0, k1, k2, k3, k4, t0, t1, t2, t3, t4
    CHI_LR  B0, B1, B2, \k0, \k1, \k2
    str     lr, [sp, #(\dst + 4 * \t0)]
    CHI_LR  B1, B2, B3, \k1, \k2, \k3
    str     lr, [sp, #(\dst + 4 * \t1)]
    CHI_LR  B2, B3, B4, \k2, \k3, \k4
    str     lr, [sp, #(\dst + 4 * \t2)]
    CHI_LR  B3, B4, B0, \k3, \k4, \k0
    str     lr, [sp, #(\dst + 4 * \t3)]
    CHI_LR  B4, B0, B1, \k4, \k0, \k1
    str     lr, [sp, #(\dst + 4 * \t4)]
.endm
@ row 0's: lane (0, 0) (k0 = 0) last, with iota: its round constant's word
@ loaded into b4, which (as b3) no output needs any more
.macro  ROW_CHI_IOTA dst, k0, k1, k2, k3, k4, t0, t1, t2, t3, t4
    CHI_LR  B1, B2, B3, \k1, \k2, \k3
    str     lr, [sp, #(\dst + 4 * \t1)]
    CHI_LR  B2, B3, B4, \k2, \k3, \k4
    str     lr, [sp, #(\dst + 4 * \t2)]
    CHI_LR  B3, B4, B0, \k3, \k4, \k0
    str     lr, [sp, #(\dst + 4 * \t3)]
    CHI_LR  B4, B0, B1, \k4, \k0, \k1
    str     lr, [sp, #(\dst + 4 * \t4)]
    ldr     B3, [sp, #RCP]
    ldr     B4, [B3], #4
    str     B3, [sp, #RCP]
    CHI_LR  B0, B1, B2, \k0, \k1, \k2
    eor     lr, lr, B4
    str     lr, [sp, #(\dst + 4 * \t0)]
.endm

@ one round from the copy at src to the one at dst.  Registers: the ten
@ parities r0-r9 (r10 the pointer, r11, r12, lr the words read), then D in
@ eight registers; the half rows' order and the two D words left on the
@ stack, and where each output goes, are the layout's (see the top).
.macro  ROUND src, dst
    add     r10, sp, #\src
    ldmia   r10!, {r0-r9}                   @ row 0's ten words start the ten parities
    PARITY3 r8, r4, r5                      @ words 10..
    PARITY3 r6, r2, r3                      @ words 13..
    PARITY3 r9, r0, r1                      @ words 16..
    PARITY3 r7, r6, r7                      @ words 19..
    PARITY3 r3, r4, r0                      @ words 22..
    PARITY3 r1, r2, r8                      @ words 25..
    PARITY3 r9, r5, r9                      @ words 28..
    PARITY3 r0, r1, r2                      @ words 31..
    PARITY3 r8, r4, r5                      @ words 34..
    PARITY3 r6, r7, r3                      @ words 37..
    PARITY3 r7, r3, r9                      @ words 40..
    PARITY3 r5, r1, r2                      @ words 43..
    PARITY3 r8, r4, r0                      @ words 46..
    PARITY1 r6                              @ words 49..
    THETA_D r11, r12, r4, r9, r1, r6        @ D[0]
    THETA_D r1, r6, r1, r6, r8, r3          @ D[2]
    THETA_D r8, r3, r8, r3, r0, r5          @ D[4]
    THETA_D r0, r5, r0, r5, r7, r2          @ D[1]
    THETA_D r7, r2, r7, r2, r4, r9          @ D[3]
    str     r3, [sp, #D4o]                  @ out of the registers until needed
    str     r1, [sp, #D2e]                  @ out of the registers until needed
    ROW_IN  \src + 0, r11, r0, r6, r2, r8   @ row 0's even half: lanes (0,0) (1,1) (2,2) (3,3) (4,4)
    ROW_CHI_IOTA \dst, 0, 22, 22, 11, 7, 0, 25, 40, 10, 35
    ROW_IN  \src + 40, r7, r8, r12, r5, r6  @ row 1's even half: lanes (3,0) (4,1) (0,2) (1,3) (2,4)
    ROW_CHI  \dst, 14, 10, 2, 23, 31, 31, 1, 21, 46, 11
    str     r0, [sp, #D1e]
    ldr     r0, [sp, #D2e]
    ROW_IN  \src + 80, r5, r0, r2, r8, r11  @ row 2's even half: lanes (1,0) (2,1) (3,2) (4,3) (0,4)
    ROW_CHI  \dst, 1, 3, 13, 4, 9, 17, 32, 7, 27, 47
    ROW_IN  \src + 140, r8, r12, r5, r0, r2 @ row 3's odd half: lanes (4,0) (0,1) (1,2) (2,3) (3,4)
    ROW_CHI  \dst, 13, 18, 5, 7, 28, 43, 13, 33, 3, 28
    ROW_IN  \src + 180, r6, r7, r8, r11, r5 @ row 4's odd half: lanes (2,0) (3,1) (4,2) (0,3) (1,4)
    ROW_CHI  \dst, 31, 27, 19, 20, 1, 29, 49, 14, 39, 9
    ldr     r8, [sp, #D4o]
    ROW_IN  \src + 20, r12, r5, r0, r7, r8  @ row 0's odd half: lanes (0,0) (1,1) (2,2) (3,3) (4,4)
    ROW_CHI_IOTA \dst, 0, 22, 21, 10, 7, 5, 20, 45, 15, 30
    ldr     r5, [sp, #D1e]
    ROW_IN  \src + 60, r2, r8, r11, r5, r0  @ row 1's odd half: lanes (3,0) (4,1) (0,2) (1,3) (2,4)
    ROW_CHI  \dst, 14, 10, 1, 22, 30, 36, 6, 26, 41, 16
    ROW_IN  \src + 100, r5, r6, r7, r8, r12 @ row 2's odd half: lanes (1,0) (2,1) (3,2) (4,3) (0,4)
    ROW_CHI  \dst, 0, 3, 12, 4, 9, 12, 37, 2, 22, 42
    ROW_IN  \src + 120, r8, r11, r5, r6, r7 @ row 3's even half: lanes (4,0) (0,1) (1,2) (2,3) (3,4)
    ROW_CHI  \dst, 14, 18, 5, 8, 28, 48, 18, 38, 8, 23
    ROW_IN  \src + 160, r0, r2, r8, r12, r5 @ row 4's even half: lanes (2,0) (3,1) (4,2) (0,3) (1,4)
    ROW_CHI  \dst, 31, 28, 20, 21, 1, 24, 44, 19, 34, 4
.endm

@ the interleave of a word: its even bits to the low half, odd to the high
@ (four delta swaps; masks 0x22222222 r8, 0x0C0C0C0C r9, 0x00F000F0 r10)
.macro  UNSHUFFLE x
    eor     r12, \x, \x, lsr #1
    and     r12, r12, r8
    eor     \x, \x, r12
    eor     \x, \x, r12, lsl #1
    eor     r12, \x, \x, lsr #2
    and     r12, r12, r9
    eor     \x, \x, r12
    eor     \x, \x, r12, lsl #2
    eor     r12, \x, \x, lsr #4
    and     r12, r12, r10
    eor     \x, \x, r12
    eor     \x, \x, r12, lsl #4
    eor     r12, \x, \x, lsr #8
    and     r12, r12, #0xFF00
    eor     \x, \x, r12
    eor     \x, \x, r12, lsl #8
.endm
@ its inverse (the same swaps in the other order)
.macro  SHUFFLE x
    eor     r12, \x, \x, lsr #8
    and     r12, r12, #0xFF00
    eor     \x, \x, r12
    eor     \x, \x, r12, lsl #8
    eor     r12, \x, \x, lsr #4
    and     r12, r12, r10
    eor     \x, \x, r12
    eor     \x, \x, r12, lsl #4
    eor     r12, \x, \x, lsr #2
    and     r12, r12, r9
    eor     \x, \x, r12
    eor     \x, \x, r12, lsl #2
    eor     r12, \x, \x, lsr #1
    and     r12, r12, r8
    eor     \x, \x, r12
    eor     \x, \x, r12, lsl #1
.endm
@ r2, r3 (low and high halves, each unshuffled) to even, odd: the high
@ halfword of r2 and the low one of r3 exchanged (its own inverse)
.macro  SWAP_HALVES
    eor     r12, r3, r2, lsr #16
    mov     r12, r12, lsl #16
    eor     r2, r2, r12
    eor     r3, r3, r12, lsr #16
.endm
@ the next input lane (r1, aligned) xored into the state's slots e and o
.macro  ABSORB_LANE e, o
    ldmia   r1!, {r2, r3}
    UNSHUFFLE r2
    UNSHUFFLE r3
    SWAP_HALVES
    ldr     r0, [sp, #(S0 + 4 * \e)]
    eor     r0, r0, r2
    str     r0, [sp, #(S0 + 4 * \e)]
    ldr     r0, [sp, #(S0 + 4 * \o)]
    eor     r0, r0, r3
    str     r0, [sp, #(S0 + 4 * \o)]
.endm
.macro  STORE_LE r, off
    strb    \r, [r0, #\off]
    mov     r12, \r, lsr #8
    strb    r12, [r0, #\off + 1]
    mov     r12, \r, lsr #16
    strb    r12, [r0, #\off + 2]
    mov     r12, \r, lsr #24
    strb    r12, [r0, #\off + 3]
.endm
@ the lane in slots e and o, de-interleaved, to out + off (r0; any alignment)
.macro  SQUEEZE_LANE e, o, off
    ldr     r2, [sp, #(S0 + 4 * \e)]
    ldr     r3, [sp, #(S0 + 4 * \o)]
    SWAP_HALVES
    SHUFFLE r2
    SHUFFLE r3
    STORE_LE r2, \off
    STORE_LE r3, \off + 4
.endm

    .global hb_sha3_256_armv4
    .type   hb_sha3_256_armv4, %function
hb_sha3_256_armv4:
    mov     r12, #136
    mov     r3, #0x06
    b       keccak_sponge
    .size   hb_sha3_256_armv4, . - hb_sha3_256_armv4

    .global hb_keccak256_armv4
    .type   hb_keccak256_armv4, %function
hb_keccak256_armv4:
    mov     r12, #136
    mov     r3, #0x01
    b       keccak_sponge
    .size   hb_keccak256_armv4, . - hb_keccak256_armv4

    .global hb_sha3_512_armv4
    .type   hb_sha3_512_armv4, %function
hb_sha3_512_armv4:
    mov     r12, #72
    mov     r3, #0x06
    b       keccak_sponge
    .size   hb_sha3_512_armv4, . - hb_sha3_512_armv4

@ iota's RC[i] (FIPS 202 3.2.5, rc(t) of Algorithm 5), interleaved: the
@ even bits' word, then the odd bits'
keccak_rc:
    .word   0x00000001, 0x00000000             @  0
    .word   0x00000000, 0x00000089             @  1
    .word   0x00000000, 0x8000008b             @  2
    .word   0x00000000, 0x80008080             @  3
    .word   0x00000001, 0x0000008b             @  4
    .word   0x00000001, 0x00008000             @  5
    .word   0x00000001, 0x80008088             @  6
    .word   0x00000001, 0x80000082             @  7
    .word   0x00000000, 0x0000000b             @  8
    .word   0x00000000, 0x0000000a             @  9
    .word   0x00000001, 0x00008082             @ 10
    .word   0x00000000, 0x00008003             @ 11
    .word   0x00000001, 0x0000808b             @ 12
    .word   0x00000001, 0x8000000b             @ 13
    .word   0x00000001, 0x8000008a             @ 14
    .word   0x00000001, 0x80000081             @ 15
    .word   0x00000000, 0x80000081             @ 16
    .word   0x00000000, 0x80000008             @ 17
    .word   0x00000000, 0x00000083             @ 18
    .word   0x00000000, 0x80008003             @ 19
    .word   0x00000001, 0x80008088             @ 20
    .word   0x00000000, 0x80000088             @ 21
    .word   0x00000001, 0x00008000             @ 22
    .word   0x00000000, 0x80008082             @ 23
keccak_masks:                       @ the interleave's (at the table's end)
    .word   0x22222222, 0x0C0C0C0C, 0x00F000F0

@ r0 out, r1 in, r2 len, r12 the rate in bytes, r3 the padding's byte; the
@ digest is (200 - rate) / 2 bytes: four lanes, or eight for a rate of 72
keccak_sponge:
    push    {r4-r11, lr}
    sub     sp, sp, #FRAME
    str     r0, [sp, #OUT]
    str     r1, [sp, #IN]
    str     r2, [sp, #LEN]
    str     r12, [sp, #RATE]
    str     r3, [sp, #PAD]
    adr     r0, keccak_masks
    str     r0, [sp, #RCEND]
    mov     r0, #0                  @ the state zeroed
    mov     r1, #0
    mov     r2, #0
    mov     r3, #0
    mov     r4, #0
    mov     r5, #0
    mov     r6, #0
    mov     r7, #0
    mov     r8, #0
    mov     r9, #0
    add     lr, sp, #S0
    stmia   lr!, {r0-r9}
    stmia   lr!, {r0-r9}
    stmia   lr!, {r0-r9}
    stmia   lr!, {r0-r9}
    stmia   lr!, {r0-r9}

keccak_block:                       @ a whole block from the input, or the padded last
    ldr     r1, [sp, #IN]
    ldr     r2, [sp, #LEN]
    ldr     r3, [sp, #RATE]
    subs    r2, r2, r3
    bcc     keccak_last
    str     r2, [sp, #LEN]
    add     r0, r1, r3
    str     r0, [sp, #IN]
    tst     r1, #3
    beq     keccak_absorb
    add     r0, sp, #BUF            @ not aligned: each word from two aligned loads
    and     r12, r1, #3
    bic     r1, r1, #3
    mov     r12, r12, lsl #3
    rsb     lr, r12, #32
    ldr     r5, [r1], #4
1:  mov     r4, r5, lsr r12
    ldr     r5, [r1], #4
    orr     r4, r4, r5, lsl lr
    str     r4, [r0], #4
    subs    r3, r3, #4
    bne     1b
    add     r1, sp, #BUF

keccak_absorb:                      @ r1: the block, word-aligned
    ldr     r0, [sp, #RCEND]        @ the masks follow the constants
    ldmia   r0, {r8-r10}
    ABSORB_LANE  0,  5                  @ lane 0 = (0,0)
    ABSORB_LANE 25, 20                  @ lane 1 = (1,0)
    ABSORB_LANE 40, 45                  @ lane 2 = (2,0)
    ABSORB_LANE 10, 15                  @ lane 3 = (3,0)
    ABSORB_LANE 35, 30                  @ lane 4 = (4,0)
    ABSORB_LANE 31, 36                  @ lane 5 = (0,1)
    ABSORB_LANE  1,  6                  @ lane 6 = (1,1)
    ABSORB_LANE 21, 26                  @ lane 7 = (2,1)
    ABSORB_LANE 46, 41                  @ lane 8 = (3,1)
    ldr     r0, [sp, #RATE]
    cmp     r0, #72
    beq     keccak_permute
    ABSORB_LANE 11, 16                  @ lane 9 = (4,1)
    ABSORB_LANE 17, 12                  @ lane 10 = (0,2)
    ABSORB_LANE 32, 37                  @ lane 11 = (1,2)
    ABSORB_LANE  7,  2                  @ lane 12 = (2,2)
    ABSORB_LANE 27, 22                  @ lane 13 = (3,2)
    ABSORB_LANE 47, 42                  @ lane 14 = (4,2)
    ABSORB_LANE 48, 43                  @ lane 15 = (0,3)
    ABSORB_LANE 18, 13                  @ lane 16 = (1,3)

keccak_permute:
    ldr     r0, [sp, #RCEND]
    sub     r0, r0, #(24 * 8)
    str     r0, [sp, #RCP]
keccak_rounds:
    ROUND   S0, S1
    ROUND   S1, S0
    add     r0, sp, #RCP
    ldmia   r0, {r0, r1}            @ RCP, RCEND
    cmp     r0, r1
    bne     keccak_rounds
    ldr     r0, [sp, #LEN]
    cmp     r0, #0
    bge     keccak_block

    ldr     r0, [sp, #OUT]          @ the digest: 4 lanes, or 8 for SHA3-512
    ldr     r1, [sp, #RCEND]
    ldmia   r1, {r8-r10}
    SQUEEZE_LANE  0,  5,  0
    SQUEEZE_LANE 25, 20,  8
    SQUEEZE_LANE 40, 45, 16
    SQUEEZE_LANE 10, 15, 24
    ldr     r1, [sp, #RATE]
    cmp     r1, #72
    bne     keccak_done
    SQUEEZE_LANE 35, 30, 32
    SQUEEZE_LANE 31, 36, 40
    SQUEEZE_LANE  1,  6, 48
    SQUEEZE_LANE 21, 26, 56
keccak_done:
    add     sp, sp, #FRAME
    pop     {r4-r11, lr}
    bx      lr

keccak_last:                        @ the len bytes left, the padding, the last 0x80
    add     r0, sp, #BUF
    mov     r4, #0
    ldr     r3, [sp, #RATE]
2:  str     r4, [r0], #4
    subs    r3, r3, #4
    bne     2b
    add     r0, sp, #BUF
    ldr     r2, [sp, #LEN]
    bl      copy_bytes
    ldrb    r3, [r0]
    ldr     r2, [sp, #PAD]
    eor     r3, r3, r2
    strb    r3, [r0]
    ldr     r3, [sp, #RATE]
    add     r0, sp, #BUF
    add     r0, r0, r3
    ldrb    r2, [r0, #-1]
    orr     r2, r2, #0x80
    strb    r2, [r0, #-1]
    mvn     r2, #0
    str     r2, [sp, #LEN]
    add     r1, sp, #BUF
    b       keccak_absorb

    COPY_BYTES r3

    .size   keccak_sponge, . - keccak_sponge
