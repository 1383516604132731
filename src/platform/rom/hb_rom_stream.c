/* SPDX-License-Identifier: MIT
 * hb_rom_stream.c - the records stream in memory the host reads
 * (hb_rom_stream.h). */
#include "hb_rom_stream.h"

#define FULL_DONE "{\"rec\":\"done\",\"save_ram_full\":true}\n"

void hb_rom_stream_reset(hb_rom_stream *s, volatile uint8_t *mem)
{
    s->end = s->line_end = 0;
    s->full = 0;
    mem[0] = 0;
}

uint8_t hb_rom_stream_put(hb_rom_stream *s, volatile uint8_t *mem, uint32_t size, char c)
{
    const char *done = FULL_DONE;
    if (s->full) return 0;
    if (s->end >= size - sizeof FULL_DONE - 1u) {
        for (s->end = s->line_end; *done; done++) mem[s->end++] = (uint8_t)*done;
        mem[s->end] = 0;
        s->full = 1;
        return 1;
    }
    mem[s->end++] = (uint8_t)c;
    mem[s->end] = 0;
    if (c != '\n') return 0;
    s->line_end = s->end;
    return 1;
}
