# SPDX-License-Identifier: MIT
"""The Game Boy cartridge header (0x100-0x14F) of hashbench's ROM image
(hashbench/rom/gb.py), as the boot ROM, flash carts and emulators read it:
SDCC's makebin -Z writes it, check_header() reads every field back.

Pan Docs "The Cartridge Header": the boot ROM compares the logo at 0x104
byte for byte and the header checksum at 0x14D (0 - sum(x + 1) over
0x134-0x14C) and stops on a mismatch; the global checksum at 0x14E (the
sum of every other byte, big-endian) is what flash carts and emulators
check."""
import hashlib

CART_TYPE = 0x1B          # MBC5 + RAM + battery
CGB_COMPATIBLE = 0x80     # 0x143: a Game Boy's image that a Color runs as a Color's
RAM_SIZE_CODE = 0x03      # 32 KiB in the header's code
HEADER_TITLE = "HASHBENCH"
LOGO = slice(0x104, 0x134)
# The boot logo as makebin writes it, which the DMG's boot ROM compares byte
# for byte: known by its SHA-256 here, so that this file does not carry
# Nintendo's bitmap.
LOGO_SHA256 = "daf4cabdc852baa0291849203f0b41fd0b4ecd58e0d7aff4a509f5de4d7f9a2e"
HEADER_SUM = slice(0x134, 0x14D)


def header_checksum(rom: bytes) -> int:
    """The byte at 0x14D, which the boot ROM checks: 0 - sum(x + 1) over 0x134-0x14C."""
    h = 0
    for b in rom[HEADER_SUM]:
        h = (h - b - 1) & 0xFF
    return h


def global_checksum(rom: bytes) -> int:
    """The big-endian word at 0x14E: the sum of every other byte (flash carts and emulators check it)."""
    return (sum(rom) - rom[0x14E] - rom[0x14F]) & 0xFFFF


def check_header(rom: bytes) -> list:
    """What is wrong with an image's header, as sentences ([] if nothing)."""
    if len(rom) < 0x8000 or len(rom) & (len(rom) - 1):
        return [f"{len(rom)} bytes: not a power of two of at least 32 KiB"]
    problems = []
    if rom[0x100:0x104] != b"\x00\xc3\x50\x01":
        problems.append("the entry point at 0x100 is not `nop; jp 0x150`")
    if hashlib.sha256(rom[LOGO]).hexdigest() != LOGO_SHA256:
        problems.append("no boot logo at 0x104 (the boot ROM would stop)")
    if not rom[0x134:0x144].rstrip(b"\0").decode("ascii", "replace").startswith(HEADER_TITLE):
        problems.append("title is not " + HEADER_TITLE)
    if rom[0x143] != CGB_COMPATIBLE:
        problems.append(f"CGB flag 0x{rom[0x143]:02X}, not 0x{CGB_COMPATIBLE:02X} (runs on both, a Color's double speed)")
    if rom[0x147] != CART_TYPE:
        problems.append(f"cartridge type 0x{rom[0x147]:02X}, not 0x{CART_TYPE:02X} (MBC5 + RAM + battery)")
    if 0x8000 << rom[0x148] != len(rom):
        problems.append(f"ROM size code {rom[0x148]} declares {0x8000 << rom[0x148]} bytes, the image has {len(rom)}")
    if rom[0x149] != RAM_SIZE_CODE:
        problems.append(f"RAM size code {rom[0x149]}, not {RAM_SIZE_CODE} (32 KiB)")
    if rom[0x14D] != header_checksum(rom):
        problems.append(f"header checksum 0x{rom[0x14D]:02X}, should be 0x{header_checksum(rom):02X}")
    stored = rom[0x14E] << 8 | rom[0x14F]
    if stored != global_checksum(rom):
        problems.append(f"global checksum 0x{stored:04X}, should be 0x{global_checksum(rom):04X}")
    return problems
