; SPDX-License-Identifier: MIT
; pjw.s - PJW / ELF hash (System V ABI; docs/algorithms.md) for the 6502,
; written from the definition:
;   h = 0;  each byte: h = (h << 4) + c; g = h & 0xF0000000;
;   if g: h ^= g >> 24; h &= ~g;   out = h, big-endian.
; void __fastcall__ hb_pjw_6502(uint8_t *out, const uint8_t *in, size_t len)
; cc65's convention: len in A (low) and X (high); in, then out, on cc65's
; argument stack at (sp),0..3, which the callee removes (incsp4).
;
; h << 4 moves a nibble from each byte to the next: each byte
; (x << 4 | y >> 4) from two tables (L4, R4), x and y holding the bytes
; both read, the byte c added on the way up (adc #0 carries it).  h's top
; nibble is 0 after every byte, so g is the new top byte's high nibble:
; h0 ^= it, the top byte keeps its low nibble, without a branch (g = 0
; changes nothing).  A byte: the shift and the add 65 cycles (the input's
; index read from the zero page: y is a temporary), g 17, the index moved
; on 5: 87.  The input
; is read as (ptr1),y: the len mod 256 bytes first (the pointer moved
; back by 256 - len mod 256, the index run up to the wrap), then whole
; pages.

	.export		_hb_pjw_6502
	.importzp	sp, ptr1, ptr2, tmp1
	.import		incsp4
	.macpack	longbranch	; jeq/jne: a branch, or its inverse over a jmp where out of reach
	.include	"pages.inc"	; ARGS, PART_PAGE, INDEX_PAGE_LOOP

	.importzp	hb6502_zp	; the 6502 routines' zero-page scratch, 80 bytes (sim65.cfg, the NES image)
pages	= hb6502_zp			; whole pages left
index	= pages + 1			; y of the next byte
h	= index + 1			; the hash, least significant byte first
	.assert	h + 4 - hb6502_zp <= 80, error, "pjw.s: more zero page than the scratch holds"

	.segment	"PAGED"		; each table a whole page (src/platform/guest/sim65.cfg, the NES image)
L4:
.repeat	256, I
	.byte	(I << 4) & $FF		; x << 4, the low nibble up
.endrepeat
R4:
.repeat	256, I
	.byte	I >> 4			; x >> 4, the high nibble down to the next byte
.endrepeat

	.segment	"ALGOCODE"	; the algorithms' code, started on a page (src/platform/guest/sim65.cfg, the NES image)

; one byte, (ptr1) + index
.macro	STEP
	ldx	h			; h = (h << 4) + c
	ldy	index
	lda	L4,x
	clc
	adc	(ptr1),y
	sta	h
	ldy	h+1
	lda	L4,y
	ora	R4,x
	adc	#0
	sta	h+1
	ldx	h+2
	lda	L4,x
	ora	R4,y
	adc	#0
	sta	h+2
	ldy	h+3
	lda	L4,y
	ora	R4,x
	adc	#0
	tax				; g = its high nibble: h0 ^= g, h3 &= ~g
	and	#$F0
	eor	h
	sta	h
	txa
	and	#$0F
	sta	h+3
	inc	index
.endmacro

.proc	_hb_pjw_6502
	ARGS
	lda	#0
	sta	h
	sta	h+1
	sta	h+2
	sta	h+3
	sta	index
	PART_PAGE whole, index
	INDEX_PAGE_LOOP 2, final
final:
	ldy	#3			; out = h, big-endian
	ldx	#0
:	lda	h,x
	sta	(ptr2),y
	inx
	dey
	bpl	:-
	jmp	incsp4
.endproc
