/* SPDX-License-Identifier: MIT
 * gb.c - the Game Boy (DMG, SM83 at 4,194,304 Hz) under the console ROM's
 * contract (../hb_rom.h), for an MBC5 cartridge with battery-backed RAM.
 * Registers and timings: Pan Docs.
 *
 * On a Game Boy Color (the boot ROM leaves A = 0x11; the header says the
 * image runs on both) the start-up switches the CPU to double speed,
 * 8,388,608 Hz (KEY1 armed, then STOP), and the clock and the timer's rate
 * the records and the banner give are doubled with it (TIMA counts twice
 * as fast too).
 *
 * Screen: the font as 2bpp tiles at 0x8000 (tile n is character 0x20 + n,
 * both bit planes set: colour 3), a 20x18 corner of the 32x32 background
 * map at 0x9800.  VRAM is written only while the LCD is off (start-up) or
 * in vertical blank: hb_rom_text writes a shadow of the map, and
 * hb_rom_frame copies the rows that changed, as many as each blank holds.
 *
 * Timer: TIMA counts at 65,536 Hz (TAC 0x06: a tick every 64 cycles) and
 * overflows every 256 ticks (16,384 cycles) into the interrupt of crt0.s,
 * which counts the overflows in HRAM.  The slower of the two fine rates:
 * its interrupt takes a quarter of the other's share of the CPU, and a
 * tick is still 15.3 us.
 *
 * Records: cartridge RAM, 32 KiB in four 8 KiB banks at 0xA000-0xBFFF,
 * one NUL-terminated stream; the RAM is enabled only while a byte is
 * written, so that a console switched off mid-write keeps what it had.  A
 * pass that does not fit ends early with
 * {"rec":"done","save_ram_full":true}. */
#include <stdint.h>
#include "../hb_rom.h"
#include "hb_rom_config.h"
#include "../hb_font.h"

#define REG(a) (*(volatile uint8_t *)(a))
#define P1 REG(0xFF00)
#define TIMA REG(0xFF05)
#define TMA REG(0xFF06)
#define TAC REG(0xFF07)
#define IF REG(0xFF0F)
#define LCDC REG(0xFF40)
#define SCY REG(0xFF42)
#define SCX REG(0xFF43)
#define LY REG(0xFF44)
#define BGP REG(0xFF47)
#define IE REG(0xFFFF)
#define KEY1 REG(0xFF4D)    /* the Color's speed switch: bit 0 arms it, bit 7 says double speed */
#define BOOT_A REG(0xFF83)  /* crt0.s */
#define BOOT_A_COLOR 0x11
#define BCPS REG(0xFF68)    /* the Color's background palette index (bit 7: advance on each write) */
#define BCPD REG(0xFF69)
/* crt0.s's overflow count, least significant byte first */
#define OVERFLOW0 REG(0xFF80)
#define OVERFLOW1 REG(0xFF81)
#define OVERFLOW2 REG(0xFF82)
/* gb_asm.s's banked call: the ROM bank mapped at 0x4000 */
#define BANK_NOW REG(0xFF83)

/* MBC5 */
#define RAM_ENABLE REG(0x0000)
#define ROM_BANK_LOW REG(0x2000)
#define ROM_BANK_HIGH REG(0x3000)
#define RAM_BANK REG(0x4000)
#define RAM_ON 0x0A
#define RECORD_BYTES 0x8000u  /* four 8 KiB banks */
#define FULL_DONE "{\"rec\":\"done\",\"save_ram_full\":true}\n"

#define TILES ((volatile uint8_t *)0x8000)
#define BG_MAP ((volatile uint8_t *)0x9800)
#define MAP_WIDTH 32
#define VBLANK_LINE 144
/* A row's copy takes about 800 cycles with interrupts off: started on
 * line 150 at the latest, it ends before the blank does (line 153 is its
 * last, 456 cycles a line). */
#define LAST_ROW_START 150

#define LCD_ON_BG 0x91    /* LCD on, tiles at 0x8000, map at 0x9800, background on */
#define TAC_65536 0x06    /* timer on, 65,536 Hz */
#define INT_TIMER 0x04
#define INT_JOYPAD 0x10
#define P1_BOTH 0x00      /* both button groups selected: any press pulls a line low (the joypad interrupt) */

static uint8_t shadow[HB_ROM_ROWS][HB_ROM_COLS]; /* tile numbers */
static uint8_t dirty[HB_ROM_ROWS];
static uint8_t held;                             /* buttons down at the last frame */
static volatile uint8_t latched;                 /* buttons seen down by the joypad interrupt since */
static uint16_t record_end, last_line_end;       /* offsets into the record stream */
static uint8_t full;

void hb_gb_copy_row(volatile uint8_t *to, const uint8_t *from); /* gb_asm.s: 20 bytes */
void hb_gb_pad_interrupt(void);                                 /* crt0.s calls it */

static void wait_vblank(void)
{
    while (LY >= VBLANK_LINE) {
    }
    while (LY < VBLANK_LINE) {
    }
}

static void load_font(void)
{
    volatile uint8_t *t = TILES;
    uint8_t g, r;
    for (g = 0; g < HB_FONT_GLYPHS; g++) {
        for (r = 0; r < 8; r++) {
            *t++ = hb_font[g][r];
            *t++ = hb_font[g][r];
        }
    }
}

static uint8_t double_speed;

/* The Color's double speed: armed in KEY1, taken at a STOP, with
 * interrupts off and no joypad line selected (a held button would end the
 * STOP at once, Pan Docs "CGB Registers"). */
static void color_double_speed(void)
{
    if (BOOT_A != BOOT_A_COLOR) return;
    IE = 0;
    P1 = 0x30;
    KEY1 = 0x01;
    __asm__("stop");
    double_speed = (uint8_t)((KEY1 & 0x80u) != 0);
}

/* The Color ignores BGP: its background palette 0 gets BGP's four shades
 * as RGB555 (white, light and dark grey, black), while the LCD is off. */
static void color_palette(void)
{
    static const uint16_t shades[4] = { 0x7FFFu, 0x56B5u, 0x294Au, 0x0000u };
    uint8_t i;
    if (BOOT_A != BOOT_A_COLOR) return;
    BCPS = 0x80;
    for (i = 0; i < 4; i++) {
        BCPD = (uint8_t)shades[i];
        BCPD = (uint8_t)(shades[i] >> 8);
    }
}

const char *hb_gb_target(void)
{
    return double_speed ? "gbc" : "gb";
}

uint32_t hb_gb_clock_hz(void)
{
    return double_speed ? 8388608UL : 4194304UL;
}

void hb_rom_init(void)
{
    uint16_t i;
    /* The LCD may only be switched off in vertical blank. */
    if (LCDC & 0x80) {
        wait_vblank();
        LCDC = 0;
    }
    color_double_speed();
    color_palette();
    load_font();
    for (i = 0; i < 32u * 32u; i++) BG_MAP[i] = 0; /* tile 0: space */
    SCX = 0;
    SCY = 0;
    BGP = 0xE4;          /* colour n -> shade n: 0 white, 3 black */
    hb_rom_clear();
    for (i = 0; i < HB_ROM_ROWS; i++) dirty[i] = 0; /* the map is blank already */
    LCDC = LCD_ON_BG;
    ROM_BANK_HIGH = 0;
    BANK_NOW = 1;
    ROM_BANK_LOW = 1;
    TAC = 0;
    TMA = 0;
    TIMA = 0;
    OVERFLOW0 = 0;
    OVERFLOW1 = 0;
    OVERFLOW2 = 0;
    TAC = TAC_65536;
    IF = 0;
    P1 = P1_BOTH;
    IE = INT_TIMER | INT_JOYPAD;
    __asm__("ei");
    hb_rom_records_reset();
}

void hb_rom_clear(void)
{
    uint8_t r, c;
    for (r = 0; r < HB_ROM_ROWS; r++) {
        for (c = 0; c < HB_ROM_COLS; c++) shadow[r][c] = 0;
        dirty[r] = 1;
    }
}

void hb_rom_text(uint8_t col, uint8_t row, const char *s)
{
    if (row >= HB_ROM_ROWS) return;
    for (; *s && col < HB_ROM_COLS; s++, col++) {
        uint8_t ch = (uint8_t)*s;
        if (ch < HB_FONT_FIRST || ch >= HB_FONT_FIRST + HB_FONT_GLYPHS) ch = '?';
        shadow[row][col] = (uint8_t)(ch - HB_FONT_FIRST);
    }
    dirty[row] = 1;
}

/* The buttons down now: P1 selects the direction keys (bit 4 low) or the
 * buttons (bit 5 low); a key reads 0 when pressed.  Several reads let the
 * lines settle, as on the hardware.  Both groups stay selected after, so
 * that a press raises the joypad interrupt. */
static uint8_t buttons(void)
{
    uint8_t d, b;
    P1 = 0x20;
    d = P1;
    d = P1;
    P1 = 0x10;
    b = P1;
    b = P1;
    b = P1;
    b = P1;
    P1 = P1_BOTH;
    d = (uint8_t)~d;
    /* A, B, Select, Start are bits 0-3, as HB_ROM_A .. HB_ROM_START */
    return (uint8_t)((~b & 0x0F) | ((d & 0x04) ? HB_ROM_UP : 0) | ((d & 0x08) ? HB_ROM_DOWN : 0));
}

/* Waits for the next vertical blank, copies every changed row into VRAM
 * (over as many blanks as that takes: a row is started only while the
 * blank has room for it and a timer interrupt), then reads the joypad. */
uint8_t hb_rom_frame(void)
{
    uint8_t now, pressed, r;
    volatile uint8_t *to = BG_MAP;
    const uint8_t *from = shadow[0];
    wait_vblank();
    for (r = 0; r < HB_ROM_ROWS; r++, to += MAP_WIDTH, from += HB_ROM_COLS) {
        if (!dirty[r]) continue;
        if (LY < VBLANK_LINE || LY > LAST_ROW_START) wait_vblank();
        /* No interrupt inside the copy: a press's handler could push it out
           of the blank.  A timer overflow waits the few hundred cycles,
           still counted (never in a timed span). */
        __asm__("di");
        hb_gb_copy_row(to, from);
        __asm__("ei");
        dirty[r] = 0;
    }
    __asm__("di");
    now = buttons();
    pressed = (uint8_t)((now | latched) & ~held);
    latched = 0;
    __asm__("ei");
    held = now;
    return pressed;
}

/* crt0.s's joypad interrupt: a press that comes and goes while the
 * application draws (several frames on the Game Boy) still counts. */
void hb_gb_pad_interrupt(void)
{
    latched |= buttons();
}

/* TIMA below the overflow count; read again if an overflow came between
 * (the low byte of the count then differs). */
uint32_t hb_rom_ticks(void)
{
    uint8_t o0, o1, o2, t;
    do {
        o0 = OVERFLOW0;
        o1 = OVERFLOW1;
        o2 = OVERFLOW2;
        t = TIMA;
    } while (o0 != OVERFLOW0);
    return ((uint32_t)o2 << 24) | ((uint32_t)o1 << 16) | ((uint16_t)o0 << 8) | t;
}

uint32_t hb_rom_tick_hz(void)
{
    return double_speed ? 131072UL : 65536UL; /* the CPU's clock / 64 */
}

const char *hb_rom_tick_unit(void)
{
    return "tima";
}

/* One byte of the record stream at `at` (0 .. 32 KiB - 1): RAM bank
 * at >> 13, address 0xA000 + the rest; the RAM enabled only for it. */
static void put_byte(uint16_t at, uint8_t c)
{
    RAM_ENABLE = RAM_ON;
    RAM_BANK = (uint8_t)(at >> 13);
    *(volatile uint8_t *)(0xA000u + (at & 0x1FFFu)) = c;
    RAM_ENABLE = 0;
}

void hb_rom_records_reset(void)
{
    record_end = last_line_end = 0;
    full = 0;
    put_byte(0, 0);
}

/* When the next character would leave no room for the closing record, the
 * stream is cut after its last whole record and closed with a `done`
 * record that says so, as on the other consoles: the host keeps every
 * whole record and knows the rest of the pass is on the screen only. */
void hb_putc(char c)
{
    const char *s = FULL_DONE;
    if (full) return;
    if (record_end >= RECORD_BYTES - sizeof FULL_DONE - 1u) {
        for (record_end = last_line_end; *s; s++) put_byte(record_end++, (uint8_t)*s);
        put_byte(record_end, 0);
        full = 1;
        return;
    }
    put_byte(record_end++, (uint8_t)c);
    put_byte(record_end, 0);
    if (c == '\n') last_line_end = record_end;
}
