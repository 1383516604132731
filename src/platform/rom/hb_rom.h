/* SPDX-License-Identifier: MIT
 * hb_rom.h - the contract between the console ROM's application
 * (src/engine/rom/: banner, verification, timing loop, table, controls,
 * records) and a console, one folder here per console (gba/, gb/, nes/, snes/,
 * nds/, n64/, and nucleo-f767/ for the STM32 board):
 * start-up code, text on the screen, the joypad, the console's own timer,
 * and the battery-backed RAM the records go to.
 *
 * C89 on purpose (cc65, SDCC): no declarations after statements, no
 * `inline`, no 64-bit arithmetic.
 */
#ifndef HB_ROM_H
#define HB_ROM_H

#include <stdint.h>

/* Start-up: video in a text mode with the font loaded, the timer running,
 * interrupts the platform needs enabled.  Called once, first. */
void hb_rom_init(void);

/* The text screen: HB_ROM_COLS x HB_ROM_ROWS cells of the font
 * (printable ASCII 0x20-0x7E), from hb_rom_config.h (the build writes it
 * from the console's declaration).
 * hb_rom_text writes from (col, row) and clips at the right edge; the
 * screen shows it at the latest after hb_rom_frame. */
/* Where hb_rom_config.h defines HB_ROM_LOWER_ROWS (the DS), a second
 * screen of HB_ROM_COLS x HB_ROM_LOWER_ROWS cells is below the first:
 * hb_rom_text's rows HB_ROM_ROWS and on; hb_rom_clear clears the first. */
void hb_rom_clear(void);
void hb_rom_text(uint8_t col, uint8_t row, const char *s);

/* Waits for the next vertical blank (a frame), and reads the joypad.
 * Returns the buttons pressed since the last call (edges, not levels):
 * HB_ROM_A | HB_ROM_B | HB_ROM_SELECT | HB_ROM_START | HB_ROM_UP | HB_ROM_DOWN. */
uint8_t hb_rom_frame(void);

#define HB_ROM_A 0x01
#define HB_ROM_B 0x02
#define HB_ROM_SELECT 0x04
#define HB_ROM_START 0x08
#define HB_ROM_UP 0x10
#define HB_ROM_DOWN 0x20

/* The console's own timer: a free-running 32-bit count of ticks since
 * hb_rom_init, and its rate.  GBA: TM0 cascading into TM1 at the system
 * clock (ticks are cycles); Game Boy: TIMA with its overflow interrupt;
 * Super NES: master cycles, the NMI's frame base and the PPU's latched
 * H/V counters; NDS: the ARM9's TM0/TM1 at the bus clock; N64: COP0
 * Count; NUCLEO-F767: DWT CYCCNT.  A timed span reads it at both ends. */
uint32_t hb_rom_ticks(void);
uint32_t hb_rom_tick_hz(void);
/* What a tick is, for the banner and the records: "cycles", "tima",
 * "frames+loop", "master cycles". */
const char *hb_rom_tick_unit(void);

/* A timer coarser than the budget needs (the NES's vertical-blank NMIs,
 * 16.7 ms) times a span itself: its console declares fine_span (then
 * hb_rom_config.h defines HB_ROM_FINE_SPAN), and the platform defines
 * the two below in place of hb_rom_ticks.
 * hb_rom_span_start may wait (the NES: for the next NMI); the span runs
 * from its return to the call of hb_rom_span_ticks, which returns its
 * length in ticks. */
void hb_rom_span_start(void);
uint32_t hb_rom_span_ticks(void);
/* ... and checks that timer against code of known cycles: check `which`
 * (0, 1, ...) fills *c and returns 1, or returns 0 past the last; the
 * application writes each as a `rom_timer_check` record (docs/records.md)
 * after the `engine` record. */
typedef struct {
    uint32_t code_ticks;   /* the ticks of the code of known cost the span ran beyond a base span */
    uint32_t nmis;         /* the interrupts it held beyond the base span's */
    uint32_t nmi_ticks;    /* an interrupt's ticks */
    uint32_t ticks;        /* what the timer measured of the difference */
} hb_rom_check;
uint8_t hb_rom_timer_check(uint8_t which, hb_rom_check *c);
/* Where hb_rom_config.h defines HB_ROM_IRQ_TICKS: the ticks the last span
 * spent in interrupts (the NES: its NMIs), which no call's cost includes
 * under a simulator; the records carry them (`irq_ticks`) and the front end
 * subtracts them. */
uint32_t hb_rom_irq_ticks(void);

/* Where the build defines HB_ROM_PREPARE:
 * called before each row is verified and timed (the GBA copies the row's
 * code into its IWRAM overlay).  HB_ROM_PLACEMENT, where defined, names
 * where the rows' code runs, for the banner and the `engine` record. */
void hb_rom_prepare(uint8_t row);

/* The records (docs/records.md) go to memory the host can read from an
 * emulator: cartridge save RAM (NDS: a fixed area of main RAM; NUCLEO-F767:
 * the serial port).  hb_rom_records_reset starts a new stream; the
 * platform's `void hb_putc(char c)`, which the record writer
 * (src/engine/hb_record.c) calls for every character, appends to it and
 * keeps it NUL-terminated.  (Declared here in words only: cc65 orders a
 * file's functions by their first declaration, so a prototype here would
 * move the NES's code.)  The font the platform draws with: hb_font.h. */
void hb_rom_records_reset(void);

/* The figures: where hb_rom_config.h defines HB_ROM_DECIMAL (the console
 * declares `decimal`: the gcc-built consoles, with room for the code), a
 * figure shown in thousands or millions keeps a decimal ("8.4M", not
 * "8M"). */

#endif /* HB_ROM_H */
