# SPDX-License-Identifier: MIT
"""Oracles for the MD family and Tiger (docs/algorithms.md):
MD4 (RFC 1320) and RIPEMD-160 from pycryptodome, MD5 (RFC 1321) and SHA-1
(FIPS 180-4) from hashlib (OpenSSL underneath), and Tiger/192 with the
authors' 0x01 padding from libgcrypt (GCRY_MD_TIGER1) through ctypes: no
Python package carries the original Tiger, and libgcrypt is an independent,
well-kept C implementation (Debian package libgcrypt20).
"""
import ctypes
import ctypes.util
import hashlib

from Crypto.Hash import MD4, RIPEMD160

GCRY_MD_TIGER1 = 306               # gcrypt.h: Tiger/192 as its authors define it
GCRYCTL_INITIALIZATION_FINISHED = 38
TIGER_EMPTY = "3293ac630c13f0245f92bbb1766e16167a4e58492dde73f3"  # authors' Tiger("")


def _md4(data: bytes) -> bytes:
    return MD4.new(data).digest()


def _md5(data: bytes) -> bytes:
    return hashlib.md5(data).digest()


def _sha1(data: bytes) -> bytes:
    return hashlib.sha1(data).digest()


def _ripemd160(data: bytes) -> bytes:
    return RIPEMD160.new(data).digest()


def _load_libgcrypt():
    for name in ("libgcrypt.so.20", ctypes.util.find_library("gcrypt")):
        if not name:
            continue
        try:
            lib = ctypes.CDLL(name)
        except OSError:
            continue
        lib.gcry_check_version.restype = ctypes.c_char_p
        lib.gcry_check_version.argtypes = [ctypes.c_char_p]
        if lib.gcry_check_version(None) is None:
            continue
        lib.gcry_control(GCRYCTL_INITIALIZATION_FINISHED, 0)
        lib.gcry_md_hash_buffer.restype = None
        lib.gcry_md_hash_buffer.argtypes = [ctypes.c_int, ctypes.c_void_p,
                                            ctypes.c_char_p, ctypes.c_size_t]
        return lib
    return None


_gcrypt = _load_libgcrypt()


def _tiger(data: bytes) -> bytes:
    out = ctypes.create_string_buffer(24)
    _gcrypt.gcry_md_hash_buffer(GCRY_MD_TIGER1, out, data, len(data))
    return out.raw


ORACLES = {
    "md4": _md4,
    "md5": _md5,
    "sha1": _sha1,
    "ripemd160": _ripemd160,
}

# Without libgcrypt there is no Tiger oracle, and the differential test
# says so ("no independent oracle for: ['tiger']") instead of crashing here.
if _gcrypt is not None:
    assert _tiger(b"").hex() == TIGER_EMPTY, "libgcrypt's TIGER1 is not the authors' Tiger"
    ORACLES["tiger"] = _tiger
