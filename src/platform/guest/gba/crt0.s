@ SPDX-License-Identifier: MIT
@ crt0.s - start-up of the `gba` targets (ARM7TDMI, arm-none-eabi-gcc).
@ The cartridge header (GBATEK "Cartridge Header"): a branch to the start
@ code, the 156-byte logo area (left zero: mGBA's HLE BIOS does not check
@ it; a real console's BIOS would refuse the ROM), title, codes, the fixed
@ byte 0x96 and the complement check, which hashbench/toolchain/gbarom.py fills in.
@ Then: stack at the top of IWRAM (below the BIOS's 0x03007F00 area), copy
@ .data (and, for gba-iwram, the code and tables) from ROM to IWRAM, zero
@ .bss, call main in Thumb.  WAITCNT stays at its power-on value 0 (ROM
@ 4/2 wait states, no prefetch), as the BIOS leaves it and as a program
@ that does not touch it runs; interrupts stay off.
        .section .crt0, "ax"
        .arm
        .global _start
_start:
        b       start
        .fill   156, 1, 0               @ 0x04 logo
        .ascii  "HASHBENCH8  "          @ 0xA0 title (12)
        .ascii  "HB8E"                  @ 0xAC game code
        .ascii  "00"                    @ 0xB0 maker code
        .byte   0x96                    @ 0xB2 fixed value
        .byte   0                       @ 0xB3 main unit
        .byte   0                       @ 0xB4 device type
        .fill   7, 1, 0                 @ 0xB5 reserved
        .byte   0                       @ 0xBC version
        .byte   0                       @ 0xBD complement check (romfix.py)
        .fill   2, 1, 0                 @ 0xBE reserved
        .include "src/platform/guest/gba_start.inc"  @ its path from the source tree, where gcc runs
