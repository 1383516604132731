/* SPDX-License-Identifier: MIT
 * hb_font.h - hashbench's own 8x8 font (data/font/hb8x8.txt), which every
 * console ROM's platform converts to its tile format; the table itself is
 * compiled into every image from src/platform/rom/hb_font.c.  C89. */
#ifndef HB_FONT_H
#define HB_FONT_H

#include <stdint.h>

#define HB_FONT_FIRST 0x20
#define HB_FONT_GLYPHS 95

extern const uint8_t hb_font[HB_FONT_GLYPHS][8];

#endif /* HB_FONT_H */
