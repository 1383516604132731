/* SPDX-License-Identifier: MIT
 * board_mps2.c - QEMU's mps2-an500 (a Cortex-M7 on ARM's MPS2 FPGA board,
 * the map of ARM AN500) standing in for the NUCLEO-F767ZI, so that the
 * same firmware runs where no board is: its CMSDK UART 0 for the records
 * (QEMU's serial port) and its CMSDK timer 0, a 32-bit down-counter at the
 * 25 MHz peripheral clock.  QEMU charges no cycles: run with -icount, its
 * clock advances per instruction, so the timer counts instructions, not
 * the Cortex-M7's time.
 */
#include "board.h"

#define REG(addr) (*(volatile uint32_t *)(addr))
#define TIMER0_CTRL REG(0x40000000u)
#define TIMER0_VALUE REG(0x40000004u)
#define TIMER0_RELOAD REG(0x40000008u)
#define UART0_DATA REG(0x40004000u)
#define UART0_STATE REG(0x40004004u)
#define UART0_CTRL REG(0x40004008u)
#define UART0_BAUDDIV REG(0x40004010u)

void board_init(void)
{
    TIMER0_RELOAD = 0xFFFFFFFFu;
    TIMER0_VALUE = 0xFFFFFFFFu;
    TIMER0_CTRL = 1u;       /* enable */
    UART0_BAUDDIV = 16u;    /* the smallest divisor the UART takes */
    UART0_CTRL = 1u;        /* transmit on */
}

void board_putc(char c)
{
    while (UART0_STATE & 1u) { /* transmit buffer full */
    }
    UART0_DATA = (uint8_t)c;
}

uint32_t board_ticks(void)
{
    return 0xFFFFFFFFu - TIMER0_VALUE;
}

uint32_t board_tick_hz(void)
{
    return 25000000ul;
}

const char *board_tick_unit(void)
{
    return "timer0";
}
