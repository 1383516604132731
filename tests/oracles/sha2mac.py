# SPDX-License-Identifier: MIT
"""Oracles for SHA-256, SHA-512, HMAC-SHA256, PBKDF2-HMAC-SHA256 (hashlib,
hmac: OpenSSL underneath) and AES-128 CBC-MAC (pycryptodome's AES in CBC
mode), with the roster's fixed keys and parameters (docs/algorithms.md).
"""
import hashlib
import hmac

from Crypto.Cipher import AES

HMAC_KEY = b"hash-bench-nds\x00\x00"
PBKDF2_SALT = b"hash-bench-salt"
PBKDF2_ITERATIONS = 100
AES_KEY = b"hash-bench-aes!\x00"


def _sha256(data: bytes) -> bytes:
    return hashlib.sha256(data).digest()


def _sha512(data: bytes) -> bytes:
    return hashlib.sha512(data).digest()


def _hmac_sha256(data: bytes) -> bytes:
    return hmac.new(HMAC_KEY, data, hashlib.sha256).digest()


def _pbkdf2_sha256(data: bytes) -> bytes:
    return hashlib.pbkdf2_hmac("sha256", data, PBKDF2_SALT, PBKDF2_ITERATIONS, 32)


def _aes_cbc_mac(data: bytes) -> bytes:
    # CBC encryption with IV 0 of the message zero-filled to whole blocks
    # (the empty message to one zero block); the MAC is the last block.
    padded = data + b"\x00" * (-len(data) % 16) if data else b"\x00" * 16
    return AES.new(AES_KEY, AES.MODE_CBC, iv=b"\x00" * 16).encrypt(padded)[-16:]


ORACLES = {
    "sha256": _sha256,
    "sha512": _sha512,
    "hmac-sha256": _hmac_sha256,
    "pbkdf2-sha256": _pbkdf2_sha256,
    "aes-cbc-mac": _aes_cbc_mac,
}
