/* SPDX-License-Identifier: MIT
 * hb_rom_config.h - the NDS's screen and clock for the ROM application
 * (src/engine/rom/hb_rom_app.c): the upper screen, 256x192 pixels, 32x24
 * cells of 8x8; the ARM9 at 67.03 MHz (two cycles per tick of its timers,
 * which count the 33.51 MHz bus clock). */
#ifndef HB_ROM_CONFIG_H
#define HB_ROM_CONFIG_H

#include "hb_rom_screen.h" /* HB_ROM_COLS, HB_ROM_ROWS: generated from hashbench/rom/nds.py */
#define HB_ROM_TARGET "nds"
#define HB_ROM_CPU "ARM946E-S"
#define HB_ROM_CLOCK_HZ 67027964UL

#endif
