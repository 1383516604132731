/* SPDX-License-Identifier: MIT
 * hb_guest.h - the contract between a guest program (src/engine/guest/:
 * the QEMU engine, the console programs) and its platform, one file here
 * per way of running:
 *   posix.c   write(2): glibc under qemu-<arch>, newlib + semihosting on
 *             the Cortex-M board, the N64's own syscall (n64/sys.c)
 *   sim65.c   cc65's sim6502 under sim65 (nes)
 *   mgba.c    the mGBA runner's mailbox (gb, gba, gba-iwram)
 *   ucsim.c   ucsim's simulator interface (z80)
 * and the start-up code of the targets that have no C library (n64/, gb/,
 * z80/, gba/, cortex-m7/).
 *
 * Every guest writes records (src/engine/hb_record.c) through hb_putc.
 * The console programs also mark their spans and end with hb_exit; the
 * QEMU engine needs only hb_putc (posix.c gives nothing else): main
 * returns its status to the C start-up, and its measured regions are
 * bracketed by its own marker functions, which the plugin finds by name.
 */
#ifndef HB_GUEST_H
#define HB_GUEST_H

#include <stdint.h>

void hb_guest_init(void);
void hb_putc(char c);
/* The simulator reads its cycle counter here.  Never inlined: the call
 * and return cost the same at every mark, so they cancel in differences.
 * On sim65, where a program cannot see its cycles, it does nothing and the
 * front end differences whole runs instead (hashbench/meters/sim65.py). */
void hb_mark(void);
void hb_exit(uint8_t status);

#endif
