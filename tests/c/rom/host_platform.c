/* SPDX-License-Identifier: MIT
 * host_platform.c - hb_rom.h on the host, for tests/python/test_rom.py: the
 * shared application (src/engine/rom/hb_rom_app.c) run to the end of one
 * pass against a fake clock, with rows whose calls take as long as the
 * test says, so that its arithmetic meets the large counts of a GBA's
 * 16.78 MHz over a 60 s budget.  The records go to stdout as they are
 * written; when the pass is over (the first frame after its `done`
 * record) the screen is printed, one "|line|" per row, and the program
 * exits.  C89. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "hb_rom_config.h"
#include "hb_rom.h"
#include "hb_record.h"

static char screen[HB_ROM_ROWS][HB_ROM_COLS + 1];
static unsigned long frames;
static char tail[16];
static int done;
static uint32_t now;

/* The rows' functions: each advances the clock by its cost and writes a
 * fixed digest, the one the test's roster expects. */
#define FAKE(name, cost)                                                   \
    void name(uint8_t *out, const uint8_t *in, size_t len)                 \
    {                                                                      \
        uint8_t i;                                                         \
        (void)in;                                                          \
        (void)len;                                                         \
        now += (cost);                                                     \
        for (i = 0; i < 64; i++) out[i] = (uint8_t)(i * 7u + 1u);          \
    }
FAKE(fake_fast, 100u)
FAKE(fake_mid, 3000u)
FAKE(fake_slow, 5000000u)

void hb_rom_init(void)
{
    hb_rom_clear();
}

void hb_rom_clear(void)
{
    uint8_t r;
    for (r = 0; r < HB_ROM_ROWS; r++) {
        memset(screen[r], ' ', HB_ROM_COLS);
        screen[r][HB_ROM_COLS] = 0;
    }
}

void hb_rom_text(uint8_t col, uint8_t row, const char *s)
{
    for (; *s && col < HB_ROM_COLS; s++, col++) screen[row][col] = *s;
}

uint8_t hb_rom_frame(void)
{
    uint8_t r;
    if (++frames == 1) return HB_ROM_A;
    if (done) {
        for (r = 0; r < HB_ROM_ROWS; r++) printf("|%s|\n", screen[r]);
        exit(0);
    }
    return 0;
}

uint32_t hb_rom_ticks(void)
{
    now += 37u; /* a reading costs time too */
    return now;
}

uint32_t hb_rom_tick_hz(void)
{
    return 16777216ul;
}

const char *hb_rom_tick_unit(void)
{
    return "cycles";
}

void hb_rom_records_reset(void)
{
}

void hb_putc(char c)
{
    putchar(c);
    memmove(tail, tail + 1, sizeof tail - 2);
    tail[sizeof tail - 2] = c;
    if (strstr(tail, "\"done\"")) done = 1;
}
