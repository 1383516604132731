# SPDX-License-Identifier: MIT
"""SDCC: the Game Boy's SM83 and the Z80.  Its linker keeps whole modules
and reports no overflow, so every program is checked against the target's
ROM and RAM limits here (rom_end, ram_end; a banked cartridge's banks
one by one: cartridge.py): one that does not fit is a BuildError, reported
as not built, never run."""
import re
import shlex

from ..errors import BuildError
from . import cache, cartridge

parallel_programs = True  # SDCC writes its assembly beside the object
obj_suffix = ".rel"
lib_suffix = ".lib"


def tool(t, name: str) -> str:
    return {"ar": "sdar"}.get(name, name)


def version(t) -> str:
    return cache.tool_version(t.cc)


def programs(t) -> list:
    out = [t.cc, tool(t, "ar"), t.asm]
    if getattr(t, "rom", "") == "makebin":
        out.append("makebin")
    return out


def compile_cmd(t, src, obj, defines=(), flags=(), includes=()) -> list:
    return [t.cc] + list(t.cflags) + list(flags) + ["-c"] + list(includes) + ["-D" + d for d in defines] + \
        ["-o", cache.rel(obj), src]


def asm_cmd(t, src, obj, includes=()) -> list:
    return [t.asm, "-plosgff"] + list(includes) + ["-o", cache.rel(obj), src]


def archive_cmd(t, lib, objs) -> list:
    ar = " ".join(shlex.quote(x) for x in [tool(t, "ar"), "-rc", cache.rel(lib)] + [cache.rel(o) for o in objs])
    return ["sh", "-c", f"rm -f {shlex.quote(cache.rel(lib))} && {ar}"]


def link(t, objs, lib, out_dir, stem, log):
    inputs = [cache.rel(o) for o in objs + [lib]]
    ihx = out_dir / f"{stem}.ihx"
    cmd = [t.cc] + list(t.ldflags) + cartridge.link_flags(t) + ["-o", cache.rel(ihx)] + inputs
    cache.cached(ihx, cmd, inputs, version(t), log)
    check_fit(t, ihx)
    if getattr(t, "rom", "") != "makebin":
        return ihx, cmd
    rom = out_dir / f"{stem}.gb"
    cache.cached(rom, ["makebin", "-Z", "-yn", "HASHBENCH8"] + cartridge.makebin_flags(t) + [cache.rel(ihx), cache.rel(rom)],
                 [cache.rel(ihx)], "", log)
    return rom, cmd


def ihx_end(text: str) -> int:
    """One past the highest address an Intel HEX file loads (a banked Game
    Boy program: its ROM offset, bank N at N * 0x4000)."""
    end, base = 0, 0
    for line in text.split():
        if not line.startswith(":") or len(line) < 11:
            continue
        n, addr, kind = int(line[1:3], 16), int(line[3:7], 16), int(line[7:9], 16)
        if kind == 0 and n:
            end = max(end, base + addr + n)
        elif kind == 4:
            base = int(line[9:13], 16) << 16
    return end


def area_symbols(noi_text: str) -> dict:
    """The linker's area symbols from its .noi: {"s__DATA": "0xC000", "l__DATA": ...}."""
    return dict(re.findall(r"^DEF ([sl]__\w+) (0x[0-9A-Fa-f]+)$", noi_text, re.M))


def ram_end(noi_text: str) -> int:
    """One past the last byte of SDCC's data areas, from the linker's .noi."""
    syms = area_symbols(noi_text)
    ends = [int(syms["s__" + a], 16) + int(syms.get("l__" + a, "0"), 16)
            for a in ("DATA", "INITIALIZED", "BSS", "HEAP") if "s__" + a in syms]
    return max(ends, default=0)


def symbol_address(program, name: str) -> int:
    """A C function's address from the linker's .noi (DEF _hb_mark 0x109)."""
    noi = program.with_suffix(".noi")
    m = re.search(rf"^DEF _{name} (0x[0-9A-Fa-f]+)$", noi.read_text() if noi.exists() else "", re.M)
    if not m:
        raise BuildError(f"{noi.name}: no address for {name}")
    return int(m.group(1), 16)


def check_fit(t, ihx):
    """An SDCC program that overflows the ROM or RAM links without a word:
    refuse it, so that it is reported as not built (with how much it is over)."""
    noi = ihx.with_suffix(".noi")
    noi_text = noi.read_text() if noi.exists() else ""
    if t.rom_end and cartridge.banked(t):
        cartridge.check(t, ihx.name, ihx_end(ihx.read_text()), area_symbols(noi_text))
    elif t.rom_end:
        end = ihx_end(ihx.read_text())
        if end > 0xFFFF:
            raise BuildError(f"{ihx.name}: larger than the CPU's 64 KiB address space (the ROM ends at "
                             f"0x{t.rom_end:X}): the linker wrapped it", wraps=True)
        if end > t.rom_end:
            raise BuildError(f"{ihx.name}: {end - t.rom_end} bytes too large for the ROM "
                             f"(ends at 0x{end:X}, the limit is 0x{t.rom_end:X})", bytes_over=end - t.rom_end)
    if t.ram_end and noi_text:
        end = ram_end(noi_text)
        if end > t.ram_end:
            raise BuildError(f"{ihx.name}: data end at 0x{end:X}, past 0x{t.ram_end:X} (RAM and stack)")


RAM_AREAS = {"_DATA", "_INITIALIZED", "_BSS", "_HEAP", "_DABS", "_CABS"}


def object_bytes(t, obj) -> int:
    """ROM bytes of one .rel object: the sizes of its areas ('A _CODE size
    2D9F ...') except those in RAM or absolute."""
    areas = re.findall(r"^A (\S+) size ([0-9A-Fa-f]+)", obj.read_text(errors="replace"), re.M)
    return sum(int(n, 16) for a, n in areas if a not in RAM_AREAS)
