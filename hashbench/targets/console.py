# SPDX-License-Identifier: MIT
"""Console targets: the 8- and 16-bit consoles' CPUs with exact cycles - the
6502 (NES) under sim65, the SM83 (Game Boy) and the ARM7TDMI (GBA) under
mGBA, the Z80 under ucsim (hashbench.meters.sim65, mgba, ucsim).

These machines have 2 to 32 KiB of RAM, so each algorithm is its own small
program: the console engine (src/engine/guest/console.c) compiled with that
algorithm's one-shot functions and linked against a library of only the
core files they need (the roster's source lists).  A file the compiler
rejects, or a program too large for the ROM, costs only its own algorithm.

Small builds: SDCC's written-out rounds can be larger than a Game Boy ROM.
Sources a target lists in `no_portable_tables` are always compiled with
HB_NO_PORTABLE_TABLES (rolled rounds, no big tables); any other program that
does not fit is built again that way, in a library of its own.  There
`portable` runs the compact code: an algorithm with a compact reports only
that; one without reports that code as `small` (roster.SMALL), with a note
and `defines`: never as `portable`, which names the written-out code.

A target whose console image packs its rows into banks (the NES) names that
console in `small_as_rom`: the algorithms the default image builds small to
fit a bank (its own fit, hashbench.rom: no list kept here) are measured so
too, as `small` (--impl small, part of `all`), beside their portable code,
so that every row of the image has its figure here."""
import concurrent.futures
import copy
import dataclasses
import functools
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from .. import roster
from ..errors import BuildError, UserError
from ..meters import CONSOLE, for_target, named, own_meters
from ..meters.contract import HasContext
from ..meters.exact import NotRepeatable, empty_call_fields, fill_exact, with_empty_calls
from ..paths import BUILD, ROOT
from ..progress import Ticker
from ..results.result import Build, Note
from ..results.verify import checked
from ..roster import SMALL
from ..toolchain import TOOLCHAINS, assembly_includes, cache, cartridge, toolchain
from ..toolchain.configs import replace_opt
from . import Outcome, Target
from .compile_times import DEFAULT_COMPILE_S, CompileTimes, current, jobs

ENGINE = "src/engine/guest/console.c"
SUPPORT = ["src/engine/hb_workload.c", "src/engine/hb_record.c"]
INCLUDES = ["-Isrc/platform/guest", "-Isrc/engine", "-Isrc/algos"]
SMALL_DEFINE = "HB_NO_PORTABLE_TABLES"
SAMPLE_FIELDS = ("calls", "count")


@dataclass(kw_only=True)
class ConsoleTarget(Target):
    toolchain: str            # cc65 | sdcc | gcc (hashbench.toolchain)
    system: str               # the console: nes, gb, msx, gba (the meter's constants follow it)
    cc: str
    cflags: list
    ldflags: list
    platform: list            # the guest platform's sources
    meter: str                # sim65 | mgba | ucsim: what reads the cycles
    runner: list
    bits: int = 8
    defines: list = field(default_factory=list)
    crt0: str = ""            # start-up assembly (sdcc, gcc)
    asm: str = ""             # sdcc's assembler for crt0 (sdasgb, sdasz80)
    linker_script: str = ""   # gcc
    rom: str = ""             # gb: makebin -Z; gba: objcopy + header check
    u64: bool = True          # has a 64-bit integer type (cc65 has none)
    max_size: int = 1024      # the program's static buffer
    rom_end: int = None       # sdcc: code and constants end below this address
    ram_end: int = None       # sdcc: data ends below this (the stack above)
    no_portable_tables: list = field(default_factory=list)  # stems of src/algos/*.c always built small
    source_cflags: dict = field(default_factory=dict)       # {stem: [flags]}: a compiler bug's workaround
    algo_cflags: list = field(default_factory=list)         # flags of src/algos/*.c only (nes: their code's segment)
    cartridge: dict = field(default_factory=dict)           # gb: the banked ROM (hashbench/toolchain/cartridge.py)
    small_as_rom: str = ""    # the console (hashbench.rom) whose default image decides which algorithms run small

    build_tag = ""            # not a field: a stand-in's builds go apart (hashbench.meters.cycle_model_console)
    substitute = None         # not a field: other code in place of ours (substituted)
    variant = None            # not a field: a BuildConfig replacing the -O level (with_build)
    image_small = None        # not a field: {algorithm id} built small as one image built them (a study's own image)

    def check(self):
        if self.toolchain not in TOOLCHAINS:
            raise UserError(f"{self.path}: toolchain must be " + " or ".join(f"'{k}'" for k in TOOLCHAINS))
        if self.meter not in own_meters(CONSOLE):
            raise UserError(f"{self.path}: meter must be " + " or ".join(f"'{k}'" for k in own_meters(CONSOLE)))
        for key in ("no_portable_tables", "source_cflags"):
            unknown = [s for s in getattr(self, key) if not (ROOT / "src" / "algos" / f"{s}.c").exists()]
            if unknown:
                raise UserError(f"{self.path}: {key} names no core source: {', '.join(unknown)} "
                                "(give the stems of src/algos/*.c)")
        if self.small_as_rom:
            from ..rom import console  # here: hashbench.rom imports this module
            if self.small_as_rom not in console.names():
                raise UserError(f"{self.path}: small_as_rom names no console image: choose from {', '.join(console.names())}")
        if self.cartridge and set(self.cartridge) != set(cartridge.KEYS):
            raise UserError(f"{self.path}: [cartridge] needs exactly {', '.join(cartridge.KEYS)}")

    @property
    def tc(self):
        return toolchain(self.toolchain)

    @property
    def build_root(self) -> Path:
        return BUILD / "console" / (self.name + self.build_tag)

    @property
    def build_dir(self) -> Path:
        return self.build_root / self.variant.folder if self.variant else self.build_root

    def with_build(self, cfg) -> "ConsoleTarget":
        """This target built by `cfg`: its flags with the -O level replaced
        (cc65's -O, -Oirs too), in a folder of its own, results named by it."""
        t = dataclasses.replace(self, cflags=replace_opt(self.cflags, cfg.flags))
        t.variant, t.build_tag = cfg, self.build_tag
        return t

    def substituted(self, sub) -> "ConsoleTarget":
        """This target building `sub` (hashbench.targets.Substitute) in
        place of our core files, in folders of its own."""
        if sub is None:
            return self
        t = copy.copy(self)
        t.substitute, t.build_tag = sub, f"{self.build_tag}+{sub.name}"
        return t

    def missing(self) -> list:
        progs = self.tc.programs(self) + named(self.meter).load().programs(self)
        return [p for p in progs if " " in p or shutil.which(p) is None]

    def build(self, defines=()) -> Build:
        flags = " ".join(self.cflags + ["-D" + d for d in defines])
        return Build(self.variant.name if self.variant else self.name, self.tc.version(self), flags)

    def small_rows(self, log=lambda m: None) -> frozenset:
        """The algorithms measured as `small` (their portable code built with
        HB_NO_PORTABLE_TABLES) beside their portable: those the image_small
        set names, else those the small_as_rom console's default image
        holds as small."""
        if self.image_small is not None:
            return frozenset(self.image_small)
        if not self.small_as_rom:
            return frozenset()
        from ..rom import console  # here: hashbench.rom imports this module
        con = console.get(self.small_as_rom)
        return con.small_rows(log) if con.small_rows else frozenset()

    def algorithms(self, algos) -> list:
        """The roster entries this target can build: no 64-bit ones without u64."""
        return [a for a in algos if self.u64 or a.width <= 32]

    # ---- building -------------------------------------------------------------

    def source_defines(self, src: str, small=False) -> list:
        return [SMALL_DEFINE] if small or Path(src).stem in self.no_portable_tables else []

    def compile(self, src, obj, log, defines=()):
        if src.endswith(".s"):   # an assembly implementation (src/algos/asm/): the target's assembler
            cache.cached(obj, self.tc.asm_cmd(self, src, obj), [src] + assembly_includes(src),
                         cache.tool_version(self.asm or self.cc), log)
            return obj
        defs = list(self.defines) + list(defines)
        flags = self.source_cflags.get(Path(src).stem, []) + cartridge.area_flags(self, src) + \
            (self.algo_cflags if Path(src).parent.name == "algos" else [])
        sub = self.substitute.flags() if self.substitute else []
        cmd = self.tc.compile_cmd(self, src, obj, defs, flags, INCLUDES + sub)
        inputs = [src] + cache.core_headers() + (self.substitute.inputs() if self.substitute else [])
        cache.cached(obj, cmd, inputs, self.tc.version(self), log)
        return obj

    def library(self, sources, log, small_for=None):
        """The core files -> (library, {file: why it failed}).  small_for=<id>:
        every source with HB_NO_PORTABLE_TABLES, in that algorithm's own
        small library."""
        lib_root = BUILD / "console" / self.name  # a stand-in's too
        lib_root = lib_root / self.substitute.name if self.substitute else lib_root
        lib_root = lib_root / self.variant.folder if self.variant else lib_root
        odir = lib_root / ("lib" if small_for is None else "lib-small")
        objs, failed = [], {}
        times = CompileTimes(lib_root / "compile-seconds.json", DEFAULT_COMPILE_S.get(self.toolchain, 1.0))
        obj_of = {src: odir / (object_stem(src) + self.tc.obj_suffix) for src in sources}
        pending = [s for s in sources if not current(ROOT / s, obj_of[s])]
        what = f"compiling {len(pending)} files with {self.cc} for {self.name}"
        with Ticker(what, times.estimate(pending) / jobs(), jobs(), quiet_s=2.0 if pending else 1e9), \
                concurrent.futures.ThreadPoolExecutor(max_workers=jobs()) as pool:  # SDCC: minutes a file
            futures = {src: pool.submit(times.timed, src, self.compile, src, obj_of[src], log,
                                        self.source_defines(src, small_for is not None)) for src in sources}
        for src, fut in futures.items():
            try:
                objs.append(fut.result())
            except BuildError as exc:
                failed[src] = cache.why(exc)
                log(f"{self.name}: {src} does not build with {self.cc}: {failed[src]}")
        times.save()
        stem = "libhb" if small_for is None else f"libhb-{small_for}"
        lib = odir / (stem + self.tc.lib_suffix)
        cache.cached(lib, self.tc.archive_cmd(self, lib, objs), [cache.rel(o) for o in objs], "", log)
        return lib, failed

    def support_objects(self, log) -> list:
        meter = named(self.meter).load()
        objs = [self.compile(src, self.build_dir / "obj" / (Path(src).stem + self.tc.obj_suffix), log,
                             meter.platform_defines(self) if src in self.platform else ())
                for src in list(self.platform) + SUPPORT]
        if self.crt0:
            obj = self.build_dir / "obj" / ("crt0" + self.tc.obj_suffix)
            incs = sorted(cache.rel(i) for i in (ROOT / "src" / "platform" / "guest").glob("*.inc"))
            cache.cached(obj, self.tc.asm_cmd(self, self.crt0, obj), [self.crt0] + incs,
                         cache.tool_version(self.asm or self.cc), log)
            objs.insert(0, obj)  # crt0 first: its areas fix the link order
        return objs

    def program(self, algo, impls, sizes, lib, log, small=False):
        """One algorithm's program -> (the file to run, its link command)."""
        pdir = self.build_dir / algo.id / ("-".join(impls) + ("-small" if small else ""))
        defines = engine_defines(self, algo, impls, sizes) + named(self.meter).load().engine_defines(self) + \
            cartridge.engine_defines(self)
        eobj = self.compile(ENGINE, pdir / ("engine" + self.tc.obj_suffix), log, defines)
        return self.tc.link(self, self.support_objects(log) + [eobj], lib, pdir, algo.id, log)

    # ---- measuring ------------------------------------------------------------

    def measure(self, job):
        """--meter default: the target's own simulator; another meter runs
        the target as it can (its stand-in: hashbench.meters)."""
        chosen = for_target(CONSOLE, job.meter, self.meter)
        meter = chosen.load()
        if chosen is named(self.meter):
            return self.substituted(job.substitute).measure_with(meter, job)
        return meter.runs_as(self, job).substituted(job.substitute).measure_with(meter, job)

    def measure_with(self, meter, job):
        sizes = [s for s in job.sizes if s <= self.max_size]
        notes = []
        if len(sizes) < len(job.sizes):
            notes.append(Note("size-skipped", f"{self.name}: sizes above {self.max_size} B left out "
                                              "(the program's buffer)", {"max_size": self.max_size}))
        if not sizes:
            raise BuildError(f"{self.name}: no size fits the target's {self.max_size}-byte buffer")
        todo = self.algorithms(job.algos)
        if not todo:
            raise BuildError(f"{self.name}: none of the selected algorithms builds here (no 64-bit integers)")
        todo = self.substitute.algorithms(todo) if self.substitute else todo
        sources = needed_sources(todo, job.impls, self.isas)
        small_ids = self.small_rows(job.log) if SMALL in job.impls else frozenset()
        steps = []   # what was built rather than found in the cache (hashbench.toolchain.cache logs it)

        def log(m):
            if m.startswith("building "):
                steps.append(m)
            job.log(m)
        lib, failed_files = self.library(sources, log) if sources else (None, {})
        meter.prepare(self, log)
        results, link_cmd = [], None
        self.support_objects(log)  # once, before the programs build side by side
        workers = jobs() if self.tc.parallel_programs else 1
        with concurrent.futures.ThreadPoolExecutor(max_workers=jobs()) as pool, \
                concurrent.futures.ThreadPoolExecutor(max_workers=workers) as bpool:
            # every program's engine compile and link on `jobs()` cores where the toolchain allows
            # (SDCC: seconds each), its runs as each is built; notes and results keep the roster's order
            builds = []
            for a in todo:
                want = [i for i in job.impls if i in a.impls_on(self.isas)]
                if want:
                    builds.append((a, bpool.submit(self.build_all, a, want, sizes, lib, log)))
                if a.id in small_ids and not a.has_compact:   # with a compact, the image holds that instead
                    builds.append((a, bpool.submit(self.build_small_row, a, sizes, log)))
            built = []
            for a, fut in builds:
                progs, a_notes = fut.result()
                notes += a_notes
                for prog, cmd, got, small in progs:
                    link_cmd = link_cmd or cmd
                    fut = pool.submit(meter.measure, self, prog, got, sizes, job.check_repeat)
                    built.append((a, got, fut, small))
            for a, got, fut, small in built:
                try:
                    costs = with_empty_calls(fut.result())
                except BuildError as exc:
                    notes.append(Note("not-run", f"{a.id}: does not run: {exc}", {"algorithm": a.id}))
                    job.log(f"{self.name}: {a.id}: does not run: {exc}")
                    continue
                results += self.results(a, got, sizes, costs, small, job.expected, notes, meter)
        ctx = self.context()
        ctx.update(compiler=self.tc.version(self), compile=" ".join(link_cmd or []), runner=" ".join(self.runner),
                   runner_version=meter.version(self), toolchain=self.toolchain, meter=meter.METER,
                   instrument=meter.NAME, unbuilt_files=failed_files, sizes_run=sizes,
                   repeat_checked=job.check_repeat, cached_build=not steps)
        if isinstance(meter, HasContext):
            ctx.update(meter.context(self))
        return Outcome(ctx, results, notes)

    def results(self, algo, impls, sizes, costs, small, expected, notes, meter) -> list:
        out = []
        for impl in impls:
            defines = [SMALL_DEFINE] if small and impl == "portable" else []
            name = SMALL if defines else impl   # other code than portable's: never called so
            for size in sizes:
                if (impl, size) not in costs:
                    notes.append(Note("not-run", f"{algo.id}/{name}: printed no digest @{size} B",
                                      {"algorithm": algo.id, "implementation": name}))
                    continue
                m = costs[(impl, size)]
                res = checked(algo, name, size, m.digest, expected, target=self.name, build=self.build(defines),
                              meter=meter.METER, instrument=meter.NAME, sample_fields=SAMPLE_FIELDS,
                              samples=m.samples, harness=m.harness)
                res.variant = m.variant
                if defines:
                    res.extra["defines"] = defines
                    res.note("small-build", f"built with {SMALL_DEFINE}: rolled rounds, no big tables")
                try:
                    if res.verified:
                        res.extra.update(m.extra)
                        res.extra.update(empty_call_fields(m))
                    out.append(fill_exact(res, self.clock_hz))
                except NotRepeatable as exc:
                    notes.append(Note("not-repeatable", f"{algo.id}/{name} @{size} B: {exc}",
                                      {"algorithm": algo.id, "implementation": name}))
        return out

    def build_all(self, a, want, sizes, lib, log):
        """build_each with notes of its own (one thread per algorithm)."""
        notes = []
        return self.build_each(a, want, sizes, lib, notes, log), notes

    def build_small_row(self, a, sizes, log):
        """The `small` build of an algorithm the image builds small
        (small_rows), in its own small library, with notes of its own."""
        notes = []
        note = self.noter(a, notes, log)
        return self.build_small(a, ["portable"], sizes, None, note, log, asked=True,
                                sources=needed_sources([a], ["portable"], self.isas)), notes

    def noter(self, a, notes, log):
        """note(impl, reason, text, **data): a note on one of `a`'s implementations, logged."""
        def note(impl, reason, text, **data):
            notes.append(Note(reason, f"{a.id}/{impl}: {text}", {"algorithm": a.id, "implementation": impl, **data}))
            log(f"{self.name}: {a.id}/{impl}: {text}")
        return note

    def build_each(self, a, want, sizes, lib, notes, log):
        """[(program, link command, implementations, small)]: one program with
        every wanted implementation; where that does not build (a 32 KiB ROM
        holds the bitwise CRC but not the table-driven one), one program per
        implementation; where one still does not fit, the small build."""
        note = self.noter(a, notes, log)
        sources = needed_sources([a], want, self.isas)
        shrinkable = [s for s in sources if shrinks(s)]
        if any(self.source_defines(src) for src in shrinkable):  # the target builds these small, always
            return self.build_small(a, want, sizes, lib, note, log, listed=True)
        errors = {}
        try:
            prog, cmd = self.program(a, want, sizes, lib, log)
            return [(prog, cmd, want, False)]
        except BuildError as exc:
            if len(want) == 1:
                errors[want[0]] = exc
        out = []
        if len(want) > 1:
            for impl in want:
                try:
                    prog, cmd = self.program(a, [impl], sizes, lib, log)
                    out.append((prog, cmd, [impl], False))
                except BuildError as exc:
                    errors[impl] = exc
        if errors and shrinkable:
            return out + self.build_small(a, list(errors), sizes, None, note, log, full_errors=errors,
                                          sources=sources)
        for impl, exc in errors.items():
            note(impl, "not-built", "does not build: " + cache.why(exc), **overflow(exc))
        return out

    def build_small(self, a, want, sizes, lib, note, log, listed=False, full_errors=None, sources=(), asked=False):
        """The small build of `want`; lib None: build the algorithm's own
        small library from `sources` first.  listed: the target builds these
        sources small always; asked: `small` asked for (small_rows), not a
        portable that does not fit."""
        if "portable" in want and a.has_compact:
            want = [i for i in want if i != "portable"]
            why_not = ("the target builds its sources with " + SMALL_DEFINE if listed else
                       "does not fit (" + cache.why(full_errors["portable"]) + "); with " + SMALL_DEFINE)
            note("portable", "same-as-compact", f"not measured: {why_not}, where it runs the compact code")
        if not want:
            return []
        if lib is None:
            lib, failed = self.library(sources, log, small_for=a.id)
            if failed:
                for impl in want:
                    note(impl, "not-built", "does not build: " + "; ".join(failed.values()))
                return []
        if not listed and not asked:
            log(f"{self.name}: {a.id}: {', '.join(want)} does not fit; trying it with {SMALL_DEFINE}")
        try:
            prog, cmd = self.program(a, want, sizes, lib, log, small=not listed)
            return [(prog, cmd, want, True)]
        except BuildError as exc:
            for impl in want:
                note(impl, "not-built", f"does not build, even with {SMALL_DEFINE}: " + cache.why(exc), **overflow(exc))
            return []


def engine_defines(t, algo, impls, sizes) -> list:
    d = [f'HB_CONSOLE_ID="{algo.id}"', f"HB_CONSOLE_DIGEST_LEN={algo.digest_len}", f"HB_CONSOLE_MAX_SIZE={t.max_size}",
         "HB_CONSOLE_SIZES=" + ",".join(str(s) for s in sizes)]
    if "portable" in impls:
        d.append(f"HB_CONSOLE_FN={algo.impls['portable'].symbol}")
    if "compact" in impls and algo.has_compact:
        d.append(f"HB_CONSOLE_FN_COMPACT={algo.impls['compact'].symbol}")
    asm = [i for i in impls if i in algo.impls_on(t.isas) and i not in algo.impls]
    if asm:   # the CPU's assembly: one per program (console.c runs one)
        d += [f"HB_CONSOLE_FN_ASM={algo.asm[asm[0]].symbol}", f'HB_CONSOLE_ASM_NAME="{asm[0]}"']
    return d


def object_stem(src: str) -> str:
    """A library member's name: the file's stem, or for assembly its path
    under src/algos (asm-sm83-crc32: apart from crc32.c's crc32)."""
    p = Path(src)
    return "-".join(p.relative_to("src/algos").with_suffix("").parts) if p.suffix == ".s" else p.stem


def needed_sources(algos, impls=roster.OURS, isa="") -> list:
    """The core files the algorithms' implementations need: the roster's
    source lists (registry.def, asm/registry.def for the CPU `isa`),
    nothing guessed."""
    return sorted({s for a in algos for name, i in a.impls_on(isa).items() if name in impls for s in i.sources})


@functools.cache
def shrinks(src: str) -> bool:
    """Does HB_NO_PORTABLE_TABLES change this file?  Asked of the host's
    preprocessor (with and without it), not of the text: only files that
    test it have a small build worth trying."""
    cc = cache.host_cc()

    def pre(defs):
        return subprocess.run([cc, "-E", "-P", "-std=c99"] + defs + [src], cwd=ROOT, capture_output=True,
                              text=True).stdout
    return pre([]) != pre(["-D" + SMALL_DEFINE])


def overflow(exc) -> dict:
    """What the toolchain's fit check measured (bytes over the ROM, ...)."""
    return dict(getattr(exc, "data", {}))
