; SPDX-License-Identifier: MIT
; fletcher16.s - Fletcher-16 (bytes, mod 255; docs/algorithms.md) for the
; Game Boy's SM83, written from the definition:
;   a = sum of the bytes mod 255, b = sum of the a after each byte mod 255,
;   out = b, a.
; void hb_fletcher16_sm83(uint8_t *out, const uint8_t *in, size_t len)
; SDCC's sdcccall(1): out in DE, in in BC, len on the stack above the return
; address, removed by the callee; no register needs keeping.
;
; x + y mod 255 is the 8-bit sum plus its carry ("end-around carry"): with
; x, y <= 255 the carry is added once and cannot carry again, and every
; value stays in 0..255, 255 standing for 0 until the end.  So a byte costs
; one load and two such additions: 40 cycles (ld a,(hl+) 8; add 4 + adc 8
; + ld 4, twice), the loop's count 28 cycles a 16 bytes.

	.module fletcher16_sm83
	.area _CODE
	.globl _hb_fletcher16_sm83

	; b = a register (sum), c = b register (sum of sums); hl the input
	.macro STEP
	ld	a, (hl+)
	add	a, b
	adc	a, #0
	ld	b, a
	add	a, c
	adc	a, #0
	ld	c, a
	.endm

_hb_fletcher16_sm83::
	push	de			; out, for the end
	ldhl	sp, #4			; len, above out and the return address
	ld	a, (hl+)
	ld	e, a
	ld	d, (hl)
	ld	h, b
	ld	l, c			; hl = in
	ld	bc, #0			; a = b = 0
	ld	a, e
	and	a, #15			; the bytes below a multiple of 16, one by one first
	jr	z, 2$
	push	de
	ld	e, a
1$:	STEP
	dec	e
	jr	nz, 1$
	pop	de
2$:	srl	d			; de = len / 16 blocks of 16 bytes
	rr	e
	srl	d
	rr	e
	srl	d
	rr	e
	srl	d
	rr	e
	ld	a, d
	or	a, e
	jp	z, 4$
3$:	.rept 16
	STEP
	.endm
	dec	de
	ld	a, d
	or	a, e
	jp	nz, 3$
4$:	ld	a, b			; 255 stands for 0: the digest wants 0..254
	inc	a
	jr	nz, 5$
	ld	b, a
5$:	ld	a, c
	inc	a
	jr	nz, 6$
	ld	c, a
6$:	pop	de
	ld	a, c
	ld	(de), a			; big-endian: b, then a
	inc	de
	ld	a, b
	ld	(de), a
	pop	hl			; the return address
	pop	af			; len: the callee removes it
	jp	(hl)
