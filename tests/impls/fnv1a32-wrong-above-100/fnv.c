/* SPDX-License-Identifier: MIT
 * FNV-1a 32 that is right up to 100 bytes and wrong above: its last byte
 * is dropped there.  The implementation folder's verification must refuse it.
 */
#include <stddef.h>
#include <stdint.h>

void off_fnv1a32(uint8_t *out, const uint8_t *in, size_t len)
{
    uint32_t h = 0x811C9DC5u;
    size_t i, n = len > 100 ? len - 1 : len;
    for (i = 0; i < n; i++) {
        h ^= in[i];
        h *= 0x01000193u;
    }
    out[0] = (uint8_t)(h >> 24);
    out[1] = (uint8_t)(h >> 16);
    out[2] = (uint8_t)(h >> 8);
    out[3] = (uint8_t)h;
}
