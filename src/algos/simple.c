/* SPDX-License-Identifier: MIT
 * simple.c - STUB: writes zeros.  Replaced by the real implementation.
 */
#include "simple.h"
#include <string.h>

void hb_xor8(uint8_t *out, const uint8_t *in, size_t len)
{
    (void)in; (void)len;
    memset(out, 0, HB_XOR8_LEN);
}

void hb_djb2(uint8_t *out, const uint8_t *in, size_t len)
{
    (void)in; (void)len;
    memset(out, 0, HB_DJB2_LEN);
}

void hb_fnv1a32(uint8_t *out, const uint8_t *in, size_t len)
{
    (void)in; (void)len;
    memset(out, 0, HB_FNV1A32_LEN);
}

void hb_knuth(uint8_t *out, const uint8_t *in, size_t len)
{
    (void)in; (void)len;
    memset(out, 0, HB_KNUTH_LEN);
}

void hb_oat(uint8_t *out, const uint8_t *in, size_t len)
{
    (void)in; (void)len;
    memset(out, 0, HB_OAT_LEN);
}

void hb_pjw(uint8_t *out, const uint8_t *in, size_t len)
{
    (void)in; (void)len;
    memset(out, 0, HB_PJW_LEN);
}

void hb_sdbm(uint8_t *out, const uint8_t *in, size_t len)
{
    (void)in; (void)len;
    memset(out, 0, HB_SDBM_LEN);
}

