@ SPDX-License-Identifier: MIT
@ crt0.s - start-up of the GBA ROM image (hashbench rom --target gba).
@ The cartridge header (GBATEK "Cartridge Header"): a branch to the start
@ code, the 156-byte Nintendo logo area, left zero because the logo is
@ Nintendo's bitmap and not ours to copy (a real console's BIOS refuses a
@ ROM without it; emulators and flash carts that patch it in accept it),
@ title, game and maker codes, the fixed byte 0x96 and the complement
@ check, which hashbench/toolchain/gbarom.py fills in.  After the header, the
@ save-type tag: emulators (mGBA) look for "SRAM_V" in the ROM to give the
@ cartridge 32 KiB of battery-backed SRAM at 0x0E000000, where the
@ records go.
@ Then the `gba` target's start-up (src/platform/guest/gba_start.inc):
@ stack at the top of IWRAM, .data copied from ROM, .bss zeroed, main in
@ Thumb; WAITCNT stays at its power-on value (ROM 4/2 wait states, no
@ prefetch), so that the code runs as under `hashbench cross --target gba`;
@ interrupts stay off (the platform polls VCOUNT and the timers).
        .section .crt0, "ax"
        .arm
        .global _start
_start:
        b       start
        .fill   156, 1, 0               @ 0x04 logo (not included)
        .ascii  "HASHBENCH   "          @ 0xA0 title (12)
        .ascii  "HBRE"                  @ 0xAC game code
        .ascii  "00"                    @ 0xB0 maker code
        .byte   0x96                    @ 0xB2 fixed value
        .byte   0                       @ 0xB3 main unit
        .byte   0                       @ 0xB4 device type
        .fill   7, 1, 0                 @ 0xB5 reserved
        .byte   0                       @ 0xBC version
        .byte   0                       @ 0xBD complement check (gbarom.py)
        .fill   2, 1, 0                 @ 0xBE reserved
        .balign 4
        .ascii  "SRAM_V113"             @ 0xC0 the save type, for emulators
        .balign 4
        .include "src/platform/guest/gba_start.inc"  @ its path from the source tree, where gcc runs
