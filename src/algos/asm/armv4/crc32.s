@ SPDX-License-Identifier: MIT
@ armv4/crc32.s - CRC-32/ISO-HDLC (reflected poly 0x04C11DB7, init and
@ final xor 0xFFFFFFFF, the digest stored big-endian) for the ARM state of
@ ARMv4T (ARM7TDMI, GBA; runs on any later ARM core in the ARM state).
@
@   void hb_crc32_armv4(uint8_t *out, const uint8_t *in, size_t len)
@   AAPCS: r0 out, r1 in, r2 len; r4-r11 kept; returns by bx (interworking).
@
@ Slicing by four with crc32_tables.c's hb_crc32_word: after c ^= w (a
@ little-endian word of input), c = word[0][c0] ^ word[1][c1] ^ word[2][c2]
@ ^ word[3][c3] (word[m][b] steps byte b at position m through four bytes;
@ word[3] is the one-byte table, used for the bytes before the input is
@ word-aligned and after its last word).  Each table index is one `and`
@ with the mask 0x3FC of a shifted c, so it is already the byte offset.
@ Per word on the ARM7TDMI: eor 1, four (and 1 + ldr 3), three eor = 20
@ cycles; ldm of four words 6 and the loop 4 a 16 bytes: 5.6 cycles a byte.

    .arm
    .syntax unified
    .section .text.hb_crc32_armv4, "ax", %progbits
    .global hb_crc32_armv4
    .type   hb_crc32_armv4, %function
    .align  2
hb_crc32_armv4:
    push    {r4-r11, lr}
    ldr     r3, =hb_crc32_word      @ r3-r6: word[0..3]
    add     r4, r3, #1024
    add     r5, r3, #2048
    add     r6, r3, #3072
    mvn     r12, #0                 @ c = 0xFFFFFFFF
    mov     lr, #0x3FC              @ byte index * 4

@ the bytes before in is word-aligned, one at a time
head:
    tst     r1, #3
    beq     aligned
    subs    r2, r2, #1
    bcc     finish                  @ len ran out first
    ldrb    r7, [r1], #1
    eor     r7, r7, r12
    and     r7, r7, #0xFF
    ldr     r7, [r6, r7, lsl #2]
    eor     r12, r7, r12, lsr #8
    b       head

@ one word: c ^= w, then the four lookups of c's bytes into c
.macro  WORD w
    eor     r12, r12, \w
    and     r11, lr, r12, lsl #2
    ldr     \w, [r3, r11]
    and     r11, lr, r12, lsr #6
    ldr     r11, [r4, r11]
    eor     \w, \w, r11
    and     r11, lr, r12, lsr #14
    ldr     r11, [r5, r11]
    eor     \w, \w, r11
    and     r11, lr, r12, lsr #22
    ldr     r11, [r6, r11]
    eor     r12, \w, r11
.endm

aligned:
    subs    r2, r2, #16
    bcc     words
block16:
    ldmia   r1!, {r7-r10}
    WORD    r7
    WORD    r8
    WORD    r9
    WORD    r10
    subs    r2, r2, #16
    bcs     block16
words:
    adds    r2, r2, #12             @ len mod 16, less 4
    bcc     tail
word4:
    ldr     r7, [r1], #4
    WORD    r7
    subs    r2, r2, #4
    bcs     word4
tail:
    adds    r2, r2, #4              @ 0..3 bytes left
    beq     finish
byte1:
    ldrb    r7, [r1], #1
    eor     r7, r7, r12
    and     r7, r7, #0xFF
    ldr     r7, [r6, r7, lsl #2]
    eor     r12, r7, r12, lsr #8
    subs    r2, r2, #1
    bne     byte1

finish:                             @ ~c, big-endian, out may be unaligned
    mvn     r12, r12
    mov     r3, r12, lsr #24
    strb    r3, [r0]
    mov     r3, r12, lsr #16
    strb    r3, [r0, #1]
    mov     r3, r12, lsr #8
    strb    r3, [r0, #2]
    strb    r12, [r0, #3]
    pop     {r4-r11, lr}
    bx      lr
    .size   hb_crc32_armv4, . - hb_crc32_armv4
    .ltorg
