# SPDX-License-Identifier: MIT
"""Stands in for hashbench-engine in front-end tests: replays recorded
engine output from tests/python/fixtures, so the front end's statistics,
tables, exports and error paths are tested deterministically.

    fake_engine.py list            -> fixtures/engine-list.jsonl
    fake_engine.py bench ...       -> fixtures/$HB_FAKE_BENCH (default engine-bench.jsonl)
"""
import os
import sys
from pathlib import Path

FIX = Path(__file__).resolve().parent / "fixtures"


def main():
    cmd = sys.argv[1] if len(sys.argv) > 1 else ""
    if cmd == "list":
        sys.stdout.write((FIX / "engine-list.jsonl").read_text())
        return 0
    if cmd == "bench":
        name = os.environ.get("HB_FAKE_BENCH", "engine-bench.jsonl")
        text = (FIX / name).read_text()
        sys.stdout.write(text)
        return 1 if '"failed":true' in text else 0
    print(f"fake engine: unsupported command {cmd!r}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
