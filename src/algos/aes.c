/* SPDX-License-Identifier: MIT
 * aes.c - STUB: writes zeros.  Replaced by the real implementation.
 */
#include "aes.h"
#include <string.h>

void hb_aes_cbc_mac(uint8_t *out, const uint8_t *in, size_t len)
{
    (void)in; (void)len;
    memset(out, 0, HB_AES_CBC_MAC_LEN);
}
void hb_aes_cbc_mac_compact(uint8_t *out, const uint8_t *in, size_t len)
{
    hb_aes_cbc_mac(out, in, len);
}
void hb_aes_cbc_mac_init(hb_aes_cbc_mac_ctx *ctx) { ctx->stub = 0; }
void hb_aes_cbc_mac_update(hb_aes_cbc_mac_ctx *ctx, const uint8_t *in, size_t len) { (void)ctx; (void)in; (void)len; }
void hb_aes_cbc_mac_final(hb_aes_cbc_mac_ctx *ctx, uint8_t *out) { (void)ctx; memset(out, 0, HB_AES_CBC_MAC_LEN); }

void hb_aes128_encrypt_block(uint8_t out[16], const uint8_t key[16], const uint8_t in[16])
{ (void)key; (void)in; memset(out, 0, 16); }
void hb_aes128_encrypt_block_compact(uint8_t out[16], const uint8_t key[16], const uint8_t in[16])
{ (void)key; (void)in; memset(out, 0, 16); }
void hb_aes_cbc_mac_keyed(uint8_t out[16], const uint8_t key[16], const uint8_t *in, size_t len)
{ (void)key; (void)in; (void)len; memset(out, 0, 16); }
void hb_aes_cbc_mac_keyed_compact(uint8_t out[16], const uint8_t key[16], const uint8_t *in, size_t len)
{ (void)key; (void)in; (void)len; memset(out, 0, 16); }
