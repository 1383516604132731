; SPDX-License-Identifier: MIT
; crt0.s - start-up of the Game Boy ROM (hashbench rom --target gb): an
; MBC5 cartridge with battery-backed RAM.  makebin -Z writes the header
; (0x104-0x14F: the boot logo, title, cartridge type, sizes, checksums);
; hashbench/rom/gb.py checks it.
;
; The timer interrupt (vector 0x50) counts TIMA's overflows into a 24-bit
; count in HRAM, which gb.c reads below TIMA as a 32-bit tick count.  Its
; common path runs from the vector on into the serial interrupt's (never
; enabled), so no jump is spent on the way in.  The joypad interrupt
; (0x60) keeps a button pressed while the application is busy drawing
; (gb.c).
        .module crt0
        .globl  _main
        .globl  _hb_gb_pad_interrupt

        HB_OVERFLOWS = 0xFF80   ; 3 bytes, least significant first (gb.c)
        HB_BOOT_A = 0xFF83      ; A as the boot ROM left it: 0x11 on a Color (gb.c)

        .area   _HEADER (ABS)
        ;; 0xFF (empty ROM) is `rst 0x38`: running into nowhere stops here
        ;; rather than wandering through the banks.
        .org    0x38
        di
1$:     halt
        jr      1$

        .org    0x40            ; vertical blank: never enabled
        reti

        .org    0x50            ; timer: TIMA overflowed
        push    af
        ldh     a, (HB_OVERFLOWS)
        inc     a
        ldh     (HB_OVERFLOWS), a
        jr      Z, 2$
        pop     af
        reti                    ; 0x59

        .org    0x60            ; joypad: a button went down
        push    af
        push    bc
        push    de
        push    hl
        call    _hb_gb_pad_interrupt
        pop     hl
        pop     de
        pop     bc
        pop     af
        reti

2$:     ldh     a, (HB_OVERFLOWS + 1)
        inc     a
        ldh     (HB_OVERFLOWS + 1), a
        jr      NZ, 3$
        ldh     a, (HB_OVERFLOWS + 2)
        inc     a
        ldh     (HB_OVERFLOWS + 2), a
3$:     pop     af
        reti

        .org    0x100
        nop
        jp      init

        .org    0x150
init:
        di
        ldh     (HB_BOOT_A), a  ; before anything changes A: which model booted us
        ld      sp, #0xE000     ; top of work RAM
        call    gsinit
        call    _main
4$:     halt
        jr      4$

        ;; Link order = area order: the C code follows this file.
        .include "../../guest/sdcc_areas.inc"

        .area   _GSINIT
gsinit::
        ;; zero-initialised globals (SDCC puts them in _DATA)
        ld      hl, #s__DATA
        ld      bc, #l__DATA
5$:     ld      a, b
        or      a, c
        jr      Z, 6$
        xor     a, a
        ld      (hl+), a
        dec     bc
        jr      5$
6$:
        ;; explicitly initialised globals: copy from ROM
        ld      de, #s__INITIALIZED
        ld      hl, #s__INITIALIZER
        ld      bc, #l__INITIALIZER
7$:     ld      a, b
        or      a, c
        jr      Z, 8$
        ld      a, (hl+)
        ld      (de), a
        inc     de
        dec     bc
        jr      7$
8$:
        .area   _GSFINAL
        ret
