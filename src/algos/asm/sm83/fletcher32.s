; SPDX-License-Identifier: MIT
; fletcher32.s - Fletcher-32 (big-endian 16-bit words, mod 65535; docs/algorithms.md)
; for the Game Boy's SM83, written from the definition:
;   a = sum of the words mod 65535, b = sum of the a after each word mod
;   65535; an odd last byte is a word's high byte, its low byte 0;
;   out = b, a, big-endian.
; void hb_fletcher32_sm83(uint8_t *out, const uint8_t *in, size_t len)
; SDCC's sdcccall(1): out in DE, in in BC, len on the stack above the return
; address, removed by the callee; no register needs keeping.
;
; x + y mod 65535 is the 16-bit sum plus its carry (end-around carry): added
; once it cannot carry again, and 65535 stands for 0 until the end.
; bc = a, de = b, hl the input.  A word: about 112 cycles (its two loads
; and the pointer 40, a += word 24 + its carry 12, b += a 24 + 12); the
; count lives in RAM, touched once per 8 words.

	.module fletcher32_sm83
	.area _DATA
count_lo:	.ds 1			; blocks left: the low byte runs through 256,
count_hi:	.ds 1			; the high byte counts those runs
odd:	.ds 1				; len's lowest bit
	.area _CODE
	.globl _hb_fletcher32_sm83

	.include "blocks.inc"	; BLOCK_COUNT, BLOCK_LOOPS

	.macro SUM2 ?over		; b += a
	ld	a, e
	add	a, c
	ld	e, a
	ld	a, d
	adc	a, b
	ld	d, a
	jr	nc, over
	inc	de
over:
	.endm

	.macro STEP ?over
	inc	hl
	ld	a, (hl-)		; the low byte
	add	a, c
	ld	c, a
	ld	a, (hl+)		; the high byte
	adc	a, b
	ld	b, a
	inc	hl
	jr	nc, over
	inc	bc
over:	SUM2
	.endm

_hb_fletcher32_sm83::
	push	de			; out, for the end
	ldhl	sp, #4			; len, above out and the return address
	ld	a, (hl+)
	ld	e, a
	ld	d, (hl)
	ld	h, b
	ld	l, c			; hl = in
	ld	a, e
	and	a, #1
	ld	(odd), a
	srl	d			; de = words
	rr	e
	BLOCK_COUNT 3, b
	ld	a, b
	and	a, #7			; the words below a multiple of 8, one by one first
	ld	bc, #0			; a = 0
	ld	de, #0			; b = 0
	BLOCK_LOOPS 8
	ld	a, (odd)		; an odd last byte: a word's high byte
	or	a, a
	jr	z, 6$
	ld	a, (hl)
	add	a, b
	ld	b, a
	jr	nc, 7$
	inc	bc
7$:	SUM2
6$:	ld	a, b			; 65535 stands for 0
	and	a, c
	inc	a
	jr	nz, 8$
	ld	b, a
	ld	c, a
8$:	ld	a, d
	and	a, e
	inc	a
	jr	nz, 9$
	ld	d, a
	ld	e, a
9$:	pop	hl			; out: b, then a, big-endian
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
