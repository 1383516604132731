/* SPDX-License-Identifier: MIT
 * hb_timed.c - the engine times each implementation's own code.
 */
#include "hb_timed.h"
#include "hb_impls.h"

hb_oneshot_fn hb_timed_fn(size_t k)
{
    return hb_impl_at(k).fn;
}
