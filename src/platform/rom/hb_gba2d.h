/* SPDX-License-Identifier: MIT
 * hb_gba2d.h - what the GBA and the Nintendo DS's ARM9 share at the same
 * addresses (GBATEK): the 2D engine's background 0 as the text screen
 * (mode 0, 4bpp tiles of the font, tile c - 0x20 for character c, the map
 * in screen block 31), VCOUNT for the frame, KEYINPUT for the buttons, and
 * TM0 cascading into TM1 for the timer.  hb_gba2d.c implements
 * hb_rom_clear, hb_rom_text, hb_rom_frame and hb_rom_ticks with them; the
 * platform powers the engine, maps its VRAM and turns the display on.
 */
#ifndef HB_GBA2D_H
#define HB_GBA2D_H

/* The palette, the font's tiles, an empty map, background 0's control,
 * and the timers started from 0.  The display itself stays as it is. */
void hb_gba2d_setup(void);

#endif /* HB_GBA2D_H */
