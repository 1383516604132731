/* SPDX-License-Identifier: MIT
 * hb_record.h - the one writer of records (format 2, docs/records.md):
 * one JSON object per line, integers, booleans, ASCII strings and hex.
 *
 * Every program that writes records links hb_record.c and provides
 *   void hb_putc(char c);
 * the host engine and the meters over stdio, each guest over its platform
 * (src/platform/guest/).  A record is written between begin and end, so a
 * program prints nothing else in between: the stream stays line-clean.
 *
 *   hb_rec_begin("digest");             {"rec":"digest"
 *   hb_rec_str("algo", "sha256");       ,"algo":"sha256"
 *   hb_rec_uint("size", 64);            ,"size":64
 *   hb_rec_hex("digest", out, 32);      ,"digest":"ba7816bf..."
 *   hb_rec_end();                       }\n
 *
 * Integer-only, no printf, C89 (cc65), no 64-bit arithmetic unless a
 * build asks for it: hb_uint is `unsigned long` (32 bits on the 8-bit
 * targets), `uint64_t` with -DHB_RECORD_U64 (the host engine's ticks and
 * nanoseconds, the meters' counts).
 */
#ifndef HB_RECORD_H
#define HB_RECORD_H

#include <stddef.h>
#include <stdint.h>

#define HB_RECORD_FORMAT 2

#ifdef HB_RECORD_U64
typedef uint64_t hb_uint;
#else
typedef unsigned long hb_uint;
#endif

/* Provided by the program: one character of output. */
void hb_putc(char c);

void hb_put_str(const char *s);                   /* as is                     */
void hb_put_json(const char *s);                  /* "s", `"` and `\` escaped  */
void hb_put_uint(hb_uint v);                      /* decimal                   */
void hb_put_hex(const uint8_t *bytes, size_t n);  /* lowercase, two per byte   */

void hb_rec_begin(const char *kind);
void hb_rec_key(const char *key); /* ,"key": - the caller prints the value (arrays) */
void hb_rec_str(const char *key, const char *s);
void hb_rec_uint(const char *key, hb_uint v);
void hb_rec_bool(const char *key, int v);
void hb_rec_hex(const char *key, const uint8_t *bytes, size_t n);
void hb_rec_end(void);

/* The fields every engine's first record starts with:
 * {"rec":"engine","format":2,"engine":ENGINE,"endian":...,"pointer_bits":...,"u64":U64
 * - the caller adds its own fields and ends the record. */
void hb_rec_engine(const char *engine, int u64);

#endif /* HB_RECORD_H */
