# SPDX-License-Identifier: MIT
"""The NES's ROM image: the shared application (src/engine/rom/) on the NES
platform (src/platform/rom/nes/), every file compiled by cc65 with the `nes`
target's flags (targets/nes.toml: -O; `-t nes` in place of `-t sim6502`,
which changes no code the algorithms get), so that the ROM's frame counts
and `hashbench cross --target nes`'s exact cycles measure the same C.

The cartridge is Nintendo's SXROM board, iNES mapper 1 (MMC1), as a NES 2.0
header describes it:
  PRG-ROM   128 or 256 KiB in 16 KiB banks; the last is fixed at $C000 (the
            application, the platform, cc65's runtime, the rows' reference
            digests and the trampolines), one of the others at $8000 (the
            algorithms);
  CHR-RAM   8 KiB, the font loaded at start-up from bank 0;
  PRG-RAM   32 KiB, battery-backed, 8 KiB at a time at $6000: bank 0 the
            variables, banks 1-3 the records (save file bytes 0x2000-0x7FFF).

Packing: the rows' core files form groups (rows that share a file share a
group); each group goes whole into one bank, first fit, largest first.  A
group larger than a bank is compiled with HB_NO_PORTABLE_TABLES (rolled
rounds, as the Game Boy builds them); if it is still too large, it splits
into its algorithms, each with its own copy of the files they shared (every
group's exported names carry the group's name, so copies never clash).
Each row's function is reached through a trampoline in the fixed bank that
maps its bank (11 cycles a call when it is mapped already, which it is in a
timing loop) and jumps to it, so the application calls it as on any other
console; the harness's empty function is reached through one too, so that a
row's figure (less the harness's) counts its own code, as sim65's does.
The variables of all groups share one address range (one row runs at a
time, and cc65's static locals are set at each call)."""
import concurrent.futures
import hashlib
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from ..build import assembly_includes, assembly_text, cache, cc65
from ..errors import BuildError
from ..paths import ROOT
from ..roster import SMALL
from ..targets.console import object_stem  # asm-6502-crc8.o beside crc8.c's crc8.o
from . import banks, image
from .console import Console
from .play import Web

PLATFORM = ("src/platform/rom/nes/nes.c",)
CRT0 = "src/platform/rom/nes/crt0.s"
RUNTIME = "src/platform/rom/nes/runtime.s"   # the runtime routines the fixed bank always holds
CONFIG_DIR = "src/platform/rom/nes"
FONT = "src/engine/rom/hb_font.c"   # in bank 0 (nes.c maps it to load the CHR-RAM)
SYSTEM = "nes"               # cc65's -t for the ROM (the target's is sim6502, which changes no algorithm's code)

BANK = 0x4000
STUB = 16                    # the reset stub and vectors at the end of every bank
BANK_ROOM = BANK - STUB
MIN_BANKS, MAX_BANKS = 8, 16  # SXROM: 128 KiB (the emulators' board test) to 256 KiB
SMALL_DEFINE = "HB_NO_PORTABLE_TABLES"
EMPTY_FN = "hb_rom_nothing_far"   # hb_rom_config.h's HB_ROM_EMPTY_FN: the empty call through a trampoline
NES_LIB = "nes.lib"          # cc65's runtime for the NES (the Debian package's)
# RAM: zero page; the stack page; the NMI's text queue; cc65's C stack;
# the platform's own variables (nes.c: they must stay visible while it maps
# the records' PRG-RAM banks); the PRG-RAM's bank 0 for every other variable.
RING_AT, STACK_AT, STACK_END, PLATFORM_RAM_END = 0x0200, 0x0300, 0x06C0, 0x0800
WRAM_AT, WRAM_END = 0x6000, 0x8000


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


@dataclass
class Built(image.Built):
    """image.Built (text_bytes: the PRG-ROM's code and constants) and the
    NES image's banks."""
    banks: int = 0          # 16 KiB PRG-ROM banks, the fixed one included
    banks_used: int = 0     # banks holding algorithm code
    fixed_bytes: int = 0    # the fixed bank's code and constants
    groups: list = field(default_factory=list)
    plan: object = None     # the plan built (build() updates the caller's: rows a small build made one)
    left_out: list = field(default_factory=list)   # [(algo id, impl, why)]


def compile_c(t, src: str, obj: Path, gen: Path, extra=(), log=lambda m: None, config_dir: str = CONFIG_DIR) -> Path:
    """One C file with cc65 for the NES (or the Super NES: its `config_dir`),
    the generated headers in `gen`."""
    return cc65.compile_to_object(t, SYSTEM, src, obj, extra, image.includes(config_dir, gen),
                                  image.headers(config_dir) + [cache.rel(gen / "hb_rom_screen.h")], log)


def banked_assembly(src: str, out: Path, seg: str, names, banked) -> Path:
    """An assembly implementation (src/algos/asm/6502/) as a group's copy:
    its segments the group's (the zero page stays the zero page) and every
    name the group's files export renamed as the C files are (-D), written
    to `out` for ca65.  A file it .includes (beside it) is taken into the
    copy, which then stands alone."""
    text = assembly_text(src)
    for plain, mine in (("CODE", "C"), ("RODATA", "R"), ("BSS", "B"), ("DATA", "D"), ("ALGOCODE", "C"),
                        ("PAGED", "T")):
        text = re.sub(rf'(\.segment\s+)"{plain}"', rf'\1"{seg}{mine}"', text)
    for n in names:
        text = re.sub(rf"\b_{n}\b", "_" + banked(n), text)
    out.parent.mkdir(parents=True, exist_ok=True)
    image.write_if_changed(out, text)
    return out


def compile_source(t, src: str, obj: Path, gen: Path, extra=(), log=lambda m: None, config_dir: str = CONFIG_DIR):
    """A C file with cc65 (compile_c), or an assembly file with ca65."""
    if src.endswith(".s"):
        return cc65.assemble(SYSTEM, ROOT / src, obj, [cache.rel(ROOT / i) for i in assembly_includes(src)], log=log)
    return compile_c(t, src, obj, gen, extra, log, config_dir)


def group_rows(rows) -> list:
    """Rows joined where they share a core file."""
    groups = []
    for r in rows:
        srcs = set(r.code.sources)
        joined = [g for g in groups if srcs & set(g.sources)]
        g = Group(sorted(srcs.union(*[set(j.sources) for j in joined])), [x for j in joined for x in j.rows] + [r])
        groups = [x for x in groups if x not in joined] + [g]
    return groups


def compile_group(t, g: Group, folder: Path, gen: Path, log, config_dir: str = CONFIG_DIR,
                  page_tables: bool = False) -> Group:
    """The group's files in its own segments, every name they export
    renamed for the group (-D), so that a file two groups need can sit in
    both banks: once as the files are, to learn the names, then renamed.
    page_tables: the tables a byte indexes (HB_PAGE_TABLES_BEGIN,
    src/algos/hb_config.h) in a segment of their own, <group>T, and the
    code started on a page (linker_config), as sim65's programs have them
    (src/platform/guest/sim65.cfg): the group's bytes then count its code
    and constants to the next page."""
    seg = g.name
    small = ["-D" + SMALL_DEFINE] if g.small else []
    odir = folder / "groups" / (seg + ("-small" if g.small else ""))
    plain = [compile_source(t, s, odir / "plain" / (object_stem(s) + ".o"), gen, small, log, config_dir)
             for s in g.sources]
    names = sorted({n for o in plain for n in cc65.exports(o)})
    extra = ["--code-name", seg + "C", "--rodata-name", seg + "R", "--bss-name", seg + "B", "--data-name",
             seg + "D"] + [f"-D{n}={g.banked(n)}" for n in names] + small + \
        ([f"-DHB_PAGE_SEGMENT={seg}T"] if page_tables else [])
    g.objects = [cc65.assemble(SYSTEM, banked_assembly(s, odir / (object_stem(s) + ".s"), seg, names, g.banked),
                               odir / (object_stem(s) + ".o"), log=log) if s.endswith(".s") else
                 compile_c(t, s, odir / (Path(s).stem + ".o"), gen, extra, log, config_dir) for s in g.sources]
    rom = ram = 0
    for o in g.objects:
        sz = cc65.segment_sizes(o)
        if sz.get(seg + "D", 0):
            raise BuildError(f"rom: {o.name}: initialised variables, which a banked file cannot have")
        if sz.get(seg + "T", 0) % 256:
            raise BuildError(f"rom: {o.name}: {sz[seg + 'T']} bytes of page-aligned tables, not whole pages")
        rom += sz.get(seg + "C", 0) + sz.get(seg + "R", 0) + sz.get(seg + "T", 0)
        ram += sz.get(seg + "B", 0)
    g.rom_bytes, g.ram_bytes = (-(-rom // 256) * 256 if page_tables else rom), ram
    return g


def fit_groups(t, rows, folder: Path, gen: Path, log, room: int = BANK_ROOM, config_dir: str = CONFIG_DIR,
               page_tables: bool = False):
    """-> (groups that each fit a bank of `room` bytes, [(row, why)] left
    out).  A group too large is built small; then split into its
    algorithms, each built as is and then small; an algorithm that fits no
    bank is left out."""
    def build_all(groups):
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, min(4, os.cpu_count() or 1))) as pool:
            return list(pool.map(lambda g: compile_group(t, g, folder, gen, log, config_dir, page_tables), groups))

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


def pack(groups, reserved: int, bank_room: int = BANK_ROOM) -> int:
    """Banks of `bank_room` bytes for the groups (hashbench/rom/banks.py),
    after `reserved` bytes of bank 0 (the NES's font) -> banks used."""
    placed, _too_large, used = banks.pack(groups, lambda g: g.rom_bytes, bank_room, reserved=reserved)
    for place in placed:
        place.piece.bank = place.bank
    return used


def bank_count(used: int) -> int:
    n = MIN_BANKS
    while n < used + 1:
        n *= 2
    if n > MAX_BANKS:
        raise BuildError(f"rom: the rows need {used} banks of algorithm code, more than the {MAX_BANKS - 1} "
                         "an SXROM board holds beside its fixed bank; choose fewer rows (-a, --tier, --impl)")
    return n


def stubs_source(banks: int) -> str:
    """Every bank ends in the same 16 bytes: at power-up the MMC1 may map any
    32 KiB, so each bank's reset vector leads to a stub that resets the
    mapper (which fixes the last bank at $C000) and jumps to the start-up
    there; the stub is the same everywhere, so the jump runs on in the
    fixed bank."""
    return "\n".join([
        "; generated by hashbench/rom/nes.py: the reset stub and vectors of every PRG-ROM bank",
        ".import hb_nes_reset, hb_nes_nmi, hb_nes_irq",
        f".repeat {banks}, I",
        '.segment .sprintf("STUB%d", I)',
        "        sei",
        "        lda #$80",
        "        sta $8000",
        "        jmp hb_nes_reset",
        "        .res 1",
        f"        .word hb_nes_nmi, ${0x10000 - STUB:04X}, hb_nes_irq",
        ".endrepeat", ""])


def trampolines_source(groups) -> str:
    lines = ["; generated by hashbench/rom/nes.py: each row's entry point in the fixed bank",
             "; maps its bank (Y; A and X hold the call's last argument) and jumps to it",
             ".import hb_nes_switch",
             ".importzp hb_nes_bank_now",
             # their own segment, after the fixed bank's code and constants: the application and
             # cc65's runtime keep their addresses whatever the rows (a runtime loop a row calls
             # crosses a page or not alike in every image)
             '.segment "TRAMP"']
    for g in groups:
        for sym in sorted({r.symbol for r in g.rows}):
            lines += [f".export _{sym}", f".import _{g.banked(sym)}",
                      f"_{sym}:", f"        ldy #{g.bank}", "        cpy hb_nes_bank_now", "        beq :+",
                      "        jsr hb_nes_switch", f":       jmp _{g.banked(sym)}"]
    # the empty call (hb_rom_app.c's harness) the way a row is called: its bank is an algorithm's,
    # mapped after the first call of a timing loop as a row's is; the function is in the fixed bank
    lines += [f".export _{EMPTY_FN}", ".import _hb_rom_nothing", f"_{EMPTY_FN}:", f"        ldy #{groups[0].bank}",
              "        cpy hb_nes_bank_now", "        beq :+", "        jsr hb_nes_switch",
              ":       jmp _hb_rom_nothing"]
    return "\n".join(lines) + "\n"


def linker_config(groups, banks: int) -> str:
    """Every group's variables from $6000 (one row runs at a time), the
    application's after the largest group's."""
    fixed = banks - 1
    app_at = WRAM_AT + max([g.ram_bytes for g in groups] + [0])
    mem = ["    ZP:    file = \"\", start = $0010, size = $00F0, type = rw;",
           f"    RINGM: file = \"\", start = ${RING_AT:04X}, size = $0100, type = rw;",
           f"    PLRAM: file = \"\", start = ${STACK_END:04X}, size = ${PLATFORM_RAM_END - STACK_END:04X}, type = rw;",
           f"    WRAM:  file = \"\", start = ${app_at:04X}, size = ${WRAM_END - app_at:04X}, type = rw, define = yes;"]
    segs = ["    ZEROPAGE: load = ZP, type = zp;",
            "    RING:     load = RINGM, type = bss;",
            "    NESBSS:   load = PLRAM, type = bss, define = yes;",
            f"    STARTUP:  load = PRG{fixed}, type = ro;",
            f"    CODE:     load = PRG{fixed}, type = ro;",
            f"    RODATA:   load = PRG{fixed}, type = ro;",
            f"    TRAMP:    load = PRG{fixed}, type = ro;"]
    # each group's page-aligned tables (whole pages) first in its bank, which starts a page: no
    # padding; then each group's code from a page (its bytes counted to the next: compile_group)
    segs += [f"    {g.name}T: load = PRG{g.bank}, type = ro, optional = yes, align = $100;" for g in groups]
    segs += [f"    ONCE:     load = PRG{fixed}, type = ro, optional = yes;",
             f"    DATA:     load = PRG{fixed}, run = WRAM, type = rw, define = yes;",
             # page-aligned: the application's first variable is the workload's buffer, and CRC-32's
             # braided code steps byte by byte up to a 4-byte boundary (sim65's programs have it
             # aligned too: console.c, HB_CONSOLE_BUF_ALIGN)
             "    BSS:      load = WRAM, type = bss, define = yes, align = $100;"]
    for b in range(banks):
        start = 0xC000 if b == fixed else 0x8000
        mem.append(f"    PRG{b}: file = %O, start = ${start:04X}, size = ${BANK_ROOM:04X}, fill = yes, fillval = $FF;")
        mem.append(f"    VEC{b}: file = %O, start = ${0x10000 - STUB:04X}, size = ${STUB:04X}, fill = yes;")
        segs.append(f"    STUB{b}: load = VEC{b}, type = ro;")
    for g in groups:
        mem.append(f"    {g.name}V: file = \"\", start = ${WRAM_AT:04X}, size = ${max(g.ram_bytes, 1):04X}, type = rw;")
        segs += [f"    {g.name}C: load = PRG{g.bank}, type = ro, optional = yes, align = $100;",
                 f"    {g.name}R: load = PRG{g.bank}, type = ro, optional = yes;",
                 f"    {g.name}B: load = {g.name}V, type = bss, optional = yes;"]
    segs.append("    FONT:     load = PRG0, type = ro;")   # after bank 0's groups: no page to wait for
    return "\n".join([
        "# generated by hashbench/rom/nes.py: the NES image's memory (SXROM)",
        "SYMBOLS {",
        f"    __STACK_START__: type = export, value = ${STACK_AT:04X};",
        f"    __STACK_SIZE__: type = export, value = ${STACK_END - STACK_AT:04X};",
        "}", "MEMORY {"] + mem + ["}", "SEGMENTS {"] + segs + ["}", "FEATURES {",
        "    CONDES: type = constructor, label = __CONSTRUCTOR_TABLE__, count = __CONSTRUCTOR_COUNT__, segment = ONCE;",
        "    CONDES: type = destructor, label = __DESTRUCTOR_TABLE__, count = __DESTRUCTOR_COUNT__, segment = RODATA;",
        "    CONDES: type = interruptor, label = __INTERRUPTOR_TABLE__, count = __INTERRUPTOR_COUNT__, "
        "segment = RODATA, import = __CALLIRQ__;",
        "}", ""])


def nes2_header(prg_banks: int) -> bytes:
    """NES 2.0: mapper 1, battery, no CHR-ROM (8 KiB CHR-RAM), 32 KiB
    PRG-NVRAM (64 << 9), NTSC timing (the ROM finds its region itself)."""
    flags6 = (1 & 0x0F) << 4 | 0x02          # mapper low nibble, battery, horizontal arrangement (MMC1 sets it)
    flags7 = (1 & 0xF0) | 0x08               # mapper middle nibble, NES 2.0
    return bytes([0x4E, 0x45, 0x53, 0x1A, prg_banks, 0, flags6, flags7, 0, 0, 0x90, 0x07, 0, 0, 0, 0])


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


def keep_fitting(plan: image.Plan, groups, left, console: str = "NES"):
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


def build(plan: image.Plan, log=lambda m: None) -> Built:
    t = CONSOLE.description()
    folder = image.build_folder(CONSOLE.name, plan)
    gen = folder / "gen"
    image.write_screen(CONSOLE, gen)
    log(f"rom: building the NES image ({len(plan.rows)} rows, {len(plan.sources())} algorithm files)")
    groups, left_out = keep_fitting(plan, *fit_groups(t, plan.rows, folder, gen, log, page_tables=True))
    generated = image.write_generated(plan, gen, CONSOLE)
    font = compile_c(t, FONT, folder / "obj" / "hb_font.o", gen, ["--rodata-name", "FONT"], log)
    used = pack(groups, cc65.segment_sizes(font).get("FONT", 0))
    prg_banks = bank_count(used)
    image.write_if_changed(folder / "stubs.s", stubs_source(prg_banks))
    image.write_if_changed(folder / "trampolines.s", trampolines_source(groups))
    cfg = folder / "nes.cfg"
    image.write_if_changed(cfg, linker_config(groups, prg_banks))
    objs = [cc65.assemble(SYSTEM, ROOT / CRT0, folder / "obj" / "crt0.o", log=log),
            cc65.assemble(SYSTEM, ROOT / RUNTIME, folder / "obj" / "runtime.o", log=log),
            cc65.assemble(SYSTEM, folder / "stubs.s", folder / "obj" / "stubs.o", log=log),
            cc65.assemble(SYSTEM, folder / "trampolines.s", folder / "obj" / "trampolines.o", log=log)]
    objs += [compile_c(t, s, folder / "obj" / (Path(s).stem + ".o"), gen, ["--bss-name", "NESBSS"], log)
             for s in PLATFORM]
    fixed_sources = [s for s in image.ENGINE_SOURCES if s != FONT] + [cache.rel(generated[1])]
    objs += [compile_c(t, s, folder / "obj" / (Path(s).stem + ".o"), gen, (), log) for s in fixed_sources]
    objs += [font] + [o for g in groups for o in g.objects]
    prg = cc65.link_image(cfg, objs, [NES_LIB], folder / "prg.bin", folder / "map.txt", log)
    unlisted = cc65.runtime_unlisted([o for g in groups for o in g.objects], ROOT / RUNTIME)
    if unlisted:
        log(f"rom: warning: the rows call cc65 runtime routines {RUNTIME} does not list ({', '.join(unlisted)}): "
            "the fixed bank's layout, and the figures of rows that call the runtime, depend on this image's rows")
    data = prg.read_bytes()
    if len(data) != prg_banks * BANK:
        raise BuildError(f"rom: ld65 wrote {len(data)} bytes of PRG-ROM, not {prg_banks} banks")
    rom = folder / "hashbench.nes"
    image.write_image(rom, nes2_header(prg_banks) + data)
    sizes = cc65.map_sizes(folder / "map.txt")
    fixed = sum(sizes.get(s, 0) for s in ("STARTUP", "CODE", "RODATA", "TRAMP", "ONCE", "DATA"))
    ram = sizes.get("BSS", 0) + sizes.get("DATA", 0) + max([g.ram_bytes for g in groups] + [0])
    if WRAM_AT + ram > WRAM_END:
        raise BuildError(f"rom: the variables take {ram} bytes, more than the PRG-RAM bank's 8 KiB")
    code = fixed + sum(g.rom_bytes for g in groups) + sizes.get("FONT", 0)
    return Built(rom, code + STUB * prg_banks, rom.stat().st_size, code, ram, banks=prg_banks, banks_used=used,
                 fixed_bytes=fixed, groups=groups, plan=plan, left_out=left_out)


def describe(built: Built) -> str:
    small = sorted({r.algo.id for g in built.groups if g.small for r in g.rows})
    return (f"{built.image_bytes // 1024} KiB image (NES 2.0 header, mapper 1 SXROM: {built.banks} PRG-ROM banks "
            f"of 16 KiB, {built.banks_used} holding algorithms, the fixed bank {built.fixed_bytes} bytes used; "
            f"8 KiB CHR-RAM), 32 KiB battery PRG-RAM ({built.ram_bytes} bytes of variables, 24 KiB of records)"
            + (f"; built with {SMALL_DEFINE} to fit a bank (rolled rounds: their portable rows held as "
               f"compact, or as small without a compact): {', '.join(small)}" if small else ""))


CONSOLE = Console(
    name="nes", run_target="nes-rom", target="nes", build=build, describe=describe,
    timer=("CPU cycles, from the vertical-blank frames and a calibrated loop counted to the next one, at "
           "the clock of the region the ROM's start-up test finds (NTSC, PAL or Dendy)"),
    title="NES (MOS 6502 1.79 MHz, cc65 -O, MMC1 banks): the ROM image's own timer (frames and a calibrated loop, CPU cycles)",
    screen=(32, 30),             # the whole nametable, 256x240 pixels
    emulator="nestopia",
    emulator_options={"nestopia_favored_system": "ntsc", "nestopia_overscan_v": "disabled",
                      "nestopia_overscan_h": "disabled"},
    assembles=True,              # src/algos/asm/6502/ (ca65): `--impl 6502`
    records_offset=0x2000,       # PRG-RAM bank 1
    slowest_call_s=300.0,        # PBKDF2's two calls (verified, then timed), 2 min each
    settle_frames=200,           # a whole table redrawn: about 4 frames a row (the 6502 formats the figures)
    cc="cc65", cflags=lambda t: cc65.system_cflags(t, SYSTEM),
    # NTSC and the whole picture, as above (this Nestopia names each edge's overscan)
    web=Web("nestopia", "Nestopia", (".nes",), 60.0988,
            options={"nestopia_favored_system": "ntsc", "nestopia_overscan_v_top": "0",
                     "nestopia_overscan_v_bottom": "0", "nestopia_overscan_h_left": "0",
                     "nestopia_overscan_h_right": "0"}))
