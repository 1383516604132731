/* SPDX-License-Identifier: MIT
 * sim_ucsim.c - platform of the `z80` target: SDCC -mz80 under ucsim's sz80.
 *
 * Output and stop go through ucsim's simulator interface, a byte register
 * that sz80 is told about with `-I if=rom[HB8_SIMIF_ADDR]`: write 'p' then
 * a character to print it, 's' to stop the simulation.  Cycles are read by
 * the driver (hashbench/cross8.py) at a breakpoint on hb8_mark(), which is
 * therefore a real, empty function.  The stack (cross8/z80/crt0.s) starts
 * below the interface byte, so a push never touches it.
 */
#if defined(HB8_UCSIM) && defined(__SDCC)
#include "hb_guest.h"

#ifndef HB8_SIMIF_ADDR
#define HB8_SIMIF_ADDR 0xFFFF
#endif
#define SIMIF (*(volatile uint8_t *)HB8_SIMIF_ADDR)

void hb8_init(void)
{
}

void hb8_putc(char c)
{
    SIMIF = 'p';
    SIMIF = (uint8_t)c;
}

void hb8_mark(void)
{
}

void hb8_exit(uint8_t status)
{
    (void)status; /* the program printed END (or not) before; ucsim has no exit status */
    SIMIF = 's';
    for (;;) {
    }
}
#else
typedef int hb_sim_ucsim_unused_;
#endif
