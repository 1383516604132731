/* SPDX-License-Identifier: MIT
 * hb_rom_config.h - the GBA's screen and clock for the ROM application
 * (src/engine/rom/hb_rom_app.c): 240x160 pixels, 30x20 cells of 8x8. */
#ifndef HB_ROM_CONFIG_H
#define HB_ROM_CONFIG_H

#include "hb_rom_screen.h" /* HB_ROM_COLS, HB_ROM_ROWS: generated from hashbench/rom/gba.py */
#define HB_ROM_TARGET "gba"
#define HB_ROM_CPU "ARM7TDMI"
#define HB_ROM_CLOCK_HZ 16777216UL

#endif
