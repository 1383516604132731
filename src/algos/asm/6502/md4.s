; SPDX-License-Identifier: MIT
; md4.s - MD4 (RFC 1320; docs/algorithms.md) for the 6502, written from the
; RFC: 48 steps a block,
;   a = (a + f(b,c,d) + X[k] + K) <<< s,  then (a,b,c,d) = (d,a,b,c),
; f = F (K 0), G (majority, K 0x5A827999), H (K 0x6ED9EBA1) by sixteens;
; then the padding of 3.1-3.2, the state out little-endian.
; void __fastcall__ hb_md4_6502(uint8_t *out, const uint8_t *in, size_t len)
; cc65's convention: len in A (low) and X (high); in, then out, on cc65's
; argument stack at (sp),0..3, which the callee removes (incsp4).
;
; md5.s's method (its opening comment): the steps written out, the words
; renamed, X[k] read where the block lies, the rotation's bits from two
; shift tables; MD4 adds no b after the rotation.  A step: a + f into T
; (F 18 cycles a byte, G 27, H 15), + X[k] (13 a byte), + K (8 a byte, not
; in the first sixteen), the rotation (11 a byte): about 190, 260 and 210
; cycles; about 10,700 a block, 170 a byte.

	.export		_hb_md4_6502
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
mt	= src + 2			; G's c & d
	.assert	mt + 1 - hb6502_zp <= 80, error, "md4.s: more zero page than the scratch holds"

	.segment	"ALGOBSS"	; from a page (sim65.cfg; the NES image: its group's variables from $6000)
BUF:	.res	64			; the last block(s), padded
H:	.res	16			; the hash state

	.segment	"PAGED"		; each table a whole page (src/platform/guest/sim65.cfg, the NES image)
	SHIFT_PAGES	1, 2	; L r and R r for r = 1, 3, 5, 7

	.segment	"ALGOCODE"	; the algorithms' code, started on a page (src/platform/guest/sim65.cfg, the NES image)

; byte m of f(b,c,d) in a
.macro	FUNC	fn, rb, rc, rd, m
.if	.xmatch({fn}, F)		; d ^ (b & (c ^ d))
	lda	rc+m
	eor	rd+m
	and	rb+m
	eor	rd+m
.elseif	.xmatch({fn}, G)		; (b & (c | d)) | (c & d)
	lda	rc+m
	and	rd+m
	sta	mt
	lda	rc+m
	ora	rd+m
	and	rb+m
	ora	mt
.else					; H: b ^ c ^ d
	lda	rb+m
	eor	rc+m
	eor	rd+m
.endif
.endmacro

; step i: f, the word X[g], the shift s, the constant k (0: none)
.macro	ROUND	i, fn, g, s, k
	.local	ra, rb, rc, rd, q, r
ra = V + 4 * ((4 - (i & 3)) & 3)
rb = V + 4 * ((5 - (i & 3)) & 3)
rc = V + 4 * ((6 - (i & 3)) & 3)
rd = V + 4 * ((7 - (i & 3)) & 3)
q = s / 8
r = s .mod 8
	MD_SUM	fn, ra, rb, rc, rd, g, k	; T = a + f(b,c,d) + X[g] + k
;	a = T <<< s: byte m (x << r | y >> 8 - r), x and y the bytes q and
;	q + 1 below it (s = 19: q = 2; r is never 0)
	ldy	T+((3 - q) & 3)
	ldx	T+((4 - q) & 3)
	lda	.ident(.sprintf("L%d", r)),x
	ora	.ident(.sprintf("R%d", 8 - r)),y
	sta	ra
	ldy	T+((5 - q) & 3)
	lda	.ident(.sprintf("L%d", r)),y
	ora	.ident(.sprintf("R%d", 8 - r)),x
	sta	ra+1
	ldx	T+((6 - q) & 3)
	lda	.ident(.sprintf("L%d", r)),x
	ora	.ident(.sprintf("R%d", 8 - r)),y
	sta	ra+2
	ldy	T+((7 - q) & 3)
	lda	.ident(.sprintf("L%d", r)),y
	ora	.ident(.sprintf("R%d", 8 - r)),x
	sta	ra+3
.endmacro

; one block from (src): the state H updated
.proc	compress
	ldx	#15			; the working words from the state
:	lda	H,x
	sta	V,x
	dex
	bpl	:-
				; F: steps 0..15
	ROUND	0, F, 0, 3, 0
	ROUND	1, F, 1, 7, 0
	ROUND	2, F, 2, 11, 0
	ROUND	3, F, 3, 19, 0
	ROUND	4, F, 4, 3, 0
	ROUND	5, F, 5, 7, 0
	ROUND	6, F, 6, 11, 0
	ROUND	7, F, 7, 19, 0
	ROUND	8, F, 8, 3, 0
	ROUND	9, F, 9, 7, 0
	ROUND	10, F, 10, 11, 0
	ROUND	11, F, 11, 19, 0
	ROUND	12, F, 12, 3, 0
	ROUND	13, F, 13, 7, 0
	ROUND	14, F, 14, 11, 0
	ROUND	15, F, 15, 19, 0
				; G: steps 16..31
	ROUND	16, G, 0, 3, $5A827999
	ROUND	17, G, 4, 5, $5A827999
	ROUND	18, G, 8, 9, $5A827999
	ROUND	19, G, 12, 13, $5A827999
	ROUND	20, G, 1, 3, $5A827999
	ROUND	21, G, 5, 5, $5A827999
	ROUND	22, G, 9, 9, $5A827999
	ROUND	23, G, 13, 13, $5A827999
	ROUND	24, G, 2, 3, $5A827999
	ROUND	25, G, 6, 5, $5A827999
	ROUND	26, G, 10, 9, $5A827999
	ROUND	27, G, 14, 13, $5A827999
	ROUND	28, G, 3, 3, $5A827999
	ROUND	29, G, 7, 5, $5A827999
	ROUND	30, G, 11, 9, $5A827999
	ROUND	31, G, 15, 13, $5A827999
				; H: steps 32..47
	ROUND	32, H, 0, 3, $6ED9EBA1
	ROUND	33, H, 8, 9, $6ED9EBA1
	ROUND	34, H, 4, 11, $6ED9EBA1
	ROUND	35, H, 12, 15, $6ED9EBA1
	ROUND	36, H, 2, 3, $6ED9EBA1
	ROUND	37, H, 10, 9, $6ED9EBA1
	ROUND	38, H, 6, 11, $6ED9EBA1
	ROUND	39, H, 14, 15, $6ED9EBA1
	ROUND	40, H, 1, 3, $6ED9EBA1
	ROUND	41, H, 9, 9, $6ED9EBA1
	ROUND	42, H, 5, 11, $6ED9EBA1
	ROUND	43, H, 13, 15, $6ED9EBA1
	ROUND	44, H, 3, 3, $6ED9EBA1
	ROUND	45, H, 11, 9, $6ED9EBA1
	ROUND	46, H, 7, 11, $6ED9EBA1
	ROUND	47, H, 15, 15, $6ED9EBA1
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

.proc	_hb_md4_6502
	MD_HASH	16, LITTLE
.endproc

	.segment	"RODATA"
IV:	.dword	$67452301, $EFCDAB89, $98BADCFE, $10325476
