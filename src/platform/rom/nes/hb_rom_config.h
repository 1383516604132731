/* SPDX-License-Identifier: MIT
 * hb_rom_config.h - the NES's text screen: the whole 32x30-cell nametable
 * (256x240 pixels; a TV's overscan may hide the outer rows and columns). */
#ifndef HB_ROM_CONFIG_H
#define HB_ROM_CONFIG_H

#define HB_ROM_COLS 32
#define HB_ROM_ROWS 30

#endif /* HB_ROM_CONFIG_H */
