/* SPDX-License-Identifier: MIT
 * platform.c - the NUCLEO-F767ZI behind hb_rom.h, a board with no screen
 * and no buttons the firmware reads:
 *   text    not shown (the table is for a screen; the records carry the
 *           same figures)
 *   frame   a sixtieth of a second by the timer; the first frame reports
 *           A, so that the pass starts at once, unattended
 *   timer   the board's (board.h): DWT CYCCNT at the core clock
 *   records written to the serial port as they are made (USART3: the
 *           ST-LINK's virtual COM port), one record a line
 * The start-up (vector table, .data, .bss) is here; the board's set-up in
 * board_stm32.c or board_mps2.c.
 */
#include "hb_rom.h"
#include "board.h"

extern uint32_t __data_lma[], __data_start[], __data_end[], __bss_start[], __bss_end[], __stack_top[];
int main(void);
void hb_nucleo_reset(void);
void hb_nucleo_fault(void);

static uint32_t last_frame;
static uint8_t started;

void hb_nucleo_reset(void)
{
    uint32_t *src = __data_lma, *dst;
    for (dst = __data_start; dst < __data_end;) *dst++ = *src++;
    for (dst = __bss_start; dst < __bss_end;) *dst++ = 0;
    board_init();
    main();
    for (;;) {
    }
}

/* a fault ends the stream with an error record, whole, and stops */
void hb_nucleo_fault(void)
{
    const char *s = "{\"rec\":\"error\",\"kind\":\"system\",\"message\":\"cpu fault\"}\n";
    while (*s) board_putc(*s++);
    for (;;) {
    }
}

/* the core loads SP and PC from the first two words; faults 2-6 stop with a record */
__attribute__((section(".vectors"), used)) static const uintptr_t vectors[16] = {
    (uintptr_t)__stack_top, (uintptr_t)hb_nucleo_reset, (uintptr_t)hb_nucleo_fault, (uintptr_t)hb_nucleo_fault,
    (uintptr_t)hb_nucleo_fault, (uintptr_t)hb_nucleo_fault, (uintptr_t)hb_nucleo_fault,
};

void hb_rom_init(void)
{
    last_frame = board_ticks();
}

void hb_rom_clear(void)
{
}

void hb_rom_text(uint8_t col, uint8_t row, const char *s)
{
    (void)col;
    (void)row;
    (void)s;
}

uint8_t hb_rom_frame(void)
{
    uint32_t frame = board_tick_hz() / 60u;
    while (board_ticks() - last_frame < frame) {
    }
    last_frame = board_ticks();
    if (!started) {
        started = 1;
        return HB_ROM_A;
    }
    return 0;
}

uint32_t hb_rom_ticks(void)
{
    return board_ticks();
}

uint32_t hb_rom_tick_hz(void)
{
    return board_tick_hz();
}

const char *hb_rom_tick_unit(void)
{
    return board_tick_unit();
}

void hb_rom_records_reset(void)
{
}

void hb_putc(char c)
{
    if (c == '\n') board_putc('\r'); /* a terminal's line end; the host drops the \r */
    board_putc(c);
}
