/* SPDX-License-Identifier: MIT
 * gb_platform.c - a test program for the Game Boy platform
 * (src/platform/rom/gb/) on its own, without the console ROM's
 * application: every entry of the generated gb_test_roster.h is called
 * through its stub and the banked call (gb_asm.s), its digest recorded, then GB_TEST_CALLS calls
 * timed with the tick count; the screen shows each entry's label, and the
 * program ends (a `done` record) only after A is pressed, so that a test
 * sees the joypad too.  tests/python/test_rom_gb.py builds and runs it.
 * C89 (SDCC). */
#include <stddef.h>
#include <stdint.h>
#include "hb_rom.h"
#include "hb_rom_config.h"
#include "hb_record.h"
#include "hb_workload.h"
#include "gb_test_roster.h" /* GB_TEST_SIZE, GB_TEST_CALLS, GB_TEST_ENTRIES(X) */

static uint8_t buf[GB_TEST_SIZE];
static uint8_t out[64];
static uint8_t row = 2;

typedef void (*one_shot)(uint8_t *out, const uint8_t *in, size_t len);

static void entry(uint8_t bank, one_shot stub, const char *algo, const char *impl, uint8_t digest_len)
{
    uint32_t start, ticks;
    uint8_t k;
    stub(out, buf, GB_TEST_SIZE);
    hb_rec_begin("digest");
    hb_rec_str("algo", algo);
    hb_rec_str("impl", impl);
    hb_rec_uint("size", GB_TEST_SIZE);
    hb_rec_uint("bank", bank);
    hb_rec_hex("digest", out, digest_len);
    hb_rec_end();
    start = hb_rom_ticks();
    for (k = 0; k < GB_TEST_CALLS; k++) stub(out, buf, GB_TEST_SIZE);
    ticks = hb_rom_ticks() - start;
    hb_rec_begin("ticks");
    hb_rec_str("algo", algo);
    hb_rec_str("impl", impl);
    hb_rec_uint("calls", GB_TEST_CALLS);
    hb_rec_uint("ticks", ticks);
    hb_rec_end();
    hb_rom_text(0, row, algo);
    hb_rom_text(12, row, impl);
    if (++row == HB_ROM_ROWS) row = 2;
}

#define GB_TEST_CALL(bank, fn, algo, impl, digest_len) entry(bank, fn, algo, impl, digest_len);

int main(void)
{
    hb_rom_init();
    hb_rom_text(0, 0, "GB PLATFORM TEST");
    hb_workload_fill(buf, GB_TEST_SIZE);
    hb_rec_begin("platform");
    hb_rec_str("unit", hb_rom_tick_unit());
    hb_rec_uint("tick_hz", hb_rom_tick_hz());
    hb_rec_end();
    GB_TEST_ENTRIES(GB_TEST_CALL)
    hb_rom_text(0, 1, "PRESS A");
    while (!(hb_rom_frame() & HB_ROM_A)) {
    }
    hb_rom_text(0, 1, "A PRESSED");
    hb_rom_frame();
    hb_rec_begin("done");
    hb_rec_uint("ticks", hb_rom_ticks());
    hb_rec_end();
    for (;;) hb_rom_frame();
    return 0;
}
