# SPDX-License-Identifier: MIT
"""The Game Boy's banked cartridge (MBC5) for an SDCC target whose
description has a [cartridge] table (targets/gb.toml).

The SM83 sees 32 KiB of ROM at a time: bank 0 at 0x0000-0x3FFF and one
switchable bank at 0x4000-0x7FFF.  One program measures one algorithm, and
that algorithm's code and tables must all be visible while it runs (SDCC
calls nothing across banks unasked, and its linker keeps whole modules), so
the algorithm keeps the whole window: bank 0 and bank 1, as in a 32 KiB ROM.
What the engine needs only between measurements, the record writer and the
workload fill (`far` sources), moves to a bank of its own, which the engine
(console.c, in bank 0) maps around its calls to them, never inside a timed
span: a measured call runs the same instructions at the same cycles as in a
ROM without MBC.

ROM areas, in the order crt0 names them (src/platform/guest/sdcc_areas.inc):
  _CODE .. _GSFINAL  crt0, the platform, the engine, SDCC's runtime: all in
                     bank 0 (the far code calls the platform and the runtime)
  _ALGO              the algorithm's sources, code and tables, from there up
                     to 0x7FFF through banks 0 and 1
  _PAGES             tables of the assembly (src/algos/asm/) that need a
                     256-byte page each, linked at the window's last
                     PAGES_SPACE bytes (page-aligned); where a program has
                     any, the algorithm's area must end below them
  _CODE_<far>        the far sources, linked at (<far> << 16) | 0x4000: the
                     address form whose bytes the Game Boy linker writes at ROM
                     offset <far> * 0x4000 of its .ihx, as makebin -Z copies them
"""
from pathlib import Path

from ..errors import BuildError

KEYS = ("mbc", "rom_banks", "bank_register", "far_bank", "far_sources", "home_end")
ALGO_AREA = "_ALGO"
BANK = 0x4000
PAGES_AREA = "_PAGES"
PAGES_SPACE = 0x800   # room for the page-aligned tables: at most 8 pages
HOME_AREAS = ("CODE", "HOME", "INITIALIZER", "GSINIT", "GSFINAL")  # before _ALGO: bank 0 (the ROM image's too)


def banked(t) -> bool:
    return bool(getattr(t, "cartridge", None))


def far_area(t) -> str:
    return f"_CODE_{t.cartridge['far_bank']}"


def area_flags(t, src) -> list:
    """Where one source's code and constants go: the far bank, the
    algorithm's area, or (the engine, the platform) SDCC's _CODE."""
    if not banked(t):
        return []
    src = str(src)
    if src in t.cartridge["far_sources"]:
        area = far_area(t)
    elif Path(src).parent.name == "algos":
        area = ALGO_AREA
    else:
        return []
    return ["--codeseg", area[1:], "--constseg", area[1:]]  # SDCC prefixes the underscore


def link_flags(t) -> list:
    if not banked(t):
        return []
    return [f"-Wl-b{far_area(t)}=0x{(t.cartridge['far_bank'] << 16) | BANK:X}",
            f"-Wl-b{PAGES_AREA}=0x{t.rom_end - PAGES_SPACE:X}"]


def makebin_flags(t) -> list:
    if not banked(t):
        return []
    return ["-yt", f"0x{t.cartridge['mbc']:02X}", "-yo", str(t.cartridge["rom_banks"])]


def engine_defines(t) -> list:
    """console.c maps the far bank around its calls into it, then bank 1 again."""
    if not banked(t):
        return []
    c = t.cartridge
    return [f"HB_CONSOLE_FAR_BANK={c['far_bank']}", "HB_CONSOLE_ALGO_BANK=1", f"HB_CONSOLE_BANK_REG=0x{c['bank_register']:X}"]


def area_end(syms: dict, area: str) -> int:
    """One past an SDCC area's last byte, from the linker's area symbols (sdcc.area_symbols)."""
    return int(syms.get("s__" + area, "0"), 16) + int(syms.get("l__" + area, "0"), 16)


def home_end(syms: dict) -> int:
    """One past bank 0's last byte: the end of its last area (HOME_AREAS)."""
    return max(area_end(syms, a) for a in HOME_AREAS)


def check(t, name: str, rom_bytes: int, syms: dict):
    """Every bank within its 16 KiB, from the linker's area symbols (s__X,
    l__X of the .noi; its .ihx is in ROM offsets, where an overflowing
    window would just run into bank 2): the engine, the platform and the
    runtime, which bank 2 calls, below home_end; the window (they and the
    algorithm) below rom_end; the far area within its bank; `rom_bytes`
    (one past the .ihx's last byte) within the cartridge."""
    def end(area):
        return area_end(syms, area)

    far, c = t.cartridge["far_bank"], t.cartridge
    pages = int(syms.get("l_" + PAGES_AREA, "0"), 16)
    window_end = t.rom_end - PAGES_SPACE if pages else t.rom_end
    limits = [(home_end(syms), c["home_end"],
               f"ROM bank 0 (the engine, the platform and SDCC's runtime, which bank {far} calls)"),
              (max(end(a) for a in HOME_AREAS + (ALGO_AREA[1:],)), window_end,
               "the ROM window (banks 0 and 1)" + (", below the page-aligned tables" if pages else "")),
              (end(PAGES_AREA[1:]), t.rom_end, "the page-aligned tables' room"),
              (end(far_area(t)[1:]), (far << 16) + 2 * BANK, f"ROM bank {far} (the record writer's)")]
    for got, limit, what in limits:
        if got > limit:
            raise BuildError(f"{name}: {got - limit} bytes too large for {what}: ends at 0x{got:X}, the limit is "
                             f"0x{limit:X}", bytes_over=got - limit)
    if rom_bytes > c["rom_banks"] * BANK:
        raise BuildError(f"{name}: {rom_bytes} bytes, larger than the cartridge's {c['rom_banks']} banks", wraps=True)
