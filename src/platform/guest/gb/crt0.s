; SPDX-License-Identifier: MIT
; crt0.s - start-up of the `gb` target (SM83, SDCC -msm83), a 32 KiB ROM
; with no MBC.  makebin -Z writes the cartridge header (0x104-0x14F) and its
; checksums.  Not SDCC's own sm83 crt0: its zeroing loop reads instead of
; writing, so zero-initialised globals would hold whatever the RAM held.
; Interrupts stay off: nothing may steal cycles from a measurement.
        .module crt0
        .globl  _main
        .globl  _hb_fault

        .area   _HEADER (ABS)
        ;; 0xFF (empty ROM) is `rst 0x38`: a jump into nowhere ends the run
        ;; with status 255 through the runner's mailbox (../mgba.c: the
        ;; mailbox address is the build's, not written here).
        .org    0x38
        jp      _hb_fault

        .org    0x100
        nop
        jp      init

        .org    0x150
init:
        di
        ld      sp, #0xE000     ; top of work RAM
        call    gsinit
        call    _main
2$:     jr      2$

        ;; Link order = area order: the C code follows this file.
        .include "../sdcc_areas.inc"

        .area   _GSINIT
gsinit::
        ;; zero-initialised globals (SDCC puts them in _DATA)
        ld      hl, #s__DATA
        ld      bc, #l__DATA
3$:     ld      a, b
        or      a, c
        jr      Z, 4$
        xor     a, a
        ld      (hl+), a
        dec     bc
        jr      3$
4$:
        ;; explicitly initialised globals: copy from ROM
        ld      de, #s__INITIALIZED
        ld      hl, #s__INITIALIZER
        ld      bc, #l__INITIALIZER
5$:     ld      a, b
        or      a, c
        jr      Z, 6$
        ld      a, (hl+)
        ld      (de), a
        inc     de
        dec     bc
        jr      5$
6$:
        .area   _GSFINAL
        ret
