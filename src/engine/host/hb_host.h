/* SPDX-License-Identifier: MIT
 * hb_host.h - what the host engine's commands share: its identity, how it
 * fails, memory, hex.
 */
#ifndef HB_HOST_H
#define HB_HOST_H

#include <stddef.h>
#include <stdint.h>

#ifndef HB_ENGINE_VERSION /* the Makefile passes pyproject.toml's */
#define HB_ENGINE_VERSION "unknown"
#endif
#define HB_MAX_DIGEST 64
#define HB_HEX_LEN (2 * HB_MAX_DIGEST + 1)
/* One run of the calibration kernel: 4096 rounds of 64 adds, 87 us at
 * 3 GHz.  Fixed, not calibrated, so that every process of a run times
 * the same work. */
#define HB_CLOCK_ROUNDS 4096u

#ifndef HB_BUILD_FLAGS
#define HB_BUILD_FLAGS "unknown"
#endif
#if defined(__clang__)
#define HB_COMPILER "clang " __clang_version__
#elif defined(__GNUC__)
#define HB_COMPILER "gcc " __VERSION__
#else
#define HB_COMPILER "unknown"
#endif

/* Set by the commands that write records: a failure is then also an
 * `error` record, so that a reader of the stream sees why it ended. */
extern int hb_records_out;

/* "msg: arg" on stderr (and as an `error` record of `kind`), exit 2. */
void hb_fail(const char *kind, const char *msg, const char *arg);
void hb_die(const char *msg, const char *arg); /* kind "usage" */

void *hb_xmalloc(size_t n);
void hb_to_hex(char *dst, const uint8_t *src, size_t n);

#endif
