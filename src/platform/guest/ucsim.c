/* SPDX-License-Identifier: MIT
 * ucsim.c - platform of the `z80` target: SDCC -mz80 under ucsim's sz80.
 *
 * Output and stop go through ucsim's simulator interface, a byte register
 * that sz80 is told about with `-I if=rom[ADDR]`: write 'p' then a
 * character to print it, 's' to stop the simulation.  ADDR comes from the
 * build (-DHB_SIMIF=0x...), from the same constant the front end gives sz80
 * (hashbench/meters/ucsim.py), so that it is written in one place only.  Cycles
 * are read by the driver at a breakpoint on hb_mark(), which is therefore a
 * real, empty function.  The stack (z80/crt0.s) starts below the interface
 * byte, so a push never touches it.
 */
#include "hb_guest.h"

#ifndef HB_SIMIF
#error "define HB_SIMIF, the address of ucsim's simulator interface (hashbench/meters/ucsim.py gives it)"
#endif
#define SIMIF (*(volatile uint8_t *)HB_SIMIF)

void hb_fault(void);

void hb_guest_init(void)
{
}

void hb_putc(char c)
{
    SIMIF = 'p';
    SIMIF = (uint8_t)c;
}

void hb_mark(void)
{
}

void hb_exit(uint8_t status)
{
    (void)status; /* the program wrote its `done` record (or not) before; ucsim has no exit status */
    SIMIF = 's';
    for (;;) {
    }
}

/* The start-up code's way out if main ever returns. */
void hb_fault(void)
{
    hb_exit(255);
}
