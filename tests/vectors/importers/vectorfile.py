# SPDX-License-Identifier: MIT
"""Writing one file of tests/vectors (format: tests/vectors/README.md), shared
by the converters in this folder."""
from pathlib import Path

MAX_FILE = 1 << 20  # keep every vector file under 1 MiB


def write(out_dir, name, header, lines):
    """Writes header (lines without the '# ': the first names the source), a
    blank line, then one vector per line."""
    path = Path(out_dir) / name
    text = "".join(f"# {h}\n" if h else "#\n" for h in header) + "\n" + "\n".join(lines) + "\n"
    if len(text) > MAX_FILE:
        raise SystemExit(f"{name}: {len(text)} bytes, over the 1 MiB limit")
    path.write_text(text)
    print(f"{path}: {len(lines)} vectors, {len(text)} bytes")
