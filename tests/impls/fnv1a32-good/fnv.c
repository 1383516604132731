/* SPDX-License-Identifier: MIT
 * A correct FNV-1a 32 written outside the roster: what an implementation
 * folder's code looks like (only <stdint.h>, <stddef.h>, <string.h>, so it
 * also builds for the 8-bit targets).
 */
#include <stddef.h>
#include <stdint.h>

void my_fnv1a32(uint8_t *out, const uint8_t *in, size_t len)
{
    uint32_t h = 0x811C9DC5u;
    size_t i;
    for (i = 0; i < len; i++) {
        h ^= in[i];
        h *= 0x01000193u;
    }
    out[0] = (uint8_t)(h >> 24);
    out[1] = (uint8_t)(h >> 16);
    out[2] = (uint8_t)(h >> 8);
    out[3] = (uint8_t)h;
}
