; SPDX-License-Identifier: MIT
; blake2s.s - BLAKE2s-256, unkeyed (RFC 7693; docs/algorithms.md) for the
; 6502, written from the RFC: h = IV ^ the parameter block (0x01010020);
; each 64-byte block (the last one zero-padded, final) compressed with its
; byte count t: v = h, IV; v12 ^= t; v14 = ~v14 for the last; ten rounds
; of eight G on columns then diagonals, the message words in the order of
; SIGMA; h ^= v[0..7] ^ v[8..15]; the state out little-endian.
;   G: a += b + x; d = (d ^ a) >>> 16; c += d; b = (b ^ c) >>> 12;
;      a += b + y; d = (d ^ a) >>> 8;  c += d; b = (b ^ c) >>> 7.
; void __fastcall__ hb_blake2s_6502(uint8_t *out, const uint8_t *in, size_t len)
; cc65's convention: len in A (low) and X (high); in, then out, on cc65's
; argument stack at (sp),0..3, which the callee removes (incsp4).
;
; The sixteen words of v in the zero page, little-endian like the 6502's
; and BLAKE2s's.  The rotations by 16 and 8 are the bytes stored where
; they go (the XOR's bytes through a, x and y); by 12, each byte
; (x >> 4 | y << 4) from two tables; by 7, a one-bit left rotation riding
; the carry from the top byte, stored a byte down.  One round written
; out, the message words found through 4 * SIGMA (a page of 160 bytes)
; in a copy of the block.  A G: the two a += b 38 cycles each, a += x 49
; each, >>> 16 40, >>> 8 38, the two c += d 38 each, >>> 12 86, >>> 7 52:
; 466; 3,730 a round, about 40,300 a block (sim65), 630 a byte.

	.export		_hb_blake2s_6502
	.importzp	sp, ptr1, ptr2, ptr3, tmp1, tmp2
	.import		incsp4
	.macpack	longbranch	; jeq/jne: a branch, or its inverse over a jmp where out of reach

	.importzp	hb6502_zp	; the 6502 routines' zero-page scratch, 80 bytes (sim65.cfg, the NES image)
V	= hb6502_zp			; v0 .. v15
T	= V + 64			; >>> 12's and >>> 7's saved bytes
src	= T + 2				; the input block being copied
roff	= src + 2			; 16 * the round
last	= roff + 1			; $FF for the last block, else 0
	.assert	last + 1 - hb6502_zp <= 80, error, "blake2s.s: more zero page than the scratch holds"

	.segment	"ALGOBSS"	; from a page (sim65.cfg; the NES image: its group's variables from $6000)
M:	.res	64			; the block's message words
H:	.res	32			; the hash state
count:	.res	3			; t, the bytes so far (the RFC's 64 bits: the rest 0)

	.segment	"PAGED"		; each table a whole page (src/platform/guest/sim65.cfg, the NES image)
L4:
.repeat	256, I
	.byte	(I << 4) & $FF		; x << 4: the low half up
.endrepeat
R4:
.repeat	256, I
	.byte	I >> 4			; x >> 4: the high half down
.endrepeat
SIG4:					; 4 * SIGMA[r][i]: the byte offsets of the message words
	.byte	4*0, 4*1, 4*2, 4*3, 4*4, 4*5, 4*6, 4*7, 4*8, 4*9, 4*10, 4*11, 4*12, 4*13, 4*14, 4*15
	.byte	4*14, 4*10, 4*4, 4*8, 4*9, 4*15, 4*13, 4*6, 4*1, 4*12, 4*0, 4*2, 4*11, 4*7, 4*5, 4*3
	.byte	4*11, 4*8, 4*12, 4*0, 4*5, 4*2, 4*15, 4*13, 4*10, 4*14, 4*3, 4*6, 4*7, 4*1, 4*9, 4*4
	.byte	4*7, 4*9, 4*3, 4*1, 4*13, 4*12, 4*11, 4*14, 4*2, 4*6, 4*5, 4*10, 4*4, 4*0, 4*15, 4*8
	.byte	4*9, 4*0, 4*5, 4*7, 4*2, 4*4, 4*10, 4*15, 4*14, 4*1, 4*11, 4*12, 4*6, 4*8, 4*3, 4*13
	.byte	4*2, 4*12, 4*6, 4*10, 4*0, 4*11, 4*8, 4*3, 4*4, 4*13, 4*7, 4*5, 4*15, 4*14, 4*1, 4*9
	.byte	4*12, 4*5, 4*1, 4*15, 4*14, 4*13, 4*4, 4*10, 4*0, 4*7, 4*6, 4*3, 4*9, 4*2, 4*8, 4*11
	.byte	4*13, 4*11, 4*7, 4*14, 4*12, 4*1, 4*3, 4*9, 4*5, 4*0, 4*15, 4*4, 4*8, 4*6, 4*2, 4*10
	.byte	4*6, 4*15, 4*14, 4*9, 4*11, 4*3, 4*0, 4*8, 4*12, 4*2, 4*13, 4*7, 4*1, 4*4, 4*10, 4*5
	.byte	4*10, 4*2, 4*8, 4*4, 4*7, 4*6, 4*1, 4*5, 4*15, 4*11, 4*9, 4*14, 4*3, 4*12, 4*13, 4*0
	.res	256 - 160		; the page whole

	.segment	"ALGOCODE"	; the algorithms' code, started on a page (src/platform/guest/sim65.cfg, the NES image)

; a += b, then + m[SIGMA[r][j]]
.macro	ADD_BX	va, vb, j
	clc
.repeat	4, K
	lda	va+K
	adc	vb+K
	sta	va+K
.endrepeat
	ldx	roff
	ldy	SIG4+j,x
	clc
.repeat	4, K
	lda	va+K
	adc	M+K,y
	sta	va+K
.endrepeat
.endmacro

; c += d
.macro	ADD_CD	vc, vd
	clc
.repeat	4, K
	lda	vc+K
	adc	vd+K
	sta	vc+K
.endrepeat
.endmacro

; G on words a, b, c, d with the message words SIGMA[r][j], [j + 1]
.macro	G	wa, wb, wc, wd, j
	.local	va, vb, vc, vd
va = V + 4 * wa
vb = V + 4 * wb
vc = V + 4 * wc
vd = V + 4 * wd
	ADD_BX	va, vb, j
	lda	vd			; d = (d ^ a) >>> 16: the halves swapped
	eor	va
	tax
	lda	vd+1
	eor	va+1
	tay
	lda	vd+2
	eor	va+2
	sta	vd
	lda	vd+3
	eor	va+3
	sta	vd+1
	stx	vd+2
	sty	vd+3
	ADD_CD	vc, vd
	lda	vb			; b = (b ^ c) >>> 12: byte m = x[m+1] >> 4 | x[m+2] << 4
	eor	vc
	sta	T
	lda	vb+1
	eor	vc+1
	sta	T+1
	tax
	lda	vb+2
	eor	vc+2
	tay
	lda	R4,x
	ora	L4,y
	sta	vb
	lda	vb+3
	eor	vc+3
	tax
	lda	R4,y
	ora	L4,x
	sta	vb+1
	ldy	T
	lda	R4,x
	ora	L4,y
	sta	vb+2
	ldx	T+1
	lda	R4,y
	ora	L4,x
	sta	vb+3
	ADD_BX	va, vb, j+1
	lda	vd			; d = (d ^ a) >>> 8: each byte a place down
	eor	va
	tax
	lda	vd+1
	eor	va+1
	sta	vd
	lda	vd+2
	eor	va+2
	sta	vd+1
	lda	vd+3
	eor	va+3
	sta	vd+2
	stx	vd+3
	ADD_CD	vc, vd
	lda	vb+3			; b = (b ^ c) >>> 7: <<< 1, a byte down
	eor	vc+3
	sta	T
	asl
	lda	vb
	eor	vc
	rol
	sta	vb+3
	lda	vb+1
	eor	vc+1
	rol
	sta	vb
	lda	vb+2
	eor	vc+2
	rol
	sta	vb+1
	lda	T
	rol
	sta	vb+2
.endmacro

; one block from M, its count in `count`, `last` set for the last
.proc	compress
	ldx	#31			; v = h, IV
:	lda	H,x
	sta	V,x
	lda	IV,x
	sta	V+32,x
	dex
	bpl	:-
.repeat	3, K			; v12 ^= t
	lda	V+48+K
	eor	count+K
	sta	V+48+K
.endrepeat
.repeat	4, K			; v14 = ~v14 for the last block
	lda	V+56+K
	eor	last
	sta	V+56+K
.endrepeat
	lda	#0
	sta	roff
round:	G	0, 4, 8, 12, 0
	G	1, 5, 9, 13, 2
	G	2, 6, 10, 14, 4
	G	3, 7, 11, 15, 6
	G	0, 5, 10, 15, 8
	G	1, 6, 11, 12, 10
	G	2, 7, 8, 13, 12
	G	3, 4, 9, 14, 14
	lda	roff
	clc
	adc	#16
	sta	roff
	cmp	#160
	jne	round
	ldx	#31			; h ^= v[0..7] ^ v[8..15]
:	lda	H,x
	eor	V,x
	eor	V+32,x
	sta	H,x
	dex
	bpl	:-
	rts
.endproc

; count += a; M = y bytes from (src), zeros to 64
.proc	take
	clc
	adc	count
	sta	count
	bcc	:+
	inc	count+1
	bne	:+
	inc	count+2
:	sty	tmp1
	ldy	#0
copy:	cpy	tmp1
	beq	zeros
	lda	(src),y
	sta	M,y
	iny
	bne	copy
zeros:	lda	#0
:	cpy	#64
	beq	:+
	sta	M,y
	iny
	bne	:-
:	rts
.endproc

.proc	_hb_blake2s_6502
	sta	ptr3			; len
	stx	ptr3+1
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
	ldx	#31			; h = IV ^ the parameter block
:	lda	IV,x
	sta	H,x
	dex
	bpl	:-
	lda	H			; 32-byte digest, no key, fanout and depth 1
	eor	#$20
	sta	H
	lda	H+2
	eor	#$01
	sta	H+2
	lda	H+3
	eor	#$01
	sta	H+3
	lda	#0
	sta	count
	sta	count+1
	sta	count+2
	sta	last
blocks:	lda	ptr3+1			; more than 64 bytes left: a block that is not the last
	bne	:+
	lda	ptr3
	cmp	#65
	bcc	final
:	lda	#64
	ldy	#64
	jsr	take
	jsr	compress
	lda	src			; in += 64, len -= 64
	clc
	adc	#64
	sta	src
	bcc	:+
	inc	src+1
:	lda	ptr3
	sec
	sbc	#64
	sta	ptr3
	bcs	blocks
	dec	ptr3+1
	jmp	blocks
final:	lda	#$FF			; the rest, 0 to 64 bytes, zero-padded
	sta	last
	lda	ptr3
	tay
	jsr	take
	jsr	compress
	ldy	#31			; h out, little-endian as it is
:	lda	H,y
	sta	(ptr2),y
	dey
	bpl	:-
	jmp	incsp4
.endproc

	.segment	"RODATA"
IV:	.dword	$6A09E667, $BB67AE85, $3C6EF372, $A54FF53A
	.dword	$510E527F, $9B05688C, $1F83D9AB, $5BE0CD19
