/* SPDX-License-Identifier: MIT
 * hb_rom_config.h - the Super NES's screen and clock for the ROM
 * application (src/engine/rom/hb_rom_app.c): BG1's 32x28 cells of 8x8
 * (256x224 pixels), and the 65816's clock with FastROM, the master clock
 * over 6 (3.58 MHz NTSC, 3.55 MHz PAL); the timer counts master cycles
 * (hb_rom_tick_hz). */
#ifndef HB_ROM_CONFIG_H
#define HB_ROM_CONFIG_H

#include "hb_snes.h"

#include "hb_rom_screen.h" /* HB_ROM_COLS, HB_ROM_ROWS: generated from hashbench/rom/snes.py */
#define HB_ROM_TARGET "snes"
#define HB_ROM_CPU "65816"
#define HB_ROM_CLOCK_HZ hb_snes_clock_hz()

#endif /* HB_ROM_CONFIG_H */
