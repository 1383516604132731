/* SPDX-License-Identifier: MIT
 * pearson.h - STUB generated for the skeleton; replaced by the real implementation.
 */
#ifndef HB_PEARSON_H
#define HB_PEARSON_H

#include "hb_config.h"

#define HB_PEARSON8_LEN 1
void hb_pearson8(uint8_t *out, const uint8_t *in, size_t len);

#endif /* HB_PEARSON_H */
