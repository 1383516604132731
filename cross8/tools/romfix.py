#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Fixes a cross8 GBA ROM's header complement check (byte 0xBD).

    romfix.py gba ROM.gba

GBATEK "Cartridge Header": chk = -(sum of bytes 0xA0..0xBC) - 0x19, mod 256.
The real BIOS refuses a ROM whose check is wrong (as it does one without
the logo, which we leave out); mGBA's HLE BIOS checks neither, but a ROM
that is correct where we can make it so is easier to take elsewhere.
Game Boy ROMs need nothing from here: SDCC's makebin -Z writes their header
checksums.
"""
import sys
from pathlib import Path


def gba_complement(header: bytes) -> int:
    return (-sum(header[0xA0:0xBD]) - 0x19) & 0xFF


def fix_gba(path: Path) -> int:
    rom = bytearray(path.read_bytes())
    if len(rom) < 0xC0 or rom[0xB2] != 0x96:
        raise SystemExit(f"romfix: {path}: not a GBA ROM (no 0x96 at 0xB2)")
    rom[0xBD] = gba_complement(rom)
    path.write_bytes(bytes(rom))
    return rom[0xBD]


def main(argv):
    if len(argv) != 3 or argv[1] != "gba":
        raise SystemExit("usage: romfix.py gba ROM.gba")
    fix_gba(Path(argv[2]))


if __name__ == "__main__":
    main(sys.argv)
