/* SPDX-License-Identifier: MIT
 * platform.c - the Nintendo DS's ARM9 behind hb_rom.h (GBATEK's register
 * map):
 *   video   the main 2D engine on the upper screen (POWCNT1's display
 *           swap), VRAM bank A as its background memory, mode 0,
 *           background 0: 4bpp tiles of the font (tile c - 0x20 for
 *           character c), map in screen block 31; the lower screen shows
 *           the sub engine's backdrop in the same colour
 *   joypad  KEYINPUT (0x04000130), active low, read once a frame
 *   frame   polls VCOUNT for the start of vertical blank (no interrupts)
 *   timer   TM0 at the bus clock (prescaler 1, 33,513,982 Hz) cascading
 *           into TM1: 32 bits of ticks, two ARM9 cycles each
 *   records a fixed 64 KiB of main RAM at 0x023E0000 (uncached: crt0.s),
 *           NUL-terminated, read by the host from the emulator's main RAM;
 *           a pass that does not fit ends early with
 *           {"rec":"done","save_ram_full":true}
 * The ARM7 runs a stub that does nothing: the ARM9 reaches everything the
 * benchmark needs (the 2D engine, VRAM, the timers, the buttons A, B,
 * SELECT, START and the pad).
 */
#include "hb_rom.h"
#include "hb_font.h"
#include "hb_record.h"
#include "hb_rom_config.h"

#define REG8(addr) (*(volatile uint8_t *)(addr))
#define REG16(addr) (*(volatile uint16_t *)(addr))
#define REG32(addr) (*(volatile uint32_t *)(addr))
#define DISPCNT REG32(0x04000000u)
#define VCOUNT REG16(0x04000006u)
#define BG0CNT REG16(0x04000008u)
#define TM0D REG16(0x04000100u)
#define TM0CNT REG16(0x04000102u)
#define TM1D REG16(0x04000104u)
#define TM1CNT REG16(0x04000106u)
#define KEYINPUT REG16(0x04000130u)
#define VRAMCNT_A REG8(0x04000240u)
#define POWCNT1 REG16(0x04000304u)
#define BG_PALETTE ((volatile uint16_t *)0x05000000u)
#define TILES ((volatile uint32_t *)0x06000000u)
#define SCREEN_BLOCK 31u
#define MAP ((volatile uint16_t *)(0x06000000u + SCREEN_BLOCK * 0x800u))
#define RECORDS ((volatile uint8_t *)0x023E0000u)
#define RECORDS_BYTES 0x10000u

#define POWCNT1_LCDS_ENGINES_A_UPPER 0x8203u /* LCDs and both 2D engines on, A on the upper screen */
#define DISPCNT_B REG32(0x04001000u)
#define BG_PALETTE_B ((volatile uint16_t *)0x05000400u)
#define VRAM_ENABLE_MAIN_BG 0x81u
#define DISPCNT_GRAPHICS_MODE0 0x00010000u
#define DISPCNT_GRAPHICS_MODE0_BG0 0x00010100u
#define TIMER_ENABLE 0x0080u
#define TIMER_CASCADE 0x0004u
#define VISIBLE_LINES 192u
#define BUS_HZ 33513982ul
#define BGR(r, g, b) ((uint16_t)((r) | (g) << 5 | (b) << 10))

/* KEYINPUT bits: A 0, B 1, SELECT 2, START 3, RIGHT 4, LEFT 5, UP 6, DOWN 7 */
static const uint8_t key_bit[8] = { HB_ROM_A, HB_ROM_B, HB_ROM_SELECT, HB_ROM_START, 0, 0, HB_ROM_UP, HB_ROM_DOWN };
static uint8_t held;
static uint32_t record_end, last_line_end;
static uint8_t full;
#define FULL_DONE "{\"rec\":\"done\",\"save_ram_full\":true}\n"

void hb_rom_init(void)
{
    uint16_t c;
    uint8_t row, bit;
    uint32_t word;
    RECORDS[0] = 0;
    POWCNT1 = POWCNT1_LCDS_ENGINES_A_UPPER;
    DISPCNT_B = DISPCNT_GRAPHICS_MODE0; /* the lower screen: no layer, the backdrop colour */
    BG_PALETTE_B[0] = BGR(1, 2, 8);
    VRAMCNT_A = VRAM_ENABLE_MAIN_BG;
    DISPCNT = 0;
    BG_PALETTE[0] = BGR(1, 2, 8); /* dark blue */
    BG_PALETTE[1] = BGR(31, 31, 31);
    for (c = 0; c < HB_FONT_GLYPHS; c++) {
        for (row = 0; row < 8; row++) {
            word = 0; /* 4 bits a pixel, the leftmost in the lowest nibble */
            for (bit = 0; bit < 8; bit++)
                if (hb_font[c][row] & (0x80u >> bit)) word |= 1ul << (4u * bit);
            TILES[c * 8u + row] = word;
        }
    }
    hb_rom_clear();
    BG0CNT = (uint16_t)(SCREEN_BLOCK << 8);
    DISPCNT = DISPCNT_GRAPHICS_MODE0_BG0;
    TM0CNT = 0;
    TM1CNT = 0;
    TM0D = 0; /* the reload values */
    TM1D = 0;
    TM1CNT = TIMER_ENABLE | TIMER_CASCADE;
    TM0CNT = TIMER_ENABLE;
}

void hb_rom_clear(void)
{
    uint16_t i;
    for (i = 0; i < 32u * 32u; i++) MAP[i] = 0; /* tile 0: the space */
}

void hb_rom_text(uint8_t col, uint8_t row, const char *s)
{
    uint8_t ch;
    for (; *s && col < HB_ROM_COLS; s++, col++) {
        ch = (uint8_t)*s;
        MAP[row * 32u + col] = (uint16_t)(ch >= 0x20u && ch <= 0x7Eu ? ch - 0x20u : '?' - 0x20u);
    }
}

uint8_t hb_rom_frame(void)
{
    uint8_t now = 0, pressed, i;
    uint16_t keys;
    while (VCOUNT >= VISIBLE_LINES) {
    }
    while (VCOUNT < VISIBLE_LINES) {
    }
    keys = (uint16_t)~KEYINPUT;
    for (i = 0; i < 8; i++)
        if (keys & (1u << i)) now |= key_bit[i];
    pressed = (uint8_t)(now & ~held);
    held = now;
    return pressed;
}

/* TM1 holds the high half: read it on both sides of TM0, again if TM0
 * carried into it in between. */
uint32_t hb_rom_ticks(void)
{
    uint16_t hi, lo;
    do {
        hi = TM1D;
        lo = TM0D;
    } while (hi != TM1D);
    return (uint32_t)hi << 16 | lo;
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
    record_end = last_line_end = 0;
    full = 0;
    RECORDS[0] = 0;
}

/* When the next character would leave no room for the closing record, the
 * stream is cut after its last whole record and closed with a `done`
 * record that says so. */
void hb_putc(char c)
{
    const char *s = FULL_DONE;
    if (full) return;
    if (record_end >= RECORDS_BYTES - sizeof FULL_DONE - 1u) {
        for (record_end = last_line_end; *s; s++) RECORDS[record_end++] = (uint8_t)*s;
        RECORDS[record_end] = 0;
        full = 1;
        return;
    }
    RECORDS[record_end++] = (uint8_t)c;
    RECORDS[record_end] = 0;
    if (c == '\n') last_line_end = record_end;
}
