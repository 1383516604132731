/* SPDX-License-Identifier: MIT
 * pearson.h - Pearson-8 hashing (P. K. Pearson, "Fast hashing of
 * variable-length text strings", CACM 33(6), 1990) with the hash-bench
 * permutation table (docs/algorithms.md, pearson8).
 */
#ifndef HB_PEARSON_H
#define HB_PEARSON_H

#include "hb_config.h"

#define HB_PEARSON8_LEN 1
void hb_pearson8(uint8_t *out, const uint8_t *in, size_t len);

#endif /* HB_PEARSON_H */
