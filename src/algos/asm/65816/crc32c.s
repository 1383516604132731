; SPDX-License-Identifier: MIT
; crc32c.s - CRC-32C/Castagnoli (poly 0x1EDC6F41 reflected: 0x82F63B78;
; init and xorout 0xFFFFFFFF; docs/algorithms.md) for the Super NES's 65C816
; in native mode with a 16-bit accumulator and index registers, two bytes a
; step with tables the assembler builds from the polynomial: crc32_pairs.inc
; (beside it) says how.
; void __fastcall__ hb_crc32c_65816(uint8_t *out, const uint8_t *in, size_t len)

	.p816
	.smart	-
	.export		_hb_crc32c_65816
	.define		CRC_ENTRY	_hb_crc32c_65816
POLY	= $82F63B78

	.include	"crc32_pairs.inc"
