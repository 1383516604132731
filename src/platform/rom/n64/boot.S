/* SPDX-License-Identifier: MIT
 * boot.S - the N64 image's own boot code (the cartridge's "IPL3", ROM
 * offsets 0x40-0xFFF).  The console's PIF boot ROM copies these bytes to
 * the RSP's data memory and jumps to 0xA4000040 (emulators' high-level
 * boot does the same); this code then:
 *   1. marks every instruction and data cache line invalid (the caches
 *      hold garbage at power-on: VR4300 User's Manual, CACHE Index_Store_Tag
 *      with TagLo = 0);
 *   2. copies the program (ROM 0x1000 on, `program_bytes` long, which
 *      hashbench/toolchain/n64rom.py writes into the last word of this area)
 *      to RDRAM 0x00000400 by PI DMA, and waits for it;
 *   3. jumps to it at 0x80000400 (KSEG0: cached).
 * It does NOT initialise RDRAM (the RI and RDRAM registers), which a real
 * console needs before RDRAM holds anything, and the PIF only starts it
 * when the CIC chip accepts its checksum (docs/roms.md): it boots in
 * emulators that boot the cartridge's code at a high level.
 */
        .set    noreorder
        .set    noat
        .section .boot, "ax"
        .globl  boot
boot:
        mtc0    $0, $28                 /* TagLo = 0: invalid, no address */
        mtc0    $0, $29                 /* TagHi */
        lui     $8, 0x8000
        ori     $9, $8, 0x4000          /* 16 KiB of instruction cache, 32-byte lines */
1:      cache   8, 0($8)                /* Index_Store_Tag, I */
        addiu   $8, $8, 32
        bne     $8, $9, 1b
        nop
        lui     $8, 0x8000
        ori     $9, $8, 0x2000          /* 8 KiB of data cache, 16-byte lines */
2:      cache   9, 0($8)                /* Index_Store_Tag, D */
        addiu   $8, $8, 16
        bne     $8, $9, 2b
        nop
        lui     $10, 0xA460             /* PI registers */
3:      lw      $11, 0x10($10)          /* PI_STATUS: DMA or I/O busy */
        andi    $11, $11, 3
        bnez    $11, 3b
        nop
        li      $11, 0x400
        sw      $11, 0x00($10)          /* PI_DRAM_ADDR */
        li      $11, 0x10001000
        sw      $11, 0x04($10)          /* PI_CART_ADDR: the program in ROM */
        lui     $12, 0xA400
        lw      $11, 0x0FFC($12)        /* program_bytes, from this area in DMEM */
        addiu   $11, $11, -1
        sw      $11, 0x0C($10)          /* PI_WR_LEN: cartridge -> RDRAM */
4:      lw      $11, 0x10($10)
        andi    $11, $11, 3
        bnez    $11, 4b
        nop
        lui     $8, 0x8000
        ori     $8, $8, 0x0400
        jr      $8
        nop
