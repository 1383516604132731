; SPDX-License-Identifier: MIT
; gb_copy.s - one row of the text map into VRAM, in vertical blank: the
; copy that decides how many rows a blank holds, so written by hand (about
; 36 cycles a byte).  SDCC's sm83 calling convention (__sdcccall(1), its
; default): `to` in DE, `from` in BC; A, BC, DE, HL are the callee's.
        .module gb_copy
        .area   _CODE

        HB_ROM_COLS = 20        ; hb_rom_config.h

;; void hb_gb_copy_row(volatile uint8_t *to, const uint8_t *from)
_hb_gb_copy_row::
        ld      h, b
        ld      l, c
        ld      c, #HB_ROM_COLS
1$:     ld      a, (hl+)
        ld      (de), a
        inc     de
        dec     c
        jr      NZ, 1$
        ret
