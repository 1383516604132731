; SPDX-License-Identifier: MIT
; adler32.s - Adler-32 (RFC 1950 section 8) for the Game Boy's SM83, written
; from the definition:
;   s1 = 1 + the sum of the bytes, s2 = the sum of the s1 after each byte,
;   both mod 65521; out = s2, s1, big-endian.
; void hb_adler32_sm83(uint8_t *out, const uint8_t *in, size_t len)
; SDCC's sdcccall(1): out in DE, in in BC, len on the stack above the return
; address, removed by the callee; no register needs keeping.
;
; 2^16 = 65521 + 15, so a 16-bit sum that carries out is taken back into
; 16 bits by adding 15: s1 and s2 stay 16-bit numbers congruent to the
; sums mod 65521 (at most 65535), reduced once at the end.  A byte costs
; one load, a 16-bit s1 += byte (the high byte only on a carry) and a
; 16-bit s2 += s1 (its fold when it carries, every second byte or so).
; Registers: bc = s1, de = s2, hl the input; the count lives in RAM,
; touched once per 16 bytes.

	.module adler32_sm83
	.area _DATA
count_lo:	.ds 1			; blocks left: the low byte runs through 256,
count_hi:	.ds 1			; the high byte counts those runs
	.area _CODE
	.globl _hb_adler32_sm83

	.include "blocks.inc"	; BLOCK_COUNT, BLOCK_LOOPS

	.macro STEP ?lo, ?hi
	ld	a, (hl+)
	add	a, c			; s1 += byte
	ld	c, a
	jr	nc, lo
	inc	b
	jr	nz, lo
	ld	a, c			; s1 carried out of 16 bits (now <= 254): + 15
	add	a, #15
	ld	c, a
	jr	nc, lo
	inc	b			; from 0: it cannot carry again
lo:	ld	a, e			; s2 += s1
	add	a, c
	ld	e, a
	ld	a, d
	adc	a, b
	ld	d, a
	jr	nc, hi
	ld	a, e			; carried: + 15, and once more if that carries
	add	a, #15
	ld	e, a
	jr	nc, hi
	inc	d
	jr	nz, hi
	ld	a, e
	add	a, #15
	ld	e, a
hi:
	.endm

_hb_adler32_sm83::
	push	de			; out, for the end
	ldhl	sp, #4			; len, above out and the return address
	ld	a, (hl+)
	ld	e, a
	ld	d, (hl)
	ld	h, b
	ld	l, c			; hl = in
	BLOCK_COUNT 4, b
	ld	a, b
	and	a, #15			; the bytes below a multiple of 16, one by one first
	ld	bc, #1			; s1 = 1
	ld	de, #0			; s2 = 0
	BLOCK_LOOPS 16
	ld	a, b			; reduce: 65521..65535 -> 0..14
	inc	a
	jr	nz, 6$
	ld	a, c
	sub	a, #0xF1
	jr	c, 6$
	ld	c, a
	ld	b, #0
6$:	ld	a, d
	inc	a
	jr	nz, 7$
	ld	a, e
	sub	a, #0xF1
	jr	c, 7$
	ld	e, a
	ld	d, #0
7$:	pop	hl			; out
	ld	a, d
	ld	(hl+), a
	ld	a, e
	ld	(hl+), a
	ld	a, b
	ld	(hl+), a
	ld	(hl), c
	pop	hl			; the return address
	pop	af			; len: the callee removes it
	jp	(hl)
