/* SPDX-License-Identifier: MIT
 * posix_exit.c - the rest of hb_guest.h for a program of src/engine/guest/
 * that qemu-<arch> runs in user mode over a C library (lengths.c on the
 * NDS and 3DS targets): nothing to set up, and exit(3) ends it.  posix.c
 * writes its output.
 */
#include <stdlib.h>

#include "hb_guest.h"

void hb_guest_init(void)
{
}

void hb_exit(uint8_t status)
{
    exit(status);
}
