# SPDX-License-Identifier: MIT
"""A Nintendo DS cartridge image (.nds) from an ARM9 and an ARM7 binary.

GBATEK "DS Cartridge Header": a 512-byte header (title, game and maker
codes, the device capacity, and for each CPU the binary's offset in the
image, its entry point, its load address in RAM and its size), then the
ARM9 binary at 0x8000 and the ARM7 binary after it, both 0x1000-aligned,
then padding to a 512-byte boundary.  Not at 0x4000, the first offset
GBATEK allows: 0x4000-0x7FFF is the secure area, which a retail cartridge
carries KEY1-encrypted; melonDS's direct boot (0.9.3, the libretro core
EmulatorJS builds) decrypts the first 2 KiB of an ARM9 binary found there
and, when they do not decrypt to "encryObj", fills them with 0xE7FFDEFF,
an undefined instruction, as the console's firmware would: our
unencrypted code's entry point would be gone.  The header ends with two CRC16s
(GBATEK "BIOS CRC16", the reflected polynomial 0xA001 from 0xFFFF, the
CRC-16/MODBUS of catalogues): 0x15C over the logo area, 0x15E over bytes
0x000-0x15D.  The 156-byte Nintendo logo at 0xC0 is left zero: it is
Nintendo's bitmap, not ours to copy; the DS firmware refuses a cartridge
without it, emulators' direct boot and flash carts' loaders do not check it.

The ARM7 binary here is a stub written as machine code: one ARM
instruction, `b .` (0xEAFFFFFE), in the ARM7's own work RAM; the ARM9 needs
nothing from the ARM7 to draw, time and read the buttons."""
import struct

HEADER_BYTES = 0x200
ARM9_OFFSET = 0x8000          # "4000h and up, align 1000h"; past the secure area (above)
ALIGN = 0x1000
ARM9_ADDRESS = 0x02000000     # main RAM: load address and entry point
ARM7_ADDRESS = 0x037F8000     # the ARM7's work RAM
ARM7_STUB = struct.pack("<I", 0xEAFFFFFE)   # b .  (an endless loop)
LOGO = slice(0xC0, 0x15C)
LOGO_CRC, HEADER_CRC = 0x15C, 0x15E
CHIP_MIN = 128 * 1024         # device capacity: 128 KiB << n


def crc16(data: bytes, crc: int = 0xFFFF) -> int:
    for byte in data:
        crc ^= byte
        for _ in range(8):
            crc = (crc >> 1) ^ 0xA001 if crc & 1 else crc >> 1
    return crc


def aligned(n: int, to: int = ALIGN) -> int:
    return (n + to - 1) // to * to


def capacity(total: int) -> int:
    """The header's device capacity n: the smallest chip, 128 KiB << n, that holds `total` bytes."""
    n = 0
    while CHIP_MIN << n < total:
        n += 1
    return n


def build(arm9: bytes, title: str = "HASHBENCH", game: str = "HBNE", maker: str = "00",
          arm7: bytes = ARM7_STUB) -> bytes:
    arm7_offset = aligned(ARM9_OFFSET + len(arm9))
    total = aligned(arm7_offset + len(arm7), 0x200)
    h = bytearray(HEADER_BYTES)
    h[0x000:0x00C] = title.encode("ascii")[:12].ljust(12, b"\0")
    h[0x00C:0x010] = game.encode("ascii")
    h[0x010:0x012] = maker.encode("ascii")
    h[0x012] = 0                                  # unit code: NDS
    h[0x014] = capacity(total)
    struct.pack_into("<4I", h, 0x020, ARM9_OFFSET, ARM9_ADDRESS, ARM9_ADDRESS, len(arm9))
    struct.pack_into("<4I", h, 0x030, arm7_offset, ARM7_ADDRESS, ARM7_ADDRESS, len(arm7))
    struct.pack_into("<I", h, 0x080, total)       # total used ROM size
    struct.pack_into("<I", h, 0x084, HEADER_BYTES)  # ROM header size
    struct.pack_into("<H", h, LOGO_CRC, crc16(h[LOGO]))
    struct.pack_into("<H", h, HEADER_CRC, crc16(h[:HEADER_CRC]))
    image = bytearray(total)
    image[:HEADER_BYTES] = h
    image[ARM9_OFFSET:ARM9_OFFSET + len(arm9)] = arm9
    image[arm7_offset:arm7_offset + len(arm7)] = arm7
    return bytes(image)


def check(image: bytes) -> list:
    """What is wrong with an image's header, as readable lines (none: fine)."""
    bad = []
    if len(image) < HEADER_BYTES:
        return [f"{len(image)} bytes: shorter than the header"]
    if struct.unpack_from("<H", image, HEADER_CRC)[0] != crc16(image[:HEADER_CRC]):
        bad.append("header CRC16 (0x15E) wrong")
    if struct.unpack_from("<H", image, LOGO_CRC)[0] != crc16(image[LOGO]):
        bad.append("logo CRC16 (0x15C) wrong")
    for at, name in ((0x20, "ARM9"), (0x30, "ARM7")):
        offset, entry, ram, size = struct.unpack_from("<4I", image, at)
        if offset % ALIGN or offset + size > len(image) or not ram <= entry < ram + size:
            bad.append(f"{name} binary: offset {offset:#x}, size {size:#x}, entry {entry:#x} out of place")
    if struct.unpack_from("<I", image, 0x80)[0] > len(image) or CHIP_MIN << image[0x14] < len(image):
        bad.append("total used size or device capacity wrong")
    return bad
