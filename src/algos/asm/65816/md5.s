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
; A 32-bit word is two 16-bit halves, the low half first.  The steps are
; written out, so T is an immediate and X[g] read as (ptr3),y with y = 4g
; (the block where it lies: the input, or BUF for the padded tail); the
; four words change names, not places: step i's a is slot -i mod 4.  A
; rotation by s >= 16 swaps the halves' names and rotates by s - 16; one
; by r < 16 is hi << r | lo >> (16 - r) and lo << r | hi >> (16 - r), a
; shift of 8 or more an xba and a mask.

	.p816
	.smart	-
	.export		_hb_md5_65816
	.importzp	sp, ptr1, ptr2, ptr3
	.include	"md_pad.inc"	; MD_HASH: the arguments, blocks, padding, length, state out
	.include	"shifts.inc"	; SHL, SHR: the accumulator shifted by a constant

	.segment	"BSS"
H:	.res	16			; the hash state
V:	.res	16			; a .. d by slot
BUF:	.res	64			; the last block(s), padded
len:	.res	2			; the message's bytes
blocks:	.res	2			; whole blocks left
rem:	.res	2			; len mod 64
mt:	.res	2			; a scratch half
nh:	.res	2			; the rotated word's high half before its add

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


; step i: a = b + ((a + f(b,c,d) + X[g] + T) <<< s)
.macro	STEP	step, fn, g, amount, k
	.local	ra, rb, rc, rd, wl, wh, rot
ra = V + 4 * ((4 - (step .mod 4)) .mod 4)
rb = V + 4 * ((5 - (step .mod 4)) .mod 4)
rc = V + 4 * ((6 - (step .mod 4)) .mod 4)
rd = V + 4 * ((7 - (step .mod 4)) .mod 4)
	clc				; a += T
	lda	ra
	adc	#.loword(k)
	sta	ra
	lda	ra+2
	adc	#.hiword(k)
	sta	ra+2
	clc				; + X[g]
	ldy	#4*g
	lda	ra
	adc	(ptr3),y
	sta	ra
	ldy	#4*g+2
	lda	ra+2
	adc	(ptr3),y
	sta	ra+2
	clc				; + f(b,c,d)
	FUNC	fn, rb, rc, rd, 0
	adc	ra
	sta	ra
	FUNC	fn, rb, rc, rd, 2
	adc	ra+2
	sta	ra+2
.if	amount >= 16				; <<< s: the halves' names swapped, then <<< s - 16
wl = ra + 2
wh = ra
rot = amount - 16
.else
wl = ra
wh = ra + 2
rot = amount
.endif
.if	rot = 0
	lda	wh
	sta	nh
	lda	wl
.else
	lda	wl			; the high half
	SHR	16 - rot
	sta	mt
	lda	wh
	SHL	rot
	ora	mt
	sta	nh
	lda	wh			; the low half
	SHR	16 - rot
	sta	mt
	lda	wl
	SHL	rot
	ora	mt
.endif
	clc				; + b: the new a
	adc	rb
	sta	ra
	lda	nh
	adc	rb+2
	sta	ra+2
.endmacro

; one block from (ptr3): the state H updated
.proc	compress
	ldx	#14			; the working words from the state
:	lda	H,x
	sta	V,x
	dex
	dex
	bpl	:-
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
