# SPDX-License-Identifier: MIT
"""Sizes, budgets and throughput units."""
import re

from .errors import UserError

_SIZE_UNITS = {"": 1, "b": 1, "k": 1024, "kb": 1024, "kib": 1024,
               "m": 1 << 20, "mb": 1 << 20, "mib": 1 << 20}
MAX_SIZE = 1 << 30

SWEEPS = {
    # the reference studies' three sizes ("seed": the name they had first, kept as an alias)
    "reference-study": [64, 256, 1024],
    "seed": [64, 256, 1024],
    # the per-call overhead curve, as openssl speed and eBASH draw it
    "long": [16, 64, 256, 1024, 4096, 16384, 65536, 262144, 1048576],
    # every length of a small input, as eBASH and xxHash's bench draw it: small:N stops at N
    "small": list(range(0, 129)),
}
SMALL_SWEEP_MAX = 255


def parse_sweep(text: str) -> list:
    """'reference-study' (or 'seed'), 'long', 'small' or 'small:N' (every length 0..N, N <= 255) -> sizes."""
    name, colon, limit = text.partition(":")
    if name not in SWEEPS or (colon and name != "small"):
        raise UserError(f"bad sweep {text!r}: use reference-study, long, small or small:N")
    if not colon:
        return list(SWEEPS[name])
    if not limit.isdigit() or not 1 <= int(limit) <= SMALL_SWEEP_MAX:
        raise UserError(f"bad sweep {text!r}: small:N takes N from 1 to {SMALL_SWEEP_MAX}")
    return list(range(0, int(limit) + 1))


def parse_size(text: str) -> int:
    """'64', '1k', '1KiB', '1m', '4096B' -> bytes.  k/K/KB/KiB all mean 1024."""
    m = re.fullmatch(r"\s*(\d+)\s*([A-Za-z]*)\s*", text)
    if not m or m.group(2).lower() not in _SIZE_UNITS:
        raise UserError(f"bad size {text!r}: use bytes or a k/m suffix, e.g. 64, 1k, 1KiB, 1m")
    n = int(m.group(1)) * _SIZE_UNITS[m.group(2).lower()]
    if n < 1 or n > MAX_SIZE:
        raise UserError(f"bad size {text!r}: must be between 1 byte and 1 GiB")
    return n


def parse_sizes(values) -> list:
    out = []
    for v in values:
        for part in v.split(","):
            if part.strip():
                n = parse_size(part)
                if n not in out:
                    out.append(n)
    return out


def parse_budget(text: str) -> int:
    """'200' or '200ms' -> 200; '1s' -> 1000; '0.5s' -> 500 (milliseconds)."""
    m = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*(ms|s)?\s*", text)
    if not m:
        raise UserError(f"bad budget {text!r}: milliseconds, or seconds with 's' (200, 200ms, 1s)")
    ms = float(m.group(1)) * (1000 if m.group(2) == "s" else 1)
    if ms < 1 or ms > 600000:
        raise UserError(f"bad budget {text!r}: must be between 1 ms and 600 s")
    return int(round(ms))


def format_size(n: int) -> str:
    if n >= 1 << 20 and n % (1 << 20) == 0:
        return f"{n >> 20}M"
    if n >= 1024 and n % 1024 == 0:
        return f"{n >> 10}K"
    return str(n)


# name -> (bytes per unit, label); MB/s is 10^6 bytes per second
UNITS = {"MB/s": (1e6, "MB/s"), "KB/s": (1e3, "KB/s"), "MiB/s": (1 << 20, "MiB/s")}


def parse_unit(text: str) -> str:
    for name in UNITS:
        if text.lower() == name.lower() or text.lower() == name.lower()[:-2]:
            return name
    raise UserError(f"bad unit {text!r}: choose MB/s, KB/s or MiB/s")
