/* SPDX-License-Identifier: MIT
 * hb_algos.h - every algorithm family's header, for the registry and tests.
 * Algorithm files never include this; they include only their own header.
 */
#ifndef HB_ALGOS_H
#define HB_ALGOS_H

#include "simple.h"
#include "crc.h"
#include "adler32.h"
#include "fletcher.h"
#include "pearson.h"
#include "murmur3.h"
#include "xxhash.h"
#include "xxh3.h"
#include "siphash.h"
#include "md4.h"
#include "md5.h"
#include "sha1.h"
#include "ripemd160.h"
#include "tiger.h"
#include "sha256.h"
#include "sha512.h"
#include "hmac_sha256.h"
#include "pbkdf2_sha256.h"
#include "aes.h"
#include "keccak.h"
#include "blake2s.h"
#include "blake2b.h"
#include "blake3.h"
#include "ascon.h"

#endif /* HB_ALGOS_H */
