/* SPDX-License-Identifier: MIT
 * hb_rom_pending.c - the records stream gathered a record at a time and
 * copied by the platform (hb_rom_pending.h).  C89 (cc65). */
#include "hb_rom_pending.h"
#include "hb_rom.h"

#define PENDING 64
#define FULL_DONE "{\"rec\":\"done\",\"save_ram_full\":true}\n"

static uint16_t record_at;          /* bytes of records so far */
static uint16_t line_start;         /* where the record being written starts */
static uint8_t full;                /* the records area is closed */
static char pending[PENDING + 1];   /* the record being written, and a NUL */
static uint8_t pending_n;

/* The pending bytes and a NUL after them go to the records.  When they
 * would leave no room for the closing record, the stream is cut after its
 * last whole record and closed with a `done` record that says so (as on
 * the GBA): the host keeps every whole record and knows the rest of the
 * pass is on the screen only. */
static void records_flush(void)
{
    char end = 0;
    if (full) {
        pending_n = 0;
        return;
    }
    if (record_at + pending_n + sizeof FULL_DONE >= hb_rom_records_bytes) {
        hb_rom_records_copy(line_start, &end, 1);                     /* whole records only, */
        hb_rom_records_copy(line_start, FULL_DONE, sizeof FULL_DONE); /* then the closing one */
        full = 1;
        pending_n = 0;
        return;
    }
    pending[pending_n] = 0;
    hb_rom_records_copy(record_at, pending, (uint16_t)(pending_n + 1u));
    record_at += pending_n;
    if (pending_n && pending[pending_n - 1u] == '\n') line_start = record_at;
    pending_n = 0;
}

void hb_rom_records_reset(void)
{
    record_at = line_start = 0;
    full = 0;
    pending_n = 0;
    records_flush();
}

void hb_putc(char c)
{
    pending[pending_n++] = c;
    if (c == '\n' || pending_n == PENDING) records_flush();
}
