@ SPDX-License-Identifier: MIT
@ armv4/sha1.s - SHA-1 (FIPS 180-4) for the ARM state of ARMv4T (ARM7TDMI, GBA).
@
@   void hb_sha1_armv4(uint8_t *out, const uint8_t *in, size_t len)
@   AAPCS: r0 out, r1 in, r2 len; r4-r11 kept; returns by bx (interworking).
@
@ A block in two phases.  First the message schedule, with every register
@ free (the state saved): W[0..15] by two ldm of eight, byte-swapped in
@ three instructions each with the mask 0x00FF00FF, stored by stm; then
@ W[16..79] two at a time (SCHED): W[t-8..t-1] in eight registers, W[t-16],
@ W[t-15] kept from the pair before (its W[t-14], W[t-13]), W[t-14],
@ W[t-13] by one ldm of two with writeback, three eor and a rotation a
@ word, two str: 80 words on the stack.  Then the rounds, a..e in r3-r7
@ renamed round by round through the macros' parameters (no moves), W
@ read seven at a time by ldmia sp! (sp walks the array: only words it has
@ passed are dead).  The rotation of b by 30 is never done: a value is
@ held unrotated from when it becomes c until it is used as e, and each
@ use takes it through the barrel shifter (ror #2), which ARM gives for
@ free in one operand of every instruction; c ^ d of two unrotated values
@ is the unrotated c ^ d.  So a round is e = K + e, + rotl(a, 5),
@ + f(b, c, d), + W: 7 instructions with Ch, 6 with Parity, 8 with Maj
@ (as (b & c) + (d & (b ^ c))).
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
@ r3-r7 the state a..e; r8 K, r12 f in the rounds; r1 += 64 a block.
@ Its frame (sp at the block's start):
    .equ    SAVED, 320              @ [sp, #0..319] W[0..79]; the state before the block
    .equ    NEXT_BLOCK, 340         @ the input after the block's words
    .equ    CFRAME, 344             @ then [sp, #344] the blocks' end, lr

@ round t (a..e as it names them; w: W[t]); e += K + rotl(a, 5) + f(b, c, d) + W,
@ c and d held unrotated (ror #2 where read), e too until this add
.macro  RND t, a, b, c, d, e, w
.if (\t) % 20 == 0 && (\t) > 0
    ldr     r8, sha1_k + 4 * ((\t) / 20)
.endif
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

@ W[t], W[t+1] = rotl(W[t-3] ^ W[t-8] ^ W[t-14] ^ W[t-16], 1) into k0, k1
@ (W[t-16], W[t-15], kept), from n0, n1 = W[t-14], W[t-13], fetched here
@ through lr (the first pair fetches W[0..3]), and w8, w7, w3, w2 =
@ W[t-8], W[t-7], W[t-3], W[t-2]; stored at lr + 48 (lr = &W[t-12] then)
.macro  SCHED t, k0, k1, n0, n1, w8, w7, w3, w2
.if (\t) == 16
    ldmia   lr!, {\k0, \k1, \n0, \n1}
.else
    ldmia   lr!, {\n0, \n1}
.endif
    eor     \k0, \k0, \n0
    eor     \k0, \k0, \w8
    eor     \k0, \k0, \w3
    mov     \k0, \k0, ror #31       @ W[t]
    eor     \k1, \k1, \n1
    eor     \k1, \k1, \w7
    eor     \k1, \k1, \w2
    mov     \k1, \k1, ror #31       @ W[t+1]
    str     \k0, [lr, #48]
    str     \k1, [lr, #52]
.endm

@ rounds t..t+6 on W[t..t+6], read by one ldm (a..e as round t names them)
.macro  SEVEN t, a, b, c, d, e
    ldmia   sp!, {r0, r1, r2, r9, r10, r11, lr}
    RND     (\t), \a, \b, \c, \d, \e, r0
    RND     (\t+1), \e, \a, \b, \c, \d, r1
    RND     (\t+2), \d, \e, \a, \b, \c, r2
    RND     (\t+3), \c, \d, \e, \a, \b, r9
    RND     (\t+4), \b, \c, \d, \e, \a, r10
    RND     (\t+5), \a, \b, \c, \d, \e, r11
    RND     (\t+6), \e, \a, \b, \c, \d, lr
.endm
.macro  THREE t, a, b, c, d, e
    ldmia   sp!, {r0, r1, r2}
    RND     (\t), \a, \b, \c, \d, \e, r0
    RND     (\t+1), \e, \a, \b, \c, \d, r1
    RND     (\t+2), \d, \e, \a, \b, \c, r2
.endm

sha1_compress:
    add     r2, r1, r2, lsl #6      @ the end of the blocks
    push    {r2, lr}
    sub     sp, sp, #CFRAME
sha1_block:
    add     r0, sp, #SAVED
    stmia   r0, {r3-r7}
    mov     r11, #0xFF
    orr     r11, r11, #0xFF0000     @ the byte swaps' mask
    ldmia   r1!, {r3-r10}           @ W[0..7], big-endian
    .irp    x, r3, r4, r5, r6, r7, r8, r9, r10
    BSWAP   \x
    .endr
    stmia   sp, {r3-r10}
    ldmia   r1!, {r3-r10}           @ W[8..15]
    .irp    x, r3, r4, r5, r6, r7, r8, r9, r10
    BSWAP   \x
    .endr
    add     r12, sp, #32
    stmia   r12, {r3-r10}
    str     r1, [sp, #NEXT_BLOCK]
    mov     lr, sp
@ W[16..79]: the registers of each pair as the last left them (W[8..15] in r3-r10)
    SCHED   16, r0, r1, r2, r11, r3, r4, r8, r9
    SCHED   18, r2, r11, r3, r4, r5, r6, r10, r0
    SCHED   20, r3, r4, r5, r6, r7, r8, r1, r2
    SCHED   22, r5, r6, r7, r8, r9, r10, r11, r3
    SCHED   24, r7, r8, r9, r10, r0, r1, r4, r5
    SCHED   26, r9, r10, r0, r1, r2, r11, r6, r7
    SCHED   28, r0, r1, r2, r11, r3, r4, r8, r9
    SCHED   30, r2, r11, r3, r4, r5, r6, r10, r0
    SCHED   32, r3, r4, r5, r6, r7, r8, r1, r2
    SCHED   34, r5, r6, r7, r8, r9, r10, r11, r3
    SCHED   36, r7, r8, r9, r10, r0, r1, r4, r5
    SCHED   38, r9, r10, r0, r1, r2, r11, r6, r7
    SCHED   40, r0, r1, r2, r11, r3, r4, r8, r9
    SCHED   42, r2, r11, r3, r4, r5, r6, r10, r0
    SCHED   44, r3, r4, r5, r6, r7, r8, r1, r2
    SCHED   46, r5, r6, r7, r8, r9, r10, r11, r3
    SCHED   48, r7, r8, r9, r10, r0, r1, r4, r5
    SCHED   50, r9, r10, r0, r1, r2, r11, r6, r7
    SCHED   52, r0, r1, r2, r11, r3, r4, r8, r9
    SCHED   54, r2, r11, r3, r4, r5, r6, r10, r0
    SCHED   56, r3, r4, r5, r6, r7, r8, r1, r2
    SCHED   58, r5, r6, r7, r8, r9, r10, r11, r3
    SCHED   60, r7, r8, r9, r10, r0, r1, r4, r5
    SCHED   62, r9, r10, r0, r1, r2, r11, r6, r7
    SCHED   64, r0, r1, r2, r11, r3, r4, r8, r9
    SCHED   66, r2, r11, r3, r4, r5, r6, r10, r0
    SCHED   68, r3, r4, r5, r6, r7, r8, r1, r2
    SCHED   70, r5, r6, r7, r8, r9, r10, r11, r3
    SCHED   72, r7, r8, r9, r10, r0, r1, r4, r5
    SCHED   74, r9, r10, r0, r1, r2, r11, r6, r7
    SCHED   76, r0, r1, r2, r11, r3, r4, r8, r9
    SCHED   78, r2, r11, r3, r4, r5, r6, r10, r0
    add     r0, sp, #SAVED
    ldmia   r0, {r3-r7}
    mov     r5, r5, ror #30         @ c, d, e held unrotated (see the top)
    mov     r6, r6, ror #30
    mov     r7, r7, ror #30
    ldr     r8, sha1_k
@ the rounds, a..e renamed by one a round
    SEVEN   0, r3, r4, r5, r6, r7
    SEVEN   7, r6, r7, r3, r4, r5
    SEVEN   14, r4, r5, r6, r7, r3
    SEVEN   21, r7, r3, r4, r5, r6
    SEVEN   28, r5, r6, r7, r3, r4
    SEVEN   35, r3, r4, r5, r6, r7
    SEVEN   42, r6, r7, r3, r4, r5
    SEVEN   49, r4, r5, r6, r7, r3
    SEVEN   56, r7, r3, r4, r5, r6
    SEVEN   63, r5, r6, r7, r3, r4
    SEVEN   70, r3, r4, r5, r6, r7
    THREE   77, r6, r7, r3, r4, r5
    ldmia   sp, {r0, r1, r2, r9, r10, r11, lr}  @ sp at SAVED: the state before the
    add     r3, r3, r0              @ block, added back; the next block, the blocks' end
    add     r4, r4, r1
    add     r5, r2, r5, ror #2
    add     r6, r9, r6, ror #2
    add     r7, r10, r7, ror #2
    sub     sp, sp, #SAVED
    cmp     r11, lr
    mov     r1, r11
    bne     sha1_block
    add     sp, sp, #CFRAME
    pop     {r2, lr}
    bx      lr
    .size   hb_sha1_armv4, . - hb_sha1_armv4
