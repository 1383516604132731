# SPDX-License-Identifier: MIT
"""Independent reference implementations ("oracles") for every algorithm.

Each module in this package defines ORACLES: a dict from algorithm id to a
function bytes -> digest bytes in canonical order, with the roster's fixed
keys and parameters.  Prefer a well-kept library (hashlib, zlib, pycryptodome,
xxhash, mmh3, blake3, crcmod, ...); where no library exists the module holds
a straightforward Python transcription of the definition in
docs/algorithms.md, written independently of our C.

all_oracles() merges the modules; a test fails if an id appears twice.
"""
import importlib
import pkgutil


def workload(n: int) -> bytes:
    """The standard workload of every measurement: buf[i] = (i*31 + 7) & 0xFF
    (src/engine/hb_workload.c), period 256."""
    return bytes((i * 31 + 7) & 0xFF for i in range(n))


def all_oracles():
    merged = {}
    for mod in pkgutil.iter_modules(__path__):
        m = importlib.import_module(f"{__name__}.{mod.name}")
        for algo, fn in getattr(m, "ORACLES", {}).items():
            if algo in merged:
                raise RuntimeError(f"oracle for {algo} defined twice")
            merged[algo] = fn
    return merged
