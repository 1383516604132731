/* SPDX-License-Identifier: MIT
 * sys.c - platform of a `gba` or `gba-iwram` console program run by QEMU
 * user mode (qemu-arm) for the cycle-model meter (hashbench/meters/
 * cycle_model_console.py, docs/cycle-models.md), in place of ../mgba.c.
 *
 * The same console program (src/engine/guest/console.c), the same objects
 * and the same linker script as the mGBA build; only the way out differs:
 * output and exit are Linux system calls (ARM EABI: number in r7, svc 0),
 * and hb_mark() does nothing: the plugin watches its first instruction
 * (mark=ADDR), where the mGBA runner watches the mailbox.  A system call
 * per character is slow but never inside a span.
 */
#include "hb_guest.h"

static long hb_svc3(long nr, long a0, long a1, long a2)
{
    register long r7 __asm__("r7") = nr;
    register long r0 __asm__("r0") = a0;
    register long r1 __asm__("r1") = a1;
    register long r2 __asm__("r2") = a2;
    __asm__ volatile("svc #0" : "+r"(r0) : "r"(r7), "r"(r1), "r"(r2) : "memory");
    return r0;
}

void hb_guest_init(void)
{
}

void hb_putc(char c)
{
    hb_svc3(4 /* __NR_write */, 1, (long)&c, 1);
}

/* Another translation unit than the spans, so never inlined; the asm keeps
 * a body the plugin can stop at. */
void hb_mark(void)
{
    __asm__ volatile("" ::: "memory");
}

void hb_exit(uint8_t status)
{
    for (;;)
        hb_svc3(248 /* __NR_exit_group */, status, 0, 0);
}
