/* SPDX-License-Identifier: MIT
 * nes.c - the NES platform of the console ROM (src/platform/rom/hb_rom.h):
 * the text screen through the NMI's queue, the joypad, the frame timer with
 * its region test, and the records in the cartridge's battery-backed
 * PRG-RAM.  crt0.s has the start-up and the NMI; hashbench/rom/nes.py
 * builds the image (MMC1 as on an SXROM board).  C89 (cc65).
 *
 * The PPU takes writes only while it does not render: in the vertical
 * blank, or with rendering off.  So hb_rom_init loads the font into the
 * CHR-RAM, writes the palette and clears the nametables before rendering
 * starts, and every later text goes to a 256-byte queue that the NMI
 * copies within its vertical blank.
 *
 * The PRG-RAM's 32 KiB show at $6000 one 8 KiB bank at a time: bank 0
 * holds the application's and the algorithms' variables, banks 1-3 the
 * records (24 KiB, bytes 0x2000-0x7FFF of the save file).  A record is
 * gathered in internal RAM and copied to its bank at its newline, so that
 * bank 0 is mapped whenever C code runs.
 */
#include <stdint.h>
#include "hb_rom.h"
#include "hb_rom_config.h"
#include "hb_nes.h"
#include "hb_font.h"
#include "hb_rom_pending.h"

#define PPUCTRL (*(volatile uint8_t *)0x2000)
#define PPUMASK (*(volatile uint8_t *)0x2001)
#define PPUSTATUS (*(volatile uint8_t *)0x2002)
#define PPUSCROLL (*(volatile uint8_t *)0x2005)
#define PPUADDR (*(volatile uint8_t *)0x2006)
#define PPUDATA (*(volatile uint8_t *)0x2007)
#define JOYPAD1 (*(volatile uint8_t *)0x4016)

#define CTRL_NMI 0x80   /* as crt0.s sets it every frame */
#define MASK_BG 0x0A    /* background on, in the leftmost 8 pixels too */
#define NAMETABLE 0x2000u
#define FILL 0x80       /* a queue entry's header: one cell repeated */

/* Loop iterations between two NMIs (crt0.s: 11 cycles each, 12 at every
 * 256th) on a frame of 29,780.5 CPU cycles (NTSC), 33,247.5 (PAL) or
 * 35,464 (Dendy), less the NMI's own cycles: about 2,700, 3,015 and 3,215.
 * The limits are the midpoints. */
#define NTSC_MAX_LOOPS 2857u
#define PAL_MAX_LOOPS 3115u

/* crt0.s */
extern volatile uint32_t hb_nes_frames;
#pragma zpsym("hb_nes_frames")
extern volatile uint8_t hb_nes_ring_head;
#pragma zpsym("hb_nes_ring_head")
extern volatile uint8_t hb_nes_ring_tail;
#pragma zpsym("hb_nes_ring_tail")
extern uint8_t hb_nes_ring[256];
extern uint16_t __fastcall__ hb_nes_frame_loop(void);
extern void __fastcall__ hb_nes_sync(void);
extern uint16_t __fastcall__ hb_nes_loop_to_nmi(void);
extern void __fastcall__ hb_nes_burn(uint8_t passes);

void __fastcall__ hb_nes_wram(uint8_t bank);
void __fastcall__ hb_nes_map(uint8_t bank);

#define FONT_BANK 0 /* hashbench/rom/nes.py puts hb_font there */

#define WRAM ((uint8_t *)0x6000)
#define WRAM_BANK 0x2000u
#define RECORDS_FIRST_BANK 1

const uint16_t hb_rom_records_bytes = 3u * WRAM_BANK;

static uint16_t frame_loops;
static uint8_t held;

static void queue_wait(uint8_t bytes)
{
    /* free = head - tail - 1 (mod 256): one byte stays empty, so that a
     * full ring is not mistaken for an empty one */
    while ((uint8_t)(hb_nes_ring_head - hb_nes_ring_tail - 1u) < bytes) {
    }
}

/* One queue entry: header, nametable address, then `n` cells from `s`, or
 * the one cell `fill` n times where s is 0. */
static void queue(uint16_t addr, const char *s, uint8_t n, char fill)
{
    uint8_t t, i;
    queue_wait((uint8_t)(3u + (s ? n : 1u)));
    t = hb_nes_ring_tail;
    hb_nes_ring[(uint8_t)(t + 1u)] = (uint8_t)(addr >> 8);
    hb_nes_ring[(uint8_t)(t + 2u)] = (uint8_t)addr;
    if (s) {
        for (i = 0; i < n; i++) hb_nes_ring[(uint8_t)(t + 3u + i)] = (uint8_t)s[i];
        hb_nes_ring[t] = n;
        t = (uint8_t)(t + 3u + n);
    } else {
        hb_nes_ring[(uint8_t)(t + 3u)] = (uint8_t)fill;
        hb_nes_ring[t] = (uint8_t)(FILL | n);
        t = (uint8_t)(t + 4u);
    }
    hb_nes_ring_tail = t; /* one store: the NMI sees the whole entry or none */
}

/* The font into the CHR-RAM: tile c is printable ASCII c, so that the
 * nametable holds the text's own bytes.  A tile is two 8-byte bit planes;
 * the glyph in plane 0 and nothing in plane 1 draws it in colour 1. */
static void load_font(void)
{
    uint8_t g, r;
    hb_nes_map(FONT_BANK);
    (void)PPUSTATUS;
    PPUADDR = (uint8_t)((HB_FONT_FIRST * 16u) >> 8);
    PPUADDR = (uint8_t)(HB_FONT_FIRST * 16u);
    for (g = 0; g < HB_FONT_GLYPHS; g++) {
        for (r = 0; r < 8; r++) PPUDATA = hb_font[g][r];
        for (r = 0; r < 8; r++) PPUDATA = 0;
    }
}

void hb_rom_init(void)
{
    uint16_t i;
    /* rendering is still off (crt0.s): the PPU takes writes at any time */
    PPUCTRL = 0;
    load_font();
    (void)PPUSTATUS;
    PPUADDR = 0x3F;
    PPUADDR = 0x00;
    for (i = 0; i < 32; i++) PPUDATA = (uint8_t)((i & 3) == 0 ? 0x0F : 0x30); /* white on black */
    (void)PPUSTATUS;
    PPUADDR = 0x20;
    PPUADDR = 0x00;
    for (i = 0; i < 0x800; i++) PPUDATA = ' ';  /* both nametables; attributes below */
    PPUADDR = 0x23;
    PPUADDR = 0xC0;
    for (i = 0; i < 64; i++) PPUDATA = 0;       /* palette 0 everywhere */
    PPUSCROLL = 0;
    PPUSCROLL = 0;
    PPUCTRL = CTRL_NMI;
    frame_loops = hb_nes_frame_loop();
    hb_rom_frame();
    PPUMASK = MASK_BG; /* right after an NMI: the next frame is the first shown */
}

void hb_rom_clear(void)
{
    uint8_t row;
    for (row = 0; row < HB_ROM_ROWS; row++)
        queue((uint16_t)(NAMETABLE + (uint16_t)row * HB_ROM_COLS), 0, HB_ROM_COLS, ' ');
}

void hb_rom_text(uint8_t col, uint8_t row, const char *s)
{
    uint8_t n = 0;
    if (col >= HB_ROM_COLS || row >= HB_ROM_ROWS) return;
    while (s[n] && n < (uint8_t)(HB_ROM_COLS - col)) n++;
    if (n) queue((uint16_t)(NAMETABLE + (uint16_t)row * HB_ROM_COLS + col), s, n, 0);
}

/* The joypad's shift register: after a strobe, eight reads give A, B,
 * SELECT, START, UP, DOWN, LEFT, RIGHT in bit 0: hb_rom.h's bit order. */
static uint8_t joypad(void)
{
    uint8_t i, b = 0;
    JOYPAD1 = 1;
    JOYPAD1 = 0;
    for (i = 0; i < 8; i++) b |= (uint8_t)((JOYPAD1 & 1u) << i);
    return (uint8_t)(b & (HB_ROM_A | HB_ROM_B | HB_ROM_SELECT | HB_ROM_START | HB_ROM_UP | HB_ROM_DOWN));
}

/* Waits for the next frame, and on until the NMI has written everything
 * queued: the text must not go on costing the NMI cycles inside the timed
 * loop that usually follows (up to 1,900 cycles a frame, 6%). */
uint8_t hb_rom_frame(void)
{
    uint8_t now, pad, pressed;
    do {
        now = (uint8_t)hb_nes_frames;
        while ((uint8_t)hb_nes_frames == now) {
        }
    } while (hb_nes_ring_head != hb_nes_ring_tail);
    pad = joypad();
    pressed = (uint8_t)(pad & (uint8_t)~held);
    held = pad;
    return pressed;
}

/* A timed span in CPU cycles, to the region test's loop (11 cycles) where
 * the frame counter alone resolves a frame.  The span starts right after
 * an NMI (hb_nes_sync) and ends where the loop starts counting towards the
 * next; m frames later that NMI is over.  A frame is F cycles, NMI_CYCLES
 * of them the NMI's (nothing queued: hb_rom_frame saw to that); the region
 * test found the loop runs frame_loops times in the other F - NMI_CYCLES.
 * So the span is (m - 1) x F plus the share of its last frame the loop
 * did not take: (F - NMI_CYCLES) x (frame_loops - k) / frame_loops, k the
 * loop's count.  F is 29,780.5 cycles on NTSC, 33,247.5 on PAL: held
 * doubled. */
#define NMI_CYCLES 75u /* crt0.s: entry, counter, empty queue, scroll, rti */

static uint32_t span_frame;
static uint32_t span_nmis; /* NMIs inside the last span (each NMI_CYCLES of it) */

static uint32_t frame_cycles2(void)
{
    if (frame_loops <= NTSC_MAX_LOOPS) return 59561u;
    return frame_loops <= PAL_MAX_LOOPS ? 66495UL : 70928UL;
}

void hb_rom_span_start(void)
{
    hb_nes_sync();
    span_frame = hb_nes_frames; /* the next NMI is a frame away: one read is whole */
}

uint32_t hb_rom_span_ticks(void)
{
    uint16_t k = hb_nes_loop_to_nmi();
    uint32_t f2 = frame_cycles2();
    uint32_t m = hb_nes_frames - span_frame - 1u;
    uint32_t whole = m * (f2 >> 1) + ((f2 & 1u) ? (m + 1u) / 2u : 0u);
    uint32_t rest = f2 / 2u - NMI_CYCLES;
    span_nmis = m;
    if (k >= frame_loops) return whole;
    return whole + (uint32_t)(rest * (uint32_t)(frame_loops - k) / frame_loops);
}

uint32_t hb_rom_irq_ticks(void)
{
    return span_nmis * NMI_CYCLES;
}

/* The timer against code of known cycles: spans of 2 and of 12 or 202
 * passes of crt0.s's burn loop differ by exactly 1,284 cycles a pass (the
 * call, the span's own ends cancel) and by NMI_CYCLES for each NMI the
 * longer span holds beyond the shorter one's.  10 passes stay inside a
 * frame, 200 cross 8 or 9 frame boundaries. */
uint8_t hb_rom_timer_check(uint8_t which, hb_rom_check *c)
{
    uint32_t base, base_nmis, t;
    uint8_t passes;
    if (which > 1) return 0;
    passes = which ? 200 : 10;
    hb_rom_span_start();
    hb_nes_burn(2);
    base = hb_rom_span_ticks();
    base_nmis = span_nmis;
    hb_rom_span_start();
    hb_nes_burn((uint8_t)(2u + passes));
    t = hb_rom_span_ticks();   /* alone: the span ends as the base span's does, nothing of c's store in it */
    c->ticks = t - base;
    c->code_ticks = 1284UL * passes;
    c->nmis = span_nmis - base_nmis;
    c->nmi_ticks = NMI_CYCLES;
    return 1;
}

uint32_t hb_rom_tick_hz(void)
{
    return hb_nes_clock_hz();
}

const char *hb_rom_tick_unit(void)
{
    return "frames+loop";
}

uint16_t hb_nes_frame_loops(void)
{
    return frame_loops;
}

uint32_t hb_nes_clock_hz(void)
{
    if (frame_loops <= NTSC_MAX_LOOPS) return 1789773UL;
    return frame_loops <= PAL_MAX_LOOPS ? 1662607UL : 1773448UL;
}

const char *hb_nes_region(void)
{
    if (frame_loops <= NTSC_MAX_LOOPS) return "NTSC";
    return frame_loops <= PAL_MAX_LOOPS ? "PAL" : "Dendy";
}

/* Copies `n` bytes to the records at `at`, bank by bank, last byte first,
 * and maps bank 0 again.  Last byte first: the bytes end in the stream's
 * new NUL, and the first byte written at `at` replaces the old one last,
 * so that whenever the host looks (a frame may end in the middle) the
 * save RAM holds whole records up to a NUL, never new bytes run on into
 * an old pass's.  (The offset is a variable of its own, set before the
 * call that maps the bank: with `WRAM[pos & 0x1FFF]` after that call,
 * cc65 2.19 -O took the offset's high byte from a register the compare
 * had zeroed, and every record landed in the first 256 bytes.) */
void hb_rom_records_copy(uint16_t at, const char *s, uint16_t n)
{
    uint8_t b, bank = 0xFF;
    uint16_t pos, off;
    while (n) {
        n--;
        pos = (uint16_t)(at + n);
        off = (uint16_t)(pos & (WRAM_BANK - 1u));
        b = (uint8_t)(RECORDS_FIRST_BANK + (uint8_t)(pos >> 13));
        if (b != bank) {
            bank = b;
            hb_nes_wram(bank);
        }
        WRAM[off] = (uint8_t)s[n];
    }
    hb_nes_wram(0);
}

