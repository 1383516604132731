; SPDX-License-Identifier: MIT
; pearson8.s - Pearson-8 (CACM 33(6), 1990, with the hash-bench family's
; permutation; docs/algorithms.md) for the Game Boy's SM83, a table lookup a
; byte:
;   h = 0;  h = t[h ^ byte] a byte;   out = h.
; void hb_pearson8_sm83(uint8_t *out, const uint8_t *in, size_t len)
; SDCC's sdcccall(1): out in DE, in in BC, len on the stack above the return
; address, removed by the callee; no register needs keeping.
;
; t is hb_pearson_page (pearson_page.s, generated with pearson_table.c by
; tools/generate/pearson_table.py), alone in a 256-byte page: with d its
; page, e = h ^ byte makes de the entry.  h stays in a; hl is the input.
; A byte: 28 cycles (xor (hl) 8, inc hl 8, ld e,a 4, ld a,(de) 8), the
; count 16 per 16 bytes: the loop is entered part-way for len mod 16.  Each
; step needs the last one's result as its index, so nothing overlaps.
; Where a link did not put the table at a page boundary, the general path
; adds the index to its address (56 cycles a byte).

	.module pearson8_sm83
	.area _CODE
	.globl _hb_pearson8_sm83
	.globl _hb_pearson_page

	.macro FAST
	xor	a, (hl)
	inc	hl
	ld	e, a
	ld	a, (de)
	.endm

	.macro GENERAL			; h in c, de the entry
	ld	a, (hl+)
	xor	a, c
	add	a, #<_hb_pearson_page
	ld	e, a
	ld	a, #>_hb_pearson_page
	adc	a, #0
	ld	d, a
	ld	a, (de)
	ld	c, a
	.endm

_hb_pearson8_sm83::
	push	de			; out, for the end
	ldhl	sp, #4			; len, above out and the return address
	ld	a, (hl+)
	ld	e, a
	ld	d, (hl)
	ld	h, b
	ld	l, c			; hl = in
	ld	a, #<_hb_pearson_page
	or	a, a
	jp	nz, general
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
	jr	z, finish		; len 0: h = 0 (a)
	ld	a, #16			; the first block is entered at 16 - len mod 16
	sub	a, c			; steps from its end (4 bytes a step)
	and	a, #15
	add	a, a
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
0$:	ld	d, #>_hb_pearson_page
	xor	a, a			; h = 0
	ret
2$:	.rept 16
	FAST
	.endm
	dec	c
	jr	nz, 2$
	dec	b
	jr	nz, 2$
finish:	pop	hl			; out
	ld	(hl), a
	pop	hl			; the return address
	pop	af			; len: the callee removes it
	jp	(hl)

general:
	ld	c, #0			; h = 0
	ld	a, d
	or	a, e
	jr	z, 6$
	ld	b, e			; counted as (b, d + 1 if b)
	ld	a, b
	or	a, a
	jr	z, 5$
	inc	d
5$:	push	de
	GENERAL
	pop	de
	dec	b
	jr	nz, 5$
	dec	d
	jr	nz, 5$
6$:	ld	a, c
	jr	finish
