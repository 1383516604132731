/* SPDX-License-Identifier: MIT
 * none.c - the backend list of an engine built without library backends.
 */
#include <stddef.h>
#include "../src/engine/hb_impls.h"

const hb_backend *const hb_backends[] = { NULL };
