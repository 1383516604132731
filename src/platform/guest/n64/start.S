/* SPDX-License-Identifier: MIT
 * start.S - process entry for the freestanding N64 (VR4300, MIPS III) build.
 * Debian's mips64 glibc is built for MIPS64r2 and traps on the R4000 model
 * that stands in for the VR4300, so this target has no C library: Linux
 * starts us with argc at 0($sp) and argv from 8($sp) (n64 ABI); we call
 * main and hand its status to exit_group.
 */
    .text
    .set    noreorder
    .globl  __start
    .type   __start, @function
    .ent    __start
__start:
    ld      $4, 0($29)          /* a0 = argc */
    daddiu  $5, $29, 8          /* a1 = argv */
    daddiu  $29, $29, -32       /* keep 16-byte alignment, leave a frame */
    jal     main
    nop
    move    $4, $2              /* status */
    li      $2, 5205            /* __NR_exit_group (n64) */
    syscall
1:  b       1b
    nop
    .end    __start
    .size   __start, . - __start
