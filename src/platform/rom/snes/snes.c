/* SPDX-License-Identifier: MIT
 * snes.c - the Super NES platform of the console ROM
 * (src/platform/rom/hb_rom.h): the text screen on BG1, the joypad, the
 * timer's rate and region, and the records in the cartridge's battery-
 * backed SRAM.  crt0.s has the start-up, the NMI and the timer itself;
 * hashbench/rom/snes.py builds the image.  Written from the public
 * hardware documentation (fullsnes).  C89 (cc65).
 *
 * The screen: mode 0, BG1 alone, 8x8 tiles of 2 bits a pixel whose number
 * is the character's ASCII code (the font in colour 1, white, on colour
 * 0, black), a 32x32 tilemap at VRAM word 0 of which 28 rows show.  VRAM
 * takes writes only in the vertical blank or forced blank: hb_rom_init
 * loads the font and clears the tilemap in forced blank; later text goes
 * to a copy in work RAM, one byte a cell, and the NMI copies the rows
 * that changed by DMA.
 *
 * The records go to the SRAM (32 KiB at $70:0000, LoROM), which C cannot
 * address (cc65's pointers are 16-bit): a record is gathered in work RAM
 * and copied at its newline by crt0.s's hb_snes_sram_copy, last byte
 * first, so that the save RAM holds whole records up to a NUL whenever the
 * host looks.
 */
#include <stdint.h>
#include "hb_rom.h"
#include "hb_rom_config.h"
#include "hb_snes.h"
#include "hb_font.h"
#include "hb_rom_pending.h"

#define REG(a) (*(volatile uint8_t *)(a))
#define INIDISP REG(0x2100)
#define BGMODE REG(0x2105)
#define BG1SC REG(0x2107)
#define BG12NBA REG(0x210B)
#define BG1HOFS REG(0x210D)
#define BG1VOFS REG(0x210E)
#define VMAIN REG(0x2115)
#define VMADDL REG(0x2116)
#define VMADDH REG(0x2117)
#define VMDATAL REG(0x2118)
#define VMDATAH REG(0x2119)
#define CGADD REG(0x2121)
#define CGDATA REG(0x2122)
#define TM REG(0x212C)
#define STAT78 REG(0x213F)
#define NMITIMEN REG(0x4200)
#define HVBJOY REG(0x4212)
#define JOY1L REG(0x4218)
#define JOY1H REG(0x4219)

#define CHAR_BASE 0x1000u   /* VRAM word address of BG1's tiles (BG12NBA = 1) */
#define TILEMAP 0x0000u     /* VRAM word address of BG1's tilemap (BG1SC = 0) */
#define NMI_AND_JOYPAD 0x81 /* NMITIMEN: NMI at the vertical blank, the joypad read by itself */
#define PAL_BIT 0x10        /* STAT78 */

/* Master clock (NTSC 315/88 MHz x 6; PAL 17.734475 MHz x 6 / 5), a frame
 * of 262 or 312 lines of 1,364 master cycles; NTSC's frame drops 4 master
 * cycles every other frame (one short line without interlace), counted
 * as 2 a frame. */
#define NTSC_MASTER_HZ 21477273UL
#define PAL_MASTER_HZ 21281370UL
#define NTSC_FRAME_MC (262UL * 1364u - 2u)
#define PAL_FRAME_MC (312UL * 1364u)

/* crt0.s */
extern volatile uint8_t hb_snes_frames;
#pragma zpsym("hb_snes_frames")
extern volatile uint8_t hb_snes_dirty_any;
#pragma zpsym("hb_snes_dirty_any")
extern uint32_t hb_snes_frame_mc;
#pragma zpsym("hb_snes_frame_mc")
extern uint16_t hb_snes_lines;
#pragma zpsym("hb_snes_lines")
extern const char *hb_snes_sram_src;
#pragma zpsym("hb_snes_sram_src")
extern uint16_t hb_snes_sram_dst;
#pragma zpsym("hb_snes_sram_dst")
extern uint16_t hb_snes_sram_n;
#pragma zpsym("hb_snes_sram_n")
extern uint8_t hb_snes_shadow[HB_ROM_ROWS * HB_ROM_COLS];
extern volatile uint8_t hb_snes_dirty[HB_ROM_ROWS];
void hb_snes_sram_copy(void);

const uint16_t hb_rom_records_bytes = 0x8000u;

static uint8_t pal;
static uint8_t held;

static void vram_at(uint16_t word)
{
    VMADDL = (uint8_t)word;
    VMADDH = (uint8_t)(word >> 8);
}

/* The font: tile c is ASCII c.  A 2-bit tile row is a word, plane 0 in the
 * low byte: the glyph's row there and nothing in plane 1 draws colour 1. */
static void load_font(void)
{
    uint8_t g, r;
    VMAIN = 0x80; /* the address moves on after the high byte */
    vram_at((uint16_t)(CHAR_BASE + HB_FONT_FIRST * 8u));
    for (g = 0; g < HB_FONT_GLYPHS; g++) {
        for (r = 0; r < 8; r++) {
            VMDATAL = hb_font[g][r];
            VMDATAH = 0;
        }
    }
}

void hb_rom_init(void)
{
    uint16_t i;
    /* forced blank (crt0.s): VRAM and CGRAM take writes at any time */
    BGMODE = 0;
    BG1SC = (uint8_t)(TILEMAP >> 8);
    BG12NBA = (uint8_t)(CHAR_BASE >> 12);
    BG1HOFS = 0;
    BG1HOFS = 0;
    BG1VOFS = 0xFF; /* -1: the first line shown is the tilemap's line 0 */
    BG1VOFS = 0x03;
    TM = 0x01;      /* BG1 alone on the main screen */
    CGADD = 0;
    CGDATA = 0x00;  /* colour 0: black */
    CGDATA = 0x00;
    CGDATA = 0xFF;  /* colour 1: white (BGR555) */
    CGDATA = 0x7F;
    load_font();
    vram_at(TILEMAP);
    for (i = 0; i < 32u * 32u; i++) {
        VMDATAL = ' ';
        VMDATAH = 0;
    }
    for (i = 0; i < sizeof hb_snes_shadow; i++) hb_snes_shadow[i] = ' ';
    pal = (uint8_t)(STAT78 & PAL_BIT);
    hb_snes_frame_mc = pal ? PAL_FRAME_MC : NTSC_FRAME_MC;
    hb_snes_lines = pal ? 312u : 262u;
    NMITIMEN = NMI_AND_JOYPAD;
    hb_rom_frame();
    INIDISP = 0x0F; /* full brightness, from the next frame on */
}

static void mark(uint8_t row)
{
    hb_snes_dirty[row] = 1;
    hb_snes_dirty_any = 1;
}

void hb_rom_clear(void)
{
    uint16_t i;
    uint8_t row;
    for (i = 0; i < sizeof hb_snes_shadow; i++) hb_snes_shadow[i] = ' ';
    for (row = 0; row < HB_ROM_ROWS; row++) mark(row);
}

void hb_rom_text(uint8_t col, uint8_t row, const char *s)
{
    uint8_t *cell;
    if (col >= HB_ROM_COLS || row >= HB_ROM_ROWS) return;
    cell = &hb_snes_shadow[(uint16_t)row * HB_ROM_COLS + col];
    while (*s && col < HB_ROM_COLS) {
        *cell++ = (uint8_t)*s++;
        col++;
    }
    mark(row);
}

/* The joypad as the auto-read left it (JOY1H: B Y SELECT START UP DOWN
 * LEFT RIGHT; JOY1L: A X L R) in hb_rom.h's bits. */
static uint8_t joypad(void)
{
    uint8_t hi, lo, b = 0;
    while (HVBJOY & 0x01) { /* the auto-read is still shifting */
    }
    hi = JOY1H;
    lo = JOY1L;
    if (lo & 0x80) b |= HB_ROM_A;
    if (hi & 0x80) b |= HB_ROM_B;
    if (hi & 0x20) b |= HB_ROM_SELECT;
    if (hi & 0x10) b |= HB_ROM_START;
    if (hi & 0x08) b |= HB_ROM_UP;
    if (hi & 0x04) b |= HB_ROM_DOWN;
    return b;
}

/* Waits for the next frame, and on until the NMI has copied every row
 * written: the copy must not go on costing DMA time inside the timed loop
 * that usually follows. */
uint8_t hb_rom_frame(void)
{
    uint8_t now, pad, pressed;
    do {
        now = hb_snes_frames;
        while (hb_snes_frames == now) {
        }
    } while (hb_snes_dirty_any);
    pad = joypad();
    pressed = (uint8_t)(pad & (uint8_t)~held);
    held = pad;
    return pressed;
}

uint32_t hb_rom_tick_hz(void)
{
    return pal ? PAL_MASTER_HZ : NTSC_MASTER_HZ;
}

const char *hb_rom_tick_unit(void)
{
    return "master cycles";
}

uint32_t hb_snes_clock_hz(void)
{
    return hb_rom_tick_hz() / 6u;
}

const char *hb_snes_region(void)
{
    return pal ? "PAL" : "NTSC";
}

void hb_rom_records_copy(uint16_t at, const char *s, uint16_t n)
{
    hb_snes_sram_src = s;
    hb_snes_sram_dst = at;
    hb_snes_sram_n = n;
    hb_snes_sram_copy();
}

