; SPDX-License-Identifier: MIT
; md5.s - MD5 (RFC 1321; docs/algorithms.md) for the Super NES's 65C816 in
; native mode with a 16-bit accumulator and index registers, written from
; the RFC: 64 steps a block,
;   a = b + ((a + f(b,c,d) + X[g] + T[i]) <<< s),  then (a,b,c,d) = (d,a,b,c),
; f = F, G, H, I by sixteens, T[i] = floor(2^32 |sin(i + 1)|) (the RFC's
; table, as the steps' immediates), the padding of 3.1-3.2 and the state
; out little-endian.
; void __fastcall__ hb_md5_65816(uint8_t *out, const uint8_t *in, size_t len)
; cc65's convention and the mode switch as in sha1.s (beside it): 8-bit
; registers on entry and return, 16-bit inside; the direct page at 0 and
; the data bank the code's, which shows the low work RAM.
;
; Everything a step touches is in the direct page, in the scratch the
; Super NES image keeps out of its links' zero page (hb65816_dp,
; hashbench/rom/snes.py): the block X (a whole block is copied there by
; mvn; the padded tail is built there), the working words, the state, the
; rotation's scratch; a direct-page operand costs one fetch less than an
; absolute one.  A 32-bit word is two 16-bit halves, the low half first.
; The steps are written out, so T is an immediate and X[g] a direct-page
; operand; the four words change names, not places: step i's a is slot
; -i mod 4.  The sum a + f + X[g] + T is made in the registers, the low
; half in X and the high in Y between additions (a transfer keeps the
; carry).  The rotation: s >= 16 swaps the halves' names; a remainder of
; 5..11 is the word's bytes renamed (stored with its low half again above
; its high half, so a 16-bit read one byte up is the word <<< 8); the bits
; left over, at most 4, one at a time (the high half in A, the low in the
; direct page: cmp #$8000 puts A's top bit in the carry, then two rol).

	.p816
	.smart	-
	.export		_hb_md5_65816
	.importzp	sp, ptr1, ptr2, ptr3, hb65816_dp
	.include	"md_pad.inc"	; MD_HASH: the arguments, blocks, padding, length, state out

BUF	= hb65816_dp			; X: the block compressed (the last block(s), padded, built here)
V	= BUF + 64			; a .. d by slot
H	= V + 16			; the hash state
R	= H + 16			; a rotation's scratch: lo, hi, lo again (6 bytes)
HI	= R + 1				; the rotated word's high half during its bits
	.assert	R + 6 - hb65816_dp <= 128, error, "md5.s: more direct page than the scratch holds"

	.segment	"BSS"
len:	.res	2			; the message's bytes
blocks:	.res	2			; whole blocks left
rem:	.res	2			; len mod 64

	.segment	"CODE"
	.a16
	.i16

; the accumulator = one half (offset m) of f(b,c,d); no flag but N and Z changes
.macro	FUNC	fn, rb, rc, rd, m
.if	.xmatch({fn}, FF)		; d ^ (b & (c ^ d))
	lda	rc+m
	eor	rd+m
	and	rb+m
	eor	rd+m
.elseif	.xmatch({fn}, GG)		; c ^ (d & (b ^ c))
	lda	rb+m
	eor	rc+m
	and	rd+m
	eor	rc+m
.elseif	.xmatch({fn}, HH)		; b ^ c ^ d
	lda	rb+m
	eor	rc+m
	eor	rd+m
.else					; II: c ^ (b | ~d)
	lda	rd+m
	eor	#$FFFF
	ora	rb+m
	eor	rc+m
.endif
.endmacro

; the word (A low, HI high) <<< 1, or >>> 1 (dir < 0)
.macro	BIT1	dir
.if	dir > 0
	asl	a
	rol	HI
	adc	#0			; the high half's top bit
.else
	lsr	a
	ror	HI
	bcc	:+
	ora	#$8000			; the high half's low bit
:
.endif
.endmacro

; step i: a = b + ((a + f(b,c,d) + X[g] + T) <<< s)
.macro	STEP	step, fn, g, amount, k
	.local	ra, rb, rc, rd, r, swap, bits
ra = V + 4 * ((4 - (step .mod 4)) .mod 4)
rb = V + 4 * ((5 - (step .mod 4)) .mod 4)
rc = V + 4 * ((6 - (step .mod 4)) .mod 4)
rd = V + 4 * ((7 - (step .mod 4)) .mod 4)
	FUNC	fn, rb, rc, rd, 0	; the low half: f + a, in X
	clc
	adc	ra
	tax
	FUNC	fn, rb, rc, rd, 2	; the high half (the carry kept), in Y
	adc	ra+2
	tay
	txa				; + X[g]
	clc
	adc	BUF+4*g
	tax
	tya
	adc	BUF+4*g+2
	tay
	txa				; + T
	clc
	adc	#.loword(k)
	tax
	tya
	adc	#.hiword(k)		; the sum: A high, X low
r = amount .mod 16
.if	r = 0				; <<< 16: the halves' names swapped; + b
	clc
	adc	rb
	sta	ra
	txa
	adc	rb+2
	sta	ra+2
.else
.if	r >= 5 && r <= 11		; <<< 8 by the bytes' names, then r - 8 bits
.if	amount >= 16
	stx	R+2
	sta	R
	sta	R+4
.else
	sta	R+2
	stx	R
	stx	R+4
.endif
	lda	R+3			; (the high half is HI = R+1)
bits = r - 8
.else					; <<< 0 or 16 by the halves' names, then the bits
.if	r >= 12
swap = (amount < 16)
bits = r - 16
.else
swap = (amount >= 16)
bits = r
.endif
.if	swap
	stx	HI
.else
	sta	HI
	txa
.endif
.endif
.if	bits > 0
.repeat	bits
	BIT1	1
.endrepeat
.else
.repeat	-bits
	BIT1	-1
.endrepeat
.endif
	clc				; + b: the new a
	adc	rb
	sta	ra
	lda	HI
	adc	rb+2
	sta	ra+2
.endif
.endmacro

; one block at (ptr3) (copied to BUF unless it is BUF): the state H updated
.proc	compress
	lda	ptr3
	cmp	#BUF
	bne	:+
	jmp	copied
:	tcd				; the block copied to BUF through the direct page
.repeat	32, W
	lda	z:2*W
	sta	a:BUF+2*W
.endrepeat
	lda	#0
	tcd
copied:
.repeat	8, J				; the working words from the state
	lda	H+2*J
	sta	V+2*J
.endrepeat
				; round 1: FF
	STEP	0, FF, 0, 7, $D76AA478
	STEP	1, FF, 1, 12, $E8C7B756
	STEP	2, FF, 2, 17, $242070DB
	STEP	3, FF, 3, 22, $C1BDCEEE
	STEP	4, FF, 4, 7, $F57C0FAF
	STEP	5, FF, 5, 12, $4787C62A
	STEP	6, FF, 6, 17, $A8304613
	STEP	7, FF, 7, 22, $FD469501
	STEP	8, FF, 8, 7, $698098D8
	STEP	9, FF, 9, 12, $8B44F7AF
	STEP	10, FF, 10, 17, $FFFF5BB1
	STEP	11, FF, 11, 22, $895CD7BE
	STEP	12, FF, 12, 7, $6B901122
	STEP	13, FF, 13, 12, $FD987193
	STEP	14, FF, 14, 17, $A679438E
	STEP	15, FF, 15, 22, $49B40821
				; round 2: GG
	STEP	16, GG, 1, 5, $F61E2562
	STEP	17, GG, 6, 9, $C040B340
	STEP	18, GG, 11, 14, $265E5A51
	STEP	19, GG, 0, 20, $E9B6C7AA
	STEP	20, GG, 5, 5, $D62F105D
	STEP	21, GG, 10, 9, $02441453
	STEP	22, GG, 15, 14, $D8A1E681
	STEP	23, GG, 4, 20, $E7D3FBC8
	STEP	24, GG, 9, 5, $21E1CDE6
	STEP	25, GG, 14, 9, $C33707D6
	STEP	26, GG, 3, 14, $F4D50D87
	STEP	27, GG, 8, 20, $455A14ED
	STEP	28, GG, 13, 5, $A9E3E905
	STEP	29, GG, 2, 9, $FCEFA3F8
	STEP	30, GG, 7, 14, $676F02D9
	STEP	31, GG, 12, 20, $8D2A4C8A
				; round 3: HH
	STEP	32, HH, 5, 4, $FFFA3942
	STEP	33, HH, 8, 11, $8771F681
	STEP	34, HH, 11, 16, $6D9D6122
	STEP	35, HH, 14, 23, $FDE5380C
	STEP	36, HH, 1, 4, $A4BEEA44
	STEP	37, HH, 4, 11, $4BDECFA9
	STEP	38, HH, 7, 16, $F6BB4B60
	STEP	39, HH, 10, 23, $BEBFBC70
	STEP	40, HH, 13, 4, $289B7EC6
	STEP	41, HH, 0, 11, $EAA127FA
	STEP	42, HH, 3, 16, $D4EF3085
	STEP	43, HH, 6, 23, $04881D05
	STEP	44, HH, 9, 4, $D9D4D039
	STEP	45, HH, 12, 11, $E6DB99E5
	STEP	46, HH, 15, 16, $1FA27CF8
	STEP	47, HH, 2, 23, $C4AC5665
				; round 4: II
	STEP	48, II, 0, 6, $F4292244
	STEP	49, II, 7, 10, $432AFF97
	STEP	50, II, 14, 15, $AB9423A7
	STEP	51, II, 5, 21, $FC93A039
	STEP	52, II, 12, 6, $655B59C3
	STEP	53, II, 3, 10, $8F0CCC92
	STEP	54, II, 10, 15, $FFEFF47D
	STEP	55, II, 1, 21, $85845DD1
	STEP	56, II, 8, 6, $6FA87E4F
	STEP	57, II, 15, 10, $FE2CE6E0
	STEP	58, II, 6, 15, $A3014314
	STEP	59, II, 13, 21, $4E0811A1
	STEP	60, II, 4, 6, $F7537E82
	STEP	61, II, 11, 10, $BD3AF235
	STEP	62, II, 2, 15, $2AD7D2BB
	STEP	63, II, 9, 21, $EB86D391
.repeat	4, J			; the state += the working words (64 steps: the names are back)
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
.proc	_hb_md5_65816
	MD_HASH	16, LITTLE
.endproc

	.segment	"RODATA"
IV:	.dword	$67452301, $EFCDAB89, $98BADCFE, $10325476
