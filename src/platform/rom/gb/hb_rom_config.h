/* SPDX-License-Identifier: MIT
 * hb_rom_config.h - the Game Boy's text screen: 160x144 pixels in 8x8
 * cells. */
#ifndef HB_ROM_CONFIG_H
#define HB_ROM_CONFIG_H

#define HB_ROM_COLS 20
#define HB_ROM_ROWS 18

#endif
