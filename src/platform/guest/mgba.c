/* SPDX-License-Identifier: MIT
 * sim_mgba.c - platform of the `gb` (SM83, SDCC) and `gba` (ARM7TDMI, gcc)
 * targets, run by cross8/runners/mgba_run.c on libmgba.
 *
 * One mailbox byte: the runner looks at it after every instruction and
 * clears it.  A write of 1 is a mark (the runner prints "@<cycles>", the
 * emulator's own cycle count at that instruction), 4 is exit (status in
 * the next byte), anything else is a character to print.  The byte sits
 * where nothing else lives: HRAM on the Game Boy, the last bytes of EWRAM
 * on the GBA.
 */
#if defined(HB8_MGBA)
#include "hb_guest.h"

#ifndef HB8_MAILBOX
#if defined(__SDCC_sm83)
#define HB8_MAILBOX 0xFF80u
#else
#define HB8_MAILBOX 0x0203FFF0u
#endif
#endif
#define MAILBOX ((volatile uint8_t *)HB8_MAILBOX)

void hb8_init(void)
{
}

void hb8_putc(char c)
{
    MAILBOX[0] = (uint8_t)c;
}

void hb8_mark(void)
{
    MAILBOX[0] = 1;
}

void hb8_exit(uint8_t status)
{
    MAILBOX[1] = status;
    MAILBOX[0] = 4;
    for (;;) {
    }
}
#else
typedef int hb_sim_mgba_unused_;
#endif
