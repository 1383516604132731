/* SPDX-License-Identifier: MIT
 * hb_chain.c - latency mode's chain step: see hb_workload.h.
 */
#include "hb_workload.h"

void hb_workload_chain(uint8_t *buf, size_t len, const uint8_t *digest, size_t digest_len)
{
    size_t i, n = len < digest_len ? len : digest_len;
    for (i = 0; i < n; i++) buf[i] = digest[i];
}
