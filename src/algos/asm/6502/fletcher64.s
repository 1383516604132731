; SPDX-License-Identifier: MIT
; fletcher64.s - Fletcher-64 (32-bit big-endian words, mod 2^32 - 1; a 1-3
; byte tail left-aligned in a zero-filled word; docs/algorithms.md) for the
; 6502, written from the definition:
;   a = sum of the words mod 2^32 - 1, b = sum of the a after each word
;   mod 2^32 - 1;  out = b, a, big-endian.
; void __fastcall__ hb_fletcher64_6502(uint8_t *out, const uint8_t *in, size_t len)
; cc65's convention: len in A (low) and X (high); in, then out, on cc65's
; argument stack at (sp),0..3, which the callee removes (incsp4).
;
; x + y mod 2^32 - 1 is the 32-bit sum plus its carry (end-around carry):
; the wrapped sum is at most 2^32 - 2, so adding the carry cannot carry
; again, and where the sum did not wrap the carry is already clear for the
; next add.  2^32 - 1 stands for 0 until the end.  The words are read
; through four pointers, p0..p3 = base + 0..3 (p0 the most significant
; byte), with y stepping by 4: the len / 4 words mod 64 first (the
; pointers moved back so that y runs up to the wrap), then 64 a page,
; four to a test.  A word: a += w 44 cycles, b += a 36, the carries'
; tests 3 each (about 16 where a sum wraps, every other word or so), iny
; four times 8: about 107, 27 a byte.

	.export		_hb_fletcher64_6502
	.importzp	sp, ptr1, ptr2, tmp1, tmp2
	.import		incsp4
	.macpack	longbranch	; jeq/jne: a branch, or its inverse over a jmp where out of reach
	.include	"pages.inc"	; ARGS

	.importzp	hb6502_zp	; the 6502 routines' zero-page scratch, 80 bytes (sim65.cfg, the NES image)
pages	= hb6502_zp			; whole pages of words left
sa	= pages + 1			; a, least significant byte first
sb	= sa + 4			; b
p	= sb + 4			; p0 .. p3
tw	= p + 8				; the tail's word, most significant byte first
	.assert	tw + 4 - hb6502_zp <= 80, error, "fletcher64.s: more zero page than the scratch holds"
	.segment	"ALGOCODE"	; the algorithms' code, started on a page (src/platform/guest/sim65.cfg, the NES image)

; acc += the 32-bit value of bytes b0 (least significant) .. b3 mod 2^32 - 1;
; the carry clear before and after
.macro	ADD_ONES acc, b0, b1, b2, b3
	.local	done
	lda	acc
	adc	b0
	sta	acc
	lda	acc+1
	adc	b1
	sta	acc+1
	lda	acc+2
	adc	b2
	sta	acc+2
	lda	acc+3
	adc	b3
	sta	acc+3
	bcc	done
	inc	acc			; wrapped: at most 2^32 - 2, +1 cannot carry
	bne	:+
	inc	acc+1
	bne	:+
	inc	acc+2
	bne	:+
	inc	acc+3
:	clc
done:
.endmacro

; one word: p0 + y its most significant byte .. p3 + y its least
.macro	WORD
	ADD_ONES sa, {(p+6),y}, {(p+4),y}, {(p+2),y}, {(p),y}
	ADD_ONES sb, sa, sa+1, sa+2, sa+3
	iny
	iny
	iny
	iny
.endmacro

.proc	_hb_fletcher64_6502
	ARGS				; len mod 256 to tmp1, len / 256 (whole pages of words) to pages
	lda	#0
	ldx	#7			; a = b = 0
:	sta	sa,x
	dex
	bpl	:-
	FIRST_WORD 4			; tmp2 = y of the first word: -4 * (words mod 64); p0 = in - y

.repeat	3, K			; p1 .. p3
	lda	p
	clc
	adc	#K+1
	sta	p+2*K+2
	lda	p+1
	adc	#0
	sta	p+2*K+3
.endrepeat
	cpy	#0
	jeq	next			; no part page
	clc
part:	WORD				; words until y wraps
	jne	part
next:
.repeat	4, K			; y wrapped: the pointers to the next page
	inc	p+2*K+1
.endrepeat
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
tail:	lda	tmp1			; y is 0: a 1-3 byte tail, left-aligned in a zero word
	and	#3
	beq	done
	tax
	lda	#0
	sta	tw
	sta	tw+1
	sta	tw+2
	sta	tw+3
:	lda	(p),y
	sta	tw,y
	iny
	dex
	bne	:-
	clc
	ADD_ONES sa, tw+3, tw+2, tw+1, tw
	ADD_ONES sb, sa, sa+1, sa+2, sa+3
done:	ldx	#4			; 2^32 - 1 is 0; out = b, a big-endian
:	lda	sa,x
	and	sa+1,x
	and	sa+2,x
	and	sa+3,x
	cmp	#$FF
	bne	:+
	lda	#0
	sta	sa,x
	sta	sa+1,x
	sta	sa+2,x
	sta	sa+3,x
:	dex
	dex
	dex
	dex
	bpl	:--
	ldy	#7
	ldx	#0
:	lda	sa,x
	sta	(ptr2),y
	inx
	dey
	bpl	:-
	jmp	incsp4
.endproc
