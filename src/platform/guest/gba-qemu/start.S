@ SPDX-License-Identifier: MIT
@ start.S - entry of a `gba` or `gba-iwram` console program when QEMU user
@ mode runs it for the cycle-model meter (hashbench/meters/
@ cycle_model_console.py, docs/cycle-models.md), in place of ../gba/crt0.s.
@
@ The program is linked with the target's own linker script (../gba/gba.ld
@ or gba-iwram.ld), so code, tables, data and stack sit at the GBA addresses
@ the model maps to ROM and IWRAM.  QEMU loads each segment at its run
@ address (.data is already in IWRAM), so unlike crt0.s nothing is copied.
@ .bss is zeroed here all the same: when .data and .bss share a page
@ (gba-iwram), the loader maps that page from the file and the start of
@ .bss holds file bytes.  The top of IWRAM, where the stack lives and no
@ segment reaches, is mapped (mmap2, MAP_FIXED on pages no segment uses).
@ IWRAM is first made readable, writable and executable (mprotect): the
@ loader gives the segment holding gba-iwram's code and data, and the page it
@ shares with .bss, the flags of its code.  Then main runs in Thumb, and
@ exit_group ends the process with main's status.
@
@ This code is smaller than crt0.s, so everything after it sits a little
@ lower than in the mGBA build: no ARM7TDMI timing depends on where code
@ sits (no cache; a ROM access is N or S by the access sequence), below the
@ 128 KiB ROM boundaries that force an N access, which no program reaches.
        .section .crt0, "ax"
        .arm
        .global _start
_start:
        ldr     r0, =0x03000000         @ IWRAM: read, write, execute
        ldr     r1, =__bss_end
        add     r1, r1, #0xFF0
        add     r1, r1, #0xF
        bic     r1, r1, #0xFF0
        bic     r1, r1, #0xF
        sub     r1, r1, r0              @ the loaded pages, up to the end of .bss
        mov     r2, #7                  @ PROT_READ | PROT_WRITE | PROT_EXEC
        mov     r7, #125                @ __NR_mprotect (ARM EABI)
        svc     #0
        ldr     r0, =__bss_end
        add     r0, r0, #0xFF0          @ first page above .bss:
        add     r0, r0, #0xF            @   (end + 4095) & ~4095
        bic     r0, r0, #0xFF0
        bic     r0, r0, #0xF
        ldr     r1, =0x03008000         @ end of IWRAM
        subs    r1, r1, r0              @ length; nothing to map if <= 0
        ble     1f
        mov     r2, #3                  @ PROT_READ | PROT_WRITE
        mov     r3, #0x32               @ MAP_PRIVATE | MAP_FIXED | MAP_ANONYMOUS
        mvn     r4, #0                  @ fd -1
        mov     r5, #0                  @ offset 0
        mov     r7, #192                @ __NR_mmap2 (ARM EABI)
        svc     #0
1:      ldr     r1, =__bss_start        @ zero .bss
        ldr     r2, =__bss_end
        mov     r3, #0
2:      cmp     r1, r2
        strlo   r3, [r1], #4
        blo     2b
        ldr     sp, =__stack_top
        ldr     r0, =main
        mov     lr, pc
        bx      r0
        mov     r7, #248                @ __NR_exit_group (ARM EABI); r0 = status
        svc     #0
3:      b       3b
        .pool
