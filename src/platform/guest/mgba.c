/* SPDX-License-Identifier: MIT
 * mgba.c - platform of the `gb` (SM83, SDCC) and `gba`, `gba-iwram`
 * (ARM7TDMI, gcc) targets, run by the mGBA runner (src/meters/mgba_run.c)
 * on libmgba.
 *
 * One mailbox byte: the runner looks at it after every instruction and
 * clears it.  A write of 1 is a mark (the runner writes a `mark` record with
 * the emulator's own cycle count at that instruction), 4 is exit (status in
 * the next byte), anything else is a character of output.  The byte sits
 * where nothing else lives: HRAM on the Game Boy, the last bytes of EWRAM
 * on the GBA.  Its address is given by the build (-DHB_MAILBOX=0x...), from
 * the same constant the runner is given (hashbench/meters/mgba.py), so that it
 * is written in one place only.
 */
#include "hb_guest.h"

#ifndef HB_MAILBOX
#error "define HB_MAILBOX, the mailbox address the mGBA runner watches (hashbench/meters/mgba.py gives it)"
#endif
#define MAILBOX ((volatile uint8_t *)HB_MAILBOX)

void hb_fault(void);

void hb_guest_init(void)
{
#ifdef HB_GBA_WAITCNT
    /* gba-prefetch: the cartridge's wait states and prefetch buffer as the
       target sets them (GBATEK "GBA System Control": WAITCNT, 0x04000204),
       before anything is measured; otherwise the power-on value stays. */
    *(volatile uint16_t *)0x04000204u = (uint16_t)(HB_GBA_WAITCNT);
#endif
}

void hb_putc(char c)
{
    MAILBOX[0] = (uint8_t)c;
}

void hb_mark(void)
{
    MAILBOX[0] = 1;
}

void hb_exit(uint8_t status)
{
    MAILBOX[1] = status;
    MAILBOX[0] = 4;
    for (;;) {
    }
}

/* The Game Boy's start-up jumps here when the CPU runs into empty ROM
 * (0xFF is `rst 0x38`): the run ends with status 255. */
void hb_fault(void)
{
    hb_exit(255);
}
