# SPDX-License-Identifier: MIT
"""The banked cartridges' algorithm code (the NES, the Super NES, the Game
Boy): the rows' core files in groups, each group compiled into segments
(cc65) or an area (SDCC) of its own, fitted into a bank, packed.  A
console module keeps only its declaration, its linker layout, its stubs
and its header.

    cc = banked.Cc65(target, "nes", "src/platform/rom/nes", page_tables=True)
    groups, left_out = banked.keep_fitting(plan, *banked.fit_groups(cc, plan.rows, folder, gen, room, log))
    used = banked.pack(groups, reserved, room)     # sets each group's bank
    cc.compile(src, obj, gen, extra, log)          # a fixed-bank file
    cc.link(cfg, objs, out, map_file, log)         # ld65 with the console's layout

Packing: the rows' core files form groups (rows that share a file share a
group: banks.sharing); each group goes whole into one bank, first fit,
largest first (banks.pack).  A group larger than a bank is compiled with
HB_NO_PORTABLE_TABLES (rolled rounds, as the Game Boy builds them); if it
is still too large, it splits into its algorithms, each with its own copy
of the files they shared (every group's exported names carry the group's
name, so copies never clash).  The variables of all groups share one
address range (one row runs at a time, and cc65's static locals are set at
each call).

The toolchain interface (a Toolchain: compile a fixed-bank file, compile
a group into its own segments, link) is what a banked console's compiler
implements: Cc65 here, and Sdcc (area flags, an assembly file's copy in
the unit's area, the link with each area placed) for the SDCC consoles'
build (banked_sdcc.py), which fits its units its own way (the entries
that fit together, a compact built small, one unit across bank 0's free
end and bank 1)."""
import concurrent.futures
import hashlib
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Protocol

from ..errors import BuildError
from ..paths import ROOT
from ..roster import SMALL
from ..targets.console import SMALL_DEFINE, object_stem  # object_stem: asm-6502-crc8.o beside crc8.c's crc8.o
from ..toolchain import assembly_includes, assembly_text, cache, cc65, sdcc
from . import banks, image

RUNTIME_LIB = "nes.lib"      # cc65's 6502 runtime (the Debian package's; the routines are the same for every 6502 target)


@dataclass
class Group:
    sources: list              # core files, compiled into one bank
    rows: list                 # the plan's rows it serves
    small: bool = False        # built with HB_NO_PORTABLE_TABLES
    split: bool = False        # one algorithm's files, split from a group too large
    objects: list = field(default_factory=list)
    rom_bytes: int = 0
    ram_bytes: int = 0
    bank: int = -1

    @property
    def name(self) -> str:
        return "G" + hashlib.sha256(repr(sorted(self.sources)).encode()).hexdigest()[:6].upper()

    def banked(self, symbol: str) -> str:
        """A C name as the group's copy of its files spells it."""
        return f"{symbol}_{self.name}"


class Toolchain(Protocol):
    def compile(self, src: str, obj: Path, gen: Path, extra=(), log=lambda m: None) -> Path:
        """A file of the fixed bank (the platform, the application), the generated headers in `gen`."""

    def compile_group(self, g: Group, folder: Path, gen: Path, log) -> Group:
        """The group's files in segments of its own; sets its objects, rom_bytes and ram_bytes."""

    def link(self, config: Path, objs: list, out: Path, map_file: Path, log=lambda m: None) -> Path:
        """The image (or one bank of it) with the console's own layout."""


class Cc65:
    """cc65 for a 6502 console: the target's flags with cc65's `system`
    (`-t nes`), the platform's headers from `config_dir`; page_tables: the
    tables a byte indexes in a segment of their own (compile_group);
    zp_segment: an assembly file's zero page in a segment of the group's,
    <group>Z (the Super NES: a bank's link cannot see where bank 0's zero
    page ends, so the group's goes to the direct page's reserved end)."""

    def __init__(self, target, system: str, config_dir: str, page_tables: bool = False, zp_segment: bool = False):
        self.t, self.system, self.config_dir, self.page_tables = target, system, config_dir, page_tables
        self.zp_segment = zp_segment

    def compile(self, src: str, obj: Path, gen: Path, extra=(), log=lambda m: None) -> Path:
        return cc65.compile_to_object(self.t, self.system, src, obj, extra, image.includes(self.config_dir, gen),
                                      image.headers(self.config_dir) + [cache.rel(gen / "hb_rom_config.h")], log)

    def assemble(self, src, obj: Path, log=lambda m: None) -> Path:
        return cc65.assemble(self.system, src, obj, log=log)

    def compile_source(self, src: str, obj: Path, gen: Path, extra=(), log=lambda m: None) -> Path:
        """A C file (compile), or an assembly file with ca65."""
        if src.endswith(".s"):
            return cc65.assemble(self.system, ROOT / src, obj,
                                 [cache.rel(ROOT / i) for i in assembly_includes(src)], log=log)
        return self.compile(src, obj, gen, extra, log)

    def compile_group(self, g: Group, folder: Path, gen: Path, log) -> Group:
        """The group's files in its own segments, every name they export
        renamed for the group (-D), so that a file two groups need can sit in
        both banks: once as the files are, to learn the names, then renamed.
        page_tables: the tables a byte indexes (HB_PAGE_TABLES_BEGIN,
        src/algos/hb_config.h) in a segment of their own, <group>T, and the
        code started on a page (the console's linker layout), as sim65's
        programs have them (src/platform/guest/sim65.cfg): the group's bytes
        then count its code and constants to the next page."""
        seg = g.name
        small = ["-D" + SMALL_DEFINE] if g.small else []
        odir = folder / "groups" / (seg + ("-small" if g.small else ""))
        plain = [self.compile_source(s, odir / "plain" / (object_stem(s) + ".o"), gen, small, log) for s in g.sources]
        names = sorted({n for o in plain for n in cc65.exports(o)})
        extra = ["--code-name", seg + "C", "--rodata-name", seg + "R", "--bss-name", seg + "B", "--data-name",
                 seg + "D"] + [f"-D{n}={g.banked(n)}" for n in names] + small + \
            ([f"-DHB_PAGE_SEGMENT={seg}T"] if self.page_tables else [])
        g.objects = [self.assemble(banked_assembly(s, odir / (object_stem(s) + ".s"), seg, names, g.banked,
                                                   self.zp_segment),
                                   odir / (object_stem(s) + ".o"), log) if s.endswith(".s") else
                     self.compile(s, odir / (Path(s).stem + ".o"), gen, extra, log) for s in g.sources]
        rom = ram = 0
        for o in g.objects:
            sz = cc65.segment_sizes(o)
            if sz.get(seg + "D", 0):
                raise BuildError(f"rom: {o.name}: initialised variables, which a banked file cannot have")
            if sz.get(seg + "T", 0) % 256:
                raise BuildError(f"rom: {o.name}: {sz[seg + 'T']} bytes of page-aligned tables, not whole pages")
            rom += sz.get(seg + "C", 0) + sz.get(seg + "R", 0) + sz.get(seg + "T", 0)
            ram += sz.get(seg + "B", 0)
        g.rom_bytes, g.ram_bytes = (-(-rom // 256) * 256 if self.page_tables else rom), ram
        return g

    def link(self, config: Path, objs: list, out: Path, map_file: Path, log=lambda m: None) -> Path:
        """ld65, cc65's runtime after the objects."""
        return cc65.link_image(config, objs, [RUNTIME_LIB], out, map_file, log)

    def runtime_member(self, name: str, obj: Path, log=lambda m: None) -> Path:
        """One object of cc65's runtime (zeropage.o: its variables)."""
        return cc65.library_member(RUNTIME_LIB, name, obj, log)


def banked_assembly(src: str, out: Path, seg: str, names, banked, zp_segment: bool = False) -> Path:
    """An assembly implementation (src/algos/asm/6502/) as a group's copy:
    its segments the group's (the zero page stays the zero page, but for
    `zp_segment`: <group>Z, a zero-page segment of its own) and every
    name the group's files export renamed as the C files are (-D), written
    to `out` for ca65.  A file it .includes (beside it) is taken into the
    copy, which then stands alone."""
    text = assembly_text(src)
    for plain, mine in (("CODE", "C"), ("RODATA", "R"), ("BSS", "B"), ("DATA", "D"), ("ALGOCODE", "C"),
                        ("PAGED", "T"), ("ALGOBSS", "B")):
        text = re.sub(rf'(\.segment\s+)"{plain}"', rf'\1"{seg}{mine}"', text)
    if zp_segment:
        text = re.sub(r'(\.segment\s+)"ZEROPAGE"', rf'\1"{seg}Z": zeropage', text)
    for n in names:
        text = re.sub(rf"\b_{n}\b", "_" + banked(n), text)
    out.parent.mkdir(parents=True, exist_ok=True)
    image.write_if_changed(out, text)
    return out


def group_rows(rows) -> list:
    """Rows joined where they share a core file."""
    return [Group(srcs, members) for srcs, members in banks.sharing(rows, lambda r: r.code.sources)]


def fit_groups(tc: Toolchain, rows, folder: Path, gen: Path, room: int, log):
    """-> (groups that each fit a bank of `room` bytes, [(row, why)] left
    out).  A group too large is built small; then split into its
    algorithms, each built as is and then small; an algorithm that fits no
    bank is left out."""
    def build_all(groups):
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, min(4, os.cpu_count() or 1))) as pool:
            return list(pool.map(lambda g: tc.compile_group(g, folder, gen, log), groups))

    done, left = [], []
    pending = build_all(group_rows(rows))
    while pending:
        done += [g for g in pending if g.rom_bytes <= room]
        retry = []
        for g in (g for g in pending if g.rom_bytes > room):
            algos = list(dict.fromkeys(r.algo.id for r in g.rows))
            if not g.small:
                retry.append(Group(g.sources, g.rows, small=True, split=g.split))
            elif len(algos) > 1:
                for a in algos:
                    mine = [r for r in g.rows if r.algo.id == a]
                    srcs = sorted({s for r in mine for s in r.code.sources})
                    retry.append(Group(srcs, mine, split=True))
            else:
                left += [(r, f"its code ({g.rom_bytes} B) is larger than a {room}-byte bank") for r in g.rows]
        pending = build_all(retry) if retry else []
    return done, left


def pack(groups, reserved: int, bank_room: int) -> int:
    """Banks of `bank_room` bytes for the groups (hashbench/rom/banks.py),
    after `reserved` bytes of bank 0 (the NES's font) -> banks used."""
    placed, _too_large, used = banks.pack(groups, lambda g: g.rom_bytes, bank_room, reserved=reserved)
    for place in placed:
        place.piece.bank = place.bank
    return used


def small_row(r, g, kept):
    """What a portable row of a group built small (g.small) runs, as the
    row the image holds: its compact (the code that runs, where the group
    has its files), None where the compact is in the image already, and
    SMALL where the algorithm has no compact."""
    if not g.small or r.impl != "portable":
        return r, None
    if r.algo.has_compact:
        if (r.algo.id, "compact") in kept:
            return None, "its compact is in the image already"
        if not set(r.algo.code("compact").sources) <= set(g.sources):
            return None, "its compact's files are not in the bank"
        return image.Row(r.algo, "compact", r.label), "the image holds it as compact"
    return image.Row(r.algo, SMALL, r.label), f"the image holds it as {SMALL}"


def keep_fitting(plan: image.Plan, groups, left, console: str):
    """The rows the banks hold: `plan` narrowed to them (its left_out
    extended), and the groups that still hold a row -> (groups, left_out).
    A group built small runs the compact code for `portable`: such a row
    is named by the code that runs (small_row), never `portable`."""
    rows, left_out = [], [(r.algo.id, r.impl, why) for r, why in left]
    group_of = {id(r): g for g in groups for r in g.rows}
    kept = {(r.algo.id, r.impl) for r in plan.rows}
    renamed = False
    for r in plan.rows:
        if any(r is x for x, _ in left):
            continue
        g = group_of[id(r)]
        got, why = small_row(r, g, kept)
        if why:
            left_out.append((r.algo.id, r.impl, f"built with {SMALL_DEFINE} to fit a bank, where its portable "
                                                 f"runs other code: {why}"))
        if got is None:
            g.rows = [x for x in g.rows if x is not r]
            continue
        if got is not r:
            g.rows = [got if x is r else x for x in g.rows]
            renamed = True
        rows.append(got)
    if not rows:
        raise BuildError(f"rom: no row fits the {console} image")
    for g in groups:
        g.rows = [r for r in g.rows if any(r is x for x in rows)]
    if renamed:   # a compact in a portable's place may share a label with another row
        for r, lab in zip(rows, image.labels([(r.algo, r.impl) for r in rows])):
            r.label = lab
    # the plan becomes what the image holds: the caller tables, labels and
    # stores by it
    plan.rows[:] = rows
    plan.left_out += left_out
    return [g for g in groups if g.rows], left_out


def small_note(groups) -> str:
    """What describe() adds where groups were built small."""
    small = sorted({r.algo.id for g in groups if g.small for r in g.rows})
    return (f"; built with {SMALL_DEFINE} to fit a bank (rolled rounds: their portable rows held as "
            f"compact, or as small without a compact): {', '.join(small)}" if small else "")


# ---- SDCC (the Game Boy) -----------------------------------------------------------------------

class Sdcc:
    """SDCC for a banked console: the target's compiler and flags, the
    platform's `includes` (-I flags) and `headers` (inputs of every C file)."""

    def __init__(self, target, includes, headers, log=lambda m: None):
        self.t, self.includes, self.headers, self.log = target, list(includes), list(headers), log

    def compile(self, src, obj: Path, defines=(), flags=(), inputs=(), includes=()) -> Path:
        cmd = sdcc.compile_cmd(self.t, cache.rel(src), obj, defines, flags, self.includes + list(includes))
        cache.cached(obj, cmd, [cache.rel(src)] + self.headers + list(inputs), sdcc.version(self.t), self.log)
        return obj

    def assemble(self, src, obj: Path, includes=(), inputs=()) -> Path:
        cache.cached(obj, sdcc.asm_cmd(self.t, src, obj, list(includes)), [src] + list(inputs),
                     cache.tool_version(self.t.asm), self.log)
        return obj

    @staticmethod
    def area_flags(area: str) -> list:
        """A C file's code and constants in `area`."""
        return ["--codeseg", area, "--constseg", area]

    def assemble_in_area(self, src: str, copy: Path, area: str) -> Path:
        """An assembly implementation's copy in `area` (sdcc_banked_assembly), assembled beside it."""
        copy = sdcc_banked_assembly(src, copy, area)
        obj = copy.with_suffix(".rel")
        cache.cached(obj, sdcc.asm_cmd(self.t, cache.rel(copy), obj), [cache.rel(copy)],
                     cache.tool_version(self.t.asm), self.log)
        return obj

    def object_bytes(self, obj: Path) -> int:
        return sdcc.object_bytes(self.t, obj)

    def link(self, objs: list, places: dict, ihx: Path) -> tuple:
        """The objects linked with each area at its address ({area: (bank << 16) | address})
        -> (the .ihx, the areas' symbols)."""
        cmd = [self.t.cc] + list(self.t.ldflags) + [f"-Wl-b_{a}=0x{at:X}" for a, at in places.items()] + \
            ["-o", cache.rel(ihx)] + [cache.rel(o) for o in objs]
        cache.cached(ihx, cmd, [cache.rel(o) for o in objs], sdcc.version(self.t), self.log)
        return ihx, sdcc.area_symbols(ihx.with_suffix(".noi").read_text())


def sdcc_banked_assembly(src: str, out: Path, area: str) -> Path:
    """An assembly implementation (src/algos/asm/sm83/) as its unit's copy, standing alone (its
    .include files taken in): its code and its page-aligned tables (_CODE, _PAGES) in the unit's
    area, its variables (_DATA) in work RAM.  A table's page is kept by linking its file first in
    a unit placed at a page boundary (banked_sdcc.pack)."""
    copy = re.sub(r"^(\s*)\.area(\s+)_(CODE|PAGES)\b", rf"\1.area\2_{area}", assembly_text(src), flags=re.M)
    out.parent.mkdir(parents=True, exist_ok=True)
    image.write_if_changed(out, copy)
    return out
