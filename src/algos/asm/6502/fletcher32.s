; SPDX-License-Identifier: MIT
; fletcher32.s - Fletcher-32 (16-bit big-endian words, mod 65535; an odd
; last byte the high byte of a word whose low byte is 0; docs/algorithms.md)
; for the 6502, written from the definition:
;   a = sum of the words mod 65535, b = sum of the a after each word mod
;   65535;  out = b, a, big-endian.
; void __fastcall__ hb_fletcher32_6502(uint8_t *out, const uint8_t *in, size_t len)
; cc65's convention: len in A (low) and X (high); in, then out, on cc65's
; argument stack at (sp),0..3, which the callee removes (incsp4).
;
; x + y mod 65535 is the 16-bit sum plus its carry (end-around carry): the
; wrapped sum is at most 65534, so adding the carry cannot carry again, and
; where the sum did not wrap the carry is already clear for the next add.
; 65535 stands for 0 until the end.  The words are read through two
; pointers, p0 (high bytes) and p1 = p0 + 1, with y stepping by 2: the
; len / 2 words mod 128 first (the pointers moved back so that y runs up
; to the wrap), then 128 a page, four to a test.  A word: a += w 22
; cycles, b += a 18, the carries' tests 3 each (12 where a sum wraps, about
; every other word), iny twice 4: about 58, 29 a byte.

	.export		_hb_fletcher32_6502
	.importzp	sp, ptr1, ptr2, tmp1, tmp2
	.import		incsp4
	.macpack	longbranch	; jeq/jne: a branch, or its inverse over a jmp where out of reach
	.include	"pages.inc"	; ARGS

	.importzp	hb6502_zp	; the 6502 routines' zero-page scratch, 80 bytes (sim65.cfg, the NES image)
pages	= hb6502_zp			; whole pages of words left
sa	= pages + 1			; a, least significant byte first
sb	= sa + 2			; b
p	= sb + 2			; p0, p1
	.assert	p + 4 - hb6502_zp <= 80, error, "fletcher32.s: more zero page than the scratch holds"
	.segment	"ALGOCODE"	; the algorithms' code, started on a page (src/platform/guest/sim65.cfg, the NES image)

; acc += the 16-bit value whose bytes are (lo, hi) mod 65535; the carry clear
; before and after
.macro	ADD_ONES acc, lo, hi
	.local	done
	lda	acc
	adc	lo
	sta	acc
	lda	acc+1
	adc	hi
	sta	acc+1
	bcc	done
	inc	acc			; wrapped: at most 65534, +1 cannot carry
	bne	:+
	inc	acc+1
:	clc
done:
.endmacro

; one word: p0 + y its high byte, p1 + y its low byte
.macro	WORD
	ADD_ONES sa, {(p+2),y}, {(p),y}
	ADD_ONES sb, sa, sa+1
	iny
	iny
.endmacro

.proc	_hb_fletcher32_6502
	ARGS				; len mod 256 to tmp1, len / 256 (whole pages of words) to pages
	lda	#0
	sta	sa
	sta	sa+1
	sta	sb
	sta	sb+1
	FIRST_WORD 2			; tmp2 = y of the first word: -2 * (words mod 128); p0 = in - y
	lda	p			; p1 = p0 + 1
	clc
	adc	#1
	sta	p+2
	lda	p+1
	adc	#0
	sta	p+3
	cpy	#0
	beq	next			; no part page
	clc
part:	WORD				; words until y wraps
	jne	part
next:	inc	p+1			; y wrapped: the pointers to the next page
	inc	p+3
	lda	pages
	jeq	tail
	dec	pages
	clc
page:	WORD
	WORD
	WORD
	WORD
	jne	page
	jmp	next
tail:	lda	tmp1			; y is 0: an odd last byte is a word's high byte
	lsr
	bcc	done
	clc
	ADD_ONES sa, #0, {(p),y}
	ADD_ONES sb, sa, sa+1
done:	ldx	#2			; 65535 is 0; out = b, a big-endian
:	lda	sa,x
	and	sa+1,x
	cmp	#$FF
	bne	:+
	lda	#0
	sta	sa,x
	sta	sa+1,x
:	dex
	dex
	bpl	:--
	ldy	#3
	ldx	#0
:	lda	sa,x
	sta	(ptr2),y
	inx
	dey
	bpl	:-
	jmp	incsp4
.endproc
