/* SPDX-License-Identifier: MIT
 * hb8_platform.h - the contract between cross8/engine8.c and the platform
 * files of the 8/16-bit console targets (src/platform/sim_*.c).
 *
 * A platform prints characters and exits; where the simulator can count
 * cycles at a point of the program (ucsim breakpoints, the mGBA runner's
 * mailbox), hb8_mark() is that point.  On sim65, where a program cannot
 * see its cycles, hb8_mark() does nothing and the front end differences
 * whole runs instead (see hashbench/cross8.py).
 */
#ifndef HB8_PLATFORM_H
#define HB8_PLATFORM_H

#include <stdint.h>

void hb8_init(void);
void hb8_putc(char c);
/* The simulator reads its cycle counter here.  Never inlined: the call
 * and return cost the same at every mark, so they cancel in differences. */
void hb8_mark(void);
void hb8_exit(uint8_t status);

#endif
