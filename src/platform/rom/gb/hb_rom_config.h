/* SPDX-License-Identifier: MIT
 * hb_rom_config.h - the Game Boy's screen and clock for the ROM
 * application (src/engine/rom/hb_rom_app.c): 160x144 pixels, 20x18 cells
 * of 8x8. */
#ifndef HB_ROM_CONFIG_H
#define HB_ROM_CONFIG_H

#include <stdint.h>

#include "hb_rom_screen.h" /* HB_ROM_COLS, HB_ROM_ROWS: generated from hashbench/rom/gb.py */
#define HB_ROM_TARGET "gb"
#define HB_ROM_CPU "SM83"
/* 4,194,304 Hz; 8,388,608 on a Game Boy Color, which gb.c switches to double speed */
uint32_t hb_gb_clock_hz(void);
#define HB_ROM_CLOCK_HZ hb_gb_clock_hz()

#endif
