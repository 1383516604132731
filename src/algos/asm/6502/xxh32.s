; SPDX-License-Identifier: MIT
; xxh32.s - XXH32, seed 0 (the xxHash specification; docs/algorithms.md) for
; the 6502, written from the specification:
;   16 bytes and more: lanes v1..v4 = P1 + P2, P2, 0, -P1; each 16-byte
;   stripe's four little-endian words w: v = ((v + w * P2) <<< 13) * P1;
;   h = (v1 <<< 1) + (v2 <<< 7) + (v3 <<< 12) + (v4 <<< 18);  else h = P5;
;   h += len; each remaining word: h = ((h + w * P3) <<< 17) * P4; each
;   remaining byte: h = ((h + b * P5) <<< 11) * P1;  then h ^= h >> 15;
;   h *= P2; h ^= h >> 13; h *= P3; h ^= h >> 16;  out = h, big-endian.
; void __fastcall__ hb_xxh32_6502(uint8_t *out, const uint8_t *in, size_t len)
; cc65's convention: len in A (low) and X (high); in, then out, on cc65's
; argument stack at (sp),0..3, which the callee removes (incsp4).
;
; A product by a constant is four table rows of b * K byte planes
; (murmur3_32.s's way: about 106 cycles; P1 is Knuth's multiplier, whose
; planes knuth.s reads too).  A lane: its word 40 cycles, w * P2 106,
; v += 38, v <<< 13 from two shift tables 59, * P1 106: 349; a stripe
; 1,396 and the pointer's 16 13: 88 cycles a byte.  The rest (the
; convergence, the tail's rotations, the avalanche's shifts) runs once a
; call, with a rotation or shift of any count: whole bytes renamed, then
; a bit at a time.

	.export		_hb_xxh32_6502
	.importzp	sp, ptr1, ptr2, tmp1
	.import		incsp4
	.macpack	longbranch	; jeq/jne: a branch, or its inverse over a jmp where out of reach
	.include	"planes32.inc"	; MUL
	.import		_hb_knuth_planes, _hb_xxh32_p2_planes, _hb_xxh32_p3_planes, _hb_xxh32_p4_planes
	.import		_hb_xxh32_p5_planes
P1T = _hb_knuth_planes			; 0x9E3779B1

	.importzp	hb6502_zp	; the 6502 routines' zero-page scratch, 80 bytes (sim65.cfg, the NES image)
v	= hb6502_zp			; v1 .. v4, least significant byte first
h	= v + 16			; the hash
k	= h + 4				; a word being mixed
t	= k + 4				; a product
src	= t + 4				; the stripe
lenhi	= src + 2			; len / 256
n	= lenhi + 1			; stripes, then words, then bytes left (2 bytes)
	.assert	n + 2 - hb6502_zp <= 80, error, "xxh32.s: more zero page than the scratch holds"

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

; lane r of the stripe at (src)
.macro	LANE	r
	.local	vr
vr = v + 4 * r
.repeat	4, M
	ldy	#4*r+M
	lda	(src),y
	sta	k+M
.endrepeat
	MUL	t, k, _hb_xxh32_p2_planes
	clc				; v += w * P2
.repeat	4, M
	lda	vr+M
	adc	t+M
	sta	vr+M
.endrepeat
	ldx	vr+3			; k = v <<< 13: byte m = v[m-1] << 5 | v[m-2] >> 3
	ldy	vr+2
	lda	L5,x
	ora	R3,y
	sta	k
	ldy	vr
	lda	L5,y
	ora	R3,x
	sta	k+1
	ldx	vr+1
	lda	L5,x
	ora	R3,y
	sta	k+2
	ldy	vr+2
	lda	L5,y
	ora	R3,x
	sta	k+3
	MUL	vr, k, P1T		; v = k * P1
.endmacro

; h += k
.macro	ADD_K
	clc
.repeat	4, M
	lda	h+M
	adc	k+M
	sta	h+M
.endrepeat
.endmacro

; h += t
.macro	ADD_T
	clc
.repeat	4, M
	lda	h+M
	adc	t+M
	sta	h+M
.endrepeat
.endmacro

.proc	_hb_xxh32_6502
	sta	tmp1			; len
	stx	lenhi
	ldy	#3			; ptr2 = out, src = in
	lda	(sp),y
	sta	ptr2+1
	dey
	lda	(sp),y
	sta	ptr2
	dey
	lda	(sp),y
	sta	src+1
	dey
	lda	(sp),y
	sta	src
	lda	tmp1			; n = len / 16 stripes
	sta	n
	lda	lenhi
	sta	n+1
	ldx	#4
:	lsr	n+1
	ror	n
	dex
	bne	:-
	lda	n
	ora	n+1
	bne	lanes
	ldx	#3			; under 16 bytes: h = P5
:	lda	P5,x
	sta	h,x
	dex
	bpl	:-
	jmp	length
lanes:	ldx	#15			; v1 .. v4 = P1 + P2, P2, 0, -P1
:	lda	V0,x
	sta	v,x
	dex
	bpl	:-
stripe:	LANE	0
	LANE	1
	LANE	2
	LANE	3
	lda	src			; the next stripe
	clc
	adc	#16
	sta	src
	bcc	:+
	inc	src+1
:	lda	n
	bne	:+
	dec	n+1
:	dec	n
	lda	n
	ora	n+1
	jne	stripe
	ldx	#0			; h = (v1 <<< 1) + (v2 <<< 7) + (v3 <<< 12) + (v4 <<< 18)
	ldy	#1
	jsr	lane_rot
	lda	k
	sta	h
	lda	k+1
	sta	h+1
	lda	k+2
	sta	h+2
	lda	k+3
	sta	h+3
	ldx	#4
	ldy	#7
	jsr	lane_rot
	ADD_K
	ldx	#8
	ldy	#12
	jsr	lane_rot
	ADD_K
	ldx	#12
	ldy	#18
	jsr	lane_rot
	ADD_K
length:	clc				; h += len
	lda	h
	adc	tmp1
	sta	h
	lda	h+1
	adc	lenhi
	sta	h+1
	bcc	:+
	inc	h+2
	bne	:+
	inc	h+3
:	lda	tmp1			; the len mod 16 bytes: words, then bytes
	and	#15
	sta	n
words:	lda	n
	cmp	#4
	jcc	bytes
	ldy	#3			; h += w * P3
:	lda	(src),y
	sta	k,y
	dey
	bpl	:-
	MUL	t, k, _hb_xxh32_p3_planes
	ADD_T
	ldy	#17			; h = (h <<< 17) * P4
	jsr	h_rot
	MUL	h, k, _hb_xxh32_p4_planes
	lda	src
	clc
	adc	#4
	sta	src
	bcc	:+
	inc	src+1
:	lda	n
	sec
	sbc	#4
	sta	n
	jmp	words
bytes:	lda	n
	beq	aval
	ldy	#0			; h += b * P5
	lda	(src),y
	tax
	clc
	lda	h
	adc	_hb_xxh32_p5_planes,x
	sta	h
	lda	h+1
	adc	_hb_xxh32_p5_planes+256,x
	sta	h+1
	lda	h+2
	adc	_hb_xxh32_p5_planes+512,x
	sta	h+2
	lda	h+3
	adc	_hb_xxh32_p5_planes+768,x
	sta	h+3
	ldy	#11			; h = (h <<< 11) * P1
	jsr	h_rot
	MUL	h, k, P1T
	inc	src
	bne	:+
	inc	src+1
:	dec	n
	jmp	bytes
aval:	ldy	#15			; h ^= h >> 15
	jsr	h_shr
	MUL	t, h, _hb_xxh32_p2_planes	; h *= P2
	ldx	#3
:	lda	t,x
	sta	h,x
	dex
	bpl	:-
	ldy	#13			; h ^= h >> 13
	jsr	h_shr
	MUL	t, h, _hb_xxh32_p3_planes	; h *= P3
	ldx	#3
:	lda	t,x
	sta	h,x
	dex
	bpl	:-
	ldy	#16			; h ^= h >> 16
	jsr	h_shr
	ldy	#3			; out = h, big-endian
	ldx	#0
:	lda	h,x
	sta	(ptr2),y
	inx
	dey
	bpl	:-
	jmp	incsp4
.endproc

; k = v[x / 4] <<< y
.proc	lane_rot
	lda	v,x
	sta	k
	lda	v+1,x
	sta	k+1
	lda	v+2,x
	sta	k+2
	lda	v+3,x
	sta	k+3
	jmp	k_rot
.endproc

; k = h <<< y
.proc	h_rot
	ldx	#3
:	lda	h,x
	sta	k,x
	dex
	bpl	:-
.endproc				; on into k_rot

; k <<<= y: whole bytes renamed, then a bit at a time
.proc	k_rot
:	cpy	#8
	bcc	bits
	ldx	k+3
	lda	k+2
	sta	k+3
	lda	k+1
	sta	k+2
	lda	k
	sta	k+1
	stx	k
	tya
	sbc	#8			; c set by the cpy
	tay
	jmp	:-
bits:	cpy	#0
	beq	done
:	lda	k+3
	asl
	rol	k
	rol	k+1
	rol	k+2
	rol	k+3
	dey
	bne	:-
done:	rts
.endproc

; h ^= h >> y (y < 32)
.proc	h_shr
	ldx	#3
:	lda	h,x
	sta	k,x
	dex
	bpl	:-
:	cpy	#8			; whole bytes
	bcc	bits
	lda	k+1
	sta	k
	lda	k+2
	sta	k+1
	lda	k+3
	sta	k+2
	lda	#0
	sta	k+3
	tya
	sbc	#8
	tay
	jmp	:-
bits:	cpy	#0
	beq	xor
:	lsr	k+3
	ror	k+2
	ror	k+1
	ror	k
	dey
	bne	:-
xor:	ldx	#3
:	lda	h,x
	eor	k,x
	sta	h,x
	dex
	bpl	:-
	rts
.endproc

	.segment	"RODATA"
V0:	.dword	$24234428, $85EBCA77, 0, $61C8864F	; P1 + P2, P2, 0, -P1 (mod 2^32)
P5:	.dword	$165667B1
