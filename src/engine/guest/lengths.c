/* SPDX-License-Identifier: MIT
 * lengths.c - the check of one implementation on a console's CPU, under its
 * simulator: the digest at every length 0..2048 and of a few short
 * messages, for the front end to hold against an independent reference
 * (hashbench/targets/lengths.py; tests/python/test_asm.py).  It is how
 * the hand-written assembly of src/algos/asm/ is verified as strictly as
 * C: one run of the simulator covers every length.
 *
 * Built with -DHB_CHECK_FN=hb_crc32_sm83 -DHB_CHECK_DIGEST_LEN=4, linked
 * as console.c is (one platform of src/platform/guest/, hb_record.c).
 * The input: bytes of a 16-bit xorshift (x ^= x << 7, x ^= x >> 9,
 * x ^= x << 8 from x = 1; each step's low byte), the length-L call reading
 * from byte L mod 8 on, so that the start moves against the 256-byte pages
 * that 8-bit code steps through.  Records (format 2, docs/records.md):
 *   engine   engine "lengths", algo, digest_len
 *   lengths  to: after the call of length `to`, every 64 lengths and at
 *            2048; sum: 4 hex digits, s1 s2 (s1 += byte, s2 += s1, mod
 *            2^16) over the digests' bytes of lengths 0..to in order
 *   vector   msg (ASCII), digest
 *   integrity  guard: the byte after the digest left alone; input: the
 *            input bytes left unchanged
 *   done
 * C89 on purpose (cc65).
 */
#include <stdint.h>
#include <stddef.h>
#include "../hb_record.h"
#include "../../platform/guest/hb_guest.h"

#if !defined(HB_CHECK_FN) || !defined(HB_CHECK_DIGEST_LEN) || !defined(HB_CHECK_ID)
#error "define HB_CHECK_FN, HB_CHECK_ID and HB_CHECK_DIGEST_LEN"
#endif

/* The banked Game Boy cartridge: the record writer sits in a far bank,
 * mapped around its calls (as in console.c). */
#ifdef HB_CONSOLE_FAR_BANK
#define FAR_BEGIN() (*(volatile uint8_t *)HB_CONSOLE_BANK_REG = HB_CONSOLE_FAR_BANK)
#define FAR_END() (*(volatile uint8_t *)HB_CONSOLE_BANK_REG = HB_CONSOLE_ALGO_BANK)
#else
#define FAR_BEGIN()
#define FAR_END()
#endif

#define MAX_LEN 2048
#define SHIFTS 8
#define GUARD 0xA5

void HB_CHECK_FN(uint8_t *out, const uint8_t *in, size_t len);

static uint8_t buf[MAX_LEN + SHIFTS];
static uint8_t out[HB_CHECK_DIGEST_LEN + 1];
static const char *const messages[] = {
    "", "a", "abc", "123456789", "message digest", "abcdefghijklmnopqrstuvwxyz"
};

static uint16_t xs;

static uint8_t next_byte(void)
{
    xs ^= (uint16_t)(xs << 7);
    xs ^= (uint16_t)(xs >> 9);
    xs ^= (uint16_t)(xs << 8);
    return (uint8_t)xs;
}

static void fill(void)
{
    size_t i;
    xs = 1;
    for (i = 0; i < sizeof buf; i++) buf[i] = next_byte();
}

static int input_unchanged(void)
{
    size_t i;
    xs = 1;
    for (i = 0; i < sizeof buf; i++)
        if (buf[i] != next_byte()) return 0;
    return 1;
}

static size_t length_of(const char *s)
{
    size_t n = 0;
    while (s[n]) n++;
    return n;
}

int main(void)
{
    uint16_t s1 = 0, s2 = 0;
    size_t len;
    uint8_t k, guard_ok = 1;
    hb_guest_init();
    FAR_BEGIN();
    hb_rec_engine("lengths", 0);
    hb_rec_str("algo", HB_CHECK_ID);
    hb_rec_uint("digest_len", HB_CHECK_DIGEST_LEN);
    hb_rec_end();
    FAR_END();
    fill();
    out[HB_CHECK_DIGEST_LEN] = GUARD;
    for (len = 0; len <= MAX_LEN; len++) {
        HB_CHECK_FN(out, buf + (len & (SHIFTS - 1)), len);
        for (k = 0; k < HB_CHECK_DIGEST_LEN; k++) {
            s1 = (uint16_t)(s1 + out[k]);
            s2 = (uint16_t)(s2 + s1);
        }
        if (out[HB_CHECK_DIGEST_LEN] != GUARD) guard_ok = 0;
        if ((len & 63) == 63 || len == MAX_LEN) {
            uint8_t sum[4];
            sum[0] = (uint8_t)(s1 >> 8);
            sum[1] = (uint8_t)s1;
            sum[2] = (uint8_t)(s2 >> 8);
            sum[3] = (uint8_t)s2;
            FAR_BEGIN();
            hb_rec_begin("lengths");
            hb_rec_uint("to", (unsigned long)len);
            hb_rec_hex("sum", sum, 4);
            hb_rec_end();
            FAR_END();
        }
    }
    for (k = 0; k < sizeof messages / sizeof messages[0]; k++) {
        HB_CHECK_FN(out, (const uint8_t *)messages[k], length_of(messages[k]));
        FAR_BEGIN();
        hb_rec_begin("vector");
        hb_rec_str("msg", messages[k]);
        hb_rec_hex("digest", out, HB_CHECK_DIGEST_LEN);
        hb_rec_end();
        FAR_END();
    }
    FAR_BEGIN();
    hb_rec_begin("integrity");
    hb_rec_bool("guard", guard_ok);
    hb_rec_bool("input", input_unchanged());
    hb_rec_end();
    hb_rec_begin("done");
    hb_rec_end();
    FAR_END();
    hb_exit(0);
    return 0;
}
