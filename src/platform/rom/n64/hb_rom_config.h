/* SPDX-License-Identifier: MIT
 * hb_rom_config.h - the N64's screen and clock for the ROM application
 * (src/engine/rom/hb_rom_app.c): a 320x240 frame buffer, 40x30 cells of
 * 8x8; the VR4300 at 93.75 MHz (two cycles per tick of COP0 Count). */
#ifndef HB_ROM_CONFIG_H
#define HB_ROM_CONFIG_H

#include "hb_rom_screen.h" /* HB_ROM_COLS, HB_ROM_ROWS: generated from hashbench/rom/n64.py */
#define HB_ROM_TARGET "n64"
#define HB_ROM_CPU "VR4300"
#define HB_ROM_CLOCK_HZ 93750000UL

#endif
