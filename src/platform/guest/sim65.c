/* SPDX-License-Identifier: MIT
 * sim65.c - platform of the `nes` target: cc65's sim6502 under sim65.
 *
 * Debian's sim65 (cc65 2.19) gives a program stdout and an exit status
 * through its paravirtual hooks, but no way to read the cycle counter: the
 * simulator prints the run's total (`sim65 -c`) when the program exits, and
 * the front end differences two runs (src/engine/guest/console.c,
 * HB_CONSOLE_ARGV).  So hb_mark() is empty here.
 */
#include <stdio.h>
#include <stdlib.h>
#include "hb_guest.h"

void hb_guest_init(void)
{
}

void hb_putc(char c)
{
    putchar(c);
}

void hb_mark(void)
{
}

void hb_exit(uint8_t status)
{
    exit(status);
}
