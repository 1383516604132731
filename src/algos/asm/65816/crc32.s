; SPDX-License-Identifier: MIT
; crc32.s - CRC-32/ISO-HDLC (poly 0x04C11DB7 reflected: 0xEDB88320;
; init and xorout 0xFFFFFFFF; docs/algorithms.md) for the Super NES's 65C816
; in native mode with a 16-bit accumulator and index registers, two bytes a
; step with tables the assembler builds from the polynomial: crc32_pairs.inc
; (beside it) says how.
; void __fastcall__ hb_crc32_65816(uint8_t *out, const uint8_t *in, size_t len)

	.p816
	.smart	-
	.export		_hb_crc32_65816
	.define		CRC_ENTRY	_hb_crc32_65816
POLY	= $EDB88320

	.include	"crc32_pairs.inc"
