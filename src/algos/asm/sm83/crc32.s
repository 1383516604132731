; SPDX-License-Identifier: MIT
; crc32.s - CRC-32/ISO-HDLC (poly 0x04C11DB7 reflected, init and xorout
; 0xFFFFFFFF; docs/algorithms.md) for the Game Boy's SM83, a table lookup
; a byte:
;   crc = (crc >> 8) ^ t[(crc ^ byte) & 0xFF];   out = ~crc, big-endian.
; void hb_crc32_sm83(uint8_t *out, const uint8_t *in, size_t len)
; SDCC's sdcccall(1): out in DE, in in BC, len on the stack above the return
; address, removed by the callee; no register needs keeping.
;
; t is hb_crc32_planes (crc32_planes.c, generated from the polynomial by
; tools/generate/crc_tables.py): its 4 bytes per entry as 4 planes of 256,
; so with hl at plane 0's entry the next byte is 256 further on: inc h.
; The register bytes c0 (least significant) .. c3 live in b, c, d, e; hl
; serves both the input (kept on the stack across the lookup) and the
; table.  A byte: 140 cycles (load 8, push/pop 28, index 36, four table
; bytes 68); the count lives in RAM, touched once per 16 bytes.

	.module crc32_sm83
	.area _DATA
count_lo:	.ds 1			; blocks left: the low byte runs through 256,
count_hi:	.ds 1			; the high byte counts those runs
	.area _CODE
	.globl _hb_crc32_sm83
	.globl _hb_crc32_planes

	.include "blocks.inc"	; BLOCK_COUNT, BLOCK_LOOPS

	.macro STEP
	ld	a, (hl+)
	push	hl
	xor	a, b			; i = c0 ^ byte
	add	a, #<_hb_crc32_planes	; hl = &plane0[i] (the table is not page-aligned)
	ld	l, a
	ld	a, #>_hb_crc32_planes
	adc	a, #0
	ld	h, a
	ld	a, (hl)
	xor	a, c
	ld	b, a			; c0 = c1 ^ t0[i]
	inc	h
	ld	a, (hl)
	xor	a, d
	ld	c, a			; c1 = c2 ^ t1[i]
	inc	h
	ld	a, (hl)
	xor	a, e
	ld	d, a			; c2 = c3 ^ t2[i]
	inc	h
	ld	e, (hl)			; c3 = t3[i]
	pop	hl
	.endm

_hb_crc32_sm83::
	push	de			; out, for the end
	ldhl	sp, #4			; len, above out and the return address
	ld	a, (hl+)
	ld	e, a
	ld	d, (hl)
	ld	h, b
	ld	l, c			; hl = in
	BLOCK_COUNT 4, b
	ld	a, b
	and	a, #15			; the bytes below a multiple of 16, one by one first
	ld	bc, #0xFFFF		; crc = 0xFFFFFFFF
	ld	de, #0xFFFF
	BLOCK_LOOPS 16
	pop	hl			; out: ~crc, big-endian
	ld	a, e
	cpl
	ld	(hl+), a
	ld	a, d
	cpl
	ld	(hl+), a
	ld	a, c
	cpl
	ld	(hl+), a
	ld	a, b
	cpl
	ld	(hl), a
	pop	hl			; the return address
	pop	af			; len: the callee removes it
	jp	(hl)
