# SPDX-License-Identifier: MIT
"""Oracles for the BLAKE family (docs/algorithms.md), none of it ours:
  hashlib   BLAKE2s-256 and BLAKE2b-512, unkeyed (CPython's copy of the
            BLAKE2 reference code), digest_size 32 / 64 set explicitly
  blake3    the PyPI package (the official Rust crate behind a binding):
            BLAKE3 hash mode, default 32-byte output
"""
import hashlib

import blake3 as _blake3


def blake2s(data):
    return hashlib.blake2s(data, digest_size=32).digest()


def blake2b(data):
    return hashlib.blake2b(data, digest_size=64).digest()


def blake3(data):
    return _blake3.blake3(data).digest(length=32)


ORACLES = {
    "blake2s": blake2s,
    "blake2b": blake2b,
    "blake3": blake3,
}
