; SPDX-License-Identifier: MIT
; gb_asm.s - the Game Boy platform's hand-written parts: the banked call
; and the row copy into VRAM.  SDCC's sm83 calling convention
; (__sdcccall(1), its default): the first two pointer arguments in DE and
; BC, the rest on the stack, which the callee removes; A, BC, DE, HL are
; the callee's.
        .module gb_asm
        .area   _CODE

        .include "hb_rom_screen.inc"    ; HB_ROM_COLS: generated from hashbench/rom/gb.py
        MBC5_ROM_BANK = 0x2000
        ;; HRAM, beside crt0.s's overflow count (0xFF80-0xFF82); gb.c names
        ;; the same addresses
        BANK_NOW = 0xFF83       ; the ROM bank mapped at 0x4000
        BANK_BEFORE = 0xFF84    ; the bank to map again after a banked call
        RETURN_TO = 0xFF85      ; the banked call's return address, 2 bytes

;; The banked call.  The image's roster points at one stub per algorithm
;; function (hb_rom_gb_stubs.s, written by hashbench/rom/gb.py):
;;     ld a, #<bank>  ld hl, #<function>  jp _hb_gb_far
;; with the caller's arguments untouched in DE, BC and on the stack.  This
;; maps the bank, puts its own return point in place of the caller's
;; return address and "returns" into the function, so that the function
;; finds its stack arguments where it expects them and removes them; back
;; here, it maps the bank before and returns to the caller.  Not
;; re-entrant: the algorithms call no banked code.
;; Cost: 308 cycles a call, the stub 36 and this 272, whatever the
;; function; hashbench/rom/gb.py's FAR_CALL_CYCLES.
_hb_gb_far::
        ldh     (BANK_BEFORE + 0), a    ;  12  the wanted bank, for now
        push    hl                      ;  16  [function][return][arguments]
        ldhl    sp, #2                  ;  12  HL -> the caller's return address
        ld      a, (hl)                 ;   8
        ldh     (RETURN_TO), a          ;  12
        ld      a, #<back               ;   8
        ld      (hl+), a                ;   8
        ld      a, (hl)                 ;   8
        ldh     (RETURN_TO + 1), a      ;  12
        ld      (hl), #>back            ;  12
        ldh     a, (BANK_NOW)           ;  12
        ld      l, a                    ;   4  the bank before
        ldh     a, (BANK_BEFORE)        ;  12
        ldh     (BANK_NOW), a           ;  12
        ld      (MBC5_ROM_BANK), a      ;  16
        ld      a, l                    ;   4
        ldh     (BANK_BEFORE), a        ;  12
        ret                             ;  16  into the function
back:
        ldh     a, (BANK_BEFORE)        ;  12
        ldh     (BANK_NOW), a           ;  12
        ld      (MBC5_ROM_BANK), a      ;  16
        ldh     a, (RETURN_TO)          ;  12
        ld      l, a                    ;   4
        ldh     a, (RETURN_TO + 1)      ;  12
        ld      h, a                    ;   4
        jp      (hl)                    ;   4

;; void hb_gb_copy_row(volatile uint8_t *to, const uint8_t *from): one row
;; of the text map into VRAM in vertical blank, 36 cycles a byte: the copy
;; that decides how many rows a blank holds, so written by hand.
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
