# SPDX-License-Identifier: MIT
"""A Nintendo 64 cartridge image (.z64, big-endian) from our boot code and
our program.

The layout: the 64-byte header, the boot code (the cartridge's IPL3, ROM
0x40-0xFFF; its last word is the program's length, which the boot code
reads), the program from 0x1000, padding with 0xFF to a power of two of at
least 2 MiB (the header checksum covers the megabyte from 0x1000).

The header: the PI's domain-1 timing word (0x80371240, which is also how a
big-endian .z64 is recognised), the clock-rate word, the boot address
(0x80000400), the two checksum words, the title, the media format 'N', a
two-letter cartridge id and the region.  The checksum words are computed as
the IPL3 of a CIC-NUS-6102 cartridge checks them (seed 0xF8CA4DDC, over
0x1000-0x100FFF): our boot code does not check them, but tools and loaders
that do find them right.

What no file can carry: a real console starts the boot code only if the
CIC chip in the cartridge accepts the PIF's checksum of ROM 0x40-0xFFF
(docs/roms.md)."""
import struct

HEADER_BYTES = 0x40
BOOT_END = 0x1000
PROGRAM_AT = 0x1000
BOOT_ADDRESS = 0x80000400
PI_DOM1 = 0x80371240
CHECKED = (0x1000, 0x101000)
SEED_6102 = 0xF8CA4DDC
MIN_IMAGE = 2 * 1024 * 1024
M32 = 0xFFFFFFFF


def rol(v: int, n: int) -> int:
    n &= 31
    return ((v << n) | (v >> (32 - n))) & M32 if n else v


def checksum(image: bytes, seed: int = SEED_6102) -> tuple:
    """(CRC1, CRC2) as the 6102 IPL3 computes them."""
    t1 = t2 = t3 = t4 = t5 = t6 = seed
    words = struct.unpack_from(f">{(CHECKED[1] - CHECKED[0]) // 4}I", image, CHECKED[0])
    for d in words:
        if (t6 + d) & M32 < t6:
            t4 = (t4 + 1) & M32
        t6 = (t6 + d) & M32
        t3 ^= d
        r = rol(d, d & 31)
        t5 = (t5 + r) & M32
        t2 = t2 ^ r if t2 > d else t2 ^ t6 ^ d
        t1 = (t1 + (t5 ^ d)) & M32
    return t6 ^ t4 ^ t3, t5 ^ t2 ^ t1


def build(boot: bytes, program: bytes, title: str = "HASHBENCH", cart_id: str = "HB", region: str = "E") -> bytes:
    if len(boot) > BOOT_END - HEADER_BYTES - 4:
        raise ValueError(f"the boot code is {len(boot)} bytes, more than ROM 0x40-0xFFB holds")
    size = MIN_IMAGE
    while size < PROGRAM_AT + len(program):
        size *= 2
    image = bytearray(b"\xff" * size)
    image[:HEADER_BYTES] = bytes(HEADER_BYTES)
    struct.pack_into(">III", image, 0, PI_DOM1, 0x0000000F, BOOT_ADDRESS)
    image[0x20:0x34] = title.encode("ascii")[:20].ljust(20, b" ")
    image[0x3B] = ord("N")
    image[0x3C:0x3E] = cart_id.encode("ascii")
    image[0x3E] = ord(region)
    image[HEADER_BYTES:BOOT_END] = bytes(BOOT_END - HEADER_BYTES)
    image[HEADER_BYTES:HEADER_BYTES + len(boot)] = boot
    struct.pack_into(">I", image, BOOT_END - 4, len(program))
    image[PROGRAM_AT:PROGRAM_AT + len(program)] = program
    struct.pack_into(">II", image, 0x10, *checksum(image))
    return bytes(image)


def check(image: bytes) -> list:
    """What is wrong with an image's header, as readable lines (none: fine)."""
    bad = []
    if len(image) < CHECKED[1]:
        return [f"{len(image)} bytes: shorter than the checksummed megabyte"]
    if struct.unpack_from(">I", image, 0)[0] != PI_DOM1:
        bad.append("not a big-endian .z64 (no 0x80371240 at 0)")
    if struct.unpack_from(">I", image, 8)[0] != BOOT_ADDRESS:
        bad.append("boot address is not 0x80000400")
    if struct.unpack_from(">II", image, 0x10) != checksum(image):
        bad.append("checksum words (0x10, 0x14) wrong")
    length = struct.unpack_from(">I", image, BOOT_END - 4)[0]
    if not 0 < length <= len(image) - PROGRAM_AT:
        bad.append(f"program length {length:#x} out of the image")
    if len(image) & (len(image) - 1):
        bad.append("size not a power of two")
    return bad
