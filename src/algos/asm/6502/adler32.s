; SPDX-License-Identifier: MIT
; adler32.s - Adler-32 (RFC 1950 section 8) for the 6502, written from the definition:
;   s1 = 1 + the sum of the bytes, s2 = the sum of the s1 after each byte,
;   both mod 65521; out = s2, s1, big-endian.
; void __fastcall__ hb_adler32_6502(uint8_t *out, const uint8_t *in, size_t len)
; cc65's convention: len in A (low) and X (high); in, then out, on cc65's
; argument stack at (sp),0..3, which the callee removes (incsp4).
;
; The input is read as (ptr1),y, the part page first, then whole pages,
; 4 bytes to a test (pages.inc).
; 2^16 = 65521 + 15: a 16-bit sum that carries out is taken back into 16
; bits by adding 15, so s1 and s2 stay 16-bit numbers congruent to the sums
; (at most 65535), reduced once at the end.  A byte: about 45 cycles.

	.export		_hb_adler32_6502
	.importzp	sp, ptr1, ptr2, tmp1
	.import		incsp4
	.macpack	longbranch	; jeq/jne: a branch, or its inverse over a jmp where out of reach
	.include	"pages.inc"	; ARGS, PART_PAGE, PAGE_LOOP

	.segment	"ZEROPAGE"
pages:	.res	1			; whole pages left
s1:	.res	2			; s1, s2: little-endian
s2:	.res	2
	.segment	"ALGOCODE"	; the algorithms' code, started on a page (src/platform/guest/sim65.cfg, the NES image)

.macro	STEP
	lda	(ptr1),y
	clc
	adc	s1
	sta	s1
	bcc	:++
	inc	s1+1
	bne	:++
	lda	s1			; s1 carried out of 16 bits (<= 254 now): + 15
	adc	#15-1		; carry set: + 15
	sta	s1
	bcc	:+
	inc	s1+1			; from 0: no carry again
:
:	lda	s2			; s2 += s1
	clc
	adc	s1
	sta	s2
	lda	s2+1
	adc	s1+1
	sta	s2+1
	bcc	:+
	lda	s2			; carried: + 15, and again if that carries
	adc	#15-1
	sta	s2
	bcc	:+
	inc	s2+1
	bne	:+
	lda	s2
	adc	#15-1
	sta	s2
:
.endmacro

.proc	_hb_adler32_6502
	ARGS
	lda	#1
	sta	s1
	lda	#0
	sta	s1+1
	sta	s2
	sta	s2+1
	PART_PAGE whole
	PAGE_LOOP 4
done:
	lda	s1+1		; reduce s1 and s2: 65521..65535 -> 0..14
	cmp	#$FF
	bne	:+
	lda	s1
	sec
	sbc	#$F1
	bcc	:+
	sta	s1
	lda	#0
	sta	s1+1
:	lda	s2+1
	cmp	#$FF
	bne	:+
	lda	s2
	sec
	sbc	#$F1
	bcc	:+
	sta	s2
	lda	#0
	sta	s2+1
:	ldy	#0			; big-endian: s2, then s1
	lda	s2+1
	sta	(ptr2),y
	iny
	lda	s2
	sta	(ptr2),y
	iny
	lda	s1+1
	sta	(ptr2),y
	iny
	lda	s1
	sta	(ptr2),y
	jmp	incsp4
.endproc
