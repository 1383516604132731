/* SPDX-License-Identifier: MIT
 * crt0.S - the N64 program's entry at 0x80000400 (KSEG0, cached), where
 * boot.S copied it: the stack at the top of the 4 MiB of RDRAM, .bss
 * zeroed, main.  .data came with the code.  Interrupts stay off (the
 * platform polls the VI's line counter and the PI's status).
 */
        .set    noreorder
        .section .crt0, "ax"
        .globl  _start
_start:
        la      $29, __stack_top
        la      $8, __bss_start
        la      $9, __bss_end
1:      beq     $8, $9, 2f
        nop
        sw      $0, 0($8)
        b       1b
        addiu   $8, $8, 4
2:      jal     main
        nop
3:      b       3b
        nop
