; SPDX-License-Identifier: MIT
; sha256.s - SHA-256 (FIPS 180-4; docs/algorithms.md) for the 6502, written
; from the standard: a block's 48 schedule words
;   W[t] = s1(W[t-2]) + W[t-7] + s0(W[t-15]) + W[t-16]
; and 64 rounds
;   T1 = h + S1(e) + Ch(e,f,g) + K[t] + W[t];  T2 = S0(a) + Maj(a,b,c)
;   h = g, g = f, f = e, e = d + T1, d = c, c = b, b = a, a = T1 + T2,
; then the padding of 5.1.1 and the state out big-endian.
; void __fastcall__ hb_sha256_6502(uint8_t *out, const uint8_t *in, size_t len)
; cc65's convention: len in A (low) and X (high); in, then out, on cc65's
; argument stack at (sp),0..3, which the callee removes (incsp4).
;
; The words are little-endian (byte 0 the least significant).  Each sigma
; is linear over GF(2), so its output byte m is the XOR of one table per
; input byte j: t_mj[x_j], where t_mj holds what byte x_j's bits give byte
; m through each rotation (x >> s, or (x << 8 - s) & $FF, from the byte the
; rotation's whole bytes name) and shift (the same, where the source byte
; is inside the word).  A sigma: x_0, x_1 in x and y give four partial
; bytes (44 cycles), x_2, x_3 the rest, each added into its sum on the way
; (68 cycles); where a shift leaves t_mj zero it is not read.  15 pages of
; tables, built here by the assembler.
; The eight working words stay in the zero page and change names, not
; places: round r's a is slot -r mod 8, so the new a goes into h's slot
; and the new e into d's; eight rounds written out make the names come
; back.  Maj(a,b,c) = ((a ^ b) & (b ^ c)) ^ b, b ^ c being the round
; before's a ^ b.  A round: T1 built in h's slot (K, W, Ch, S1 added one
; chain each), e = d + T1, then Maj and S0 added into it: 533 cycles;
; a schedule word about 350; about 53,400 cycles a block (sim65), 830 a
; byte.

	.export		_hb_sha256_6502
	.importzp	sp, ptr1, ptr2, ptr3, tmp1, tmp2
	.import		incsp4
	.macpack	longbranch	; jeq/jne: a branch, or its inverse over a jmp where out of reach
	.include	"pages.inc"	; OUT_IN
	.include	"md_pad.inc"	; MD_HASH: the arguments, blocks, padding, length, state out

	.importzp	hb6502_zp	; the 6502 routines' zero-page scratch, 80 bytes (sim65.cfg, the NES image)
V	= hb6502_zp			; the working words a .. h, by slot
AB0	= V + 32			; a ^ b of the even rounds
AB1	= AB0 + 4			; of the odd rounds
T	= AB1 + 4			; a sigma's partial bytes
ACC	= T + 4			; the schedule word being summed
it	= ACC + 4			; 4 * the round of the block's eight-round pass
wi	= it + 1			; 4t - 64 of the schedule word W[t]
src	= wi + 1			; the block being compressed
	.assert	src + 2 - hb6502_zp <= 80, error, "sha256.s: more zero page than the scratch holds"

	.segment	"ALGOBSS"	; from a page (sim65.cfg; the NES image: its group's variables from $6000)
W:	.res	256			; the schedule, W[t] at W + 4t
H:	.res	32			; the hash state
BUF:	.res	64			; the last block(s), padded

	.segment	"PAGED"		; each table a whole page (src/platform/guest/sim65.cfg, the NES image)
K:
	.dword	$428A2F98, $71374491, $B5C0FBCF, $E9B5DBA5
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
	.dword	$90BEFFFA, $A4506CEB, $BEF9A3F7, $C67178F2; the sigma tables, entry I of each
.macro	PAGE	expr
.repeat	256, I
	.byte	expr
.endrepeat
.endmacro
S0a:	PAGE	{(I >> 2)}			; S0 = rotr 2 ^ rotr 13 ^ rotr 22
S0b:	PAGE	{((I << 6) & $FF) ^ (I >> 5)}
S0c:	PAGE	{((I << 3) & $FF) ^ (I >> 6)}
S0d:	PAGE	{((I << 2) & $FF)}
S1a:	PAGE	{(I >> 6) ^ ((I << 7) & $FF)}		; S1 = rotr 6 ^ rotr 11 ^ rotr 25
S1b:	PAGE	{((I << 2) & $FF) ^ (I >> 3)}
S1c:	PAGE	{((I << 5) & $FF)}
S1d:	PAGE	{(I >> 1)}
s0a:	PAGE	{(I >> 7) ^ (I >> 3)}		; s0 = rotr 7 ^ rotr 18 ^ shr 3
s0b:	PAGE	{((I << 1) & $FF) ^ ((I << 5) & $FF)}
s0b1:	PAGE	{((I << 1) & $FF)}			; the top byte: shr 3 brings nothing in
s0d:	PAGE	{((I << 6) & $FF)}
s1c:	PAGE	{(I >> 1) ^ (I >> 3) ^ ((I << 6) & $FF)}	; s1 = rotr 17 ^ rotr 19 ^ shr 10
s1c1:	PAGE	{(I >> 1) ^ (I >> 3)}		; the top two bytes: shr 10 brings nothing in
s1d:	PAGE	{((I << 7) & $FF) ^ ((I << 5) & $FF)}
shr2 = S0a

	.segment	"ALGOCODE"	; the algorithms' code, started on a page (src/platform/guest/sim65.cfg, the NES image)

; sigma, first half: x = byte 0, y = byte 1 of the word; T = t_m0[x] ^ t_m1[y]
.macro	SIG_A	a0, b0, a1, b1, a2, b2, a3, b3
	SIG_A1	0, a0, b0
	SIG_A1	1, a1, b1
	SIG_A1	2, a2, b2
	SIG_A1	3, a3, b3
.endmacro
.macro	SIG_A1	m, ta, tb
.ifblank ta
	lda	tb,y
.else
	lda	ta,x
.ifnblank tb
	eor	tb,y
.endif
.endif
	sta	T+m
.endmacro

; second half: x = byte 2, y = byte 3; DST += T ^ t_m2[x] ^ t_m3[y]
.macro	SIG_B	dst, c0, d0, c1, d1, c2, d2, c3, d3
	clc
	SIG_B1	dst, 0, c0, d0
	SIG_B1	dst, 1, c1, d1
	SIG_B1	dst, 2, c2, d2
	SIG_B1	dst, 3, c3, d3
.endmacro
.macro	SIG_B1	dst, m, tc, td
	lda	T+m
.ifnblank tc
	eor	tc,x
.endif
.ifnblank td
	eor	td,y
.endif
	adc	dst+m
	sta	dst+m
.endmacro

.define	BIG0_A	S0a, S0b, S0d, S0a, S0c, S0d, S0b, S0c
.define	BIG0_B	S0c, S0d, S0b, S0c, S0a, S0b, S0d, S0a
.define	BIG1_A	S1a, S1b, S1d, S1a, S1c, S1d, S1b, S1c
.define	BIG1_B	S1c, S1d, S1b, S1c, S1a, S1b, S1d, S1a
.define	SMALL0_A	s0a, s0b, s0d, s0a, shr2, s0d, s0b1, shr2
.define	SMALL0_B	shr2, s0d, s0b, shr2, s0a, s0b, s0d, s0a
.define	SMALL1_A	, shr2, s1d, , s1c1, s1d, , s1c1
.define	SMALL1_B	s1c, s1d, shr2, s1c, , shr2, s1d,

; round r of the eight: the slots of a .. h, K[t] and W[t] at +4r from x = it
.macro	ROUND	r
	.local	ra, rb, rc, rd, re, rf, rg, rh, abn, abp
ra = V + 4 * ((8 - r) & 7)
rb = V + 4 * ((9 - r) & 7)
rc = V + 4 * ((10 - r) & 7)
rd = V + 4 * ((11 - r) & 7)
re = V + 4 * ((12 - r) & 7)
rf = V + 4 * ((13 - r) & 7)
rg = V + 4 * ((14 - r) & 7)
rh = V + 4 * ((15 - r) & 7)
.if	r & 1
abn = AB1
abp = AB0
.else
abn = AB0
abp = AB1
.endif
	ldx	it			; h += K[t]
	clc
.repeat	4, M
	lda	rh+M
	adc	K+4*r+M,x
	sta	rh+M
.endrepeat
	clc				; h += W[t]
.repeat	4, M
	lda	rh+M
	adc	W+4*r+M,x
	sta	rh+M
.endrepeat
	clc				; h += Ch(e,f,g) = ((f ^ g) & e) ^ g
.repeat	4, M
	lda	rf+M
	eor	rg+M
	and	re+M
	eor	rg+M
	adc	rh+M
	sta	rh+M
.endrepeat
	ldx	re			; h += S1(e): T1
	ldy	re+1
	SIG_A	BIG1_A
	ldx	re+2
	ldy	re+3
	SIG_B	rh, BIG1_B
	clc				; d += T1: the new e
.repeat	4, M
	lda	rd+M
	adc	rh+M
	sta	rd+M
.endrepeat
	clc				; h += Maj(a,b,c)
.repeat	4, M
	lda	ra+M
	eor	rb+M
	sta	abn+M
	and	abp+M
	eor	rb+M
	adc	rh+M
	sta	rh+M
.endrepeat
	ldx	ra			; h += S0(a): the new a
	ldy	ra+1
	SIG_A	BIG0_A
	ldx	ra+2
	ldy	ra+3
	SIG_B	rh, BIG0_B
.endmacro

; one block from (src): the state H updated
.proc	compress
	BIG_WORDS			; W[0..15]: the block's words big-endian
	lda	#0
	sta	wi
sched:	ldx	wi			; W[t] = W[t-16] + W[t-7] + s0(W[t-15]) + s1(W[t-2]), x = 4t - 64
	clc				; (bases in W's page, as x: no read crosses one)
.repeat	4, M
	lda	W+M,x
	adc	W+36+M,x
	sta	ACC+M
.endrepeat
	ldy	W+5,x
	lda	W+4,x
	tax
	SIG_A	SMALL0_A
	ldx	wi
	ldy	W+7,x
	lda	W+6,x
	tax
	SIG_B	ACC, SMALL0_B
	ldx	wi
	ldy	W+57,x
	lda	W+56,x
	tax
	SIG_A	SMALL1_A
	ldx	wi
	ldy	W+59,x
	lda	W+58,x
	tax
	SIG_B	ACC, SMALL1_B
	ldx	wi
.repeat	4, M
	lda	ACC+M
	sta	W+64+M,x
.endrepeat
	txa
	clc
	adc	#4
	sta	wi
	cmp	#192
	jne	sched			; to t = 63
	ldx	#31			; the working words from the state
:	lda	H,x
	sta	V,x
	dex
	bpl	:-
.repeat	4, M			; b ^ c, the "round before's a ^ b" of round 0
	lda	V+4+M
	eor	V+8+M
	sta	AB1+M
.endrepeat
	lda	#0
	sta	it
rounds:	ROUND	0
	ROUND	1
	ROUND	2
	ROUND	3
	ROUND	4
	ROUND	5
	ROUND	6
	ROUND	7
	lda	it
	clc
	adc	#32
	sta	it
	jne	rounds
.repeat	8, J			; the state += the working words
	clc
.repeat	4, M
	lda	H+4*J+M
	adc	V+4*J+M
	sta	H+4*J+M
.endrepeat
.endrepeat
	rts
.endproc

.proc	_hb_sha256_6502
	MD_HASH	32, BIG
.endproc

	.segment	"RODATA"
IV:
	.dword	$6A09E667, $BB67AE85, $3C6EF372, $A54FF53A
	.dword	$510E527F, $9B05688C, $1F83D9AB, $5BE0CD19