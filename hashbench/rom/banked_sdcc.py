# SPDX-License-Identifier: MIT
"""The banked cartridge of an SDCC console with 16 KiB banks (the Game
Boy; a second one declares its own Layout): the rows' units fitted into banks,
packed, called through stubs in bank 0, linked and given the console's
header.  What is the console's own is a `Layout` in its declaration
module (hashbench/rom/gb.py):

    LAYOUT = banked_sdcc.Layout(name="gb", title="Game Boy", platform="src/platform/rom/gb",
                                platform_asm=[...], platform_c=[...], far_call="_hb_gb_far", ...)
    def build(plan, log=lambda m: None):
        return banked_sdcc.build(CONSOLE, LAYOUT, plan, log)

Units: the algorithms' sources grouped where implementations share a
file (banks.sharing: sha256.c for HMAC and PBKDF2, crc_compact.c for
every compact CRC), each compiled into an area of its own
(`--codeseg`/`--constseg ROM_<stem>`, banked.Sdcc) and packed into banks,
largest first (banks.pack, as the cc65 consoles' groups are), each placed
by the linker at its address in its bank (`-Wl-b_ROM_<stem>=0x<bank><addr>`).
The roster's rows point at stubs in bank 0 (`hb_rom_<name>_stubs.s`,
written here: `ld a, bank; ld hl, fn; jp <far_call>`), the platform's far
call maps the row's bank, calls the function and maps back the bank
before.  Of a unit larger than a bank, the entries that fit one together
stay (SHA-256 and HMAC, not PBKDF2); a compact built small where that
shrinks its file (MD4); a portable row that cannot fit gives its place to
its algorithm's compact (the table-driven CRCs); one unit still larger
may run from bank 0's free end through bank 1 (the window, up to
`window_end`); what is left is left out of the image, and said so, with
its size."""
import concurrent.futures
import functools
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from ..errors import BuildError, UserError
from ..paths import BUILD, ROOT
from ..roster import SMALL
from ..targets.console import SMALL_DEFINE, jobs, object_stem, shrinks
from ..toolchain import cache, sdcc
from ..toolchain.cartridge import BANK, area_end, home_end
from . import banked, banks, image

PAGE = 256               # an assembly table's page (pearson8.s indexes it by its low byte)
EMPTY_FN = "hb_rom_nothing"   # hb_rom_app.c's empty function: hb_rom_config.h calls it through stub_name's stub


@dataclass(frozen=True)
class Layout:
    """What an SDCC banked console declares: its platform files, its
    memory, its far call and its header."""
    name: str                  # the build folder's and the stubs' name (build/rom/<name>/)
    title: str                 # the console in messages ("Game Boy")
    platform: str              # its folder: src/platform/rom/<name>
    crt0: str                  # the start-up, first in bank 0
    platform_asm: tuple        # bank 0's assembly (the far call)
    platform_c: tuple          # bank 0's C (the platform, the engine's pieces, the font)
    app: tuple                 # the application (src/engine/rom/)
    includes: tuple            # -I flags of every C file
    far_call: str              # the platform's routine a stub jumps to: A the bank, HL the function
    ram_start: int             # work RAM's first address
    ram_end: int               # where the variables must end (the stack above)
    window_end: int            # the end of bank 0's free end and bank 1, for one unit larger than a bank
    header: Callable           # (banks) -> the makebin flags of the image's header
    check_header: Callable     # (image bytes) -> [problem]
    suffix: str                # the image's file name (".gb")

    @property
    def algo_objects(self) -> Path:
        """The algorithms' objects, which every image shares (an object depends on its source and area only)."""
        return BUILD / "rom" / self.name / "algos"

    def headers(self) -> list:
        return image.headers(self.platform)

    def stub_name(self, symbol: str) -> str:
        return f"hb_{self.name}_far_" + symbol


@dataclass
class Unit:
    """Algorithm sources that must share a bank, and the entries they serve."""
    sources: list
    entries: list = field(default_factory=list)  # (Algorithm, impl name)
    size: int = 0
    bank: int = 0
    offset: int = 0
    small: bool = False   # every source that has one built small (SMALL_DEFINE)
    window: bool = False  # from bank 0's free end on through bank 1 (link)

    @property
    def paged(self) -> list:
        """Its sources holding a table that wants a 256-byte page of its own (an assembly
        implementation's _PAGES): linked first, at a page boundary of the bank (pack)."""
        return [s for s in self.sources if wants_page(s)]

    @property
    def area(self) -> str:
        name = object_stem(self.sources[0]).replace("-", "_")   # asm_sm83_crc32, apart from crc32.c's
        return "ROM_" + name + ("_small" if self.small else "")


PAGES = re.compile(r"^\s*\.area\s+_PAGES\b", re.M)


@functools.cache
def wants_page(src: str) -> bool:
    """Whether an assembly source puts a table in _PAGES (read once: the packer asks often)."""
    return src.endswith(".s") and bool(PAGES.search((ROOT / src).read_text()))


banked_assembly = banked.sdcc_banked_assembly


def units(entries) -> list:
    """[(Algorithm, impl name)] -> [Unit]: the entries whose implementations
    share a source file (transitively) in one unit, in the entries' order."""
    return [Unit(srcs, members) for srcs, members in banks.sharing(entries, lambda e: e[0].code(e[1]).sources)]


def pack(all_units, first_bank: int = 1) -> tuple:
    """Units -> (placed, too large) (hashbench/rom/banks.py), into banks
    first_bank, first_bank + 1, ...; sets each unit's bank and offset."""
    placed, too_large, _used = banks.pack(all_units, lambda u: u.size + (PAGE - 1 if u.paged else 0), BANK, first_bank)
    for place in placed:   # a paged unit took a page more than it needs: room to round its start up
        offset = -(-place.offset // PAGE) * PAGE if place.piece.paged else place.offset
        place.piece.bank, place.piece.offset = place.bank, offset
    return [place.piece for place in placed], too_large


def rom_banks(placed) -> int:
    """Banks the image declares and is padded to: a power of two, at least 2."""
    n = 1 + max((u.bank for u in placed), default=1)  # a window unit is in bank 1
    return 1 << max(1, (n - 1).bit_length())


@dataclass
class Built(image.Built):
    placed: list = field(default_factory=list)  # Units, with their banks
    banks: int = 2         # the image's 16 KiB banks (a power of two)
    home_bytes: int = 0    # bank 0 in use

    def bank_of(self, algo_id: str, impl: str) -> int:
        for u in self.placed:
            if any(a.id == algo_id and i == impl for a, i in u.entries):
                return u.bank
        raise KeyError((algo_id, impl))


class Builder:
    """Compiles and links one image of `console` (its Layout `layout`) in `out_dir`
    with the target's compiler and flags; the algorithms' objects go to
    layout.algo_objects, which every image shares."""

    def __init__(self, console, layout: Layout, target, out_dir: Path | None = None, log=lambda m: None):
        self.console, self.layout, self.t, self.log = console, layout, target, log
        self.out_dir = out_dir or BUILD / "rom" / layout.name
        self.cc = banked.Sdcc(target, layout.includes, layout.headers(), log)
        self.source_bytes = {}

    def _assemble(self, src, obj: Path):
        """With the generated hb_rom_screen.inc (gb_asm.s: the screen's width)."""
        incs = [cache.rel(p) for p in (ROOT / "src" / "platform" / "guest").glob("*.inc")]
        return self.cc.assemble(src, obj, [f"-I{cache.rel(self.out_dir)}"],
                                [cache.rel(self.out_dir / "hb_rom_screen.inc")] + incs)

    def small(self, src: str) -> bool:
        return Path(src).stem in self.t.no_portable_tables

    def runs_compact_code(self, algo, impl: str) -> bool:
        """Where the target builds a source small (rolled rounds, no big
        tables), `portable` runs the compact code: only the compact is
        measured, as in `cross --target gb`."""
        return impl == "portable" and algo.has_compact and any(self.small(s) for s in algo.impls[impl].sources)

    def runs_small_code(self, algo, impl: str) -> bool:
        """`portable` without a compact, built small: other code, SMALL (as `cross --target <target>` stores it)."""
        return impl == "portable" and not algo.has_compact and any(self.small(s) for s in algo.impls[impl].sources)

    def compile_unit(self, unit: Unit) -> list:
        """The unit's objects, in its own area; sets unit.size and each
        source's size in source_bytes."""
        objs = []
        paged = unit.paged
        order = paged + [s for s in unit.sources if s not in paged]   # a page's file first: at the start
        for src in order:
            stem = Path(src).stem
            if src.endswith(".s"):   # the CPU's own implementation (sdasgb), its areas made the unit's
                objs.append(self.cc.assemble_in_area(src, self.layout.algo_objects / unit.area / (object_stem(src) + ".s"),
                                                     unit.area))
                continue
            flags = self.t.source_cflags.get(stem, []) + self.cc.area_flags(unit.area)
            obj = self.layout.algo_objects / unit.area / (stem + ".rel")
            objs.append(self.cc.compile(src, obj, [SMALL_DEFINE] if unit.small or self.small(src) else [], flags))
        for src, o in zip(order, objs):
            self.source_bytes[src] = self.cc.object_bytes(o)
        unit.size = sum(self.source_bytes[src] for src in unit.sources)
        return objs

    def compile_all(self, all_units) -> dict:
        with concurrent.futures.ThreadPoolExecutor(max_workers=jobs()) as pool:  # SDCC: seconds a file
            futures = {id(u): pool.submit(self.compile_unit, u) for u in all_units}
        return {k: f.result() for k, f in futures.items()}

    def fitting_part(self, unit: Unit):
        """Of a unit larger than a bank, the entries that fit one together,
        taken in order while they do (SHA-256 and HMAC, without PBKDF2) ->
        a Unit, or None where not even the first fits."""
        kept, srcs = [], set()
        for a, i in unit.entries:
            more = srcs | set(a.code(i).sources)
            if sum(self.source_bytes[s] for s in more) <= BANK:
                kept.append((a, i))
                srcs = more
        return Unit(sorted(srcs), kept) if kept else None

    def small_part(self, unit: Unit):
        """Of a unit larger than a bank, its compact entries built small
        (SMALL_DEFINE: rolled rounds for the portable code, which they do
        not run; their own code is the same), where a source shrinks so ->
        a Unit, or None."""
        compacts = [(a, i) for a, i in unit.entries if i == "compact"]
        srcs = sorted({s for a, i in compacts for s in a.code(i).sources})
        if compacts and any(shrinks(s) for s in srcs if not self.small(s)):
            return Unit(srcs, compacts, small=True)
        return None

    def place(self, entries, window=None) -> tuple:
        """Compiles the entries' units and packs them into banks ->
        (placed units, units larger than a bank, {unit: its objects}).
        window: the entries of the unit that goes from bank 0's free end
        through bank 1 (its objects those it has in a bank: not compiled
        again), bank 1 then left to it."""
        in_window = {(a.id, i) for a, i in window or []}
        all_units = units([e for e in entries if (e[0].id, e[1]) not in in_window])
        objs = self.compile_all(all_units)
        parts = [p for u in all_units if u.size > BANK for p in [self.fitting_part(u)] if p]
        objs.update(self.compile_all(parts))
        kept = {(a.id, i) for u in parts for a, i in u.entries}
        small = [p for u in all_units if u.size > BANK and not any((a.id, i) in kept for a, i in u.entries)
                 for p in [self.small_part(u)] if p]
        objs.update(self.compile_all(small))
        parts += [u for u in small if u.size <= BANK]
        placed, too_large = pack([u for u in all_units if u.size <= BANK] + parts, 2 if window else 1)
        if window:
            w = Unit(sorted({s for a, i in window for s in a.code(i).sources}), list(window), bank=1, window=True)
            objs.update(self.compile_all([w]))
            placed.append(w)
        kept = {(a.id, i) for u in parts for a, i in u.entries}
        for u in all_units:
            if u.size > BANK:
                u.entries = [(a, i) for a, i in u.entries if (a.id, i) not in kept]
                too_large.append(u)
        return placed, [u for u in too_large if u.entries], objs

    def link(self, placed, unit_objs, home_sources, generated, stem="hashbench") -> Built:
        """The image: start-up, platform, `home_sources` and the `generated`
        files (.c compiled, .s assembled, every one an input of the bank-0
        sources) in bank 0, the placed units in their banks."""
        odir = self.out_dir / "obj"
        lay = self.layout
        image.write_config(self.console, self.out_dir)
        gen = [cache.rel(g) for g in generated]
        objs = [self._assemble(lay.crt0, odir / "crt0.rel")]
        objs += [self._assemble(s, odir / (Path(s).stem + ".rel")) for s in list(lay.platform_asm) +
                 [g for g in gen if g.endswith(".s")]]
        objs += [self.cc.compile(s, odir / (Path(s).stem + ".rel"), inputs=gen,
                                 includes=[f"-I{cache.rel(self.out_dir)}"])
                 for s in list(lay.platform_c) + list(home_sources) + [g for g in gen if g.endswith(".c")]]
        objs += [o for u in placed for o in unit_objs[id(u)]]
        places = {u.area: (u.bank << 16) | (BANK + u.offset) for u in placed if not u.window}
        window = [u for u in placed if u.window]

        def linked(stem, at):   # -> the image's area symbols; `at`: where the window unit starts
            return self.cc.link(objs, {**places, **{u.area: at for u in window}}, self.out_dir / f"{stem}.ihx")

        # bank 0's areas end where they end wherever the window unit is: a first link (it at bank 1's
        # start) finds that end, the image's puts the unit there
        at = home_end(linked(f"{stem}-bank0", (1 << 16) | BANK)[1]) if window else 0
        ihx, syms = linked(stem, at)
        home = home_end(syms)
        if home > BANK:
            raise BuildError(f"{ihx.name}: bank 0 (start-up, platform, application, roster table, SDCC's "
                             f"runtime) is {home - BANK} bytes too large: ends at 0x{home:X}")
        ram = max(area_end(syms, a) for a in ("DATA", "INITIALIZED", "BSS", "HEAP"))
        if ram > lay.ram_end:
            raise BuildError(f"{ihx.name}: data end at 0x{ram:X}, past 0x{lay.ram_end:X} (work RAM below the stack)")
        end = max([area_end(syms, u.area) for u in window], default=0)
        if end > lay.window_end:
            raise BuildError(f"{ihx.name}: {end - lay.window_end} bytes too large for bank 0's free end and bank 1",
                             window_over=end - lay.window_end)
        n_banks = rom_banks(placed)
        if sdcc.ihx_end(ihx.read_text()) > n_banks * BANK:
            raise BuildError(f"{ihx.name}: code past the {n_banks} banks the image declares")
        rom = self.out_dir / f"{stem}{lay.suffix}"
        cache.cached(rom, ["makebin"] + lay.header(n_banks) + [cache.rel(ihx), cache.rel(rom)],
                     [cache.rel(ihx)], "", self.log)
        problems = lay.check_header(rom.read_bytes())
        if problems:
            raise BuildError(f"{rom.name}: " + "; ".join(problems))
        code = home + sum(u.size for u in placed)  # a window unit's code is in neither: counted once
        return Built(rom, code, len(rom.read_bytes()), code, ram - lay.ram_start, placed, n_banks, home)


@dataclass
class StubRow(image.Row):
    """A row whose table entry is its bank-0 stub, not the function itself."""
    layout: Layout = None

    @property
    def symbol(self) -> str:
        return self.layout.stub_name(self.code.symbol)


def larger_than_a_bank(u: Unit, cpu: str) -> str:
    return (f"{u.size} bytes of {cpu} code and tables with {', '.join(Path(x).name for x in u.sources)}: "
            f"larger than a {BANK // 1024} KiB bank")


def write_stubs(layout: Layout, placed, folder: Path, empty: bool = True) -> Path:
    """hb_rom_<name>_stubs.s: per placed function, `ld a, bank; ld hl, fn; jp <far_call>`;
    empty: the application's empty function's too (EMPTY_FN)."""
    far = layout.far_call
    lines = [f"; generated by hashbench/rom/banked_sdcc.py: each row's way into its bank ({far})",
             f"        .module hb_rom_{layout.name}_stubs", "        .area   _CODE", f"        .globl  {far}"]
    for u in placed:
        for sym in sorted({a.code(i).symbol for a, i in u.entries}):
            lines += [f"_{layout.stub_name(sym)}::", f"        ld      a, #{u.bank}", f"        ld      hl, #_{sym}",
                      f"        jp      {far}"]
    if empty:   # the harness's empty call as a row's: a far stub mapping an algorithm's bank
        lines += [f"_{layout.stub_name(EMPTY_FN)}::", f"        ld      a, #{placed[0].bank}",
                  f"        ld      hl, #_{EMPTY_FN}", f"        jp      {far}"]
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"hb_rom_{layout.name}_stubs.s"
    text = "\n".join(lines) + "\n"
    image.write_if_changed(path, text)
    return path


def build(console, layout: Layout, plan: image.Plan, log=lambda m: None) -> Built:
    """The image of `plan`'s rows that fit: the app and the platform in bank 0,
    the rows' units in the banks, and one unit larger than a bank, where
    one fits there, from bank 0's free end through bank 1.  The rows that
    do not fit move from plan.rows to plan.left_out, with why."""
    t = console.description()
    b = Builder(console, layout, t, image.build_folder(console.name, plan), log)
    left_out = list(plan.left_out)
    asked = {(r.algo.id, r.impl) for r in plan.rows}
    rows = []

    def instead(r, why):
        """A portable row the image cannot hold as such: its compact, unless asked for too."""
        if (r.algo.id, "compact") in asked:
            left_out.append((r.algo.id, r.impl, why + ": measured as compact"))
            return None
        left_out.append((r.algo.id, r.impl, why + ": the image holds the compact in its place"))
        return image.Row(r.algo, "compact", "")

    for r in plan.rows:
        if b.runs_compact_code(r.algo, r.impl):
            r = instead(r, f"built with {SMALL_DEFINE} for the {console.cpu}, where it runs the compact code")
        elif b.runs_small_code(r.algo, r.impl):
            r = image.Row(r.algo, SMALL, "")
        if r:
            rows.append(r)
    log(f"rom: compiling {len({s for r in rows for s in r.code.sources})} algorithm files with "
        f"{t.cc} for the {layout.title}")
    placed, too_large, objs = b.place([(r.algo, r.impl) for r in rows])
    too_big = {(a.id, i): (u, a) for u in too_large for a, i in u.entries}
    swap = {k: instead(next(r for r in rows if (r.algo.id, r.impl) == k), larger_than_a_bank(u, console.cpu))
            for k, (u, a) in too_big.items() if k[1] == "portable" and a.has_compact}
    if any(swap.values()):   # the compacts of the portables too large for a bank
        rows = [swap.get((r.algo.id, r.impl), r) for r in rows if swap.get((r.algo.id, r.impl), r)]
        placed, too_large, objs = b.place([(r.algo, r.impl) for r in rows])
    entries = [(r.algo, r.impl) for r in rows]
    bigger = {(a.id, i) for u in too_large for a, i in u.entries}
    # one unit larger than a bank may run from bank 0's free end through bank 1: the first in the
    # roster's order that fits there (the application and the table take the rest of bank 0)
    candidates = [u.entries for u in units(entries) if any((a.id, i) in bigger for a, i in u.entries)]
    for window in candidates + [None]:
        placed, too_large, objs = b.place(entries, window)
        dropped = list(left_out)
        for u in too_large:
            dropped += [(a.id, i, larger_than_a_bank(u, console.cpu)) for a, i in u.entries if (a.id, i) not in swap]
        fits = {(a.id, i) for u in placed for a, i in u.entries}
        held = [(r.algo, r.impl) for r in rows if (r.algo.id, r.impl) in fits]
        if not held:
            raise UserError(f"rom: none of the selected rows fits the {layout.title} image: " +
                            "; ".join(f"{a}/{i}: {why}" for a, i, why in dropped))
        # the labels made anew: a compact put in a portable's place may share one
        plan.rows[:] = [StubRow(a, i, lab, layout) for (a, i), lab in zip(held, image.labels(held))]
        plan.left_out[:] = dropped
        generated = image.write_generated(plan, b.out_dir, console) + [write_stubs(layout, placed, b.out_dir)]
        log(f"rom: linking the {layout.title} image ({len(held)} rows in {len({u.bank for u in placed})} banks"
            + (f", {'/'.join(sorted({a.id for a, _ in window}))} from bank 0 into bank 1)" if window else ")"))
        try:
            return b.link(placed, objs, layout.app, generated)
        except BuildError as exc:
            if not (window and "window_over" in exc.data):
                raise
            # a trial, not a failure: the next candidate (or none) is tried
            log(f"rom: {'/'.join(sorted({a.id for a, _ in window}))} is {exc.data['window_over']} bytes too large "
                "for bank 0's free end and bank 1; trying the next")


