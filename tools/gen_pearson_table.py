#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Generates the Pearson-8 permutation table of src/algos/pearson.c.

The roster (shared/spec/algorithms.md, pearson8) defines T as the
permutation that CPython 3 produces with random.seed(0xCAFEBABE) followed by
random.shuffle(list(range(256))): its first bytes are B7 82 BF E0 03 B6 E9 93
and the SHA-256 of its 256 bytes is PEARSON_SHA256 below.  CPython's seeding
from an int and its shuffle() have been stable since Python 3.2, so any
Python 3 reproduces it.

  tools/gen_pearson_table.py            print the C table
  tools/gen_pearson_table.py --check    verify src/algos/pearson.c (exit 1 if not)
"""
import hashlib
import random
import re
import sys
from pathlib import Path

SEED = 0xCAFEBABE
PEARSON_SHA256 = "2e86e2a917ba17bcfae36b2c30b6c0436e001132a813957b822ce028b6a26e69"
FIRST_BYTES = bytes.fromhex("b782bfe003b6e993")
SOURCE = Path(__file__).resolve().parents[1] / "src" / "algos" / "pearson.c"


def table() -> bytes:
    rng = random.Random(SEED)
    t = list(range(256))
    rng.shuffle(t)
    t = bytes(t)
    if t[:8] != FIRST_BYTES or hashlib.sha256(t).hexdigest() != PEARSON_SHA256:
        sys.exit("gen_pearson_table: this Python does not reproduce the roster's table")
    return t


def c_table(t: bytes) -> str:
    rows = []
    for i in range(0, 256, 16):
        rows.append("    " + ", ".join(f"0x{b:02X}" for b in t[i:i + 16]) + ",")
    return "\n".join(rows)


def parse_c(text: str) -> bytes:
    body = re.search(r"hb_pearson_table\[256\]\s*=\s*\{(.*?)\};", text, re.S)
    if not body:
        raise SystemExit(f"gen_pearson_table: no table in {SOURCE}")
    return bytes(int(x, 16) for x in re.findall(r"0x([0-9A-Fa-f]{2})", body.group(1)))


def main() -> int:
    t = table()
    if sys.argv[1:] == ["--check"]:
        shipped = parse_c(SOURCE.read_text())
        digest = hashlib.sha256(shipped).hexdigest()
        if shipped != t:
            print(f"pearson.c table differs from the generated one (SHA-256 {digest})")
            return 1
        print(f"pearson.c table OK: 256 bytes, SHA-256 {digest}")
        return 0
    if sys.argv[1:]:
        print(__doc__)
        return 2
    print(c_table(t))
    return 0


if __name__ == "__main__":
    sys.exit(main())
