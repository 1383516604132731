/* SPDX-License-Identifier: MIT
 * hb_gba2d.c - the text screen, the frame, the buttons and the timer of the
 * GBA and of the DS's ARM9 (hb_gba2d.h).
 */
#include "hb_rom.h"
#include "hb_font.h"
#include "hb_gba2d.h"
#include "hb_rom_config.h"

#define REG16(addr) (*(volatile uint16_t *)(addr))
#define VCOUNT REG16(0x04000006u)
#define BG0CNT_AT(engine) REG16((engine) + 0x08u)
#define TM0D REG16(0x04000100u)
#define TM0CNT REG16(0x04000102u)
#define TM1D REG16(0x04000104u)
#define TM1CNT REG16(0x04000106u)
#define KEYINPUT REG16(0x04000130u)
/* the 2D engine's registers, its palette and its background VRAM; the DS's
 * sub engine (the lower screen) has the same at other addresses */
#define ENGINE 0x04000000u
#define PALETTE 0x05000000u
#define VRAM 0x06000000u
#define LOWER_ENGINE 0x04001000u
#define LOWER_PALETTE 0x05000400u
#define LOWER_VRAM 0x06200000u /* the DS's VRAM bank C as the sub engine's backgrounds */
#define SCREEN_BLOCK 31u
#define MAP_AT(vram) ((volatile uint16_t *)((vram) + SCREEN_BLOCK * 0x800u))
#define MAP MAP_AT(VRAM)
#define MAP_COLS 32u

#define TIMER_ENABLE 0x0080u
#define TIMER_CASCADE 0x0004u
#define VISIBLE_LINES (HB_ROM_ROWS * 8u) /* the text rows fill the screen */
#define BGR(r, g, b) ((uint16_t)((r) | (g) << 5 | (b) << 10))

/* KEYINPUT bits: A 0, B 1, SELECT 2, START 3, RIGHT 4, LEFT 5, UP 6, DOWN 7 */
static const uint8_t key_bit[8] = { HB_ROM_A, HB_ROM_B, HB_ROM_SELECT, HB_ROM_START, 0, 0, HB_ROM_UP, HB_ROM_DOWN };
static uint8_t held;

/* One engine's text background: the palette, the font's tiles, an empty
 * map, background 0's control. */
static void text_setup(uint32_t engine, uint32_t palette, uint32_t vram)
{
    volatile uint16_t *colours = (volatile uint16_t *)palette;
    volatile uint32_t *tiles = (volatile uint32_t *)vram;
    volatile uint16_t *map = MAP_AT(vram);
    uint16_t c;
    uint8_t row, bit;
    uint32_t word;
    colours[0] = BGR(1, 2, 8); /* dark blue */
    colours[1] = BGR(31, 31, 31);
    for (c = 0; c < HB_FONT_GLYPHS; c++) {
        for (row = 0; row < 8; row++) {
            word = 0; /* 4 bits a pixel, the leftmost in the lowest nibble */
            for (bit = 0; bit < 8; bit++)
                if (hb_font[c][row] & (0x80u >> bit)) word |= 1ul << (4u * bit);
            tiles[c * 8u + row] = word;
        }
    }
    for (c = 0; c < MAP_COLS * 32u; c++) map[c] = 0; /* tile 0: the space */
    BG0CNT_AT(engine) = (uint16_t)(SCREEN_BLOCK << 8);
}

void hb_gba2d_setup(void)
{
    text_setup(ENGINE, PALETTE, VRAM);
#ifdef HB_ROM_LOWER_ROWS
    text_setup(LOWER_ENGINE, LOWER_PALETTE, LOWER_VRAM);
#endif
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
    for (i = 0; i < MAP_COLS * 32u; i++) MAP[i] = 0; /* tile 0: the space */
}

/* rows from HB_ROM_ROWS on: the DS's lower screen (HB_ROM_LOWER_ROWS) */
void hb_rom_text(uint8_t col, uint8_t row, const char *s)
{
    volatile uint16_t *map = MAP;
    uint8_t ch;
#ifdef HB_ROM_LOWER_ROWS
    if (row >= HB_ROM_ROWS) {
        map = MAP_AT(LOWER_VRAM);
        row = (uint8_t)(row - HB_ROM_ROWS);
    }
#endif
    for (; *s && col < HB_ROM_COLS; s++, col++) {
        ch = (uint8_t)*s;
        map[row * MAP_COLS + col] = (uint16_t)(ch >= 0x20u && ch <= 0x7Eu ? ch - 0x20u : '?' - 0x20u);
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
