; SPDX-License-Identifier: MIT
; sha256.s - SHA-256 (FIPS 180-4; docs/algorithms.md) for the Super NES's
; 65C816 in native mode with a 16-bit accumulator and index registers,
; written from the standard: a block's 64 schedule words
;   W[t] = s1(W[t-2]) + W[t-7] + s0(W[t-15]) + W[t-16],
;   s0 = ror 7 ^ ror 18 ^ shr 3,  s1 = ror 17 ^ ror 19 ^ shr 10,
; and 64 rounds
;   T1 = h + S1(e) + Ch(e,f,g) + K[t] + W[t],  T2 = S0(a) + Maj(a,b,c),
;   S0 = ror 2 ^ ror 13 ^ ror 22,  S1 = ror 6 ^ ror 11 ^ ror 25,
;   h = g, g = f, f = e, e = d + T1, d = c, c = b, b = a, a = T1 + T2,
; then the padding of 5.1.1 and the state out big-endian.  K and the
; initial value are the standard's (the cube and square roots of the
; first primes' fractions), in RODATA.
; void __fastcall__ hb_sha256_65816(uint8_t *out, const uint8_t *in, size_t len)
; cc65's convention and the mode switch as in sha1.s (beside it): 8-bit
; registers on entry and return, 16-bit inside; the data bank the code's,
; which shows the low work RAM.
;
; A 32-bit word is two 16-bit halves, the low half first.  `compress` moves
; the direct page to a page-aligned area of its own (DPB, in BSS; the NMI
; handler sets its own, crt0.s) and puts back cc65's on return: the eight
; working words and a 16-word ring of the schedule live there, 5 bytes
; apart so that the byte after each word's top byte is a zero.  Each sigma
; is linear, so it is the XOR of one 32-bit table entry per input byte:
; T_k[b] = sigma(b << 8k), 256 entries of two halves (512-byte planes,
; 16 KiB for the four sigmas, built by the assembler below).  A byte's
; index is `lda w+k; and #$FF; asl` (the top byte's without the and: the
; zero after it), and two index registers make a sigma 8 table reads.
; Sixteen rounds are written out (the ring's slot of W[t] a constant) and
; run four times (x = 64 a pass indexes K); from the second pass on, W[t]
; is computed in its slot just before round t.  The eight words change
; names, not places: round t's a is slot -t mod 8, T1 summed in h's slot
; (the next round's a) and added to d's (the next e).  A sum of several
; words adds the low halves, counting their carries in y, then the high
; halves from that count (each add's carry out of bit 31 dropped by clc).
; Maj = b ^ ((a ^ b) & (b ^ c)) keeps a ^ b for the next round's b ^ c.
; A block costs about 288,000 master clocks: docs/assembly.md counts it.

	.p816
	.smart	-
	.export		_hb_sha256_65816
	.importzp	sp, ptr1, ptr2, ptr3
	.include	"md_pad.inc"	; MD_HASH: the arguments, blocks, padding, length, state out

; the direct page's layout (offsets from DPB)
VS	= 0				; a .. h by slot, 5 bytes apart (byte 4 zero)
WR	= VS + 5 * 8			; W[t] in slot t mod 16, 5 bytes apart (byte 4 zero)
SG	= WR + 5 * 16			; a sigma's halves (the high kept)
SG2	= SG + 4			; s0's halves in the schedule
CH	= SG2 + 4			; Ch(e,f,g)
MJ	= CH + 4			; Maj(a,b,c)
BC0	= MJ + 4			; b ^ c, by the round's parity
BC1	= BC0 + 4
KOFS	= BC1 + 4			; 64 x the pass: K's index
BLK	= KOFS + 2			; the block's address
DP_BYTES = BLK + 2

	.segment	"BSS"
DPAREA:	.res	DP_BYTES + 255		; the direct page: its first page boundary
DPB	= (DPAREA + 255) & $FF00
H:	.res	32			; the hash state
BUF:	.res	64			; the last block(s), padded
len:	.res	2			; the message's bytes
blocks:	.res	2			; whole blocks left
rem:	.res	2			; len mod 64

	.segment	"CODE"
	.a16
	.i16

; a word's slot in the direct page, for symbols' definitions (an operand that
; starts with a parenthesis is indirect)
.define	SLOT(n)	(VS + 5 * (((n) + 64) .mod 8))
.define	WSLOT(n)	(WR + 5 * ((n) .mod 16))

; the carry of the low halves' last add counted in y
.macro	CNT
	.local	no
	bcc	no
	iny
	clc
no:
.endmacro

; sigma (table T) of the word at w: the low half in the accumulator, the
; high half in SG+2; where lo is given, both halves in lo and lo+2 instead
; (SG a scratch)
.macro	SIG	w, T, lo
	lda	w			; bytes 0 and 1: x, y
	and	#$00FF
	asl
	tax
	lda	w+1
	and	#$00FF
	asl
	tay
	lda	T+512,x
	eor	T+1024+512,y
	sta	SG+2
	lda	T,x
	eor	T+1024,y
	sta	SG
	lda	w+2			; bytes 2 and 3
	and	#$00FF
	asl
	tax
	lda	w+3			; the zero above it
	asl
	tay
	lda	T+2048+512,x
	eor	T+3072+512,y
	eor	SG+2
.ifblank	lo
	sta	SG+2
.else
	sta	lo+2
.endif
	lda	T+2048,x
	eor	T+3072,y
	eor	SG
.ifnblank	lo
	sta	lo
.endif
.endmacro

; round j of sixteen (t = 16 x pass + j)
.macro	ROUND	j
	.local	ra, rb, rc, rd, re, rf, rg, rh, w, bcc_, bcn
ra = SLOT(8 - j)
rb = SLOT(9 - j)
rc = SLOT(10 - j)
rd = SLOT(11 - j)
re = SLOT(12 - j)
rf = SLOT(13 - j)
rg = SLOT(14 - j)
rh = SLOT(15 - j)
w = WSLOT(j)
.if	j .mod 2
bcc_ = BC1
bcn = BC0
.else
bcc_ = BC0
bcn = BC1
.endif
	lda	rf+2			; Ch(e,f,g) = ((f ^ g) & e) ^ g
	eor	rg+2
	and	re+2
	eor	rg+2
	sta	CH+2
	lda	rf
	eor	rg
	and	re
	eor	rg
	sta	CH
	SIG	re, S1T			; S1(e)
	ldy	#0			; T1 = S1 + Ch + h + W[t] + K[t], in h's slot
	clc
	adc	CH
	CNT
	adc	rh
	CNT
	adc	w
	CNT
	ldx	KOFS
	adc	K+4*j,x
	sta	rh
	tya				; the high halves: the count and the last carry, no carry out kept
	adc	CH+2
	clc
	adc	rh+2
	clc
	adc	w+2
	clc
	adc	K+4*j+2,x
	clc
	adc	SG+2
	sta	rh+2
	clc				; d += T1: the next e
	lda	rd
	adc	rh
	sta	rd
	lda	rd+2
	adc	rh+2
	sta	rd+2
	lda	ra+2			; Maj(a,b,c) = b ^ ((a ^ b) & (b ^ c)); a ^ b the next b ^ c
	eor	rb+2
	sta	bcn+2
	and	bcc_+2
	eor	rb+2
	sta	MJ+2
	lda	ra
	eor	rb
	sta	bcn
	and	bcc_
	eor	rb
	sta	MJ
	SIG	ra, S0T			; S0(a)
	ldy	#0			; a = T1 + S0 + Maj, in h's slot
	clc
	adc	MJ
	CNT
	adc	rh
	sta	rh
	tya
	adc	MJ+2
	clc
	adc	rh+2
	clc
	adc	SG+2
	sta	rh+2
.endmacro

; W[t] in slot j (t = 16 x pass + j, pass >= 1), over W[t-16]
.macro	SCHED	j
	.local	w16, w15, w7, w2
w16 = WSLOT(j)
w15 = WSLOT(j + 1)
w7 = WSLOT(j + 9)
w2 = WSLOT(j + 14)
	SIG	w15, s0T, SG2		; s0(W[t-15]) in SG2
	SIG	w2, s1T			; s1(W[t-2])
	ldy	#0
	clc
	adc	SG2
	CNT
	adc	w7
	CNT
	adc	w16
	sta	w16
	tya
	adc	SG2+2
	clc
	adc	SG+2
	clc
	adc	w7+2
	clc
	adc	w16+2
	sta	w16+2
.endmacro

; one block from (ptr3): the state H updated
.proc	compress
	ldx	ptr3
	phd				; cc65's direct page, back on return
	lda	#DPB
	tcd
	stx	BLK
.repeat	24, I				; the zero after each word (the area is shared: other rows' variables)
	stz	VS+5*I+4
.endrepeat
.repeat	16, I				; W[0..15]: the block's words big-endian
	ldy	#4*I
	lda	(BLK),y
	xba
	sta	WR+5*I+2
	ldy	#4*I+2
	lda	(BLK),y
	xba
	sta	WR+5*I
.endrepeat
.repeat	8, I				; the working words from the state
	lda	H+4*I
	sta	VS+5*I
	lda	H+4*I+2
	sta	VS+5*I+2
.endrepeat
	lda	VS+5			; round 0's b ^ c
	eor	VS+10
	sta	BC0
	lda	VS+5+2
	eor	VS+10+2
	sta	BC0+2
	stz	KOFS
pass:
.repeat	16, J
	lda	KOFS			; the first pass takes the block's words
	bne	:+
	jmp	.ident(.sprintf("round%d", J))
:	SCHED	J
.ident(.sprintf("round%d", J)):
	ROUND	J
.endrepeat
	lda	KOFS
	clc
	adc	#64
	sta	KOFS
	cmp	#256
	beq	:+
	jmp	pass
:
.repeat	8, I			; the state += the working words (64 rounds: the names are back)
	clc
	lda	H+4*I
	adc	VS+5*I
	sta	H+4*I
	lda	H+4*I+2
	adc	VS+5*I+2
	sta	H+4*I+2
.endrepeat
	pld
	rts
.endproc
	.a8
	.i8
.proc	_hb_sha256_65816
	MD_HASH	32, BIG
.endproc

	.segment	"RODATA"
IV:	.dword	$6A09E667, $BB67AE85, $3C6EF372, $A54FF53A, $510E527F, $9B05688C, $1F83D9AB, $5BE0CD19
K:	.dword	$428A2F98, $71374491, $B5C0FBCF, $E9B5DBA5
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
	.dword	$90BEFFFA, $A4506CEB, $BEF9A3F7, $C67178F2

; The sigmas' tables: for input byte k (0..3) and b (0..255), the low and
; high halves of sigma(b << 8k), each a 512-byte plane: T + 1024k the low
; halves, T + 1024k + 512 the high.  Built from the rotations themselves:
; rotr r puts bit 0 of b << 8k at bit q = (8k - r) mod 32, so b << (q mod
; 16) lands in the low and high halves (swapped where q >= 16); shr s puts
; it at 8k - s, bits below 0 dropped.  Every value stays below 2^24.
.macro	ROTC	kk, rr, bb
tq	.set	(8 * (kk) - (rr) + 32) .mod 32
tv	.set	(bb) << (tq .mod 16)
.if	tq < 16
tlo	.set	tlo ^ (tv & $FFFF)
thi	.set	thi ^ (tv >> 16)
.else
thi	.set	thi ^ (tv & $FFFF)
tlo	.set	tlo ^ (tv >> 16)
.endif
.endmacro
.macro	SHRC	kk, nn, bb
tp	.set	8 * (kk) - (nn)
.if	tp >= 16
thi	.set	thi ^ (((bb) << (tp - 16)) & $FFFF)
.elseif	tp >= 0
tv	.set	(bb) << tp
tlo	.set	tlo ^ (tv & $FFFF)
thi	.set	thi ^ (tv >> 16)
.else
tlo	.set	tlo ^ ((bb) >> (-tp))
.endif
.endmacro
; one plane: k, the half (0 low, 1 high), rotr r1, rotr r2, then rotr r3
; (SHR blank) or shr r3
.macro	PLANE	kk, half, r1, r2, r3, shr
.repeat	256, B
tlo	.set	0
thi	.set	0
	ROTC	kk, r1, B
	ROTC	kk, r2, B
.ifblank	shr
	ROTC	kk, r3, B
.else
	SHRC	kk, r3, B
.endif
.if	half
	.word	thi
.else
	.word	tlo
.endif
.endrepeat
.endmacro
.macro	SIGMA_TABLES	r1, r2, r3, shr
.repeat	4, KK
	PLANE	KK, 0, r1, r2, r3, {shr}
	PLANE	KK, 1, r1, r2, r3, {shr}
.endrepeat
.endmacro
S0T:	SIGMA_TABLES	2, 13, 22
S1T:	SIGMA_TABLES	6, 11, 25
s0T:	SIGMA_TABLES	7, 18, 3, shr
s1T:	SIGMA_TABLES	17, 19, 10, shr
