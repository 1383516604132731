/* SPDX-License-Identifier: MIT
 * hb_snes.h - what the Super NES platform tells beyond hb_rom.h: the
 * region its start-up found (STAT78 bit 4), for the banner and the
 * records.  C89. */
#ifndef HB_SNES_H
#define HB_SNES_H

#include <stdint.h>

/* The CPU's clock with FastROM: the master clock over 6 (NTSC
 * 3,579,545 Hz, PAL 3,546,895). */
uint32_t hb_snes_clock_hz(void);
/* "NTSC" (60 frames a second) or "PAL" (50). */
const char *hb_snes_region(void);

#endif /* HB_SNES_H */
