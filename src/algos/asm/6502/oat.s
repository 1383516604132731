; SPDX-License-Identifier: MIT
; oat.s - Jenkins one-at-a-time (docs/algorithms.md) for the 6502, written
; from the definition:
;   h = 0;  each byte: h += c; h += h << 10; h ^= h >> 6;
;   then h += h << 3; h ^= h >> 11; h += h << 15;  out = h, big-endian.
; void __fastcall__ hb_oat_6502(uint8_t *out, const uint8_t *in, size_t len)
; cc65's convention: len in A (low) and X (high); in, then out, on cc65's
; argument stack at (sp),0..3, which the callee removes (incsp4).
;
; h << 10 is a byte up and two bits, h >> 6 a byte down and two bits up:
; each byte of either is (x << 2 | y >> 6) of two bytes of h, from two
; tables (L2, R6), x and y holding the bytes both read.  A byte: h += c
; 16 cycles (+8 where h0 carries, about every other byte), h += h << 10
; 49, h ^= h >> 6 64, the input's index in the zero page (y is a
; temporary) 11: about 145.  The final mix runs once, a bit at a time.
; The input is read as (ptr1),y: the len mod 256 bytes first (the pointer
; moved back by 256 - len mod 256, the index run up to the wrap), then
; whole pages.

	.export		_hb_oat_6502
	.importzp	sp, ptr1, ptr2, tmp1
	.import		incsp4
	.macpack	longbranch	; jeq/jne: a branch, or its inverse over a jmp where out of reach
	.include	"pages.inc"	; ARGS, PART_PAGE, INDEX_PAGE_LOOP

	.importzp	hb6502_zp	; the 6502 routines' zero-page scratch, 80 bytes (sim65.cfg, the NES image)
pages	= hb6502_zp			; whole pages left
index	= pages + 1			; y of the next byte
h	= index + 1			; the hash, least significant byte first
k	= h + 4				; the final mix's shifted copy
	.assert	k + 4 - hb6502_zp <= 80, error, "oat.s: more zero page than the scratch holds"

	.segment	"PAGED"		; each table a whole page (src/platform/guest/sim65.cfg, the NES image)
L2:
.repeat	256, I
	.byte	(I << 2) & $FF		; x << 2, the bits that stay in the byte
.endrepeat
R6:
.repeat	256, I
	.byte	I >> 6			; x >> 6, the bits that go up to the next byte
.endrepeat

	.segment	"ALGOCODE"	; the algorithms' code, started on a page (src/platform/guest/sim65.cfg, the NES image)

; one byte, (ptr1) + index
.macro	STEP
	.local	added
	ldy	index			; h += c
	lda	h
	clc
	adc	(ptr1),y
	sta	h
	bcc	added
	inc	h+1
	bne	added
	inc	h+2
	bne	added
	inc	h+3
added:	ldx	h			; h += h << 10: bytes 1..3 += L2[h0], L2[h1] | R6[h0], L2[h2] | R6[h1]
	ldy	h+1
	lda	L2,x
	clc
	adc	h+1
	sta	h+1
	lda	L2,y
	ora	R6,x
	ldx	h+2
	adc	h+2
	sta	h+2
	lda	L2,x
	ora	R6,y
	adc	h+3
	sta	h+3
	ldx	h			; h ^= h >> 6: byte m ^= R6[h m] | L2[h m+1]
	ldy	h+1
	lda	R6,x
	ora	L2,y
	eor	h
	sta	h
	ldx	h+2
	lda	R6,y
	ora	L2,x
	eor	h+1
	sta	h+1
	ldy	h+3
	lda	R6,x
	ora	L2,y
	eor	h+2
	sta	h+2
	lda	R6,y
	eor	h+3
	sta	h+3
	inc	index
.endmacro

.proc	_hb_oat_6502
	ARGS
	lda	#0
	sta	h
	sta	h+1
	sta	h+2
	sta	h+3
	sta	index
	PART_PAGE whole, index
	INDEX_PAGE_LOOP 2, final
final:	jsr	copy			; h += h << 3
	ldy	#3
:	jsr	k_shl
	dey
	bne	:-
	jsr	add_k
	jsr	copy			; h ^= h >> 11: a byte down, then 3 bits
	lda	k+1
	sta	k
	lda	k+2
	sta	k+1
	lda	k+3
	sta	k+2
	lda	#0
	sta	k+3
	ldy	#3
:	lsr	k+3
	ror	k+2
	ror	k+1
	ror	k
	dey
	bne	:-
	ldx	#3
:	lda	h,x
	eor	k,x
	sta	h,x
	dex
	bpl	:-
	lda	h+1			; h += h << 15: two bytes up, then a bit down,
	sta	k+3			; h2's low bit coming in at the top
	lda	h
	sta	k+2
	lda	#0
	sta	k+1
	sta	k
	lda	h+2
	lsr
	ror	k+3
	ror	k+2
	ror	k+1
	jsr	add_k
	ldy	#3			; out = h, big-endian
	ldx	#0
:	lda	h,x
	sta	(ptr2),y
	inx
	dey
	bpl	:-
	jmp	incsp4
.endproc

.proc	copy				; k = h
	ldx	#3
:	lda	h,x
	sta	k,x
	dex
	bpl	:-
	rts
.endproc

.proc	k_shl				; k <<= 1
	asl	k
	rol	k+1
	rol	k+2
	rol	k+3
	rts
.endproc

.proc	add_k				; h += k
	clc
	ldx	#0
:	lda	h,x
	adc	k,x
	sta	h,x
	inx
	txa
	eor	#4
	bne	:-
	rts
.endproc
