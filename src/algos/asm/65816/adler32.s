; SPDX-License-Identifier: MIT
; adler32.s - Adler-32 (RFC 1950: a from 1, b from 0, mod 65521; out =
; (b << 16) | a, big-endian; docs/algorithms.md) for the Super NES's
; 65C816 in native mode with a 16-bit accumulator and index registers,
; written from the definition:
;   a = (a + byte) mod 65521,  b = (b + a) mod 65521, a byte at a time.
; void __fastcall__ hb_adler32_65816(uint8_t *out, const uint8_t *in, size_t len)
; cc65's convention and the mode switch as in sha1.s (beside it): 8-bit
; registers on entry and return, 16-bit inside; the direct page stays 0.
;
; Each sum is kept as a 16-bit number congruent to it mod 65521, reduced
; only where an add carries out of 16 bits: the sum was then x + 65536,
; and x + 65536 - 65521 = x + 15 (`adc #14` with the carry set), which
; cannot carry again (x is at most 65534), so the carry is clear for the
; next add.  At the end a sum of 65521 or more loses 65521 once.  Two bytes
; are read as one 16-bit word (y 16-bit: no page to test), the low byte
; first; an odd length's last byte alone.  A byte: a's add, test, store,
; b's add, test, store: 22 cycles; the word's read, the two bytes' masks,
; two `iny` and the end's compare 29 a pair: about 36 a byte.

	.p816
	.smart	-
	.export		_hb_adler32_65816
	.importzp	sp, ptr1, ptr2, ptr3, regsave

count	= ptr3				; len
sa	= regsave			; a
sb	= regsave + 2			; b
ends	= ptr2				; len rounded down to pairs (out is read into ptr2 at the end)

	.segment	"CODE"

; a += A, b += a (A: a byte, the carry clear; clear again after)
.macro	BYTE
	.local	a_ok, b_ok
	adc	sa
	bcc	a_ok
	adc	#14			; x + 65536 - 65521
a_ok:	sta	sa
	adc	sb
	bcc	b_ok
	adc	#14
b_ok:	sta	sb
.endmacro

	.a8
	.i8
.proc	_hb_adler32_65816
	sta	count
	stx	count+1
	rep	#$30
	.a16
	.i16
	ldy	#0			; ptr1 = in
	lda	(sp),y
	sta	ptr1
	lda	count
	and	#$FFFE
	sta	ends
	lda	#1
	sta	sa
	stz	sb
	ldy	#0
	cpy	ends			; the carry clear while y < ends
	beq	tail
loop:	lda	(ptr1),y		; two bytes
	tax
	and	#$00FF
	BYTE
	txa
	xba
	and	#$00FF
	BYTE
	iny
	iny
	cpy	ends
	bne	loop
tail:	lda	count			; an odd length's last byte
	lsr	a
	bcc	done
	lda	(ptr1),y		; the byte (and the next, masked)
	and	#$00FF
	clc
	BYTE
done:	ldy	#2			; out
	lda	(sp),y
	sta	ptr2
	lda	sa			; a, reduced, big-endian at out + 2
	cmp	#65521
	bcc	:+
	sbc	#65521
:	xba
	sta	(ptr2),y
	lda	sb			; b at out
	cmp	#65521
	bcc	:+
	sbc	#65521
:	xba
	ldy	#0
	sta	(ptr2),y
	lda	sp			; the arguments off cc65's stack
	clc
	adc	#4
	sta	sp
	sep	#$30
	rts
.endproc
