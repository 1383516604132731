; SPDX-License-Identifier: MIT
; xor8.s - XOR-8 (the XOR of every byte; docs/algorithms.md) for the Game
; Boy's SM83, written from the definition.
; void hb_xor8_sm83(uint8_t *out, const uint8_t *in, size_t len)
; SDCC's sdcccall(1): out in DE, in in BC, len on the stack above the return
; address, removed by the callee; no register needs keeping.
;
; The XOR stays in a; hl is the input.  A byte: 16 cycles (xor (hl) 8,
; inc hl 8), the count 16 per 16 bytes: the loop is entered part-way for
; len mod 16.

	.module xor8_sm83
	.area _CODE
	.globl _hb_xor8_sm83

_hb_xor8_sm83::
	push	de			; out, for the end
	ldhl	sp, #4			; len, above out and the return address
	ld	a, (hl+)
	ld	e, a
	ld	d, (hl)
	ld	h, b
	ld	l, c			; hl = in
	ld	a, e
	and	a, #15
	ld	c, a			; c = len mod 16
	srl	d			; de = len / 16 blocks
	rr	e
	srl	d
	rr	e
	srl	d
	rr	e
	srl	d
	rr	e
	or	a, a
	jr	z, 1$
	inc	de			; and a part block first
1$:	ld	a, d
	or	a, e
	jr	z, 3$			; len 0: the XOR is 0 (a)
	ld	a, #16			; the first block is entered at 16 - len mod 16
	sub	a, c			; steps from its end (2 bytes a step)
	and	a, #15
	add	a, a
	add	a, #<2$
	ld	c, a
	ld	a, #>2$
	adc	a, #0
	ld	b, a
	push	bc			; `ret` goes there
	ld	b, d			; blocks counted as (c, b + 1 if c)
	ld	c, e
	ld	a, c
	or	a, a
	jr	z, 0$
	inc	b
0$:	xor	a, a
	ret
2$:	.rept 16
	xor	a, (hl)
	inc	hl
	.endm
	dec	c
	jr	nz, 2$
	dec	b
	jr	nz, 2$
3$:	pop	hl			; out
	ld	(hl), a
	pop	hl			; the return address
	pop	af			; len: the callee removes it
	jp	(hl)
