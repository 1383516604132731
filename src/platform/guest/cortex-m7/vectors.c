/* SPDX-License-Identifier: MIT
 * vectors.c - the Cortex-M7 vector table and reset entry for the mps2-an500
 * board: the core loads SP and PC from the first two words, then newlib's
 * crt0 (_start, from rdimon: semihosting) sets up the C run time, fetches
 * the command line from the debugger (QEMU's -semihosting-config arg=...)
 * and calls main.  A fault prints an error record through semihosting and stops.
 */
#include <stdint.h>
#include <stdlib.h>
#include <unistd.h>

extern void _start(void);
extern uint32_t __stack;

void hb_m7_reset(void);
void hb_m7_fault(void);

void hb_m7_reset(void)
{
    _start();
    exit(3);
}

void hb_m7_fault(void)
{
    /* a record, written whole and directly: what ../posix.c holds of an
     * unfinished line is never written, so the stream stays line-clean */
    static const char msg[] = "{\"rec\":\"error\",\"kind\":\"system\",\"message\":\"cpu fault\"}\n";
    write(1, msg, sizeof msg - 1);
    exit(3);
}

__attribute__((section(".hb_vectors"), used)) static const uintptr_t hb_m7_vectors[16] = {
    (uintptr_t)&__stack, (uintptr_t)hb_m7_reset,
    (uintptr_t)hb_m7_fault, (uintptr_t)hb_m7_fault, (uintptr_t)hb_m7_fault,
    (uintptr_t)hb_m7_fault, (uintptr_t)hb_m7_fault,
};
