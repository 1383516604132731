/* SPDX-License-Identifier: MIT
 * backends/zlib/zlib.c - zlib's crc32 (CRC-32/ISO-HDLC) and adler32
 * (RFC 1950), as thin adapters with the core one-shot signature.
 * Canonical output: the big-endian bytes of the 32-bit value, as zlib's
 * own tools and `crc32` print it.
 */
#include <stdint.h>
#include <zlib.h>

#include "../../src/engine/host/hb_impls.h"

static void put32_be(uint8_t *out, unsigned long v)
{
    out[0] = (uint8_t)(v >> 24);
    out[1] = (uint8_t)(v >> 16);
    out[2] = (uint8_t)(v >> 8);
    out[3] = (uint8_t)v;
}

/* zlib >= 1.2.9 takes a z_size_t length; older ones a uInt, so long inputs
 * go through in pieces that fit. */
#if ZLIB_VERNUM >= 0x1290
#define HB_ZLIB_CHUNK(len) (len)
#define HB_CRC32 crc32_z
#define HB_ADLER32 adler32_z
#else
#define HB_ZLIB_CHUNK(len) ((len) > 0x40000000u ? 0x40000000u : (uInt)(len))
#define HB_CRC32 crc32
#define HB_ADLER32 adler32
#endif

static void hb_zlib_crc32(uint8_t *out, const uint8_t *in, size_t len)
{
    uLong c = crc32(0L, Z_NULL, 0);
    do {
        size_t n = HB_ZLIB_CHUNK(len);
        c = HB_CRC32(c, in, n);
        in += n;
        len -= n;
    } while (len);
    put32_be(out, c);
}

static void hb_zlib_adler32(uint8_t *out, const uint8_t *in, size_t len)
{
    uLong a = adler32(0L, Z_NULL, 0);
    do {
        size_t n = HB_ZLIB_CHUNK(len);
        a = HB_ADLER32(a, in, n);
        in += n;
        len -= n;
    } while (len);
    put32_be(out, a);
}

/* The library actually loaded, which may be newer than the header. */
static const char *hb_zlib_version(void)
{
    return zlibVersion();
}

static const hb_backend_entry hb_zlib_entries[] = {
    { "crc32", hb_zlib_crc32, NULL, NULL },
    { "adler32", hb_zlib_adler32, NULL, NULL },
    { NULL, NULL, NULL, NULL }
};

const hb_backend hb_backend_zlib = { "zlib", hb_zlib_version, NULL, hb_zlib_entries };
