/* SPDX-License-Identifier: MIT
 * hb_rom_config.h - the NUCLEO-F767ZI for the ROM application
 * (src/engine/rom/hb_rom_app.c): no screen (the records go out over the
 * serial port; the text layout is the 30-column one), the Cortex-M7 at
 * 216 MHz.  Under QEMU (HB_NUCLEO_QEMU) the mps2-an500 board's 25 MHz. */
#ifndef HB_ROM_CONFIG_H
#define HB_ROM_CONFIG_H

#include "hb_rom_screen.h" /* HB_ROM_COLS, HB_ROM_ROWS: generated from hashbench/rom/nucleo.py */
#define HB_ROM_CPU "Cortex-M7"
#ifdef HB_NUCLEO_QEMU
#define HB_ROM_TARGET "nucleo-f767-qemu"
#define HB_ROM_CLOCK_HZ 25000000UL
#else
#define HB_ROM_TARGET "nucleo-f767"
#define HB_ROM_CLOCK_HZ 216000000UL
#endif

#endif
