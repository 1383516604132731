/* SPDX-License-Identifier: MIT
 * aes.h - AES-128 (FIPS 197) and the roster's AES-128 CBC-MAC
 * (ISO/IEC 9797-1 MAC algorithm 1, padding method 1; NIST SP 800-38A
 * section 6.2 for CBC): key ASCII "hash-bench-aes!" followed by 0x00,
 * IV = 0, a partial last block zero-filled, the empty message taken as one
 * all-zero block, output = the last ciphertext block.
 *
 * aes.c          portable: 32-bit T-tables (4 KiB), rounds written out
 * aes_compact.c  compact: byte-oriented, S-box and xtime only, rolled
 */
#ifndef HB_AES_H
#define HB_AES_H

#include "hb_config.h"

#define HB_AES_CBC_MAC_LEN 16

/* Streaming CBC-MAC state: the chaining block with the pending partial
 * block already XORed into it. */
typedef struct {
    uint8_t x[16];
    uint8_t fill;   /* bytes of the pending partial block, 0..15 */
    uint8_t any;    /* 1 once a byte has been absorbed */
} hb_aes_cbc_mac_ctx;

void hb_aes_cbc_mac(uint8_t *out, const uint8_t *in, size_t len);
void hb_aes_cbc_mac_compact(uint8_t *out, const uint8_t *in, size_t len);
void hb_aes_cbc_mac_init(hb_aes_cbc_mac_ctx *ctx);
void hb_aes_cbc_mac_update(hb_aes_cbc_mac_ctx *ctx, const uint8_t *in, size_t len);
void hb_aes_cbc_mac_final(hb_aes_cbc_mac_ctx *ctx, uint8_t *out);

/* Any key (expanded on every call): what the tests use for FIPS 197 and
 * AESAVS vectors, and to show that the fixed key's precomputed schedule
 * equals its expansion. */
void hb_aes128_encrypt_block(uint8_t out[16], const uint8_t key[16], const uint8_t in[16]);
void hb_aes128_encrypt_block_compact(uint8_t out[16], const uint8_t key[16], const uint8_t in[16]);
void hb_aes_cbc_mac_keyed(uint8_t out[16], const uint8_t key[16], const uint8_t *in, size_t len);
void hb_aes_cbc_mac_keyed_compact(uint8_t out[16], const uint8_t key[16], const uint8_t *in,
                                  size_t len);

/* The S-box (FIPS 197 figure 7) as an X-macro, the one copy that aes.c
 * (T-tables) and aes_compact.c (byte table) expand: define HB_AES_X(s)
 * for one entry, then write HB_AES_SBOX_LIST.  (The entry macro has a
 * fixed name rather than being a parameter: cc65's preprocessor does not
 * expand a macro name passed as an argument.) */
#define HB_AES_SBOX_LIST \
    HB_AES_X(0x63) HB_AES_X(0x7c) HB_AES_X(0x77) HB_AES_X(0x7b) HB_AES_X(0xf2) HB_AES_X(0x6b) \
    HB_AES_X(0x6f) HB_AES_X(0xc5) HB_AES_X(0x30) HB_AES_X(0x01) HB_AES_X(0x67) HB_AES_X(0x2b) \
    HB_AES_X(0xfe) HB_AES_X(0xd7) HB_AES_X(0xab) HB_AES_X(0x76) HB_AES_X(0xca) HB_AES_X(0x82) \
    HB_AES_X(0xc9) HB_AES_X(0x7d) HB_AES_X(0xfa) HB_AES_X(0x59) HB_AES_X(0x47) HB_AES_X(0xf0) \
    HB_AES_X(0xad) HB_AES_X(0xd4) HB_AES_X(0xa2) HB_AES_X(0xaf) HB_AES_X(0x9c) HB_AES_X(0xa4) \
    HB_AES_X(0x72) HB_AES_X(0xc0) HB_AES_X(0xb7) HB_AES_X(0xfd) HB_AES_X(0x93) HB_AES_X(0x26) \
    HB_AES_X(0x36) HB_AES_X(0x3f) HB_AES_X(0xf7) HB_AES_X(0xcc) HB_AES_X(0x34) HB_AES_X(0xa5) \
    HB_AES_X(0xe5) HB_AES_X(0xf1) HB_AES_X(0x71) HB_AES_X(0xd8) HB_AES_X(0x31) HB_AES_X(0x15) \
    HB_AES_X(0x04) HB_AES_X(0xc7) HB_AES_X(0x23) HB_AES_X(0xc3) HB_AES_X(0x18) HB_AES_X(0x96) \
    HB_AES_X(0x05) HB_AES_X(0x9a) HB_AES_X(0x07) HB_AES_X(0x12) HB_AES_X(0x80) HB_AES_X(0xe2) \
    HB_AES_X(0xeb) HB_AES_X(0x27) HB_AES_X(0xb2) HB_AES_X(0x75) HB_AES_X(0x09) HB_AES_X(0x83) \
    HB_AES_X(0x2c) HB_AES_X(0x1a) HB_AES_X(0x1b) HB_AES_X(0x6e) HB_AES_X(0x5a) HB_AES_X(0xa0) \
    HB_AES_X(0x52) HB_AES_X(0x3b) HB_AES_X(0xd6) HB_AES_X(0xb3) HB_AES_X(0x29) HB_AES_X(0xe3) \
    HB_AES_X(0x2f) HB_AES_X(0x84) HB_AES_X(0x53) HB_AES_X(0xd1) HB_AES_X(0x00) HB_AES_X(0xed) \
    HB_AES_X(0x20) HB_AES_X(0xfc) HB_AES_X(0xb1) HB_AES_X(0x5b) HB_AES_X(0x6a) HB_AES_X(0xcb) \
    HB_AES_X(0xbe) HB_AES_X(0x39) HB_AES_X(0x4a) HB_AES_X(0x4c) HB_AES_X(0x58) HB_AES_X(0xcf) \
    HB_AES_X(0xd0) HB_AES_X(0xef) HB_AES_X(0xaa) HB_AES_X(0xfb) HB_AES_X(0x43) HB_AES_X(0x4d) \
    HB_AES_X(0x33) HB_AES_X(0x85) HB_AES_X(0x45) HB_AES_X(0xf9) HB_AES_X(0x02) HB_AES_X(0x7f) \
    HB_AES_X(0x50) HB_AES_X(0x3c) HB_AES_X(0x9f) HB_AES_X(0xa8) HB_AES_X(0x51) HB_AES_X(0xa3) \
    HB_AES_X(0x40) HB_AES_X(0x8f) HB_AES_X(0x92) HB_AES_X(0x9d) HB_AES_X(0x38) HB_AES_X(0xf5) \
    HB_AES_X(0xbc) HB_AES_X(0xb6) HB_AES_X(0xda) HB_AES_X(0x21) HB_AES_X(0x10) HB_AES_X(0xff) \
    HB_AES_X(0xf3) HB_AES_X(0xd2) HB_AES_X(0xcd) HB_AES_X(0x0c) HB_AES_X(0x13) HB_AES_X(0xec) \
    HB_AES_X(0x5f) HB_AES_X(0x97) HB_AES_X(0x44) HB_AES_X(0x17) HB_AES_X(0xc4) HB_AES_X(0xa7) \
    HB_AES_X(0x7e) HB_AES_X(0x3d) HB_AES_X(0x64) HB_AES_X(0x5d) HB_AES_X(0x19) HB_AES_X(0x73) \
    HB_AES_X(0x60) HB_AES_X(0x81) HB_AES_X(0x4f) HB_AES_X(0xdc) HB_AES_X(0x22) HB_AES_X(0x2a) \
    HB_AES_X(0x90) HB_AES_X(0x88) HB_AES_X(0x46) HB_AES_X(0xee) HB_AES_X(0xb8) HB_AES_X(0x14) \
    HB_AES_X(0xde) HB_AES_X(0x5e) HB_AES_X(0x0b) HB_AES_X(0xdb) HB_AES_X(0xe0) HB_AES_X(0x32) \
    HB_AES_X(0x3a) HB_AES_X(0x0a) HB_AES_X(0x49) HB_AES_X(0x06) HB_AES_X(0x24) HB_AES_X(0x5c) \
    HB_AES_X(0xc2) HB_AES_X(0xd3) HB_AES_X(0xac) HB_AES_X(0x62) HB_AES_X(0x91) HB_AES_X(0x95) \
    HB_AES_X(0xe4) HB_AES_X(0x79) HB_AES_X(0xe7) HB_AES_X(0xc8) HB_AES_X(0x37) HB_AES_X(0x6d) \
    HB_AES_X(0x8d) HB_AES_X(0xd5) HB_AES_X(0x4e) HB_AES_X(0xa9) HB_AES_X(0x6c) HB_AES_X(0x56) \
    HB_AES_X(0xf4) HB_AES_X(0xea) HB_AES_X(0x65) HB_AES_X(0x7a) HB_AES_X(0xae) HB_AES_X(0x08) \
    HB_AES_X(0xba) HB_AES_X(0x78) HB_AES_X(0x25) HB_AES_X(0x2e) HB_AES_X(0x1c) HB_AES_X(0xa6) \
    HB_AES_X(0xb4) HB_AES_X(0xc6) HB_AES_X(0xe8) HB_AES_X(0xdd) HB_AES_X(0x74) HB_AES_X(0x1f) \
    HB_AES_X(0x4b) HB_AES_X(0xbd) HB_AES_X(0x8b) HB_AES_X(0x8a) HB_AES_X(0x70) HB_AES_X(0x3e) \
    HB_AES_X(0xb5) HB_AES_X(0x66) HB_AES_X(0x48) HB_AES_X(0x03) HB_AES_X(0xf6) HB_AES_X(0x0e) \
    HB_AES_X(0x61) HB_AES_X(0x35) HB_AES_X(0x57) HB_AES_X(0xb9) HB_AES_X(0x86) HB_AES_X(0xc1) \
    HB_AES_X(0x1d) HB_AES_X(0x9e) HB_AES_X(0xe1) HB_AES_X(0xf8) HB_AES_X(0x98) HB_AES_X(0x11) \
    HB_AES_X(0x69) HB_AES_X(0xd9) HB_AES_X(0x8e) HB_AES_X(0x94) HB_AES_X(0x9b) HB_AES_X(0x1e) \
    HB_AES_X(0x87) HB_AES_X(0xe9) HB_AES_X(0xce) HB_AES_X(0x55) HB_AES_X(0x28) HB_AES_X(0xdf) \
    HB_AES_X(0x8c) HB_AES_X(0xa1) HB_AES_X(0x89) HB_AES_X(0x0d) HB_AES_X(0xbf) HB_AES_X(0xe6) \
    HB_AES_X(0x42) HB_AES_X(0x68) HB_AES_X(0x41) HB_AES_X(0x99) HB_AES_X(0x2d) HB_AES_X(0x0f) \
    HB_AES_X(0xb0) HB_AES_X(0x54) HB_AES_X(0xbb) HB_AES_X(0x16)

#endif /* HB_AES_H */
