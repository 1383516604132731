/* SPDX-License-Identifier: MIT
 * hb_rom_config.h - the NES's screen and clock for the ROM application
 * (src/engine/rom/hb_rom_app.c): the whole 32x30-cell nametable (256x240
 * pixels; a TV's overscan may hide the outer rows and columns), and the
 * CPU clock of the region the start-up test found (NTSC 1,789,773 Hz,
 * PAL 1,662,607, Dendy 1,773,448), which is also the timer's rate: its
 * ticks are cycles (hb_rom_tick_hz). */
#ifndef HB_ROM_CONFIG_H
#define HB_ROM_CONFIG_H

#include "hb_nes.h"

#include "hb_rom_screen.h" /* HB_ROM_COLS, HB_ROM_ROWS: generated from hashbench/rom/nes.py */
#define HB_ROM_TARGET "nes"
#define HB_ROM_CPU "6502"
#define HB_ROM_CLOCK_HZ hb_nes_clock_hz()
/* The frame counter alone resolves 16.7 ms: a span is timed to the
 * cycle-counting loop's 11 cycles (nes.c, hb_rom_span_ticks). */
#define HB_ROM_FINE_SPAN 1

#endif /* HB_ROM_CONFIG_H */
