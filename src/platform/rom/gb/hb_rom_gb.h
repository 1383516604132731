/* SPDX-License-Identifier: MIT
 * hb_rom_gb.h - what the Game Boy adds to hb_rom.h: the banked call.
 *
 * The CPU sees ROM bank 0 (0x0000-0x3FFF: start-up, platform, application,
 * SDCC's runtime) and one switchable bank (0x4000-0x7FFF).  Each algorithm's
 * code and tables sit together in one switchable bank; hb_rom_gb_call maps
 * that bank, calls the one-shot function, and maps back the bank that was
 * there, so the function sees its code, its tables and the caller's buffer
 * (work RAM) at once. */
#ifndef HB_ROM_GB_H
#define HB_ROM_GB_H

#include <stddef.h>
#include <stdint.h>

typedef void (*hb_rom_gb_fn)(uint8_t *out, const uint8_t *in, size_t len);

void hb_rom_gb_call(uint8_t bank, hb_rom_gb_fn fn, uint8_t *out, const uint8_t *in, size_t len);

#endif
