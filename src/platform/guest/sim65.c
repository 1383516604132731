/* SPDX-License-Identifier: MIT
 * sim_sim65.c - platform of the `nes` target: cc65's sim6502 under sim65.
 *
 * Debian's sim65 (cc65 2.19) gives a program stdout and an exit status
 * through its paravirtual hooks, but no way to read the cycle counter: the
 * simulator prints the run's total (`sim65 -c`) when the program exits, and
 * the front end differences two runs (cross8/engine8.c, HB8_ARGV).  So
 * hb8_mark() is empty here.  Compiled only with -DHB8_SIM65 under cc65; the
 * host build sees an empty file.
 */
#if defined(HB8_SIM65) && defined(__CC65__)
#include <stdio.h>
#include <stdlib.h>
#include "hb_guest.h"

void hb8_init(void)
{
}

void hb8_putc(char c)
{
    putchar(c);
}

void hb8_mark(void)
{
}

void hb8_exit(uint8_t status)
{
    exit(status);
}
#else
typedef int hb_sim_sim65_unused_;
#endif
