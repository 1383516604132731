@ SPDX-License-Identifier: MIT
@ crt0.s - start-up of the NDS image's ARM9 (hashbench rom --target nds).
@ The cartridge loader (the DS firmware, a flash cart's menu, an emulator's
@ direct boot) has copied this binary to main RAM at 0x02000000 and jumps
@ here in ARM state.  As a libnds program runs (the set-up the ARM946E-S
@ cycle model, data/cpu-models/arm946e-s-nds.toml, assumes), the protection
@ unit (CP15, ARM946E-S TRM ch. 2 and 4; GBATEK "ARM CP15 Protection Unit")
@ gets these regions, a higher number winning where they overlap:
@   0  the whole 4 GiB               not cached (I/O, VRAM, palette, BIOS)
@   1  main RAM, 4 MiB at 0x02000000 instruction- and data-cached, write-back
@   2  the records, 64 KiB at 0x023E0000  not cached, not buffered: every
@      byte reaches main RAM at once, where the host reads it
@ and the data TCM (16 KiB at 0x0B000000) holds the stack; the instruction
@ TCM (32 KiB at 0, mirrored up to 32 MiB) the ARM assembly's routines,
@ copied there from main RAM (nds.ld); both caches are invalidated, then
@ enabled with the unit.  Interrupts stay off (the
@ platform polls VCOUNT and the timers).  .data is in place already (the
@ loader copied it with the code); .bss is zeroed.
        .section .crt0, "ax"
        .arm
        .global _start
_start:
        mov     r0, #0xDF               @ system mode, IRQ and FIQ masked
        msr     cpsr_c, r0
        mov     r0, #0                  @ the unit and the caches off while set
        mcr     p15, 0, r0, c1, c0, 0
        mcr     p15, 0, r0, c7, c5, 0   @ invalidate the instruction cache
        mcr     p15, 0, r0, c7, c6, 0   @ invalidate the data cache
        mcr     p15, 0, r0, c7, c10, 4  @ drain the write buffer
        ldr     r0, =0x0000003F         @ region 0: base 0, 2^(31+1) bytes, on
        mcr     p15, 0, r0, c6, c0, 0
        ldr     r0, =0x0200002B         @ region 1: 0x02000000, 2^(21+1) = 4 MiB, on
        mcr     p15, 0, r0, c6, c1, 0
        ldr     r0, =0x023E001F         @ region 2: 0x023E0000, 2^(15+1) = 64 KiB, on
        mcr     p15, 0, r0, c6, c2, 0
        mov     r0, #0                  @ regions 3-7 off
        mcr     p15, 0, r0, c6, c3, 0
        mcr     p15, 0, r0, c6, c4, 0
        mcr     p15, 0, r0, c6, c5, 0
        mcr     p15, 0, r0, c6, c6, 0
        mcr     p15, 0, r0, c6, c7, 0
        mov     r0, #0x02               @ region 1 data-cacheable
        mcr     p15, 0, r0, c2, c0, 0
        mcr     p15, 0, r0, c2, c0, 1   @ and instruction-cacheable
        mcr     p15, 0, r0, c3, c0, 0   @ and bufferable: write-back
        ldr     r0, =0x33333333         @ every region read/write, all modes
        mcr     p15, 0, r0, c5, c0, 2
        mcr     p15, 0, r0, c5, c0, 3
        ldr     r0, =0x0B00000A         @ DTCM: 0x0B000000, 512 << 5 = 16 KiB
        mcr     p15, 0, r0, c9, c1, 0
        mov     r0, #0x20               @ ITCM: 0, 512 << 16 = 32 MiB of mirrors
        mcr     p15, 0, r0, c9, c1, 1
        mrc     p15, 0, r0, c1, c0, 0
        ldr     r1, =0x00051005         @ ITCM, DTCM, I-cache, D-cache, protection unit
        orr     r0, r0, r1
        bic     r0, r0, #0x000A0000     @ both TCMs readable (not load mode)
        mcr     p15, 0, r0, c1, c0, 0
        ldr     r1, =__itcm_load        @ the ARM assembly's code to the ITCM
        ldr     r2, =__itcm_start
        ldr     r3, =__itcm_end
3:      cmp     r2, r3
        ldrlo   r0, [r1], #4
        strlo   r0, [r2], #4
        blo     3b
        ldr     sp, =__stack_top
        ldr     r1, =__bss_start        @ zero .bss
        ldr     r2, =__bss_end
        mov     r3, #0
1:      cmp     r1, r2
        strlo   r3, [r1], #4
        blo     1b
        bl      main
2:      b       2b
        .pool
