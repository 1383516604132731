# SPDX-License-Identifier: MIT
"""The generators' one convention: write the files a generator owns, or with
--check write nothing and exit 1 naming every file that differs."""
import argparse
import sys
from pathlib import Path

from hashbench.paths import ROOT


def main(description: str, generate) -> int:
    """generate() -> {path: text}.  Writes only what changed."""
    ap = argparse.ArgumentParser(description=description, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--check", action="store_true",
                    help="write nothing; exit 1 naming each file that is not what this generates")
    args = ap.parse_args()
    files: dict[Path, str] = generate()
    stale = [p for p, text in files.items() if not p.exists() or p.read_text(encoding="utf-8") != text]
    for p in stale:
        rel = p.relative_to(ROOT)
        if args.check:
            print(f"stale: {rel} is not what {Path(sys.argv[0]).name} generates (make generate rewrites it)",
                  file=sys.stderr)
        else:
            p.write_text(files[p], encoding="utf-8")
            print(f"wrote {rel}")
    return 1 if args.check and stale else 0
