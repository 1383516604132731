; SPDX-License-Identifier: MIT
; xor8.s - XOR-8 (the XOR of every byte; docs/algorithms.md) for the 6502,
; written from the definition.
; void __fastcall__ hb_xor8_6502(uint8_t *out, const uint8_t *in, size_t len)
; cc65's convention: len in A (low) and X (high); in, then out, on cc65's
; argument stack at (sp),0..3, which the callee removes (incsp4).
;
; The input is read as (ptr1),y, the part page first, then whole pages,
; 8 bytes to a test (pages.inc).  A byte: 7 cycles (eor (in),y 5, iny 2; +1 where the read
; crosses a page), the test 3 per 8 bytes.

	.export		_hb_xor8_6502
	.importzp	sp, ptr1, ptr2, tmp1
	.import		incsp4
	.include	"pages.inc"	; ARGS, PART_PAGE

	.segment	"ALGOCODE"	; the algorithms' code, started on a page (src/platform/guest/sim65.cfg, the NES image)

.proc	_hb_xor8_6502
	ARGS
	PART_PAGE whole
	lda	#0			; the XOR
part:	eor	(ptr1),y
	iny
	bne	part
	inc	ptr1+1
	ldx	pages
	bne	page
	beq	done
whole:	lda	#0
	ldx	pages
	beq	done
page:	ldy	#0
eight:	.repeat	8
	eor	(ptr1),y
	iny
	.endrepeat
	bne	eight
	inc	ptr1+1
	dex
	bne	page
done:	ldy	#0
	sta	(ptr2),y
	jmp	incsp4
.endproc

	.segment	"ZEROPAGE"
pages:	.res	1			; whole pages left
