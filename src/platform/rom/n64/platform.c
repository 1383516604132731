/* SPDX-License-Identifier: MIT
 * platform.c - the Nintendo 64 behind hb_rom.h (the VR4300 and the RCP's
 * video, peripheral and serial interfaces, by their registers):
 *   video   the VI scanning a 16-bit (RGBA 5551) 320x240 frame buffer at
 *           RDRAM 0x00300000, NTSC timing, no anti-aliasing; text drawn
 *           into it with the font, 8x8 a character, through KSEG1
 *           (uncached) so the VI sees every write
 *   joypad  controller 1 through the PIF (an SI DMA of a joybus "read
 *           buttons" block): A, B, START, Z (as SELECT: the reference
 *           study's Z toggled its size sweep), the D-pad's up and down
 *   frame   polls VI_CURRENT for the start of vertical blank
 *   timer   COP0 Count: 32 bits at half the CPU clock, 46,875,000 Hz
 *   records cartridge SRAM (32 KiB at 0x08000000, PI domain 2), written by
 *           PI DMA from a buffer in RDRAM after each record; the records
 *           take the first 28 KiB, NUL-terminated (a pass that does not
 *           fit ends early with {"rec":"done","save_ram_full":true}); the
 *           last 4 KiB hold a copy of the screen's characters and the
 *           timer, rewritten every frame, for a host whose emulator shows
 *           no picture (docs/roms.md)
 */
#include "hb_rom.h"
#include "hb_rom_config.h"
#include "hb_font.h"
#include "hb_rom_stream.h"

#define REG32(addr) (*(volatile uint32_t *)(addr))
#define KSEG1 0xA0000000u
#define VI_BASE 0xA4400000u
#define VI_STATUS REG32(VI_BASE + 0x00u)
#define VI_ORIGIN REG32(VI_BASE + 0x04u)
#define VI_WIDTH REG32(VI_BASE + 0x08u)
#define VI_V_INTR REG32(VI_BASE + 0x0Cu)
#define VI_CURRENT REG32(VI_BASE + 0x10u)
#define VI_BURST REG32(VI_BASE + 0x14u)
#define VI_V_SYNC REG32(VI_BASE + 0x18u)
#define VI_H_SYNC REG32(VI_BASE + 0x1Cu)
#define VI_LEAP REG32(VI_BASE + 0x20u)
#define VI_H_START REG32(VI_BASE + 0x24u)
#define VI_V_START REG32(VI_BASE + 0x28u)
#define VI_V_BURST REG32(VI_BASE + 0x2Cu)
#define VI_X_SCALE REG32(VI_BASE + 0x30u)
#define VI_Y_SCALE REG32(VI_BASE + 0x34u)
#define PI_BASE 0xA4600000u
#define PI_DRAM_ADDR REG32(PI_BASE + 0x00u)
#define PI_CART_ADDR REG32(PI_BASE + 0x04u)
#define PI_RD_LEN REG32(PI_BASE + 0x08u)
#define PI_STATUS REG32(PI_BASE + 0x10u)
#define PI_BSD_DOM2_LAT REG32(PI_BASE + 0x24u)
#define PI_BSD_DOM2_PWD REG32(PI_BASE + 0x28u)
#define PI_BSD_DOM2_PGS REG32(PI_BASE + 0x2Cu)
#define PI_BSD_DOM2_RLS REG32(PI_BASE + 0x30u)
#define SI_BASE 0xA4800000u
#define SI_DRAM_ADDR REG32(SI_BASE + 0x00u)
#define SI_PIF_AD_RD64B REG32(SI_BASE + 0x04u)
#define SI_PIF_AD_WR64B REG32(SI_BASE + 0x10u)
#define SI_STATUS REG32(SI_BASE + 0x18u)
#define PIF_RAM 0x1FC007C0u
#define SRAM_CART 0x08000000u

#define WIDTH 320u
#define HEIGHT 240u
#define FB_PHYS 0x00300000u
#define FB ((volatile uint16_t *)(KSEG1 | FB_PHYS))
#define BLANK_FROM 0x200u            /* VI half-lines: the picture ends at 0x1FF (VI_V_START) */
#define COUNT_HZ 46875000ul
#define RGBA5551(r, g, b) ((uint16_t)((r) << 11 | (g) << 6 | (b) << 1 | 1))
#define BACKGROUND RGBA5551(1, 2, 8)  /* dark blue, as on the other consoles */
#define FOREGROUND RGBA5551(31, 31, 31)

#define RECORDS_BYTES 0x7000u        /* SRAM 0x0000-0x6FFF: the records */
#define SCREEN_AT 0x7000u            /* SRAM 0x7000: "HBSCREEN", the timer (32 bits), frames (16), cols, rows, */
                                     /* then the characters, row by row; big-endian */
#define SCREEN_HEAD 16u
#define SCREEN_BYTES (SCREEN_HEAD + HB_ROM_COLS * HB_ROM_ROWS)

/* the RDRAM sides of the DMAs, 8-byte aligned as the PI and SI need, used
 * through KSEG1 so that no cache line stands between them and the DMA */
static uint64_t record_store[RECORDS_BYTES / 8u + 1u];
static uint64_t screen_store[(SCREEN_BYTES + 7u) / 8u];
static uint64_t pif_store[8];
#define RECORDS ((volatile uint8_t *)(KSEG1 | ((uint32_t)record_store & 0x1FFFFFFFu)))
#define SCREEN ((volatile uint8_t *)(KSEG1 | ((uint32_t)screen_store & 0x1FFFFFFFu)))
#define PIF ((volatile uint8_t *)(KSEG1 | ((uint32_t)pif_store & 0x1FFFFFFFu)))
#define PHYS(p) ((uint32_t)(p) & 0x1FFFFFFFu)

static uint8_t held;
static hb_rom_stream records;
static uint16_t frames;

static void pi_wait(void)
{
    while (PI_STATUS & 3u) {
    }
}

/* RDRAM -> SRAM: `len` bytes from `from` (8-byte aligned) to SRAM offset `at` */
static void sram_write(uint32_t from, uint32_t at, uint32_t len)
{
    pi_wait();
    PI_DRAM_ADDR = from;
    PI_CART_ADDR = SRAM_CART + at;
    PI_RD_LEN = ((len + 7u) & ~7u) - 1u;
    pi_wait();
}

static void put32(volatile uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)(v >> 24);
    p[1] = (uint8_t)(v >> 16);
    p[2] = (uint8_t)(v >> 8);
    p[3] = (uint8_t)v;
}

static void si_wait(void)
{
    while (SI_STATUS & 3u) {
    }
}

void hb_rom_init(void)
{
    uint16_t i;
    const char *magic = "HBSCREEN";
    VI_STATUS = 0;
    /* SRAM's timing (PI domain 2), as games set it */
    PI_BSD_DOM2_LAT = 0x05u;
    PI_BSD_DOM2_PWD = 0x0Cu;
    PI_BSD_DOM2_PGS = 0x0Du;
    PI_BSD_DOM2_RLS = 0x02u;
    for (i = 0; i < 8u; i++) SCREEN[i] = (uint8_t)magic[i];
    SCREEN[14] = HB_ROM_COLS;
    SCREEN[15] = HB_ROM_ROWS;
    hb_rom_records_reset();
    hb_rom_clear();
    /* NTSC, 320x240, 16 bits a pixel, resampling only (no anti-aliasing) */
    VI_ORIGIN = FB_PHYS;
    VI_WIDTH = WIDTH;
    VI_V_INTR = 2u;                 /* a line the counter passes (the MI keeps its interrupt masked) */
    VI_CURRENT = 0;
    VI_BURST = 0x03E52239u;
    VI_V_SYNC = 0x20Du;
    VI_H_SYNC = 0xC15u;
    VI_LEAP = 0x0C150C15u;
    VI_H_START = 0x006C02ECu;
    VI_V_START = 0x002501FFu;
    VI_V_BURST = 0x000E0204u;
    VI_X_SCALE = 0x200u;            /* 320 pixels over 640: 0.5 in 2.10 */
    VI_Y_SCALE = 0x400u;            /* 240 lines: 1.0 */
    VI_STATUS = 0x00003202u;        /* pixel advance 3, resample only, 16-bit */
}

void hb_rom_clear(void)
{
    uint32_t i;
    for (i = 0; i < WIDTH * HEIGHT; i++) FB[i] = BACKGROUND;
    for (i = SCREEN_HEAD; i < SCREEN_BYTES; i++) SCREEN[i] = ' ';
}

void hb_rom_text(uint8_t col, uint8_t row, const char *s)
{
    uint8_t ch, y, x, bits;
    volatile uint16_t *p;
    for (; *s && col < HB_ROM_COLS; s++, col++) {
        ch = (uint8_t)*s;
        if (ch < 0x20u || ch > 0x7Eu) ch = '?';
        SCREEN[SCREEN_HEAD + row * HB_ROM_COLS + col] = ch;
        for (y = 0; y < 8u; y++) {
            bits = hb_font[ch - 0x20u][y];
            p = FB + ((uint32_t)row * 8u + y) * WIDTH + (uint32_t)col * 8u;
            for (x = 0; x < 8u; x++) p[x] = (bits & (0x80u >> x)) ? FOREGROUND : BACKGROUND;
        }
    }
}

/* Controller 1's buttons by a joybus "read buttons" command through the
 * PIF: the 64-byte block written, the PIF runs it, the block read back. */
static uint16_t buttons(void)
{
    uint8_t i;
    for (i = 0; i < 64u; i++) PIF[i] = 0;
    PIF[0] = 0xFFu;  /* a pad byte the PIF skips */
    PIF[1] = 0x01u;  /* send 1 byte */
    PIF[2] = 0x04u;  /* receive 4 */
    PIF[3] = 0x01u;  /* the command: buttons and stick */
    PIF[4] = PIF[5] = PIF[6] = PIF[7] = 0xFFu;
    PIF[8] = 0xFEu;  /* the end of the commands */
    PIF[63] = 0x01u; /* run them */
    si_wait();
    SI_DRAM_ADDR = PHYS(pif_store);
    SI_PIF_AD_WR64B = PIF_RAM;
    si_wait();
    SI_DRAM_ADDR = PHYS(pif_store);
    SI_PIF_AD_RD64B = PIF_RAM;
    si_wait();
    if (PIF[2] & 0xC0u) return 0; /* no controller, or an error */
    return (uint16_t)(PIF[4] << 8 | PIF[5]);
}

uint8_t hb_rom_frame(void)
{
    uint8_t now = 0, pressed;
    uint16_t b;
    while (VI_CURRENT >= BLANK_FROM) {
    }
    while (VI_CURRENT < BLANK_FROM) {
    }
    frames++;
    b = buttons();
    if (b & 0x8000u) now |= HB_ROM_A;
    if (b & 0x4000u) now |= HB_ROM_B;
    if (b & 0x2000u) now |= HB_ROM_SELECT; /* Z */
    if (b & 0x1000u) now |= HB_ROM_START;
    if (b & 0x0800u) now |= HB_ROM_UP;
    if (b & 0x0400u) now |= HB_ROM_DOWN;
    pressed = (uint8_t)(now & ~held);
    held = now;
    put32(SCREEN + 8, hb_rom_ticks());
    SCREEN[12] = (uint8_t)(frames >> 8);
    SCREEN[13] = (uint8_t)frames;
    sram_write(PHYS(screen_store), SCREEN_AT, SCREEN_BYTES);
    return pressed;
}

uint32_t hb_rom_ticks(void)
{
    uint32_t count;
    __asm__ volatile("mfc0 %0, $9" : "=r"(count));
    return count;
}

uint32_t hb_rom_tick_hz(void)
{
    return COUNT_HZ;
}

const char *hb_rom_tick_unit(void)
{
    return "count";
}

void hb_rom_records_reset(void)
{
    hb_rom_stream_reset(&records, RECORDS);
    sram_write(PHYS(record_store), 0, 8);
}

/* A whole record (its line) is written to SRAM when it ends. */
void hb_putc(char c)
{
    uint32_t from = records.line_end & ~7u;
    if (hb_rom_stream_put(&records, RECORDS, RECORDS_BYTES, c))
        sram_write(PHYS(record_store) + from, from, records.end + 1u - from);
}
