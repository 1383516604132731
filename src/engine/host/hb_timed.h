/* SPDX-License-Identifier: MIT
 * hb_timed.h - the function the loop times for implementation k: its code
 * (hb_timed.c), or in the statistics' test build that code with a known
 * extra cost (hb_timed_extra.c).  Verification always calls the plain code.
 */
#ifndef HB_TIMED_H
#define HB_TIMED_H

#include <stddef.h>
#include "../hb_registry.h"

hb_oneshot_fn hb_timed_fn(size_t k);

#endif
