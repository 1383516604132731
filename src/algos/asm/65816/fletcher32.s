; SPDX-License-Identifier: MIT
; fletcher32.s - Fletcher-32 (16-bit big-endian words, sums from 0, mod
; 65535; an odd last byte the high byte of a word whose low byte is 0;
; docs/algorithms.md) for the Super NES's 65C816 in native mode with a
; 16-bit accumulator and index registers, written from the definition:
;   a = sum of the words mod 65535, b = sum of the a after each word mod
;   65535;  out = b, a, big-endian.
; void __fastcall__ hb_fletcher32_65816(uint8_t *out, const uint8_t *in, size_t len)
; cc65's convention and the mode switch as in sha1.s (beside it): 8-bit
; registers on entry and return, 16-bit inside; the direct page stays 0.
;
; x + y mod 65535 is the 16-bit sum plus its carry (end-around carry:
; `adc #0`, which cannot carry again, so the carry is clear for the next
; add); 65535 stands for 0 until the end.  The words are read as the
; 65C816 reads them, little-endian: a big-endian word is its little-endian
; reading rotated by 8 bits, which mod 65535 is that reading times 256, so
; each sum is 256 times the sum of the little-endian readings, and a sum
; S times 256 is S with its bytes swapped: the sums are kept on the
; readings and stored little-endian, which puts each one's bytes in the
; big-endian order the rotated sum has.  An odd last byte, the high byte
; of a big-endian word, is the low byte of a reading whose high byte is 0.
; A word: the read (y 16-bit, no page to test) and its fold, b's add and
; fold and store, two `iny`, the end's compare: 36 cycles, 18 a byte.

	.p816
	.smart	-
	.export		_hb_fletcher32_65816
	.importzp	sp, ptr1, ptr2, ptr3, regsave

count	= ptr3				; len
sb	= regsave			; b
ends	= regsave + 2			; len rounded down to words (y's end); then the last byte's reading

	.segment	"CODE"

	.a8
	.i8
.proc	_hb_fletcher32_65816
	sta	count
	stx	count+1
	rep	#$30
	.a16
	.i16
	ldy	#0			; ptr1 = in, ptr2 = out
	lda	(sp),y
	sta	ptr1
	ldy	#2
	lda	(sp),y
	sta	ptr2
	lda	count
	and	#$FFFE
	sta	ends
	stz	sb
	lda	#0			; a, in A
	ldy	#0
	cpy	ends			; the carry clear while y < ends
	beq	tail
loop:	adc	(ptr1),y		; a += w
	adc	#0
	tax
	adc	sb			; b += a
	adc	#0
	sta	sb
	txa
	iny
	iny
	cpy	ends
	bne	loop
tail:	tax				; a
	lda	count			; an odd length's last byte
	lsr	a
	bcc	done
	lda	(ptr1),y		; the byte (and the next, masked)
	and	#$00FF
	sta	ends
	txa
	clc
	adc	ends			; a += w
	adc	#0
	tax
	adc	sb			; b += a
	adc	#0
	sta	sb
done:	txa				; 65535 is 0
	cmp	#$FFFF
	bne	:+
	lda	#0
:	ldy	#2			; a, then b: each reading's sum stored little-endian
	sta	(ptr2),y
	lda	sb
	cmp	#$FFFF
	bne	:+
	lda	#0
:	ldy	#0
	sta	(ptr2),y
	lda	sp			; the arguments off cc65's stack
	clc
	adc	#4
	sta	sp
	sep	#$30
	rts
.endproc
