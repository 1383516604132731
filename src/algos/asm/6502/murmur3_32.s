; SPDX-License-Identifier: MIT
; murmur3_32.s - MurmurHash3_x86_32, seed 0 (SMHasher; docs/algorithms.md)
; for the 6502, written from its definition:
;   each 4-byte block k (little-endian): k *= c1; k = k <<< 15; k *= c2;
;   h ^= k; h = h <<< 13; h = h * 5 + 0xE6546B64;
;   a 1-3 byte tail k the same as far as h ^= k; h ^= len; then fmix32:
;   h ^= h >> 16; h *= 0x85EBCA6B; h ^= h >> 13; h *= 0xC2B2AE35;
;   h ^= h >> 16;  out = h, big-endian.
; void __fastcall__ hb_murmur3_32_6502(uint8_t *out, const uint8_t *in, size_t len)
; cc65's convention: len in A (low) and X (high); in, then out, on cc65's
; argument stack at (sp),0..3, which the callee removes (incsp4).
;
; A product by a constant K is four table rows, x * K = t[x0] + t[x1] << 8
; + t[x2] << 16 + t[x3] << 24 mod 2^32 with t[b] = b * K as byte planes
; (tools/generate/mul_tables.py): 4 reads, then 3, 2 and 1 byte additions,
; about 106 cycles.  k <<< 15 is a two-byte renaming and a one-bit right
; rotation, made as the bytes are copied (37); h <<< 13 is a renaming and
; five bits, each byte (x << 5 | y >> 3) from two tables (59); h * 5 =
; h + (h << 2), each byte of h << 2 from two tables and added as it is
; made (66).  A block: its load 32, two products 212, the rotations 96,
; h ^= k 36, h * 5 66, + the constant 34, y moved on 8: about 484, 121 a
; byte.  The blocks are read through four pointers p0..p3 = base + 0..3
; with y stepping by 4: the len / 4 blocks mod 64 first (the pointers
; moved back so that y runs up to the wrap), then 64 a page.

	.export		_hb_murmur3_32_6502
	.importzp	sp, ptr1, ptr2, tmp1, tmp2
	.import		incsp4
	.macpack	longbranch	; jeq/jne: a branch, or its inverse over a jmp where out of reach
	.include	"pages.inc"	; OUT_IN
	.include	"planes32.inc"	; MUL
	.import		_hb_murmur3_c1_planes, _hb_murmur3_c2_planes, _hb_murmur3_f1_planes, _hb_murmur3_f2_planes

	.importzp	hb6502_zp	; the 6502 routines' zero-page scratch, 80 bytes (sim65.cfg, the NES image)
pages	= hb6502_zp			; whole pages of blocks left
h	= pages + 1			; the hash, least significant byte first
k	= h + 4				; the block
t	= k + 4				; a product
p	= t + 4				; p0 .. p3
lenhi	= p + 8				; len / 256
	.assert	lenhi + 1 - hb6502_zp <= 80, error, "murmur3_32.s: more zero page than the scratch holds"

	.segment	"PAGED"		; each table a whole page (src/platform/guest/sim65.cfg, the NES image)
L2:
.repeat	256, I
	.byte	(I << 2) & $FF		; x << 2, the bits that stay in the byte
.endrepeat
R6:
.repeat	256, I
	.byte	I >> 6			; x >> 6, the bits that go to the next byte up
.endrepeat
L5:
.repeat	256, I
	.byte	(I << 5) & $FF
.endrepeat
R3:
.repeat	256, I
	.byte	I >> 3
.endrepeat

	.segment	"ALGOCODE"	; the algorithms' code, started on a page (src/platform/guest/sim65.cfg, the NES image)

; h ^= ((k * c1) <<< 15) * c2
.macro	MIXK
	MUL	t, k, _hb_murmur3_c1_planes
	lda	t+2			; k = t <<< 15: t <<< 16, then >>> 1
	lsr
	lda	t+1
	ror
	sta	k+3
	lda	t
	ror
	sta	k+2
	lda	t+3
	ror
	sta	k+1
	lda	t+2
	ror
	sta	k
	MUL	t, k, _hb_murmur3_c2_planes
.repeat	4, M
	lda	h+M
	eor	t+M
	sta	h+M
.endrepeat
.endmacro

; one block from p0..p3 + y
.macro	BLOCK
.repeat	4, M
	lda	(p+2*M),y
	sta	k+M
.endrepeat
	MIXK
	ldx	h+3			; k = h <<< 13: byte m = h[m-1] << 5 | h[m-2] >> 3
	ldy	h+2
	lda	L5,x
	ora	R3,y
	sta	k
	ldy	h
	lda	L5,y
	ora	R3,x
	sta	k+1
	ldx	h+1
	lda	L5,x
	ora	R3,y
	sta	k+2
	ldy	h+2
	lda	L5,y
	ora	R3,x
	sta	k+3
	ldx	k			; h = k + (k << 2)
	lda	L2,x
	clc
	adc	k
	sta	h
	ldy	k+1
	lda	L2,y
	ora	R6,x
	adc	k+1
	sta	h+1
	ldx	k+2
	lda	L2,x
	ora	R6,y
	adc	k+2
	sta	h+2
	ldy	k+3
	lda	L2,y
	ora	R6,x
	adc	k+3
	sta	h+3
	clc				; + 0xE6546B64
	lda	h
	adc	#$64
	sta	h
	lda	h+1
	adc	#$6B
	sta	h+1
	lda	h+2
	adc	#$54
	sta	h+2
	lda	h+3
	adc	#$E6
	sta	h+3
	lda	index			; y on to the next block
	clc
	adc	#4
	sta	index
	tay
.endmacro

index	= tmp2

.proc	_hb_murmur3_32_6502
	sta	tmp1			; len mod 256
	stx	pages			; len / 256: whole pages of blocks
	stx	lenhi
	OUT_IN
	lda	#0			; h = the seed, 0
	sta	h
	sta	h+1
	sta	h+2
	sta	h+3
	lda	tmp1			; index = y of the first block: -4 * (blocks mod 64)
	and	#$FC
	eor	#$FF
	clc
	adc	#1
	sta	index
	lda	ptr1			; p0 = in - y (- 256 where y is 0: `next` adds it)
	sec
	sbc	index
	sta	p
	lda	ptr1+1
	sbc	#0
	sta	p+1
	ldy	index
	bne	:+
	dec	p+1
:
.repeat	3, K			; p1 .. p3
	lda	p
	clc
	adc	#K+1
	sta	p+2*K+2
	lda	p+1
	adc	#0
	sta	p+2*K+3
.endrepeat
	ldy	index
	jeq	next			; no part page
block:	BLOCK
	jne	block			; until y wraps
next:
.repeat	4, K			; y wrapped: the pointers to the next page
	inc	p+2*K+1
.endrepeat
	lda	pages
	beq	tail
	dec	pages
	ldy	#0
	jmp	block
tail:	lda	tmp1			; y is 0: a 1-3 byte tail, little-endian in a zero k
	and	#3
	jeq	final
	tax
	lda	#0
	sta	k
	sta	k+1
	sta	k+2
	sta	k+3
	ldy	#0
:	lda	(p),y
	sta	k,y
	iny
	dex
	bne	:-
	MIXK
final:	lda	h			; h ^= len
	eor	tmp1
	sta	h
	lda	h+1
	eor	lenhi
	sta	h+1
	jsr	fmix
	ldy	#3			; out = h, big-endian
	ldx	#0
:	lda	h,x
	sta	(ptr2),y
	inx
	dey
	bpl	:-
	jmp	incsp4
.endproc

; fmix32 of h
.proc	fmix
	lda	h			; h ^= h >> 16
	eor	h+2
	sta	h
	lda	h+1
	eor	h+3
	sta	h+1
	MUL	t, h, _hb_murmur3_f1_planes
	lda	t+1			; k = t >> 13: t >> 8, then five bits
	sta	k
	lda	t+2
	sta	k+1
	lda	t+3
	sta	k+2
	ldx	#5
:	lsr	k+2
	ror	k+1
	ror	k
	dex
	bne	:-
	lda	t			; t ^= k
	eor	k
	sta	t
	lda	t+1
	eor	k+1
	sta	t+1
	lda	t+2
	eor	k+2
	sta	t+2
	MUL	h, t, _hb_murmur3_f2_planes
	lda	h			; h ^= h >> 16
	eor	h+2
	sta	h
	lda	h+1
	eor	h+3
	sta	h+1
	rts
.endproc
