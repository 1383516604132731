; SPDX-License-Identifier: MIT
; sha1.s - SHA-1 (FIPS 180-4; docs/algorithms.md) for the 6502, written from
; the standard: a block's 64 schedule words W[t] = (W[t-3] ^ W[t-8] ^
; W[t-14] ^ W[t-16]) <<< 1, and 80 rounds
;   T = (a <<< 5) + f(b,c,d) + e + K + W[t];  e = d, d = c, c = b <<< 30,
;   b = a, a = T,
; f = Ch, Parity, Maj, Parity by twenties; then the padding of 5.1.1 and
; the state out big-endian.
; void __fastcall__ hb_sha1_6502(uint8_t *out, const uint8_t *in, size_t len)
; cc65's convention: len in A (low) and X (high); in, then out, on cc65's
; argument stack at (sp),0..3, which the callee removes (incsp4).
;
; The words are little-endian (byte 0 the least significant).  The 80
; rounds are written out, so K is an immediate and W[t] an absolute
; address, and the five words change names, not places: round t's a is
; slot -t mod 5, and T is summed in e's slot, the next round's a.  A
; round: e += W[t] 42 cycles, + K 34, + f (Ch 74, Parity 62, Maj 110),
; + a <<< 5 70 (each byte (x << 5 | y >> 3) from two tables), b <<< 30 as
; two one-bit right rotations 50: about 270-310 cycles; a schedule word
; 111; about 30,700 cycles a block (sim65), 480 a byte.

	.export		_hb_sha1_6502
	.importzp	sp, ptr1, ptr2, ptr3, tmp1, tmp2
	.import		incsp4
	.macpack	longbranch	; jeq/jne: a branch, or its inverse over a jmp where out of reach
	.include	"pages.inc"	; OUT_IN
	.include	"md_pad.inc"	; MD_HASH: the arguments, blocks, padding, length, state out

	.importzp	hb6502_zp	; the 6502 routines' zero-page scratch, 80 bytes (sim65.cfg, the NES image)
V	= hb6502_zp			; a .. e by slot
src	= V + 20			; the block being compressed
top	= src + 2			; a schedule word's top byte before its rotation
mt	= top + 1			; Maj's b & c
	.assert	mt + 1 - hb6502_zp <= 80, error, "sha1.s: more zero page than the scratch holds"

	.segment	"ALGOBSS"	; from a page (sim65.cfg; the NES image: its group's variables from $6000)
W:	.res	320			; the schedule, W[t] at W + 4t
H:	.res	20			; the hash state
BUF:	.res	64			; the last block(s), padded

	.segment	"PAGED"		; each table a whole page (src/platform/guest/sim65.cfg, the NES image)
L5:
.repeat	256, I
	.byte	(I << 5) & $FF		; x << 5, the bits that stay in the byte
.endrepeat
R3:
.repeat	256, I
	.byte	I >> 3			; x >> 3, the bits from the byte below
.endrepeat

	.segment	"ALGOCODE"	; the algorithms' code, started on a page (src/platform/guest/sim65.cfg, the NES image)

; e += byte m of f(b,c,d) (the carry chain's)
.macro	FUNC	fn, rb, rc, rd, re, m
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
	adc	re+m
	sta	re+m
.endmacro

; round t: f, K
.macro	ROUND	t, fn, k
	.local	ra, rb, rc, rd, re
ra = V + 4 * ((5 - (t .mod 5)) .mod 5)
rb = V + 4 * ((6 - (t .mod 5)) .mod 5)
rc = V + 4 * ((7 - (t .mod 5)) .mod 5)
rd = V + 4 * ((8 - (t .mod 5)) .mod 5)
re = V + 4 * ((9 - (t .mod 5)) .mod 5)
	clc				; e += W[t]
.repeat	4, M
	lda	re+M
	adc	W+4*t+M
	sta	re+M
.endrepeat
	clc				; + K
.repeat	4, M
	lda	re+M
	adc	#<(k >> (8 * M))
	sta	re+M
.endrepeat
	clc				; + f(b,c,d)
.repeat	4, M
	FUNC	fn, rb, rc, rd, re, M
.endrepeat
	clc				; + a <<< 5: the new a
	ldy	ra+3
	ldx	ra
	lda	L5,x
	ora	R3,y
	adc	re
	sta	re
	ldy	ra+1
	lda	L5,y
	ora	R3,x
	adc	re+1
	sta	re+1
	ldx	ra+2
	lda	L5,x
	ora	R3,y
	adc	re+2
	sta	re+2
	ldy	ra+3
	lda	L5,y
	ora	R3,x
	adc	re+3
	sta	re+3
.repeat	2			; b <<< 30: the next c
	lda	rb
	lsr
	ror	rb+3
	ror	rb+2
	ror	rb+1
	ror	rb
.endrepeat
.endmacro

; one block from (src): the state H updated
.proc	compress
	BIG_WORDS			; W[0..15]: the block's words big-endian
	ldx	#0			; W[t], t = 16 + x / 4
sched:	lda	W+64-12+3,x		; the top byte first: its top bit is bit 0's
	eor	W+64-32+3,x
	eor	W+64-56+3,x
	eor	W+64-64+3,x
	sta	top
	asl
.repeat	3, M
	lda	W+64-12+M,x
	eor	W+64-32+M,x
	eor	W+64-56+M,x
	eor	W+64-64+M,x
	rol
	sta	W+64+M,x
.endrepeat
	lda	top
	rol
	sta	W+64+3,x
	inx
	inx
	inx
	inx
	bne	sched
	ldx	#19			; the working words from the state
:	lda	H,x
	sta	V,x
	dex
	bpl	:-
				; Ch: rounds 0..19
	ROUND	0, CH, $5A827999
	ROUND	1, CH, $5A827999
	ROUND	2, CH, $5A827999
	ROUND	3, CH, $5A827999
	ROUND	4, CH, $5A827999
	ROUND	5, CH, $5A827999
	ROUND	6, CH, $5A827999
	ROUND	7, CH, $5A827999
	ROUND	8, CH, $5A827999
	ROUND	9, CH, $5A827999
	ROUND	10, CH, $5A827999
	ROUND	11, CH, $5A827999
	ROUND	12, CH, $5A827999
	ROUND	13, CH, $5A827999
	ROUND	14, CH, $5A827999
	ROUND	15, CH, $5A827999
	ROUND	16, CH, $5A827999
	ROUND	17, CH, $5A827999
	ROUND	18, CH, $5A827999
	ROUND	19, CH, $5A827999
				; Parity: rounds 20..39
	ROUND	20, PAR, $6ED9EBA1
	ROUND	21, PAR, $6ED9EBA1
	ROUND	22, PAR, $6ED9EBA1
	ROUND	23, PAR, $6ED9EBA1
	ROUND	24, PAR, $6ED9EBA1
	ROUND	25, PAR, $6ED9EBA1
	ROUND	26, PAR, $6ED9EBA1
	ROUND	27, PAR, $6ED9EBA1
	ROUND	28, PAR, $6ED9EBA1
	ROUND	29, PAR, $6ED9EBA1
	ROUND	30, PAR, $6ED9EBA1
	ROUND	31, PAR, $6ED9EBA1
	ROUND	32, PAR, $6ED9EBA1
	ROUND	33, PAR, $6ED9EBA1
	ROUND	34, PAR, $6ED9EBA1
	ROUND	35, PAR, $6ED9EBA1
	ROUND	36, PAR, $6ED9EBA1
	ROUND	37, PAR, $6ED9EBA1
	ROUND	38, PAR, $6ED9EBA1
	ROUND	39, PAR, $6ED9EBA1
				; Maj: rounds 40..59
	ROUND	40, MAJ, $8F1BBCDC
	ROUND	41, MAJ, $8F1BBCDC
	ROUND	42, MAJ, $8F1BBCDC
	ROUND	43, MAJ, $8F1BBCDC
	ROUND	44, MAJ, $8F1BBCDC
	ROUND	45, MAJ, $8F1BBCDC
	ROUND	46, MAJ, $8F1BBCDC
	ROUND	47, MAJ, $8F1BBCDC
	ROUND	48, MAJ, $8F1BBCDC
	ROUND	49, MAJ, $8F1BBCDC
	ROUND	50, MAJ, $8F1BBCDC
	ROUND	51, MAJ, $8F1BBCDC
	ROUND	52, MAJ, $8F1BBCDC
	ROUND	53, MAJ, $8F1BBCDC
	ROUND	54, MAJ, $8F1BBCDC
	ROUND	55, MAJ, $8F1BBCDC
	ROUND	56, MAJ, $8F1BBCDC
	ROUND	57, MAJ, $8F1BBCDC
	ROUND	58, MAJ, $8F1BBCDC
	ROUND	59, MAJ, $8F1BBCDC
				; Parity: rounds 60..79
	ROUND	60, PAR, $CA62C1D6
	ROUND	61, PAR, $CA62C1D6
	ROUND	62, PAR, $CA62C1D6
	ROUND	63, PAR, $CA62C1D6
	ROUND	64, PAR, $CA62C1D6
	ROUND	65, PAR, $CA62C1D6
	ROUND	66, PAR, $CA62C1D6
	ROUND	67, PAR, $CA62C1D6
	ROUND	68, PAR, $CA62C1D6
	ROUND	69, PAR, $CA62C1D6
	ROUND	70, PAR, $CA62C1D6
	ROUND	71, PAR, $CA62C1D6
	ROUND	72, PAR, $CA62C1D6
	ROUND	73, PAR, $CA62C1D6
	ROUND	74, PAR, $CA62C1D6
	ROUND	75, PAR, $CA62C1D6
	ROUND	76, PAR, $CA62C1D6
	ROUND	77, PAR, $CA62C1D6
	ROUND	78, PAR, $CA62C1D6
	ROUND	79, PAR, $CA62C1D6
.repeat	5, J			; the state += the working words (80 rounds: the names are back)
	clc
.repeat	4, M
	lda	H+4*J+M
	adc	V+4*J+M
	sta	H+4*J+M
.endrepeat
.endrepeat
	rts
.endproc

.proc	_hb_sha1_6502
	MD_HASH	20, BIG
.endproc

	.segment	"RODATA"
IV:	.dword	$67452301, $EFCDAB89, $98BADCFE, $10325476, $C3D2E1F0
