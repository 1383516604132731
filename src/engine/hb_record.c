/* SPDX-License-Identifier: MIT
 * hb_record.c - the record writer (see hb_record.h, docs/records.md).
 *
 * Small on purpose: the Game Boy programs link it whole (SDCC's linker
 * keeps whole modules) into 32 KiB of ROM beside the algorithm, so every
 * helper is one call to the next and the only division is hb_put_uint's.
 * C89 for cc65: declarations first, no `inline`, no `//`.
 */
#include "hb_record.h"

void hb_put_str(const char *s)
{
    while (*s) hb_putc(*s++);
}

void hb_put_json(const char *s)
{
    hb_putc('"');
    for (; *s; s++) {
        if (*s == '"' || *s == '\\') hb_putc('\\');
        hb_putc(*s);
    }
    hb_putc('"');
}

void hb_put_uint(hb_uint v)
{
    char tmp[sizeof(hb_uint) * 3]; /* 10 digits for 2^32 - 1, 20 for 2^64 - 1 */
    unsigned char n = 0;
    do {
        tmp[n++] = (char)('0' + (unsigned char)(v % 10u));
        v /= 10u;
    } while (v);
    while (n) hb_putc(tmp[--n]);
}

void hb_put_hex(const uint8_t *bytes, size_t n)
{
    static const char digits[] = "0123456789abcdef";
    size_t i;
    for (i = 0; i < n; i++) {
        hb_putc(digits[bytes[i] >> 4]);
        hb_putc(digits[bytes[i] & 15]);
    }
}

void hb_rec_begin(const char *kind)
{
    hb_put_str("{\"rec\":");
    hb_put_json(kind);
}

void hb_rec_key(const char *key)
{
    hb_putc(',');
    hb_put_json(key);
    hb_putc(':');
}

void hb_rec_str(const char *key, const char *s)
{
    hb_rec_key(key);
    hb_put_json(s);
}

void hb_rec_uint(const char *key, hb_uint v)
{
    hb_rec_key(key);
    hb_put_uint(v);
}

void hb_rec_bool(const char *key, int v)
{
    hb_rec_key(key);
    hb_put_str(v ? "true" : "false");
}

void hb_rec_hex(const char *key, const uint8_t *bytes, size_t n)
{
    hb_rec_key(key);
    hb_putc('"');
    hb_put_hex(bytes, n);
    hb_putc('"');
}

void hb_rec_end(void)
{
    hb_putc('}');
    hb_putc('\n');
}

void hb_rec_engine(const char *engine, int u64)
{
    static const uint16_t one = 1;
    hb_rec_begin("engine");
    hb_rec_uint("format", HB_RECORD_FORMAT);
    hb_rec_str("engine", engine);
    hb_rec_str("endian", *(const uint8_t *)&one ? "little" : "big");
    hb_rec_uint("pointer_bits", (hb_uint)(sizeof(void *) * 8u));
    hb_rec_bool("u64", u64);
}
