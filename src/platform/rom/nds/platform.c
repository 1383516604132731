/* SPDX-License-Identifier: MIT
 * platform.c - the Nintendo DS's ARM9 behind hb_rom.h (GBATEK's register
 * map):
 *   video   the main 2D engine on the upper screen (POWCNT1's display
 *           swap), VRAM bank A as its background memory, mode 0,
 *           background 0: 4bpp tiles of the font (tile c - 0x20 for
 *           character c), map in screen block 31; the lower screen the
 *           same on the sub engine with VRAM bank C (the application's
 *           rows from HB_ROM_ROWS on: HB_ROM_LOWER_ROWS)
 *   joypad  KEYINPUT (0x04000130), active low, read once a frame
 *   frame   polls VCOUNT for the start of vertical blank (no interrupts)
 *   timer   TM0 at the bus clock (prescaler 1, 33,513,982 Hz) cascading
 *           into TM1: 32 bits of ticks, two ARM9 cycles each
 *   records a fixed 64 KiB of main RAM at 0x023E0000 (uncached: crt0.s),
 *           NUL-terminated, read by the host from the emulator's main RAM;
 *           a pass that does not fit ends early with
 *           {"rec":"done","save_ram_full":true}
 * Video, joypad, frame and timer are the GBA's: ../hb_gba2d.c.
 * The ARM7 runs a stub that does nothing: the ARM9 reaches everything the
 * benchmark needs (the 2D engine, VRAM, the timers, the buttons A, B,
 * SELECT, START and the pad).
 */
#include "hb_rom.h"
#include "hb_gba2d.h"
#include "hb_rom_stream.h"

#define REG8(addr) (*(volatile uint8_t *)(addr))
#define REG16(addr) (*(volatile uint16_t *)(addr))
#define REG32(addr) (*(volatile uint32_t *)(addr))
#define DISPCNT REG32(0x04000000u)
#define VRAMCNT_A REG8(0x04000240u)
#define VRAMCNT_C REG8(0x04000242u)
#define POWCNT1 REG16(0x04000304u)
#define RECORDS ((volatile uint8_t *)0x023E0000u)
#define RECORDS_BYTES 0x10000u

#define POWCNT1_LCDS_ENGINES_A_UPPER 0x8203u /* LCDs and both 2D engines on, A on the upper screen */
#define DISPCNT_B REG32(0x04001000u)
#define VRAM_ENABLE_MAIN_BG 0x81u
#define VRAM_ENABLE_SUB_BG 0x84u
#define DISPCNT_GRAPHICS_MODE0_BG0 0x00010100u
#define BUS_HZ 33513982ul

static hb_rom_stream records;

void hb_rom_init(void)
{
    RECORDS[0] = 0;
    POWCNT1 = POWCNT1_LCDS_ENGINES_A_UPPER;
    VRAMCNT_A = VRAM_ENABLE_MAIN_BG;
    VRAMCNT_C = VRAM_ENABLE_SUB_BG;
    DISPCNT = 0;
    DISPCNT_B = 0;
    hb_gba2d_setup();
    DISPCNT = DISPCNT_GRAPHICS_MODE0_BG0;
    DISPCNT_B = DISPCNT_GRAPHICS_MODE0_BG0;
}

uint32_t hb_rom_tick_hz(void)
{
    return BUS_HZ;
}

const char *hb_rom_tick_unit(void)
{
    return "bus-cycles";
}

void hb_rom_records_reset(void)
{
    hb_rom_stream_reset(&records, RECORDS);
}

void hb_putc(char c)
{
    hb_rom_stream_put(&records, RECORDS, RECORDS_BYTES, c);
}
