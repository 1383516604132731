/* SPDX-License-Identifier: MIT
 * hb_rom_pending.h - the records of a console whose records area is
 * copied into, not written byte by byte (the NES's PRG-RAM banks, the
 * Super NES's SRAM in a bank of its own): hb_rom_pending.c gathers each
 * record in internal RAM and hands it to the platform at its newline, so
 * that the platform's own memory is mapped whenever C code runs.  It
 * defines hb_putc and hb_rom_records_reset (hb_rom.h); the platform
 * defines the copy.  C89 (cc65). */
#ifndef HB_ROM_PENDING_H
#define HB_ROM_PENDING_H

#include <stdint.h>

/* The records area's bytes: the stream and its NUL stay inside them. */
extern const uint16_t hb_rom_records_bytes;

/* Copies `n` bytes from `s` to the records area at `at`, whole before the
 * host can see any of them: the bytes end in the stream's new NUL. */
void hb_rom_records_copy(uint16_t at, const char *s, uint16_t n);

#endif /* HB_ROM_PENDING_H */
