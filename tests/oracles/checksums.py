# SPDX-License-Identifier: MIT
"""Oracles for the checksums and the simple byte hashes
(docs/algorithms.md).

Libraries where a well-kept one exists: zlib (CRC-32, Adler-32),
google_crc32c (CRC-32C), crcmod (CRC-8/SMBUS, CRC-16/XMODEM,
CRC-64/ECMA-182, from the CRC catalogue's parameters).  Everything else is
a transcription of the roster's one-line definitions, written from the
definitions and not from our C.  For the Fletcher sums we use that b is
the sum of the successive values of a: with both sums starting at 0,
a = sum(words) and b = sum(accumulate(words)), reduced once at the end
(reduction commutes with addition), which also makes them fast.
"""
import hashlib
import random
import struct
import zlib
from functools import reduce
from itertools import accumulate
from operator import xor

import crcmod
import google_crc32c

M32 = 0xFFFFFFFF

# crcmod polynomials carry the implicit top bit; initCrc is the catalogue's
# init (crcmod applies it directly when rev=False and xorOut=0).
_crc8 = crcmod.mkCrcFun(0x107, initCrc=0, rev=False, xorOut=0)                # CRC-8/SMBUS
_crc16 = crcmod.mkCrcFun(0x11021, initCrc=0, rev=False, xorOut=0)             # CRC-16/XMODEM
_crc64 = crcmod.mkCrcFun(0x142F0E1EBA9EA3693, initCrc=0, rev=False, xorOut=0)  # CRC-64/ECMA-182


def _be(value: int, n: int) -> bytes:
    return value.to_bytes(n, "big")


def _pearson_table():
    # As the roster says: CPython's random.seed(0xCAFEBABE), then shuffle.
    rng = random.Random(0xCAFEBABE)
    t = list(range(256))
    rng.shuffle(t)
    assert hashlib.sha256(bytes(t)).hexdigest() == (
        "2e86e2a917ba17bcfae36b2c30b6c0436e001132a813957b822ce028b6a26e69")
    return t


_PEARSON = _pearson_table()


def xor8(data):
    return bytes([reduce(xor, data, 0)])


def crc8(data):
    return _be(_crc8(data), 1)


def crc16(data):
    return _be(_crc16(data), 2)


def crc32(data):
    return _be(zlib.crc32(data), 4)


def crc32c(data):
    return _be(google_crc32c.value(data), 4)


def crc64(data):
    return _be(_crc64(data), 8)


def adler32(data):
    return _be(zlib.adler32(data), 4)


def fletcher16(data):
    a = sum(data) % 255
    b = sum(accumulate(data)) % 255
    return _be((b << 8) | a, 2)


def fletcher32(data):
    if len(data) % 2:
        data = data + b"\x00"  # odd last byte = high byte of a word, low byte 0
    words = struct.unpack(f">{len(data) // 2}H", data)
    a = sum(words) % 65535
    b = sum(accumulate(words)) % 65535
    return _be((b << 16) | a, 4)


def fletcher64(data):
    data = data + b"\x00" * (-len(data) % 4)  # tail left-aligned, zero-filled
    words = struct.unpack(f">{len(data) // 4}I", data)
    a = sum(words) % M32  # mod 2^32 - 1
    b = sum(accumulate(words)) % M32
    return _be((b << 32) | a, 8)


def pearson8(data):
    t, h = _PEARSON, 0
    for c in data:
        h = t[h ^ c]
    return bytes([h])


def djb2(data):
    h = 5381
    for c in data:
        h = (h * 33 + c) & M32
    return _be(h, 4)


def fnv1a32(data):
    h = 0x811C9DC5
    for c in data:
        h = ((h ^ c) * 0x01000193) & M32
    return _be(h, 4)


def knuth(data):
    h = 0
    for c in data:
        h = ((h ^ c) * 0x9E3779B1) & M32
    return _be(h, 4)


def oat(data):
    h = 0
    for c in data:
        h = (h + c) & M32
        h = (h + (h << 10)) & M32
        h ^= h >> 6
    h = (h + (h << 3)) & M32
    h ^= h >> 11
    h = (h + (h << 15)) & M32
    return _be(h, 4)


def pjw(data):
    h = 0
    for c in data:
        h = ((h << 4) + c) & M32
        g = h & 0xF0000000
        if g:
            h ^= g >> 24
        h &= ~g & M32
    return _be(h, 4)


def sdbm(data):
    h = 0
    for c in data:
        h = (c + (h << 6) + (h << 16) - h) & M32
    return _be(h, 4)


ORACLES = {
    "xor8": xor8,
    "crc8": crc8,
    "crc16": crc16,
    "crc32": crc32,
    "crc32c": crc32c,
    "crc64": crc64,
    "adler32": adler32,
    "fletcher16": fletcher16,
    "fletcher32": fletcher32,
    "fletcher64": fletcher64,
    "pearson8": pearson8,
    "djb2": djb2,
    "fnv1a32": fnv1a32,
    "knuth": knuth,
    "oat": oat,
    "pjw": pjw,
    "sdbm": sdbm,
}
