/* SPDX-License-Identifier: MIT
 * hb_nes.h - what the NES platform tells beyond hb_rom.h: the region its
 * start-up test found, for the banner and the records.  C89. */
#ifndef HB_NES_H
#define HB_NES_H

#include <stdint.h>

/* Loop iterations between two NMIs at start-up (crt0.s): about 2,700 on
 * NTSC, 3,015 on PAL, 3,215 on a Dendy. */
uint16_t hb_nes_frame_loops(void);
/* "NTSC" (60 frames a second), "PAL" or "Dendy" (50). */
const char *hb_nes_region(void);
/* The region's CPU clock in Hz. */
uint32_t hb_nes_clock_hz(void);

#endif /* HB_NES_H */
