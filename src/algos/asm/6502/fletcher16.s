; SPDX-License-Identifier: MIT
; fletcher16.s - Fletcher-16 (bytes, mod 255; docs/algorithms.md) for the 6502, written from the definition:
;   a = sum of the bytes mod 255, b = sum of the a after each byte mod 255;
;   out = b, a.
; void __fastcall__ hb_fletcher16_6502(uint8_t *out, const uint8_t *in, size_t len)
; cc65's convention: len in A (low) and X (high); in, then out, on cc65's
; argument stack at (sp),0..3, which the callee removes (incsp4).
;
; The input is read as (ptr1),y, the part page first, then whole pages,
; 8 bytes to a test (pages.inc).
; x + y mod 255 is the 8-bit sum plus its carry (end-around carry): added
; once it cannot carry again, so the carry is clear after every step and no
; clc is needed.  255 stands for 0 until the end.  A byte: 21 cycles (+1
; where the read crosses a page), iny 2 and the test 3 per 8 bytes.

	.export		_hb_fletcher16_6502
	.importzp	sp, ptr1, ptr2, tmp1
	.import		incsp4
	.macpack	longbranch	; jeq/jne: a branch, or its inverse over a jmp where out of reach
	.include	"pages.inc"	; ARGS, PART_PAGE, PAGE_LOOP

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
	ARGS
	lda	#0
	sta	sa
	sta	sb
	clc
	PART_PAGE whole
	clc
	PAGE_LOOP 8
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
