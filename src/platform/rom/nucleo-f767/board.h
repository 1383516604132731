/* SPDX-License-Identifier: MIT
 * board.h - what platform.c needs from the board it runs on: the NUCLEO-
 * F767ZI itself (board_stm32.c: clocks, flash, caches, DWT, USART3) or
 * QEMU's mps2-an500 that stands in for it (board_mps2.c: its UART and
 * timer), the same firmware otherwise.
 */
#ifndef HB_NUCLEO_BOARD_H
#define HB_NUCLEO_BOARD_H

#include <stdint.h>

void board_init(void);
void board_putc(char c);
uint32_t board_ticks(void);
uint32_t board_tick_hz(void);
const char *board_tick_unit(void);

#endif
