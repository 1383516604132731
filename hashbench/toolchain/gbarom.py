# SPDX-License-Identifier: MIT
"""Fixes a GBA ROM's header complement check (byte 0xBD).

    python -m hashbench.toolchain.gbarom ROM.gba

GBATEK "Cartridge Header": chk = -(sum of bytes 0xA0..0xBC) - 0x19, mod 256.
The real BIOS refuses a ROM whose check is wrong (as it does one without
the logo, which we leave out); mGBA's HLE BIOS checks neither, but a ROM
that is correct where we can make it so is easier to take elsewhere.
Game Boy ROMs need nothing from here: SDCC's makebin -Z writes their header
checksums."""
import sys
from pathlib import Path


def complement(header: bytes) -> int:
    return (-sum(header[0xA0:0xBD]) - 0x19) & 0xFF


def fixed(data: bytes, name: str = "the image") -> bytes:
    """`data` with its complement check filled in."""
    rom = bytearray(data)
    if len(rom) < 0xC0 or rom[0xB2] != 0x96:
        raise SystemExit(f"gbarom: {name}: not a GBA ROM (no 0x96 at 0xB2)")
    rom[0xBD] = complement(rom)
    return bytes(rom)


def fix(path: Path) -> int:
    rom = fixed(path.read_bytes(), str(path))
    path.write_bytes(rom)
    return rom[0xBD]


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit("usage: python -m hashbench.toolchain.gbarom ROM.gba")
    fix(Path(sys.argv[1]))
