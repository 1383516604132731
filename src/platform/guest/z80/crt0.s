; SPDX-License-Identifier: MIT
; crt0.s - start-up of the `z80` target (SDCC -mz80 under ucsim's sz80):
; a flat 64 KiB machine, code from 0x0000, data from 0xF000, the stack below
; the simulator-interface byte (the top of memory: ../ucsim.c, whose
; address the build gives) and above ucsim's stack-limit check (0xF000).
; Interrupts stay off.
        .module crt0
        .globl  _main
        .globl  _hb_fault

        .area   _HEADER (ABS)
        .org    0
        di
        ld      sp, #0xFFF0
        call    gsinit
        call    _main
        jp      _hb_fault       ; main never returns (it ends with hb_exit)

        ;; Link order = area order: the C code follows this file.
        .include "../sdcc_areas.inc"

        .area   _GSINIT
gsinit::
        ;; zero-initialised globals (SDCC puts them in _DATA)
        ld      bc, #l__DATA
        ld      a, b
        or      a, c
        jr      Z, 2$
        ld      hl, #s__DATA
        ld      (hl), #0x00
        dec     bc
        ld      a, b
        or      a, c
        jr      Z, 2$
        ld      e, l
        ld      d, h
        inc     de
        ldir
2$:
        ;; explicitly initialised globals: copy from ROM
        ld      bc, #l__INITIALIZER
        ld      a, b
        or      a, c
        jr      Z, 3$
        ld      de, #s__INITIALIZED
        ld      hl, #s__INITIALIZER
        ldir
3$:
        .area   _GSFINAL
        ret
