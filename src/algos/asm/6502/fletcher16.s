; SPDX-License-Identifier: MIT
; fletcher16.s - Fletcher-16 (bytes, mod 255; docs/algorithms.md) for the 6502, written from the definition:
;   a = sum of the bytes mod 255, b = sum of the a after each byte mod 255;
;   out = b, a.
; void __fastcall__ hb_fletcher16_6502(uint8_t *out, const uint8_t *in, size_t len)
; cc65's convention: len in A (low) and X (high); in, then out, on cc65's
; argument stack at (sp),0..3, which the callee removes (incsp4).
;
; The input is read as (ptr1),y.  The len mod 256 bytes come first: the
; pointer moved back by 256 - len mod 256 and y run from there up to 256,
; so the same `iny; bne` ends the part page; then whole pages, 8 bytes
; to a test.
; x + y mod 255 is the 8-bit sum plus its carry (end-around carry): added
; once it cannot carry again, so the carry is clear after every step and no
; clc is needed.  255 stands for 0 until the end.  A byte: 21 cycles (+1
; where the read crosses a page), iny 2 and the test 3 per 8 bytes.

	.export		_hb_fletcher16_6502
	.importzp	sp, ptr1, ptr2, tmp1
	.import		incsp4
	.macpack	longbranch	; jeq/jne: a branch, or its inverse over a jmp where out of reach

	.segment	"ZEROPAGE"
pages:	.res	1			; whole pages left
sa:	.res	1			; a
sb:	.res	1			; b
	.segment	"ALGOCODE"	; the algorithms' code, started on a page (src/platform/guest/sim65.cfg, the NES image)

.macro	STEP
	lda	(ptr1),y
	adc	sa
	adc	#0
	sta	sa
	adc	sb
	adc	#0
	sta	sb
.endmacro

.proc	_hb_fletcher16_6502
	sta	tmp1			; len mod 256
	stx	pages
	ldy	#3			; ptr2 = out, ptr1 = in
	lda	(sp),y
	sta	ptr2+1
	dey
	lda	(sp),y
	sta	ptr2
	dey
	lda	(sp),y
	sta	ptr1+1
	dey
	lda	(sp),y
	sta	ptr1
	lda	#0
	sta	sa
	sta	sb
	clc
	lda	tmp1
	beq	whole			; no part page
	clc				; ptr1 += len mod 256 - 256
	adc	ptr1
	sta	ptr1
	bcs	:+
	dec	ptr1+1
:	lda	#0			; y = 256 - len mod 256
	sec
	sbc	tmp1
	tay
	clc
part:	STEP
	iny
	jne	part
	inc	ptr1+1
whole:	ldx	pages
	jeq	done
page:	ldy	#0
run:	.repeat	8
	STEP
	iny
	.endrepeat
	jne	run
	inc	ptr1+1
	dec	pages
	jne	page
done:
	ldy	#0			; 255 stands for 0
	ldx	sb
	inx
	bne	:+
	stx	sb
:	ldx	sa
	inx
	bne	:+
	stx	sa
:	lda	sb			; big-endian: b, then a
	sta	(ptr2),y
	iny
	lda	sa
	sta	(ptr2),y
	jmp	incsp4
.endproc
