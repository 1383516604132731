/* SPDX-License-Identifier: MIT
 * hb_workload.c - see hb_workload.h.
 */
#include "hb_workload.h"

void hb_workload_fill(uint8_t *buf, size_t len)
{
    size_t i;
    for (i = 0; i < len; i++)
        buf[i] = (uint8_t)((i * 31u + 7u) & 0xFFu);
}
