/* SPDX-License-Identifier: MIT
 * xxh3.h - STUB generated for the skeleton; replaced by the real implementation.
 */
#ifndef HB_XXH3_H
#define HB_XXH3_H

#include "hb_config.h"

#if HB_HAVE_U64
#define HB_XXH3_64_LEN 8
void hb_xxh3_64(uint8_t *out, const uint8_t *in, size_t len);
#endif

#endif /* HB_XXH3_H */
