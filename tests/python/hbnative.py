# SPDX-License-Identifier: MIT
"""ctypes access to our C implementations (build/host/libhashbench.so).

Used by the differential tests only; the product drives the engine binary.
"""
import ctypes
import os
from pathlib import Path

from hashbench.paths import ROOT

LIB_PATH = Path(os.environ.get("HB_LIB", ROOT / "build" / "host" / "libhashbench.so"))

_lib = ctypes.CDLL(str(LIB_PATH))
_lib.hb_api_find.argtypes = [ctypes.c_char_p, ctypes.c_char_p]
_lib.hb_api_algo.restype = ctypes.c_char_p
_lib.hb_api_impl.restype = ctypes.c_char_p
_lib.hb_api_hash.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p]
_lib.hb_api_ctx_size.restype = ctypes.c_size_t
_lib.hb_api_init.argtypes = [ctypes.c_int, ctypes.c_void_p]
_lib.hb_api_update.argtypes = [ctypes.c_int, ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t]
_lib.hb_api_final.argtypes = [ctypes.c_int, ctypes.c_void_p, ctypes.c_char_p]


class Impl:
    """One of our implementations: (algorithm id, implementation name)."""

    def __init__(self, index):
        self.index = index
        self.algo = _lib.hb_api_algo(index).decode()
        self.name = _lib.hb_api_impl(index).decode()
        self.digest_len = _lib.hb_api_digest_len(index)
        self.ctx_size = _lib.hb_api_ctx_size(index)

    def __repr__(self):
        return f"{self.algo}/{self.name}"

    def hash(self, data: bytes) -> bytes:
        out = ctypes.create_string_buffer(self.digest_len)
        _lib.hb_api_hash(self.index, data, len(data), out)
        return out.raw

    def hash_stream(self, pieces) -> bytes:
        """Hash the concatenation of `pieces` through init/update/final."""
        ctx = ctypes.create_string_buffer(self.ctx_size)
        _lib.hb_api_init(self.index, ctx)
        for p in pieces:
            _lib.hb_api_update(self.index, ctx, p, len(p))
        out = ctypes.create_string_buffer(self.digest_len)
        _lib.hb_api_final(self.index, ctx, out)
        return out.raw


def impls():
    return [Impl(i) for i in range(_lib.hb_api_count())]
