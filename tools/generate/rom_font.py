#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Generates src/platform/rom/hb_font.c, the console ROMs' font as a C table,
from data/font/hb8x8.txt (hashbench.rom.font reads it; each console converts
the table to its own tile format).

  .venv/bin/python tools/generate/rom_font.py [--check]   (make generate, make check-generated)
"""
import sys

from hashbench.rom import font
from tools.generate import output


def main() -> int:
    return output.main(__doc__, lambda: {font.FONT_C: font.c_source()})


if __name__ == "__main__":
    sys.exit(main())
