# SPDX-License-Identifier: MIT
"""Oracles for the modern non-cryptographic hashes
(docs/algorithms.md): MurmurHash3, xxHash, SipHash-2-4.

All three are well-kept libraries wrapping their authors' C, none of it
ours:
  mmh3       MurmurHash3_x86_32 (hash, signed=False) and
             MurmurHash3_x64_128 (hash_bytes, x64arch=True: h1 then h2,
             each little-endian, SMHasher's byte output), seed 0
  xxhash     XXH32, XXH64, XXH3_64bits, seed 0.  intdigest() is the hash
             value; we take its big-endian bytes (xxhsum's canonical form)
             rather than digest(), so that the byte order is explicit here
  siphash24  SipHash-2-4 with the roster's key 00 01 .. 0F; digest() is
             the reference's 8 output bytes
"""
import mmh3
import siphash24 as _siphash24
import xxhash

SIPHASH_KEY = bytes(range(16))


def _be(value: int, n: int) -> bytes:
    return value.to_bytes(n, "big")


def murmur3_32(data):
    return _be(mmh3.hash(data, 0, signed=False), 4)


def murmur3_128(data):
    return mmh3.hash_bytes(data, 0, x64arch=True)


def xxh32(data):
    return _be(xxhash.xxh32_intdigest(data, 0), 4)


def xxh64(data):
    return _be(xxhash.xxh64_intdigest(data, 0), 8)


def xxh3_64(data):
    return _be(xxhash.xxh3_64_intdigest(data, 0), 8)


def siphash24(data):
    return _siphash24.siphash24(data, key=SIPHASH_KEY).digest()


ORACLES = {
    "murmur3-32": murmur3_32,
    "murmur3-128": murmur3_128,
    "xxh32": xxh32,
    "xxh64": xxh64,
    "xxh3-64": xxh3_64,
    "siphash24": siphash24,
}
