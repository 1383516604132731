/* SPDX-License-Identifier: MIT
 * platform.c - the GBA behind hb_rom.h (GBATEK's register map):
 *   video   mode 0, background 0: 4bpp tiles of the font (char block 0,
 *           tile c - 0x20 for character c), map in screen block 31
 *   joypad  KEYINPUT (0x04000130), active low, read once a frame
 *   frame   polls VCOUNT for the start of vertical blank (no interrupts)
 *   timer   TM0 at the system clock (prescaler 1) cascading into TM1:
 *           a 32-bit count of cycles, HB_ROM_CLOCK_HZ a second
 *   records cartridge SRAM at 0x0E000000, 32 KiB, 8-bit accesses only
 *           (its bus is 8 bits wide), NUL-terminated; a pass that does not
 *           fit ends early with {"rec":"done","save_ram_full":true}
 * Video, joypad, frame and timer are the DS's too: ../hb_gba2d.c.
 */
#include "hb_rom.h"
#include "hb_rom_config.h"
#include "hb_gba2d.h"
#include "hb_rom_stream.h"

#define DISPCNT (*(volatile uint16_t *)0x04000000u)
#define SRAM ((volatile uint8_t *)0x0E000000u)
/* the cartridge's 32 KiB; a test builds a smaller limit to reach the full path */
#ifdef HB_GBA_SAVE_BYTES
#define SRAM_BYTES HB_GBA_SAVE_BYTES
#else
#define SRAM_BYTES 0x8000u
#endif

#define DISPCNT_FORCED_BLANK 0x0080u
#define DISPCNT_MODE0_BG0 0x0100u

static hb_rom_stream records;

#ifdef HB_ROM_PREPARE
/* The rows' IWRAM overlays (hashbench/rom/gba.py writes the table: each
 * row's words in ROM and their count, 0 for a row that runs from ROM),
 * copied to the overlay's address (rom.ld) before the row. */
typedef struct {
    const uint32_t *from;
    uint32_t words;
} hb_gba_overlay;
extern const hb_gba_overlay hb_gba_overlays[];
#define OVERLAY ((volatile uint32_t *)0x03001800u)

void hb_rom_prepare(uint8_t row)
{
    const hb_gba_overlay *o = &hb_gba_overlays[row];
    uint32_t i;
    for (i = 0; i < o->words; i++) OVERLAY[i] = o->from[i];
}
#endif

void hb_rom_init(void)
{
#ifdef HB_GBA_WAITCNT
    /* the cartridge's wait states and prefetch buffer as the placement sets
       them (GBATEK "GBA System Control", WAITCNT at 0x04000204: bit 14 the
       prefetch buffer), before anything runs from ROM that is measured */
    *(volatile uint16_t *)0x04000204u = (uint16_t)(HB_GBA_WAITCNT);
#endif
    DISPCNT = DISPCNT_FORCED_BLANK;
    hb_gba2d_setup();
    DISPCNT = DISPCNT_MODE0_BG0;
}

uint32_t hb_rom_tick_hz(void)
{
    return HB_ROM_CLOCK_HZ;
}

const char *hb_rom_tick_unit(void)
{
    return "cycles";
}

void hb_rom_records_reset(void)
{
    hb_rom_stream_reset(&records, SRAM);
}

void hb_putc(char c)
{
    hb_rom_stream_put(&records, SRAM, SRAM_BYTES, c);
}
