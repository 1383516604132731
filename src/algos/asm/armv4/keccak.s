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
@ every rotation is a 32-bit one.  None is an instruction: each word is
@ stored rotated left by a "pending" amount fixed per slot, and every reader
@ rotates it in its operand (`ror #`).  The slots' amounts (and, for each
@ theta xor and chi output, which operand's rotation the result keeps) were
@ chosen by a search so that every chi output arrives at its slot's amount
@ by operands alone, the same in every round (so one ROUND serves all 24).
@ The 50 words live on the stack, in two copies (a round reads one and
@ writes the other), laid out in the order the next round reads them: ten
@ groups of five, one for each half of each output row of chi, each group
@ the five words that rho and pi bring into that row, so a group is one
@ ldm; pi scatters a half row's five outputs over five groups, so each is
@ one str.  A round, cycles on the ARM7TDMI in IWRAM:
@   theta's parities 117: add 1, the 50 words by one ldm of thirteen (15:
@     ten into the ten parities), eleven of three (5) and one of four (6),
@     40 eor;
@   D[x] = C[x-1] ^ rotl(C[x+1], 1): 10 eor;
@   each half row (ten) 33: its group by add and ldm 8, five eor with D,
@     chi as five bic and five eor, five str 10;
@   D's ten words share eight registers, the half rows in the order that
@     reloads fewest (Belady's count): two stores, one store and three
@     loads later, 15; iota 16 (its two words by a pointer kept on the
@     stack: ldr, ldr, eor each, the pointer stored once);
@   488 a round (480 but for the pointer's upkeep), 983 the loop of two
@     with its test (ldr, cmp, bne).
@ The absorb interleaves each 64-bit input lane (five exchanges of bits
@ between its two words, 20 instructions; ldm 4; the xor into its two slots
@ 12): 36 a lane, 612 a 136-byte block; the squeeze undoes it for the
@ digest's lanes.  97.6 cycles a byte at 1 KiB (gba-iwram-arm), 12,454 a
@ block's loop.
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

@ theta's parities: three more words from r10 into their columns'
@ parities, each rotated by its difference in pending rotation
.macro  PARITY3 a, ra, b, rb, c, rc
    ldmia   r10!, {r11, r12, lr}
    XOR3    \a, \ra, \b, \rb, \c, \rc
.endm
.macro  XOR3 a, ra, b, rb, c, rc     @ r11, r12, lr already loaded
    EOR_ROR \a, \a, r11, \ra
    EOR_ROR \b, \b, r12, \rb
    EOR_ROR \c, \c, lr, \rc
.endm
@ the last four, the pointer itself the first word's register (no writeback)
.macro  PARITY4 a, ra, b, rb, c, rc, d, rd
    ldmia   r10, {r10, r11, r12, lr}
    EOR_ROR \a, \a, r10, \ra
    EOR_ROR \b, \b, r11, \rb
    EOR_ROR \c, \c, r12, \rc
    EOR_ROR \d, \d, lr, \rd
.endm
@ D[x] from C[x-1] (ce, co) and C[x+1] (ne, no): even ^= rotl(odd, 1), odd ^= even
@ (the rotation by 1 folded into re with the pending ones)
.macro  THETA_D de, do, ce, co, ne, no, re, ro
    EOR_ROR \de, \ce, \no, \re
    EOR_ROR \do, \co, \ne, \ro
.endm

@ a half row's group into b0..b4
.macro  ROW_LOAD off
    add     lr, sp, #(\off)
    ldmia   lr, {B0, B1, B2, B3, B4}
.endm
@ theta into one b: b ^= its column's D, keeping b's pending rotation
@ (THETA_KEEP) or taking D's (THETA_TAKE)
.macro  THETA_KEEP b, d, r
    EOR_ROR \b, \b, \d, \r
.endm
.macro  THETA_TAKE b, d, r
    EOR_ROR \b, \d, \b, \r
.endm
@ chi's output bi ^ (bk & ~bj) to the slot at off, pending rotations
@ lined up in the operands: rb brings bj to bk's, re bi to bk's (CHI_K: the
@ output keeps bk's) or bk's to bi's (CHI_I: the output keeps bi's); iota's
@ word, where given, xored in before the store
.macro  CHI_K off, bi, bj, bk, rb, re, rc
    BIC_ROR lr, \bk, \bj, \rb
    EOR_ROR lr, lr, \bi, \re
.ifnb \rc
    eor     lr, lr, \rc
.endif
    str     lr, [sp, #(\off)]
.endm
.macro  CHI_I off, bi, bj, bk, rb, re, rc
    BIC_ROR lr, \bk, \bj, \rb
    EOR_ROR lr, \bi, lr, \re
.ifnb \rc
    eor     lr, lr, \rc
.endif
    str     lr, [sp, #(\off)]
.endm

@ one round from the copy at src to the one at dst.  Registers: the ten
@ parities r0-r9 (r10 the pointer, r11, r12, lr the words read), then D in
@ eight registers beside b0..b4 and lr.  The numbers are the differences
@ of pending rotations that line each operand up (rho's amounts in them);
@ the offsets, the slots in the layout (see the top).  With last = 1 it
@ leaves the flags eq after the table's last round (no later instruction
@ of the round sets them).
.macro  ROUND src, dst, last
    add     r10, sp, #\src
    ldmia   r10!, {r0-r9, r11, r12, lr}         @ the ten parities start from row 0's words
    XOR3    r8, 21, r4, 20, r5, 24
    PARITY3 r6, 18, r2, 17, r3, 3
    PARITY3 r9, 20, r0, 10, r1, 26
    PARITY3 r7, 3, r6, 28, r7, 20
    PARITY3 r3, 2, r4, 29, r0, 12
    PARITY3 r1, 9, r2, 12, r8, 27
    PARITY3 r9, 27, r5, 18, r9, 25
    PARITY3 r0, 28, r1, 5, r2, 12
    PARITY3 r8, 3, r4, 25, r5, 1
    PARITY3 r6, 21, r7, 17, r3, 28
    PARITY3 r7, 28, r3, 11, r9, 0
    PARITY3 r5, 27, r1, 13, r2, 2
    PARITY4 r8, 17, r4, 14, r0, 27, r6, 28
    THETA_D r11, r12, r4, r9, r1, r6, 23, 1     @ D[0]
    THETA_D r1, r6, r1, r6, r8, r3, 28, 6       @ D[2]
    THETA_D r8, r3, r8, r3, r0, r5, 28, 2       @ D[4]
    THETA_D r0, r5, r0, r5, r7, r2, 22, 2       @ D[1]
    THETA_D r7, r2, r7, r2, r4, r9, 21, 22      @ D[3]
    str     r3, [sp, #D4o]                      @ kept on the stack until needed
    str     r1, [sp, #D2e]                      @ kept on the stack until needed
    ROW_LOAD \src + 0                           @ row 0's even half: lanes (0,0) (1,1) (2,2) (3,3) (4,4)
    THETA_KEEP B0, r11, 13
    THETA_TAKE B1, r0, 1
    THETA_KEEP B2, r6, 14
    THETA_KEEP B3, r2, 25
    THETA_KEEP B4, r8, 30
    CHI_I   \dst + 100, B1, B2, B3, 14, 9
    CHI_K   \dst + 160, B2, B3, B4, 13, 27
    CHI_K   \dst + 40, B3, B4, B0, 6, 19
    CHI_I   \dst + 140, B4, B0, B1, 22, 4
    ldr     B3, [sp, #RCP]                      @ iota: B3 and B4 are no output's any more
    ldr     B4, [B3], #8                        @ the even word; RCP on to the next round's
    str     B3, [sp, #RCP]
    CHI_I   \dst + 0, B0, B1, B2, 9, 1, B4
    ROW_LOAD \src + 40                          @ row 1's even half: lanes (3,0) (4,1) (0,2) (1,3) (2,4)
    THETA_TAKE B0, r7, 22
    THETA_TAKE B1, r8, 22
    THETA_TAKE B2, r12, 0
    THETA_TAKE B3, r5, 15
    THETA_TAKE B4, r6, 3
    CHI_I   \dst + 124, B0, B1, B2, 3, 2
    CHI_I   \dst + 4, B1, B2, B3, 13, 16
    CHI_I   \dst + 84, B2, B3, B4, 11, 8
    CHI_K   \dst + 184, B3, B4, B0, 10, 21
    CHI_K   \dst + 44, B4, B0, B1, 27, 5
    str     r0, [sp, #D1e]
    ldr     r0, [sp, #D2e]
    ROW_LOAD \src + 80                          @ row 2's even half: lanes (1,0) (2,1) (3,2) (4,3) (0,4)
    THETA_KEEP B0, r5, 7
    THETA_KEEP B1, r0, 3
    THETA_TAKE B2, r2, 9
    THETA_KEEP B3, r8, 1
    THETA_TAKE B4, r11, 31
    CHI_K   \dst + 68, B0, B1, B2, 17, 22
    CHI_K   \dst + 128, B1, B2, B3, 4, 21
    CHI_I   \dst + 28, B2, B3, B4, 2, 26
    CHI_I   \dst + 108, B3, B4, B0, 4, 26
    CHI_K   \dst + 188, B4, B0, B1, 5, 9
    ROW_LOAD \src + 140                         @ row 3's odd half: lanes (4,0) (0,1) (1,2) (2,3) (3,4)
    THETA_TAKE B0, r8, 27
    THETA_KEEP B1, r12, 23
    THETA_TAKE B2, r5, 18
    THETA_TAKE B3, r0, 26
    THETA_TAKE B4, r2, 3
    CHI_K   \dst + 172, B0, B1, B2, 20, 27
    CHI_I   \dst + 52, B1, B2, B3, 9, 3
    CHI_I   \dst + 132, B2, B3, B4, 31, 24
    CHI_K   \dst + 12, B3, B4, B0, 29, 28
    CHI_I   \dst + 112, B4, B0, B1, 7, 28
    ROW_LOAD \src + 180                         @ row 4's odd half: lanes (2,0) (3,1) (4,2) (0,3) (1,4)
    THETA_KEEP B0, r6, 12
    THETA_KEEP B1, r7, 14
    THETA_KEEP B2, r8, 16
    THETA_TAKE B3, r11, 14
    THETA_KEEP B4, r5, 7
    CHI_I   \dst + 116, B0, B1, B2, 25, 14
    CHI_I   \dst + 196, B1, B2, B3, 15, 24
    CHI_I   \dst + 56, B2, B3, B4, 25, 24
    CHI_K   \dst + 156, B3, B4, B0, 6, 31
    CHI_I   \dst + 36, B4, B0, B1, 25, 1
    ldr     r8, [sp, #D4o]
    ROW_LOAD \src + 20                          @ row 0's odd half: lanes (0,0) (1,1) (2,2) (3,3) (4,4)
    THETA_KEEP B0, r12, 24
    THETA_KEEP B1, r5, 3
    THETA_KEEP B2, r0, 23
    THETA_KEEP B3, r7, 31
    THETA_KEEP B4, r8, 30
    CHI_K   \dst + 80, B1, B2, B3, 20, 14
    CHI_K   \dst + 180, B2, B3, B4, 8, 28
    CHI_I   \dst + 60, B3, B4, B0, 17, 7
    CHI_I   \dst + 120, B4, B0, B1, 25, 22
    ldr     B3, [sp, #RCP]                      @ iota's odd word
    ldr     B4, [B3, #-4]
    CHI_I   \dst + 20, B0, B1, B2, 26, 13, B4
.if \last                                   @ the loop's test: B3 is the next round's constants
    ldr     lr, [sp, #RCEND]
    cmp     B3, lr
.endif
    ldr     r5, [sp, #D1e]
    ROW_LOAD \src + 60                          @ row 1's odd half: lanes (3,0) (4,1) (0,2) (1,3) (2,4)
    THETA_TAKE B0, r2, 10
    THETA_TAKE B1, r8, 22
    THETA_TAKE B2, r11, 29
    THETA_KEEP B3, r5, 5
    THETA_TAKE B4, r0, 12
    CHI_I   \dst + 144, B0, B1, B2, 8, 3
    CHI_K   \dst + 24, B1, B2, B3, 7, 15
    CHI_K   \dst + 104, B2, B3, B4, 2, 9
    CHI_K   \dst + 164, B3, B4, B0, 26, 28
    CHI_K   \dst + 64, B4, B0, B1, 21, 15
    ROW_LOAD \src + 100                         @ row 2's odd half: lanes (1,0) (2,1) (3,2) (4,3) (0,4)
    THETA_TAKE B0, r5, 10
    THETA_KEEP B1, r6, 2
    THETA_KEEP B2, r7, 4
    THETA_TAKE B3, r8, 29
    THETA_TAKE B4, r12, 26
    CHI_I   \dst + 48, B0, B1, B2, 6, 26
    CHI_K   \dst + 148, B1, B2, B3, 0, 6
    CHI_K   \dst + 8, B2, B3, B4, 3, 3
    CHI_K   \dst + 88, B3, B4, B0, 23, 26
    CHI_K   \dst + 168, B4, B0, B1, 0, 23
    ROW_LOAD \src + 120                         @ row 3's even half: lanes (4,0) (0,1) (1,2) (2,3) (3,4)
    THETA_KEEP B0, r8, 5
    THETA_KEEP B1, r11, 17
    THETA_TAKE B2, r5, 6
    THETA_KEEP B3, r6, 2
    THETA_KEEP B4, r7, 28
    CHI_K   \dst + 192, B0, B1, B2, 15, 16
    CHI_K   \dst + 72, B1, B2, B3, 0, 15
    CHI_I   \dst + 152, B2, B3, B4, 9, 23
    CHI_K   \dst + 32, B3, B4, B0, 7, 16
    CHI_K   \dst + 92, B4, B0, B1, 1, 8
    ROW_LOAD \src + 160                         @ row 4's even half: lanes (2,0) (3,1) (4,2) (0,3) (1,4)
    THETA_TAKE B0, r0, 5
    THETA_KEEP B1, r2, 14
    THETA_KEEP B2, r8, 30
    THETA_KEEP B3, r12, 29
    THETA_KEEP B4, r5, 18
    CHI_K   \dst + 96, B0, B1, B2, 1, 22
    CHI_K   \dst + 176, B1, B2, B3, 30, 31
    CHI_K   \dst + 76, B2, B3, B4, 1, 31
    CHI_I   \dst + 136, B3, B4, B0, 11, 20
    CHI_K   \dst + 16, B4, B0, B1, 21, 0
.endm

@ The interleave of a lane (r2 its low word, r3 its high): five exchanges
@ of bits between the two words, each moving the lane's bit index's top
@ bit (which word) to the bit k below it: the bits of r2 whose bit k of
@ position is 1 trade places with those of r3 whose bit k is 0, s = 2^k
@ apart.  k = 4, 3, 2, 1, 0 in turn rotate the six index bits by one: r2
@ ends with the lane's even bits, r3 its odd ones; the other order undoes
@ it.  Four instructions each, one mask (r8 0x00FF00FF, r9 0x0F0F0F0F,
@ r10 0x33333333, r11 0x55555555; k = 4 needs none).
.macro  XSWAP s, m
    eor     r12, r3, r2, lsr #\s
    and     r12, r12, \m
    eor     r3, r3, r12
    eor     r2, r2, r12, lsl #\s
.endm
.macro  XSWAP16
    eor     r12, r3, r2, lsr #16
    mov     r12, r12, lsl #16
    eor     r2, r2, r12
    eor     r3, r3, r12, lsr #16
.endm
@ the input lane below r1 (aligned) xored into the state's slots e and o
.macro  ABSORB_LANE e, o, pe, po
    ldmdb   r1!, {r2, r3}
    XSWAP16
    XSWAP   8, r8
    XSWAP   4, r9
    XSWAP   2, r10
    XSWAP   1, r11
    ldr     r0, [sp, #(S0 + 4 * \e)]
    EOR_ROR r0, r0, r2, (32 - \pe)
    str     r0, [sp, #(S0 + 4 * \e)]
    ldr     r0, [sp, #(S0 + 4 * \o)]
    EOR_ROR r0, r0, r3, (32 - \po)
    str     r0, [sp, #(S0 + 4 * \o)]
.endm
@ the padding's last bit (bit 63 of a lane, bit 31 of its odd word o) xored
@ into the state where that word is held rotated left by po
.macro  PAD_END o, po
    ldr     r0, [sp, #(S0 + 4 * \o)]
    eor     r0, r0, #(1 << ((31 + \po) % 32))
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
.macro  SQUEEZE_LANE e, o, pe, po, off
    ldr     r2, [sp, #(S0 + 4 * \e)]
    ldr     r3, [sp, #(S0 + 4 * \o)]
    MOV_ROR r2, r2, \pe
    MOV_ROR r3, r3, \po
    XSWAP   1, r11
    XSWAP   2, r10
    XSWAP   4, r9
    XSWAP   8, r8
    XSWAP16
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
    .equ    P00E, 15                @ lane (0,0)'s words' pending rotations
    .equ    P00O, 23
.macro  RC_WORDS e, o               @ rotated left by them
    .word   ((\e << P00E) | (\e >> (32 - P00E))) & 0xFFFFFFFF
    .word   ((\o << P00O) | (\o >> (32 - P00O))) & 0xFFFFFFFF
.endm
keccak_rc:
    RC_WORDS 0x00000001 0x00000000             @  0
    RC_WORDS 0x00000000 0x00000089             @  1
    RC_WORDS 0x00000000 0x8000008b             @  2
    RC_WORDS 0x00000000 0x80008080             @  3
    RC_WORDS 0x00000001 0x0000008b             @  4
    RC_WORDS 0x00000001 0x00008000             @  5
    RC_WORDS 0x00000001 0x80008088             @  6
    RC_WORDS 0x00000001 0x80000082             @  7
    RC_WORDS 0x00000000 0x0000000b             @  8
    RC_WORDS 0x00000000 0x0000000a             @  9
    RC_WORDS 0x00000001 0x00008082             @ 10
    RC_WORDS 0x00000000 0x00008003             @ 11
    RC_WORDS 0x00000001 0x0000808b             @ 12
    RC_WORDS 0x00000001 0x8000000b             @ 13
    RC_WORDS 0x00000001 0x8000008a             @ 14
    RC_WORDS 0x00000001 0x80000081             @ 15
    RC_WORDS 0x00000000 0x80000081             @ 16
    RC_WORDS 0x00000000 0x80000008             @ 17
    RC_WORDS 0x00000000 0x00000083             @ 18
    RC_WORDS 0x00000000 0x80008003             @ 19
    RC_WORDS 0x00000001 0x80008088             @ 20
    RC_WORDS 0x00000000 0x80000088             @ 21
    RC_WORDS 0x00000001 0x00008000             @ 22
    RC_WORDS 0x00000000 0x80008082             @ 23
keccak_masks:                       @ the interleave's (at the table's end)
    .word   0x00FF00FF, 0x0F0F0F0F, 0x33333333, 0x55555555

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

keccak_absorb:                      @ r1: the block, word-aligned; from its last lane down
    ldr     r0, [sp, #RCEND]        @ the masks follow the constants
    ldmia   r0, {r8-r11}
    ldr     r0, [sp, #RATE]
    add     r1, r1, r0
    cmp     r0, #72
    beq     keccak_lane8
keccak_lane16:                      @ each lane 27 instructions (keccak_last jumps in)
    ABSORB_LANE 18, 13, 10,  6          @ lane 16 = (1,3)
    ABSORB_LANE 48, 43, 10, 18          @ lane 15 = (0,3)
    ABSORB_LANE 47, 42, 10, 15          @ lane 14 = (4,2)
    ABSORB_LANE 27, 22, 21, 15          @ lane 13 = (3,2)
    ABSORB_LANE  7,  2, 25,  6          @ lane 12 = (2,2)
    ABSORB_LANE 32, 37, 21,  9          @ lane 11 = (1,2)
    ABSORB_LANE 17, 12, 25, 15          @ lane 10 = (0,2)
    ABSORB_LANE 11, 16, 16,  3          @ lane 9 = (4,1)
keccak_lane8:
    ABSORB_LANE 46, 41, 11, 24          @ lane 8 = (3,1)
    ABSORB_LANE 21, 26, 13, 18          @ lane 7 = (2,1)
    ABSORB_LANE  1,  6, 16, 20          @ lane 6 = (1,1)
    ABSORB_LANE 31, 36, 11, 24          @ lane 5 = (0,1)
    ABSORB_LANE 35, 30, 21,  8          @ lane 4 = (4,0)
    ABSORB_LANE 10, 15, 15, 16          @ lane 3 = (3,0)
    ABSORB_LANE 40, 45, 21,  8          @ lane 2 = (2,0)
    ABSORB_LANE 25, 20, 25, 16          @ lane 1 = (1,0)
    ABSORB_LANE  0,  5, 15, 23          @ lane 0 = (0,0)
    .if     (keccak_lane8 - keccak_lane16) - 8 * 27 * 4
    .error  "ABSORB_LANE is not 27 instructions"
    .endif

keccak_permute:
    ldr     r0, [sp, #RCEND]
    sub     r0, r0, #(24 * 8)
    str     r0, [sp, #RCP]
keccak_rounds:
    ROUND   S0, S1, 0
    ROUND   S1, S0, 1               @ sets the flags: eq after the last round
    bne     keccak_rounds
    ldr     r0, [sp, #LEN]
    cmn     r0, #1                  @ -1 (after the padded block) is no byte count:
    bne     keccak_block            @ every real one is at most 2^32 - 1 - 72

    ldr     r0, [sp, #OUT]          @ the digest: 4 lanes, or 8 for SHA3-512
    ldr     r1, [sp, #RCEND]
    ldmia   r1, {r8-r11}
    SQUEEZE_LANE  0,  5, 15, 23,  0
    SQUEEZE_LANE 25, 20, 25, 16,  8
    SQUEEZE_LANE 40, 45, 21,  8, 16
    SQUEEZE_LANE 10, 15, 15, 16, 24
    ldr     r1, [sp, #RATE]
    cmp     r1, #72
    bne     keccak_done
    SQUEEZE_LANE 35, 30, 21,  8, 32
    SQUEEZE_LANE 31, 36, 11, 24, 40
    SQUEEZE_LANE  1,  6, 16, 20, 48
    SQUEEZE_LANE 21, 26, 13, 18, 56
keccak_done:
    add     sp, sp, #FRAME
    pop     {r4-r11, lr}
    bx      lr

keccak_last:                        @ r1 the len bytes left, less than a block
    ldr     r2, [sp, #LEN]
    mov     r4, r2, lsr #3          @ m: the lane the padding starts in
    add     r0, sp, #BUF            @ that lane's buffer zeroed (those below are copied whole)
    add     r0, r0, r4, lsl #3
    mov     r5, #0
    mov     r6, #0
    stmia   r0, {r5, r6}
    add     r0, sp, #BUF
    tst     r1, #3                  @ aligned: the whole words first
    bne     4f
    subs    r2, r2, #4
    bcc     3f
2:  ldr     r3, [r1], #4
    str     r3, [r0], #4
    subs    r2, r2, #4
    bcs     2b
3:  add     r2, r2, #4
4:  bl      copy_bytes
    ldrb    r3, [r0]                @ the padding's first byte after them
    ldr     r2, [sp, #PAD]
    eor     r3, r3, r2
    strb    r3, [r0]
    ldr     r3, [sp, #RATE]         @ its last bit, bit 63 of the block's last lane,
    cmp     r3, #72                 @ straight into the state
    beq     5f
    PAD_END 13, 6                   @ lane 16
    b       6f
5:  PAD_END 41, 24                  @ lane 8
6:  mvn     r2, #0
    str     r2, [sp, #LEN]
    ldr     r0, [sp, #RCEND]        @ lanes m down to 0 from the buffer, the zero
    ldmia   r0, {r8-r11}            @ ones above skipped: into the absorb at lane m
    add     r1, sp, #(BUF + 8)
    add     r1, r1, r4, lsl #3
    rsb     r0, r4, #16
    add     r0, r0, r0, lsl #1      @ (16 - m) * 27 instructions
    add     r0, r0, r0, lsl #3
    ldr     r2, =keccak_lane16
    add     pc, r2, r0, lsl #2
    .ltorg

    COPY_BYTES r3

    .size   keccak_sponge, . - keccak_sponge
