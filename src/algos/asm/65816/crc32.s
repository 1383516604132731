; SPDX-License-Identifier: MIT
; crc32.s - CRC-32/ISO-HDLC (poly 0x04C11DB7 reflected, init and xorout
; 0xFFFFFFFF; docs/algorithms.md) for the Super NES's 65C816 in native mode
; with a 16-bit accumulator and index registers, written from the
; definition:
;   crc = (crc >> 8) ^ t[(crc ^ byte) & 0xFF];   out = ~crc, big-endian.
; void __fastcall__ hb_crc32_65816(uint8_t *out, const uint8_t *in, size_t len)
; cc65's convention and the mode switch as in sha1.s (beside it): 8-bit
; registers on entry and return, 16-bit inside; the direct page at 0 on
; entry and on return.
;
; Two bytes a step, read as one 16-bit word w.  With the register's halves
; L and H, v = L ^ w, i = v & 0xFF and j = v >> 8, the two byte steps
; together are (t is linear in its index)
;   L' = H ^ u[i].lo ^ t[j].lo,   H' = u[i].hi ^ t[j].hi,
;   u[i] = (t[i] >> 8) ^ t[t[i] & 0xFF]
; (t and u as 16-bit halves, 2 KiB that the assembler builds from the
; polynomial): one input read, the two indexes (2i in x, 2j in y), four
; table reads and H's store and load, and L stays in the accumulator.  The
; input is read through the direct page, moved onto it (tcd), so that y is
; free for an index: sixteen steps written out, d += 32 after them; a
; length whose pairs are not a multiple of 16 enters the sixteen part-way
; (the direct page moved back to match).  H alternates between H0 and H1.
; The direct page is 0 again for an odd length's last byte, one byte step
; on the register in cc65's regsave (crc >> 8 a 16-bit read one byte up).
; The Super NES image's NMI sets the direct page to 0 for itself.

	.p816
	.smart	-
	.export		_hb_crc32_65816
	.importzp	sp, ptr1, ptr2, ptr3, regsave

crc	= regsave			; c0 c1 c2 c3 for the last byte (its 16-bit read of c3 takes the byte after, masked)
count	= ptr3				; len

	.segment	"BSS"
H0:	.res	2			; H, read by the even steps, written by the odd
H1:	.res	2			; H, read by the odd steps, written by the even
rounds:	.res	2			; passes over the sixteen steps left
back:	.res	2			; 2 x the first step's index: the direct page's offset back

	.segment	"CODE"

; step k of the sixteen: the word at d + 2k; A = L in and out
.macro	PAIR	k
.if	k .mod 2
	.define	HIN	H1
	.define	HOUT	H0
.else
	.define	HIN	H0
	.define	HOUT	H1
.endif
	eor	z:2*k			; v = L ^ w
	tay
	and	#$00FF
	asl	a
	tax				; 2i
	tya
	xba
	and	#$00FF
	asl	a
	tay				; 2j
	lda	UH,x			; H' = u[i].hi ^ t[j].hi
	eor	TH,y
	sta	HOUT
	lda	HIN			; L' = H ^ u[i].lo ^ t[j].lo
	eor	UL,x
	eor	TL,y
	.undefine	HIN
	.undefine	HOUT
.endmacro

	.a8
	.i8
.proc	_hb_crc32_65816
	sta	count
	stx	count+1
	rep	#$30
	.a16
	.i16
	ldy	#0			; ptr1 = in, ptr2 = out
	lda	(sp),y
	sta	ptr1
	ldy	#2
	lda	(sp),y
	sta	ptr2
	lda	#$FFFF			; the initial register
	sta	H0
	sta	H1
	lda	count
	lsr	a			; the pairs
	bne	:+
	lda	#$FFFF
	jmp	last
:	tay
	clc				; passes: pairs / 16, rounded up
	adc	#15
	lsr	a
	lsr	a
	lsr	a
	lsr	a
	sta	rounds
	tya				; the first step: (16 - pairs mod 16) mod 16
	asl	a
	eor	#$FFFF
	inc	a
	and	#31			; 2 x that step
	sta	back
	tax
	lda	ptr1			; the direct page: in, less 2 x the first step
	sec
	sbc	back
	tcd
	lda	#$FFFF			; L
	jmp	(entry,x)
pass:
.repeat	16, K
.ident(.sprintf("step%d", K)):
	PAIR	K
.endrepeat
	tax				; the next 32 bytes
	tdc
	clc
	adc	#32
	tcd
	txa
	dec	rounds
	beq	:+
	jmp	pass
:	tax				; the direct page at 0 again
	lda	#0
	tcd
	txa
last:	sta	crc			; L; H is in H0 (every pass ends on an odd step)
	lda	H0
	sta	crc+2
	lda	count			; an odd length's last byte
	lsr	a
	bcc	done
	ldy	count
	dey
	lda	(ptr1),y		; the byte (and the next, masked)
	eor	crc
	and	#$00FF
	asl	a
	tax
	lda	crc+1			; (crc >> 8) ^ t[i], low half
	eor	TL,x
	sta	crc
	lda	crc+3			; high half
	and	#$00FF
	eor	TH,x
	sta	crc+2
done:	lda	crc+2			; ~crc, big-endian
	eor	#$FFFF
	xba
	ldy	#0
	sta	(ptr2),y
	lda	crc
	eor	#$FFFF
	xba
	ldy	#2
	sta	(ptr2),y
	lda	sp			; the arguments off cc65's stack
	clc
	adc	#4
	sta	sp
	sep	#$30
	rts
entry:					; jmp (entry,x) reads it from the code's bank
.repeat	16, K
	.addr	.ident(.sprintf("step%d", K))
.endrepeat
.endproc

	.segment	"RODATA"

; out = t[i]: the register's eight steps from i, each (c >> 1) ^ (0xEDB88320 if bit 0 was set)
.macro	TOF	out, i
out	.set	i
.repeat	8
.if	out & 1
out	.set	((out >> 1) & $7FFFFFFF) ^ $EDB88320
.else
out	.set	(out >> 1) & $7FFFFFFF
.endif
.endrepeat
.endmacro

; t[i]'s or u[i]'s low (half 0) or high (half 1) 16 bits
.macro	ENTRY	table, i, half
	.local	tv, tw
	TOF	tv, i
.if	.xmatch({table}, U)		; u[i] = (t[i] >> 8) ^ t[t[i] & 0xFF]
	TOF	tw, (tv & $FF)
tv	.set	((tv >> 8) & $00FFFFFF) ^ tw
.endif
.if	half = 0
	.word	tv & $FFFF
.else
	.word	(tv >> 16) & $FFFF
.endif
.endmacro

TL:
.repeat	256, I
	ENTRY	T, I, 0
.endrepeat
TH:
.repeat	256, I
	ENTRY	T, I, 1
.endrepeat
UL:
.repeat	256, I
	ENTRY	U, I, 0
.endrepeat
UH:
.repeat	256, I
	ENTRY	U, I, 1
.endrepeat
