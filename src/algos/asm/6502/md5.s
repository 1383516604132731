; SPDX-License-Identifier: MIT
; md5.s - MD5 (RFC 1321; docs/algorithms.md) for the 6502, written from the
; RFC: 64 steps a block,
;   a = b + ((a + f(b,c,d) + X[g] + T[i]) <<< s),  then (a,b,c,d) = (d,a,b,c),
; f = F, G, H, I by sixteens; then the padding of 3.1-3.2, the state out
; little-endian.
; void __fastcall__ hb_md5_6502(uint8_t *out, const uint8_t *in, size_t len)
; cc65's convention: len in A (low) and X (high); in, then out, on cc65's
; argument stack at (sp),0..3, which the callee removes (incsp4).
;
; All 64 steps written out, so g, s and T[i] are immediates and the four
; words change names, not places (step i's a is slot -i mod 4, where the
; new b goes).  MD5's words are little-endian, as the 6502 keeps them: a
; block is read where it lies, X[g] byte m as (src),y with y = 4g + m.
; A step: a + f into T (F, G 18 cycles a byte, H 15, I 17), + X[g] (13 a
; byte), + T[i] (8 a byte), then the rotation: s = 8q + r is q whole
; bytes, a renaming, and r bits, each output byte (x << r | y >> 8 - r)
; from two tables (L r and R 8 - r, a page each) and added to b on the way
; (17 a byte); about 230 cycles a step, 15,000 a block, 235 a byte.

	.export		_hb_md5_6502
	.importzp	sp, ptr1, ptr2, ptr3, tmp1, tmp2
	.import		incsp4
	.macpack	longbranch	; jeq/jne: a branch, or its inverse over a jmp where out of reach
	.include	"pages.inc"	; OUT_IN
	.include	"md_pad.inc"	; MD_HASH: the arguments, blocks, padding, length, state out
	.include	"shift_pages.inc"	; SHIFT_PAGES: the rotations' shift tables

	.importzp	hb6502_zp	; the 6502 routines' zero-page scratch, 80 bytes (sim65.cfg, the NES image)
V	= hb6502_zp			; a, b, c, d by slot
T	= V + 16			; the step's sum before its rotation
src	= T + 4			; the block being compressed
	.assert	src + 2 - hb6502_zp <= 80, error, "md5.s: more zero page than the scratch holds"

	.segment	"ALGOBSS"	; from a page (sim65.cfg; the NES image: its group's variables from $6000)
BUF:	.res	64			; the last block(s), padded
H:	.res	16			; the hash state

	.segment	"PAGED"		; each table a whole page (src/platform/guest/sim65.cfg, the NES image)
	SHIFT_PAGES	1, 1	; L r and R r for r = 1, 2, 3, 4, 5, 6, 7

	.segment	"ALGOCODE"	; the algorithms' code, started on a page (src/platform/guest/sim65.cfg, the NES image)

; byte m of f(b,c,d) in a
.macro	FUNC	fn, rb, rc, rd, m
.if	.xmatch({fn}, F)		; d ^ (b & (c ^ d))
	lda	rc+m
	eor	rd+m
	and	rb+m
	eor	rd+m
.elseif	.xmatch({fn}, G)		; c ^ (d & (b ^ c))
	lda	rb+m
	eor	rc+m
	and	rd+m
	eor	rc+m
.elseif	.xmatch({fn}, H)		; b ^ c ^ d
	lda	rb+m
	eor	rc+m
	eor	rd+m
.else					; I: c ^ (b | ~d)
	lda	rd+m
	eor	#$FF
	ora	rb+m
	eor	rc+m
.endif
.endmacro

; step i: f, the word X[g], the shift s, the constant k
.macro	ROUND	i, fn, g, s, k
	.local	ra, rb, rc, rd, q, r
ra = V + 4 * ((4 - (i & 3)) & 3)
rb = V + 4 * ((5 - (i & 3)) & 3)
rc = V + 4 * ((6 - (i & 3)) & 3)
rd = V + 4 * ((7 - (i & 3)) & 3)
q = s / 8
r = s .mod 8
	MD_SUM	fn, ra, rb, rc, rd, g, k	; T = a + f(b,c,d) + X[g] + k
	clc				; a = b + (T <<< s)
.if	r = 0
.repeat	4, M
	lda	T+((M - q) & 3)
	adc	rb+M
	sta	ra+M
.endrepeat
.else
	ldy	T+((3 - q) & 3)
	ldx	T+((4 - q) & 3)
	lda	.ident(.sprintf("L%d", r)),x
	ora	.ident(.sprintf("R%d", 8 - r)),y
	adc	rb
	sta	ra
	ldy	T+((5 - q) & 3)
	lda	.ident(.sprintf("L%d", r)),y
	ora	.ident(.sprintf("R%d", 8 - r)),x
	adc	rb+1
	sta	ra+1
	ldx	T+((6 - q) & 3)
	lda	.ident(.sprintf("L%d", r)),x
	ora	.ident(.sprintf("R%d", 8 - r)),y
	adc	rb+2
	sta	ra+2
	ldy	T+((7 - q) & 3)
	lda	.ident(.sprintf("L%d", r)),y
	ora	.ident(.sprintf("R%d", 8 - r)),x
	adc	rb+3
	sta	ra+3
.endif
.endmacro

; one block from (src): the state H updated
.proc	compress
	ldx	#15			; the working words from the state
:	lda	H,x
	sta	V,x
	dex
	bpl	:-
				; F: rounds 0..15
	ROUND	0, F, 0, 7, $D76AA478
	ROUND	1, F, 1, 12, $E8C7B756
	ROUND	2, F, 2, 17, $242070DB
	ROUND	3, F, 3, 22, $C1BDCEEE
	ROUND	4, F, 4, 7, $F57C0FAF
	ROUND	5, F, 5, 12, $4787C62A
	ROUND	6, F, 6, 17, $A8304613
	ROUND	7, F, 7, 22, $FD469501
	ROUND	8, F, 8, 7, $698098D8
	ROUND	9, F, 9, 12, $8B44F7AF
	ROUND	10, F, 10, 17, $FFFF5BB1
	ROUND	11, F, 11, 22, $895CD7BE
	ROUND	12, F, 12, 7, $6B901122
	ROUND	13, F, 13, 12, $FD987193
	ROUND	14, F, 14, 17, $A679438E
	ROUND	15, F, 15, 22, $49B40821
				; G: rounds 16..31
	ROUND	16, G, 1, 5, $F61E2562
	ROUND	17, G, 6, 9, $C040B340
	ROUND	18, G, 11, 14, $265E5A51
	ROUND	19, G, 0, 20, $E9B6C7AA
	ROUND	20, G, 5, 5, $D62F105D
	ROUND	21, G, 10, 9, $02441453
	ROUND	22, G, 15, 14, $D8A1E681
	ROUND	23, G, 4, 20, $E7D3FBC8
	ROUND	24, G, 9, 5, $21E1CDE6
	ROUND	25, G, 14, 9, $C33707D6
	ROUND	26, G, 3, 14, $F4D50D87
	ROUND	27, G, 8, 20, $455A14ED
	ROUND	28, G, 13, 5, $A9E3E905
	ROUND	29, G, 2, 9, $FCEFA3F8
	ROUND	30, G, 7, 14, $676F02D9
	ROUND	31, G, 12, 20, $8D2A4C8A
				; H: rounds 32..47
	ROUND	32, H, 5, 4, $FFFA3942
	ROUND	33, H, 8, 11, $8771F681
	ROUND	34, H, 11, 16, $6D9D6122
	ROUND	35, H, 14, 23, $FDE5380C
	ROUND	36, H, 1, 4, $A4BEEA44
	ROUND	37, H, 4, 11, $4BDECFA9
	ROUND	38, H, 7, 16, $F6BB4B60
	ROUND	39, H, 10, 23, $BEBFBC70
	ROUND	40, H, 13, 4, $289B7EC6
	ROUND	41, H, 0, 11, $EAA127FA
	ROUND	42, H, 3, 16, $D4EF3085
	ROUND	43, H, 6, 23, $04881D05
	ROUND	44, H, 9, 4, $D9D4D039
	ROUND	45, H, 12, 11, $E6DB99E5
	ROUND	46, H, 15, 16, $1FA27CF8
	ROUND	47, H, 2, 23, $C4AC5665
				; I: rounds 48..63
	ROUND	48, I, 0, 6, $F4292244
	ROUND	49, I, 7, 10, $432AFF97
	ROUND	50, I, 14, 15, $AB9423A7
	ROUND	51, I, 5, 21, $FC93A039
	ROUND	52, I, 12, 6, $655B59C3
	ROUND	53, I, 3, 10, $8F0CCC92
	ROUND	54, I, 10, 15, $FFEFF47D
	ROUND	55, I, 1, 21, $85845DD1
	ROUND	56, I, 8, 6, $6FA87E4F
	ROUND	57, I, 15, 10, $FE2CE6E0
	ROUND	58, I, 6, 15, $A3014314
	ROUND	59, I, 13, 21, $4E0811A1
	ROUND	60, I, 4, 6, $F7537E82
	ROUND	61, I, 11, 10, $BD3AF235
	ROUND	62, I, 2, 15, $2AD7D2BB
	ROUND	63, I, 9, 21, $EB86D391
.repeat	4, J			; the state += the working words
	clc
.repeat	4, M
	lda	H+4*J+M
	adc	V+4*J+M
	sta	H+4*J+M
.endrepeat
.endrepeat
	rts
.endproc

.proc	_hb_md5_6502
	MD_HASH	16, LITTLE
.endproc

	.segment	"RODATA"
IV:	.dword	$67452301, $EFCDAB89, $98BADCFE, $10325476
