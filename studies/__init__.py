# SPDX-License-Identifier: MIT
"""The studies: each module measures something this project reports, or writes a
document under docs/ from stored runs.  Run from the repository root as
`.venv/bin/python -m studies.NAME --help`.  Their options are spelled as the
command line's (--target, -a/--algo, --run/--no-run, -o/--output)."""
import sys
from pathlib import Path

from hashbench.files import write_whole


def listed(values, default=()) -> list:
    """The names of a repeatable option that takes comma lists (--target a,b --target c)."""
    out = [n.strip() for v in values or [] for n in v.split(",") if n.strip()]
    return out or list(default)


def write(text: str, output: str | Path) -> None:
    """Writes text to output ('-': standard output), whole or not at all."""
    if str(output) == "-":
        sys.stdout.write(text)
        return
    write_whole(output, text)
    print(f"wrote {output}", file=sys.stderr)
