/* SPDX-License-Identifier: MIT
 * gba_qemu_sys.c - the platform of a `gba` program run by QEMU user mode for
 * the cycle model, in place of src/platform/sim_mgba.c (the mGBA mailbox).
 *
 * Output and exit are Linux system calls (ARM EABI: number in r7, svc 0);
 * hb8_mark() does nothing: the cycle-model plugin watches its first
 * instruction (mark=ADDR), as the mGBA runner watches the mailbox write.
 * Linked last, after the C library, so that the measured code keeps the
 * addresses it has in the mGBA build (whose sim_mgba.o is linked last too).
 */
#include "hb8_platform.h"

static long hb_svc3(long nr, long a0, long a1, long a2)
{
    register long r7 __asm__("r7") = nr;
    register long r0 __asm__("r0") = a0;
    register long r1 __asm__("r1") = a1;
    register long r2 __asm__("r2") = a2;
    __asm__ volatile("svc #0" : "+r"(r0) : "r"(r7), "r"(r1), "r"(r2) : "memory");
    return r0;
}

void hb8_init(void)
{
}

void hb8_putc(char c)
{
    hb_svc3(4 /* __NR_write */, 1, (long)&c, 1);
}

/* Not inlined (another translation unit), never empty of meaning: the
 * plugin's marker.  The asm keeps it a real function body. */
void hb8_mark(void)
{
    __asm__ volatile("" ::: "memory");
}

void hb8_exit(uint8_t status)
{
    for (;;)
        hb_svc3(248 /* __NR_exit_group */, status, 0, 0);
}
