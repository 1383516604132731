; SPDX-License-Identifier: MIT
; sha1.s - SHA-1 (FIPS 180-4; docs/algorithms.md) for the Super NES's 65C816
; in native mode with a 16-bit accumulator and index registers, written from
; the standard: a block's 64 schedule words W[t] = (W[t-3] ^ W[t-8] ^
; W[t-14] ^ W[t-16]) <<< 1, and 80 rounds
;   T = (a <<< 5) + f(b,c,d) + e + K + W[t];  e = d, d = c, c = b <<< 30,
;   b = a, a = T,
; f = Ch, Parity, Maj, Parity by twenties; then the padding of 5.1.1 and
; the state out big-endian.
; void __fastcall__ hb_sha1_65816(uint8_t *out, const uint8_t *in, size_t len)
; cc65's convention: len in A (low) and X (high); in, then out, on cc65's
; argument stack at (sp),0..3, which the callee removes.  The caller (cc65's
; code in the Super NES image, src/platform/rom/snes/crt0.s) runs in native
; mode with 8-bit registers (M = X = 1), the direct page at 0 and the data
; bank the code's: the routine widens A, X and Y (rep #$30) for the call and
; narrows them (sep #$30) before returning.  Every variable is in the low
; work RAM, which the data bank ($81 and up) shows at $0000-$1FFF.
;
; A 32-bit word is two 16-bit halves, the low half first.  The 80 rounds
; are written out, so K is an immediate and W[t] an absolute address, and
; the five words change names, not places: round t's a is slot -t mod 5,
; and T is summed in e's slot, the next round's a.  a <<< 5 is each half
; shifted left by 5 with the other's top 5 bits (xba, and, three lsr);
; b <<< 30 two one-bit right rotations of the pair.

	.p816
	.smart	-
	.export		_hb_sha1_65816
	.importzp	sp, ptr1, ptr2, ptr3
	.include	"md_pad.inc"	; MD_HASH: the arguments, blocks, padding, length, state out

	.segment	"BSS"
W:	.res	320			; the schedule, W[t] at W + 4t
H:	.res	20			; the hash state
V:	.res	20			; a .. e by slot
BUF:	.res	64			; the last block(s), padded
len:	.res	2			; the message's bytes
blocks:	.res	2			; whole blocks left
rem:	.res	2			; len mod 64
mt:	.res	2			; a scratch half
mt2:	.res	2			; the new a's high half before its add
top:	.res	2			; a schedule word's high half before its rotation

	.segment	"CODE"
	.a16
	.i16

; the accumulator = one half (offset m) of f(b,c,d); no flag but N and Z changes
.macro	FUNC	fn, rb, rc, rd, m
.if	.xmatch({fn}, CH)		; d ^ (b & (c ^ d))
	lda	rc+m
	eor	rd+m
	and	rb+m
	eor	rd+m
.elseif	.xmatch({fn}, PAR)		; b ^ c ^ d
	lda	rb+m
	eor	rc+m
	eor	rd+m
.else					; MAJ: (b & c) | (d & (b | c))
	lda	rb+m
	and	rc+m
	sta	mt
	lda	rb+m
	ora	rc+m
	and	rd+m
	ora	mt
.endif
.endmacro

; round t: e += W[t] + K + f(b,c,d) + (a <<< 5), b <<<= 30
.macro	ROUND	t, fn, k
	.local	ra, rb, rc, rd, re
ra = V + 4 * ((5 - (t .mod 5)) .mod 5)
rb = V + 4 * ((6 - (t .mod 5)) .mod 5)
rc = V + 4 * ((7 - (t .mod 5)) .mod 5)
rd = V + 4 * ((8 - (t .mod 5)) .mod 5)
re = V + 4 * ((9 - (t .mod 5)) .mod 5)
	clc				; e += W[t]
	lda	re
	adc	W+4*t
	sta	re
	lda	re+2
	adc	W+4*t+2
	sta	re+2
	clc				; + K
	lda	re
	adc	#.loword(k)
	sta	re
	lda	re+2
	adc	#.hiword(k)
	sta	re+2
	clc				; + f(b,c,d)
	FUNC	fn, rb, rc, rd, 0
	adc	re
	sta	re
	FUNC	fn, rb, rc, rd, 2
	adc	re+2
	sta	re+2
	lda	ra			; a <<< 5: the high half, hi << 5 | lo >> 11
	xba
	and	#$00FF
	lsr
	lsr
	lsr
	sta	mt
	lda	ra+2
	asl
	asl
	asl
	asl
	asl
	ora	mt
	sta	mt2
	lda	ra+2			; the low half, lo << 5 | hi >> 11
	xba
	and	#$00FF
	lsr
	lsr
	lsr
	sta	mt
	lda	ra
	asl
	asl
	asl
	asl
	asl
	ora	mt
	clc				; + a <<< 5: the new a
	adc	re
	sta	re
	lda	mt2
	adc	re+2
	sta	re+2
.repeat	2			; b <<< 30: the next c, two rotations right
	lda	rb
	lsr
	ror	rb+2
	ror	rb
.endrepeat
.endmacro

; one block from (ptr3): the state H updated
.proc	compress
	BIG_WORDS			; W[0..15]: the block's words big-endian
	ldx	#0			; W[t], t = 16 + x / 4
sched:	lda	W+64-12+2,x		; the high half first: its top bit is the low half's bit 0
	eor	W+64-32+2,x
	eor	W+64-56+2,x
	eor	W+64-64+2,x
	sta	top
	asl
	lda	W+64-12,x
	eor	W+64-32,x
	eor	W+64-56,x
	eor	W+64-64,x
	rol
	sta	W+64,x
	lda	top
	rol
	sta	W+64+2,x
	inx
	inx
	inx
	inx
	cpx	#256
	bne	sched
	ldx	#18			; the working words from the state
:	lda	H,x
	sta	V,x
	dex
	dex
	bpl	:-
.repeat	20, T				; Ch: rounds 0..19
	ROUND	T, CH, $5A827999
.endrepeat
.repeat	20, T				; Parity: rounds 20..39
	ROUND	(T+20), PAR, $6ED9EBA1
.endrepeat
.repeat	20, T				; Maj: rounds 40..59
	ROUND	(T+40), MAJ, $8F1BBCDC
.endrepeat
.repeat	20, T				; Parity: rounds 60..79
	ROUND	(T+60), PAR, $CA62C1D6
.endrepeat
.repeat	5, J			; the state += the working words (80 rounds: the names are back)
	clc
	lda	H+4*J
	adc	V+4*J
	sta	H+4*J
	lda	H+4*J+2
	adc	V+4*J+2
	sta	H+4*J+2
.endrepeat
	rts
.endproc

	.a8
	.i8
.proc	_hb_sha1_65816
	MD_HASH	20, BIG
.endproc

	.segment	"RODATA"
IV:	.dword	$67452301, $EFCDAB89, $98BADCFE, $10325476, $C3D2E1F0
