; SPDX-License-Identifier: MIT
; sha256.s - SHA-256 (FIPS 180-4; docs/algorithms.md) for the Super NES's
; 65C816 in native mode with a 16-bit accumulator and index registers,
; written from the standard: a block's 64 schedule words
;   W[t] = s1(W[t-2]) + W[t-7] + s0(W[t-15]) + W[t-16],
;   s0 = ror 7 ^ ror 18 ^ shr 3,  s1 = ror 17 ^ ror 19 ^ shr 10,
; and 64 rounds
;   T1 = h + S1(e) + Ch(e,f,g) + K[t] + W[t],  T2 = S0(a) + Maj(a,b,c),
;   S0 = ror 2 ^ ror 13 ^ ror 22,  S1 = ror 6 ^ ror 11 ^ ror 25,
;   h = g, g = f, f = e, e = d + T1, d = c, c = b, b = a, a = T1 + T2,
; then the padding of 5.1.1 and the state out big-endian.  K and the
; initial value are the standard's (the cube and square roots of the
; first primes' fractions), in RODATA.
; void __fastcall__ hb_sha256_65816(uint8_t *out, const uint8_t *in, size_t len)
; cc65's convention and the mode switch as in sha1.s (beside it): 8-bit
; registers on entry and return, 16-bit inside; the direct page at 0 and
; the data bank the code's, which shows the low work RAM.
;
; A 32-bit word is two 16-bit halves, the low half first.  Eight rounds
; are written out and run eight times (x = 32 a pass indexes W and K), so
; the eight words change names, not places: round t's a is slot -t mod 8,
; T1 summed in h's slot (the next round's a) and added to d's (the next
; e).  A rotation right by r >= 16 swaps the halves' names and rotates by
; r - 16; one by r < 16 is lo >> r | hi << (16 - r) and hi >> r |
; lo << (16 - r), a shift of 8 or more an xba and a mask.

	.p816
	.smart	-
	.export		_hb_sha256_65816
	.importzp	sp, ptr1, ptr2, ptr3
	.include	"md_pad.inc"	; MD_HASH: the arguments, blocks, padding, length, state out
	.include	"shifts.inc"	; SHL, SHR: the accumulator shifted by a constant

	.segment	"BSS"
W:	.res	256			; the schedule, W[t] at W + 4t
H:	.res	32			; the hash state
V:	.res	32			; a .. h by slot
BUF:	.res	64			; the last block(s), padded
len:	.res	2			; the message's bytes
blocks:	.res	2			; whole blocks left
rem:	.res	2			; len mod 64
mt:	.res	2			; a scratch half
sg:	.res	4			; a sigma's halves (its high half kept)
tw:	.res	4			; a schedule word's sum

	.segment	"CODE"
	.a16
	.i16

; op addr, or op addr,x where ix is not blank
.macro	OPX	op, addr, ix
.ifblank	ix
	op	addr
.else
	op	addr,x
.endif
.endmacro


; the accumulator = half `half` (0 low, 2 high) of word w (,x where ix) rotated right by r (1..31, not 16)
.macro	ROTR	w, ix, r, half
	.local	lo, hi, rr
.if	r >= 16
lo = w + 2
hi = w
rr = r - 16
.else
lo = w
hi = w + 2
rr = r
.endif
.if	half = 0
	OPX	lda, hi, ix
	SHL	16 - rr
	sta	mt
	OPX	lda, lo, ix
	SHR	rr
	ora	mt
.else
	OPX	lda, lo, ix
	SHL	16 - rr
	sta	mt
	OPX	lda, hi, ix
	SHR	rr
	ora	mt
.endif
.endmacro

; the accumulator = half `half` of word w shifted right by n (1..15)
.macro	SHRW	w, ix, n, half
.if	half = 0
	OPX	lda, w+2, ix
	SHL	16 - n
	sta	mt
	OPX	lda, w, ix
	SHR	n
	ora	mt
.else
	OPX	lda, w+2, ix
	SHR	n
.endif
.endmacro

; ror r1 ^ ror r2 ^ (ror r3, or shr r3 where sh is blank-not): the high
; half in sg+2, the low half in the accumulator
.macro	SIGMA	w, ix, r1, r2, r3, sh
.repeat	2, I
	ROTR	w, ix, r1, 2 - 2 * I
	sta	sg+2-2*I
	ROTR	w, ix, r2, 2 - 2 * I
	eor	sg+2-2*I
.ifblank	sh
	sta	sg+2-2*I
	ROTR	w, ix, r3, 2 - 2 * I
.else
	sta	sg+2-2*I
	SHRW	w, ix, r3, 2 - 2 * I
.endif
	eor	sg+2-2*I
.if	I = 0
	sta	sg+2
.endif
.endrepeat
.endmacro

; the low half in the accumulator and the high in sg+2, added to word d
.macro	ADDSG	d
	clc
	adc	d
	sta	d
	lda	sg+2
	adc	d+2
	sta	d+2
.endmacro

; round j of eight (x = 32 a pass)
.macro	ROUND	j
	.local	ra, rb, rc, rd, re, rf, rg, rh
ra = V + 4 * ((8 - j) .mod 8)
rb = V + 4 * ((9 - j) .mod 8)
rc = V + 4 * ((10 - j) .mod 8)
rd = V + 4 * ((11 - j) .mod 8)
re = V + 4 * ((12 - j) .mod 8)
rf = V + 4 * ((13 - j) .mod 8)
rg = V + 4 * ((14 - j) .mod 8)
rh = V + 4 * ((15 - j) .mod 8)
	clc				; h += W[t]
	lda	rh
	adc	W+4*j,x
	sta	rh
	lda	rh+2
	adc	W+4*j+2,x
	sta	rh+2
	clc				; + K[t]
	lda	rh
	adc	K+4*j,x
	sta	rh
	lda	rh+2
	adc	K+4*j+2,x
	sta	rh+2
	SIGMA	re, , 6, 11, 25		; + S1(e)
	ADDSG	rh
	clc				; + Ch(e,f,g): g ^ (e & (f ^ g))
	lda	rf
	eor	rg
	and	re
	eor	rg
	adc	rh
	sta	rh
	lda	rf+2
	eor	rg+2
	and	re+2
	eor	rg+2
	adc	rh+2
	sta	rh+2
	clc				; d += T1: the next e
	lda	rd
	adc	rh
	sta	rd
	lda	rd+2
	adc	rh+2
	sta	rd+2
	SIGMA	ra, , 2, 13, 22		; h += S0(a)
	ADDSG	rh
	lda	ra			; + Maj(a,b,c): (a & b) | (c & (a | b)): the next a
	and	rb
	sta	mt
	lda	ra
	ora	rb
	and	rc
	ora	mt
	clc
	adc	rh
	sta	rh
	lda	ra+2
	and	rb+2
	sta	mt
	lda	ra+2
	ora	rb+2
	and	rc+2
	ora	mt
	adc	rh+2
	sta	rh+2
.endmacro

; one block from (ptr3): the state H updated
.proc	compress
	BIG_WORDS			; W[0..15]: the block's words big-endian
	ldx	#0			; W[t], t = 16 + x / 4
sched:	SIGMA	W+64-8, x, 17, 19, 10, shr	; s1(W[t-2])
	clc				; + W[t-7]
	adc	W+64-28,x
	sta	tw
	lda	sg+2
	adc	W+64-28+2,x
	sta	tw+2
	SIGMA	W+64-60, x, 7, 18, 3, shr	; + s0(W[t-15])
	ADDSG	tw
	clc				; + W[t-16]
	lda	tw
	adc	W+64-64,x
	sta	W+64,x
	lda	tw+2
	adc	W+64-64+2,x
	sta	W+64+2,x
	inx
	inx
	inx
	inx
	cpx	#192
	beq	:+
	jmp	sched
:	ldx	#30			; the working words from the state
:	lda	H,x
	sta	V,x
	dex
	dex
	bpl	:-
	ldx	#0			; eight passes of eight rounds
rounds:
.repeat	8, J
	ROUND	J
.endrepeat
	txa
	clc
	adc	#32
	tax
	cpx	#256
	beq	:+
	jmp	rounds
:
.repeat	8, J			; the state += the working words (64 rounds: the names are back)
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
.proc	_hb_sha256_65816
	MD_HASH	32, BIG
.endproc

	.segment	"RODATA"
IV:	.dword	$6A09E667, $BB67AE85, $3C6EF372, $A54FF53A, $510E527F, $9B05688C, $1F83D9AB, $5BE0CD19
K:	.dword	$428A2F98, $71374491, $B5C0FBCF, $E9B5DBA5
	.dword	$3956C25B, $59F111F1, $923F82A4, $AB1C5ED5
	.dword	$D807AA98, $12835B01, $243185BE, $550C7DC3
	.dword	$72BE5D74, $80DEB1FE, $9BDC06A7, $C19BF174
	.dword	$E49B69C1, $EFBE4786, $0FC19DC6, $240CA1CC
	.dword	$2DE92C6F, $4A7484AA, $5CB0A9DC, $76F988DA
	.dword	$983E5152, $A831C66D, $B00327C8, $BF597FC7
	.dword	$C6E00BF3, $D5A79147, $06CA6351, $14292967
	.dword	$27B70A85, $2E1B2138, $4D2C6DFC, $53380D13
	.dword	$650A7354, $766A0ABB, $81C2C92E, $92722C85
	.dword	$A2BFE8A1, $A81A664B, $C24B8B70, $C76C51A3
	.dword	$D192E819, $D6990624, $F40E3585, $106AA070
	.dword	$19A4C116, $1E376C08, $2748774C, $34B0BCB5
	.dword	$391C0CB3, $4ED8AA4A, $5B9CCA4F, $682E6FF3
	.dword	$748F82EE, $78A5636F, $84C87814, $8CC70208
	.dword	$90BEFFFA, $A4506CEB, $BEF9A3F7, $C67178F2
