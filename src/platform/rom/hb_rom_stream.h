/* SPDX-License-Identifier: MIT
 * hb_rom_stream.h - the records stream as the platforms whose host reads
 * memory keep it (a cartridge's save RAM, an area of main RAM): NUL-
 * terminated after every byte; when the next byte would leave no room for
 * the closing record, cut after its last whole record and closed with
 * {"rec":"done","save_ram_full":true}, so that the host keeps every whole
 * record and knows the rest of the pass is on the screen only.
 *
 * The memory is written a byte at a time (the GBA's SRAM bus is 8 bits
 * wide).  C89, like hb_rom.h.
 */
#ifndef HB_ROM_STREAM_H
#define HB_ROM_STREAM_H

#include <stdint.h>

typedef struct {
    uint32_t end;      /* the NUL's offset */
    uint32_t line_end; /* just after the last whole record */
    uint8_t full;      /* closed: later bytes are dropped */
} hb_rom_stream;

/* Empties the stream in `mem`. */
void hb_rom_stream_reset(hb_rom_stream *s, volatile uint8_t *mem);

/* Appends `c` to the stream in `mem` (`size` bytes).  Returns 1 when that
 * ended a record or closed the stream (the bytes from the line_end before
 * the call up to `end` are new), else 0. */
uint8_t hb_rom_stream_put(hb_rom_stream *s, volatile uint8_t *mem, uint32_t size, char c);

#endif /* HB_ROM_STREAM_H */
