/* SPDX-License-Identifier: MIT
 * aes.h - STUB generated for the skeleton; replaced by the real implementation.
 */
#ifndef HB_AES_H
#define HB_AES_H

#include "hb_config.h"

#define HB_AES_CBC_MAC_LEN 16
void hb_aes_cbc_mac(uint8_t *out, const uint8_t *in, size_t len);
void hb_aes_cbc_mac_compact(uint8_t *out, const uint8_t *in, size_t len);
typedef struct { uint32_t stub; } hb_aes_cbc_mac_ctx;
void hb_aes_cbc_mac_init(hb_aes_cbc_mac_ctx *ctx);
void hb_aes_cbc_mac_update(hb_aes_cbc_mac_ctx *ctx, const uint8_t *in, size_t len);
void hb_aes_cbc_mac_final(hb_aes_cbc_mac_ctx *ctx, uint8_t *out);
void hb_aes128_encrypt_block(uint8_t out[16], const uint8_t key[16], const uint8_t in[16]);
void hb_aes128_encrypt_block_compact(uint8_t out[16], const uint8_t key[16], const uint8_t in[16]);
void hb_aes_cbc_mac_keyed(uint8_t out[16], const uint8_t key[16], const uint8_t *in, size_t len);
void hb_aes_cbc_mac_keyed_compact(uint8_t out[16], const uint8_t key[16], const uint8_t *in, size_t len);

#endif /* HB_AES_H */
