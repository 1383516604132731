/* SPDX-License-Identifier: MIT
 * hb_workload.h - the standard workload: identical on every machine, so
 * digests from a 6502 and an x86-64 can be compared byte for byte.
 */
#ifndef HB_WORKLOAD_H
#define HB_WORKLOAD_H

#include <stddef.h>
#include <stdint.h>

/* buf[i] = (i * 31 + 7) & 0xFF.  Only the low byte matters, so a 16-bit
 * size_t that wraps still gives the same bytes. */
void hb_workload_fill(uint8_t *buf, size_t len);

/* Latency mode (hb_chain.c, apart so that the console programs, which
 * link whole modules, do not carry it): the next call's input depends on
 * this call's digest.  The first min(len, digest_len) bytes of buf are
 * overwritten by the digest, so no call can start before the one before it
 * has finished.  C89, integer-only, like the rest of the workload. */
void hb_workload_chain(uint8_t *buf, size_t len, const uint8_t *digest, size_t digest_len);

#endif
