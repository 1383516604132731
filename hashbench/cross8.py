# SPDX-License-Identifier: MIT
"""hashbench cross, part 2: the 8- and 16-bit consoles' CPUs with exact
cycles - the 6502 (NES) under sim65, the SM83 (Game Boy) and the ARM7TDMI
(GBA) under mGBA, the Z80 under ucsim.

A target is data (cross8/targets/<name>.toml): toolchain and flags,
platform sources, how cycles are read (`run`), the CPU clock.  Unlike the
QEMU targets of part 1 (hashbench/cross.py), these machines have 2 to 32
KiB of RAM, so each algorithm is its own small program: cross8/engine8.c
compiled with that algorithm's one-shot functions and linked against a
library of the whole core (the linker takes only the modules it needs).
A source file the target's compiler rejects costs only its own algorithms.

How cycles are read:
  sim65   the program cannot see its cycles; `sim65 -c` prints the run's
          total.  Each (implementation, size) runs with EXTRA = 0 and 1 calls
          after the digest's; per call = the difference (and with
          --check-repeat, EXTRA = 2 must add exactly as much again).
  mgba    cross8/runners/mgba_run.c (libmgba) prints the emulator's cycle
          count at every hb8_mark(); per call = span(one call) - span(no
          call), and a second one-call span must equal the first.
  ucsim   sz80 stops at a breakpoint on hb8_mark() and the driver reads the
          cycle counter there; the same spans as mgba.
Verify before cost, as part 1: every digest is compared byte for byte with
the host's (cross.Expected); a mismatch carries no cost.  Results are the
records of part 1 (target, metric "cycles", per_call, clock_hz) plus KB/s at
the real clock; `hashbench cross --target nes,gb,z80,gba` runs them.
"""
import concurrent.futures
import functools
import os
import re
import shlex
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from . import cross
from .cross import BuildError, _cached_build, _run, _version
from .engine import ROOT

TARGETS_DIR = ROOT / "cross8" / "targets"
BUILD_ROOT = ROOT / "build" / "cross8"
ENGINE8 = "cross8/engine8.c"
WORKLOAD = "src/engine/hb_workload.c"
INCLUDES = ["-Icross8", "-Isrc/engine", "-Isrc/algos"]
TARGET_ORDER = ["nes", "gb", "z80", "gba", "gba-iwram"]
MGBA_RUNNER_SRC = "cross8/runners/mgba_run.c"
MGBA_HEADER = Path("/usr/include/mgba/core/core.h")
RUN_TIMEOUT_S = 600
# hb_config.h: no large tables or written-out rounds; the portable entry
# points run the compact code.  Recorded in each result built with it.
SMALL_DEFINE = "HB_NO_PORTABLE_TABLES"
SAME_AS_COMPACT = "where it runs the compact code"  # ends the note on a portable left out for that


@dataclass
class Target8:
    name: str
    title: str
    toolchain: str            # cc65 | sdcc | gcc
    cc: str
    cflags: list
    ldflags: list
    platform: list
    run: str                  # sim65 | mgba | ucsim: how cycles are read
    runner: list
    clock_hz: int
    cpu: str = ""
    isa: str = ""
    bits: int = 8
    endian: str = "little"
    defines: list = field(default_factory=list)
    crt0: str = ""            # start-up assembly (sdcc, gcc)
    asm: str = ""             # sdcc's assembler for crt0 (sdasgb, sdasz80)
    linker_script: str = ""   # gcc
    rom: str = ""             # gb: makebin -Z; gba: objcopy + romfix
    metric: str = "cycles"
    u64: bool = True
    max_size: int = 1024
    mailbox: str = ""         # mgba: the mailbox address, when not the platform's default
    rom_end: int = None       # sdcc: code and constants must end below this address
    ram_end: int = None       # sdcc: data must end below this (room for the stack left above)
    no_portable_tables: list = field(default_factory=list)  # core sources (stems) built with HB_NO_PORTABLE_TABLES
    source_cflags: dict = field(default_factory=dict)       # {stem: [flags]}: a compiler bug's workaround, per file
    cpu_clock_hz: int = None
    packages: list = field(default_factory=list)
    note: str = ""
    path: Path = None
    console8 = True           # not a field: tells cross.run_cross to hand the target here

    @property
    def build_dir(self) -> Path:
        return BUILD_ROOT / self.name

    def tool(self, name) -> str:
        if self.toolchain == "gcc":
            return self.cc[:-3] + name
        return {"cc65": {"ar": "ar65"}, "sdcc": {"ar": "sdar"}}[self.toolchain].get(name, name)

    def source_defines(self, src: str, small=False) -> list:
        """Extra defines for one core source file: HB_NO_PORTABLE_TABLES where
        the target lists it (written-out rounds and big tables never fit),
        or for a small build."""
        return [SMALL_DEFINE] if small or Path(src).stem in self.no_portable_tables else []

    def programs(self) -> list:
        progs = [self.cc, self.tool("ar")]
        if self.asm:
            progs.append(self.asm)
        if self.rom == "makebin":
            progs.append("makebin")
        if self.rom == "gba":
            progs.append(self.tool("objcopy"))
        if self.run == "mgba":
            progs.append(os.environ.get("CC", "cc"))
        else:
            progs.append(self.runner[0])
        return progs

    def missing(self) -> list:
        out = [p for p in self.programs() if shutil.which(p) is None]
        if self.run == "mgba" and not MGBA_HEADER.exists():
            out.append("libmgba headers")
        return out


REQUIRED = ("name", "title", "toolchain", "cc", "cflags", "ldflags", "platform", "run", "runner", "clock_hz")


def load_target(path: Path) -> Target8:
    t = cross.read_description(path, Target8, REQUIRED, {"toolchain": ("cc65", "sdcc", "gcc"),
                                                         "run": ("sim65", "mgba", "ucsim")})
    for key in ("no_portable_tables", "source_cflags"):
        unknown = [s for s in getattr(t, key) if not (ROOT / "src" / "algos" / f"{s}.c").exists()]
        if unknown:
            raise cross.UserError(f"{path}: {key} names no core source: {', '.join(unknown)} "
                                  "(give the stems of src/algos/*.c)")
    return t


def load_targets() -> dict:
    return cross.read_descriptions(TARGETS_DIR, load_target, TARGET_ORDER)


def algorithms(t: Target8, algos=None) -> list:
    """The registry entries this target can build: no 64-bit ones without u64."""
    return [a for a in cross.registry() if (algos is None or a["id"] in algos) and (t.u64 or a["width"] <= 32)]


# ---- building ---------------------------------------------------------------------

def _rel(p: Path) -> str:
    return str(p.relative_to(ROOT))


def _obj_suffix(t: Target8) -> str:
    return ".rel" if t.toolchain == "sdcc" else ".o"


def compile_cmd(t: Target8, src: str, obj: Path, defines=()) -> list:
    defs = ["-D" + d for d in list(t.defines) + list(defines)]
    flags = list(t.cflags) + list(t.source_cflags.get(Path(src).stem, []))
    return [t.cc] + flags + ["-c"] + INCLUDES + defs + ["-o", _rel(obj), src]  # cl65: -o first


def _compile(t: Target8, src: str, obj: Path, log, defines=()) -> Path:
    inputs = [src] + cross.core_headers() + ["cross8/hb8_platform.h"]
    _cached_build(obj, compile_cmd(t, src, obj, defines), inputs, _version(t.cc), log)
    return obj


_MACRO_DEF = re.compile(r"^[A-Z][A-Z0-9_]*\(\s*([a-z]\w*)\s*,", re.M)
_DEF = re.compile(r"^(?!static)[A-Za-z_][\w \t\*]*?\b(hb_\w+)\s*\([^;]*$", re.M)
_TABLE_DEF = re.compile(r"^(?!static|extern)[A-Za-z_][\w \t]*?\b(hb_\w+)\s*\[[^;]*=", re.M)  # crc8_table.c


@functools.lru_cache(maxsize=1)
def _core_sources():
    """({core source: its text}, {hb_ function or table: the source defining
    it}), read once per process: every algorithm's build asks."""
    files = sorted(_rel(p) for p in (ROOT / "src" / "algos").glob("*.c"))
    text = {f: (ROOT / f).read_text(errors="replace") for f in files}
    where = {}
    for f in files:
        for name in _DEF.findall(text[f]) + _TABLE_DEF.findall(text[f]):
            where.setdefault(name, f)
    for f in files:  # functions a file defines through a macro at file level: HB_KECCAK_HASH(sha3_256, ...)
        for name in _MACRO_DEF.findall(text[f]):
            where.setdefault("hb_" + name, f)
    return text, where


def needed_sources(algos, impls=("portable", "compact")) -> list:
    """The core source files the algorithms' one-shots need, found from the
    sources themselves: the file that defines hb_<sym>[_compact], then every
    file defining an hb_ function those files name (HMAC needs SHA-256).  On
    SDCC a file can take minutes to compile: build only what is used."""
    text, where = _core_sources()
    names = [f"hb_{a['sym']}" for a in algos if "portable" in impls]
    names += [f"hb_{a['sym']}_compact" for a in algos if "compact" in impls and a["compact"]]
    todo = [where[n] for n in names if n in where]
    need = set()
    while todo:
        f = todo.pop()
        if f in need:
            continue
        need.add(f)
        todo += [where[n] for n in set(re.findall(r"\bhb_\w+", text[f])) if n in where and where[n] not in need]
    return sorted(need)


def small_sources(sources) -> list:
    """The sources that HB_NO_PORTABLE_TABLES makes smaller (they test it)."""
    text = _core_sources()[0]
    return [s for s in sources if SMALL_DEFINE in text[s]]


def build_library(t: Target8, sources=None, log=lambda m: None, small_for=None):
    """Compiles the core source files (default: all); -> (library, {file: why
    it failed}).  small_for=<algorithm id>: every source with
    HB_NO_PORTABLE_TABLES, into that algorithm's own small library."""
    odir = t.build_dir / ("lib" if small_for is None else "lib-small")
    objs, failed = [], {}
    if sources is None:
        sources = sorted(_rel(p) for p in (ROOT / "src" / "algos").glob("*.c"))
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs()) as pool:  # SDCC: minutes a file
        futures = {src: pool.submit(_compile, t, src, odir / (Path(src).stem + _obj_suffix(t)), log,
                                    t.source_defines(src, small_for is not None)) for src in sources}
    for src, fut in futures.items():
        try:
            objs.append(fut.result())
        except BuildError as exc:
            failed[src] = why(exc)
            log(f"{t.name}: {src} does not build with {t.cc}: {failed[src]}")
    stem = "libhb8" if small_for is None else f"libhb8-{small_for}"
    lib = odir / (stem + (".lib" if t.toolchain != "gcc" else ".a"))
    ar = {"cc65": [t.tool("ar"), "a"], "sdcc": [t.tool("ar"), "-rc"], "gcc": [t.tool("ar"), "rcs"]}[t.toolchain]
    script = f"rm -f {shlex.quote(_rel(lib))} && " + " ".join(shlex.quote(x) for x in ar + [_rel(lib)] +
                                                               [_rel(o) for o in objs])
    _cached_build(lib, ["sh", "-c", script], [_rel(o) for o in objs], "", log)
    return lib, failed


def _platform_objs(t: Target8, log) -> list:
    objs = [_compile(t, src, t.build_dir / "obj" / (Path(src).stem + _obj_suffix(t)), log)
            for src in list(t.platform) + [WORKLOAD]]
    if t.crt0:
        obj = t.build_dir / "obj" / ("crt0" + _obj_suffix(t))
        if t.toolchain == "sdcc":
            cmd = [t.asm, "-plosgff", "-o", _rel(obj), t.crt0]
        else:
            cmd = [t.cc] + list(t.cflags) + ["-c", t.crt0, "-o", _rel(obj)]
        incs = sorted(_rel(i) for i in (ROOT / "cross8").glob("*.inc"))  # sdcc_areas.inc
        _cached_build(obj, cmd, [t.crt0] + incs, _version(t.asm or t.cc), log)
        objs.insert(0, obj)
    return objs


def engine_defines(t: Target8, algo: dict, impls, sizes) -> list:
    d = [f'HB8_ID="{algo["id"]}"', f"HB8_DIGEST_LEN={algo['digest_len']}", f"HB8_MAX_SIZE={t.max_size}",
         "HB8_SIZES=" + ",".join(str(s) for s in sizes)]
    if "portable" in impls:
        d.append(f"HB8_FN=hb_{algo['sym']}")
    if "compact" in impls and algo["compact"]:
        d.append(f"HB8_FN_COMPACT=hb_{algo['sym']}_compact")
    return d


def build_program(t: Target8, algo: dict, impls, sizes, lib: Path, log=lambda m: None, small=False):
    """One algorithm's program for this target -> (the file to run, its link command)."""
    pdir = t.build_dir / algo["id"] / ("-".join(impls) + ("-small" if small else ""))
    eobj = _compile(t, ENGINE8, pdir / ("engine8" + _obj_suffix(t)), log, engine_defines(t, algo, impls, sizes))
    objs = _platform_objs(t, log) + [eobj]  # crt0 first: its areas fix the link order
    inputs = [_rel(o) for o in objs + [lib]]
    if t.toolchain == "cc65":
        prog = pdir / f"{algo['id']}.prg"
        cmd = [t.cc] + list(t.ldflags) + ["-m", _rel(pdir / "map.txt"), "-o", _rel(prog)] + inputs
        _cached_build(prog, cmd, inputs, _version(t.cc), log)
        return prog, cmd
    if t.toolchain == "sdcc":
        ihx = pdir / f"{algo['id']}.ihx"
        cmd = [t.cc] + list(t.ldflags) + ["-o", _rel(ihx)] + inputs
        _cached_build(ihx, cmd, inputs, _version(t.cc), log)
        check_fit(t, ihx)
        if t.rom != "makebin":
            return ihx, cmd
        rom = pdir / f"{algo['id']}.gb"
        _cached_build(rom, ["makebin", "-Z", "-yn", "HASHBENCH8", _rel(ihx), _rel(rom)], [_rel(ihx)], "", log)
        return rom, cmd
    elf = pdir / f"{algo['id']}.elf"
    cmd = ([t.cc] + list(t.cflags) + ["-nostartfiles", "-T", t.linker_script, "-Wl,--gc-sections",
                                      "-Wl,-Map=" + _rel(pdir / "map.txt"), "-o", _rel(elf)]
           + inputs + list(t.ldflags))
    _cached_build(elf, cmd, inputs + [t.linker_script], _version(t.cc), log)
    rom = pdir / f"{algo['id']}.gba"
    script = (f"{shlex.quote(t.tool('objcopy'))} -O binary {shlex.quote(_rel(elf))} {shlex.quote(_rel(rom))} && "
              f"python3 cross8/tools/romfix.py gba {shlex.quote(_rel(rom))}")
    _cached_build(rom, ["sh", "-c", script], [_rel(elf), "cross8/tools/romfix.py"], "", log)
    return rom, cmd


def ihx_end(text: str) -> int:
    """One past the highest address an Intel HEX file loads."""
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


def ram_end(noi_text: str) -> int:
    """One past the last byte of SDCC's data areas, from the linker's .noi."""
    syms = dict(re.findall(r"^DEF ([sl]__\w+) (0x[0-9A-Fa-f]+)$", noi_text, re.M))
    ends = [int(syms["s__" + a], 16) + int(syms.get("l__" + a, "0"), 16)
            for a in ("DATA", "INITIALIZED", "BSS", "HEAP") if "s__" + a in syms]
    return max(ends, default=0)


def check_fit(t: Target8, ihx: Path):
    """An SDCC program that overflows the target's ROM or RAM links without a
    word: refuse it here, so that it is reported as not built."""
    if t.rom_end:
        end = ihx_end(ihx.read_text())
        if end > 0xFFFF:
            raise BuildError(f"{ihx.name}: larger than the CPU's 64 KiB address space (the ROM ends at "
                             f"0x{t.rom_end:X}): the linker wrapped it")
        if end > t.rom_end:
            raise BuildError(f"{ihx.name}: {end - t.rom_end} bytes too large for the ROM "
                             f"(ends at 0x{end:X}, the limit is 0x{t.rom_end:X})")
    noi = ihx.with_suffix(".noi")
    if t.ram_end and noi.exists():
        end = ram_end(noi.read_text())
        if end > t.ram_end:
            raise BuildError(f"{ihx.name}: data end at 0x{end:X}, past 0x{t.ram_end:X} (RAM and stack)")


def build_mgba_runner(log=lambda m: None) -> Path:
    cc = os.environ.get("CC", "cc")
    out = BUILD_ROOT / "mgba-run"
    cmd = [cc, "-std=gnu11", "-O2", "-Wall", "-Wextra", MGBA_RUNNER_SRC, "-o", _rel(out), "-lmgba"]
    _cached_build(out, cmd, [MGBA_RUNNER_SRC], _version(cc), log)
    return out


# ---- running and reading cycles ------------------------------------------------------

def _exec(cmd, timeout=RUN_TIMEOUT_S):
    try:
        return subprocess.run(cmd, cwd=ROOT, stdin=subprocess.DEVNULL, capture_output=True, text=True,
                              timeout=timeout, errors="replace")
    except subprocess.TimeoutExpired as exc:
        raise BuildError(f"{cmd[0]} did not finish within {timeout} s") from exc
    except OSError as exc:
        raise BuildError(f"cannot run {cmd[0]}: {exc}") from exc


def parse_program(text: str) -> dict:
    """engine8's lines -> {algo, digest_len, digests {(impl, size): hex}, spans
    {(impl, size): [spans]}, end}.  `@N` lines are the runner's marks; the
    marks since the last D line belong to the next T line."""
    out = {"algo": None, "digest_len": None, "digests": {}, "spans": {}, "end": False, "exit": None,
           "cycles": None, "errors": []}
    marks = []
    for line in text.splitlines():
        parts = line.split()
        if not parts:
            continue
        try:
            if parts[0] == "HB8":
                out["algo"], out["digest_len"] = parts[1], int(parts[2])
            elif parts[0] == "D":
                out["digests"][(parts[1], int(parts[2]))] = parts[3] if len(parts) > 3 else ""
                marks = []
            elif parts[0].startswith("@"):
                marks.append(int(parts[0][1:]))
            elif parts[0] == "T":
                if len(marks) != 6:
                    out["errors"].append(f"{parts[1]} @{parts[2]} B: {len(marks)} marks, not 6")
                else:
                    out["spans"][(parts[1], int(parts[2]))] = [marks[i + 1] - marks[i] for i in (0, 2, 4)]
                marks = []
            elif parts[0] == "END":
                out["end"] = True
            elif parts[0] == "#exit":
                out["exit"], out["cycles"] = int(parts[1]), int(parts[2])
            elif parts[0] == "#timeout":
                out["errors"].append(f"ran past the runner's cycle limit ({parts[1]} cycles)")
            elif len(parts) == 2 and parts[1] == "cycles" and parts[0].isdigit():
                out["cycles"] = int(parts[0])  # sim65 -c
        except (IndexError, ValueError):
            out["errors"].append(f"malformed line: {line.strip()[:80]}")
    return out


def run_sim65(t: Target8, prog: Path, impl: str, size: int, extra: int) -> dict:
    proc = _exec(list(t.runner) + [_rel(prog), impl, str(size), str(extra)])
    p = parse_program(proc.stdout)
    if proc.returncode != 0 or not p["end"] or p["cycles"] is None:
        why = "; ".join(p["errors"]) or (proc.stdout + proc.stderr).strip()[-200:] or "no output"
        raise BuildError(f"{prog.name} {impl} {size} {extra}: sim65 exit {proc.returncode}: {why}")
    return p


def measure_sim65(t: Target8, prog: Path, impls, sizes, check_repeat=False, pool=None) -> dict:
    """{(impl, size): (digest, per_call, raw)} from whole-run differences."""
    jobs = {}
    extras = (0, 1, 2) if check_repeat else (0, 1)
    for impl in impls:
        for size in sizes:
            for e in extras:
                jobs[(impl, size, e)] = (pool.submit(run_sim65, t, prog, impl, size, e) if pool
                                         else run_sim65(t, prog, impl, size, e))
    out = {}
    for impl in impls:
        for size in sizes:
            runs = [jobs[(impl, size, e)] for e in extras]
            runs = [r.result() if pool else r for r in runs]
            digests = {r["digests"].get((impl, size)) for r in runs}
            if len(digests) != 1:
                raise BuildError(f"{prog.name}: {impl} @{size} B: the runs print different digests")
            totals = [r["cycles"] for r in runs]
            per_call = totals[1] - totals[0]
            if check_repeat and totals[2] - totals[1] != per_call:
                raise BuildError(f"{prog.name}: {impl} @{size} B: a second call cost {totals[2] - totals[1]} "
                                 f"cycles, the first {per_call}: the count does not repeat")
            out[(impl, size)] = (digests.pop(), per_call, {"run_cycles": totals})
    return out


def spans_to_costs(parsed: dict, prog_name: str) -> dict:
    """mark spans -> {(impl, size): (digest, per_call, raw)}; the second
    one-call span must equal the first, or the count is not exact."""
    out = {}
    for key, digest in parsed["digests"].items():
        spans = parsed["spans"].get(key)
        if spans is None:
            raise BuildError(f"{prog_name}: no marks for {key[0]} @{key[1]} B")
        empty, one, again = spans
        if one != again:
            raise BuildError(f"{prog_name}: {key[0]} @{key[1]} B: two identical calls took {one} and {again} "
                             "cycles: the count does not repeat")
        out[key] = (digest, one - empty, {"spans": spans})
    return out


def run_mgba(t: Target8, runner: Path, rom: Path) -> dict:
    cmd = [_rel(runner)] + (["--mailbox", t.mailbox] if t.mailbox else []) + [_rel(rom)]
    proc = _exec(cmd)
    p = parse_program(proc.stdout)
    if proc.returncode != 0 or not p["end"] or p["errors"]:
        why = "; ".join(p["errors"]) or (proc.stdout + proc.stderr).strip()[-200:] or "no output"
        raise BuildError(f"{rom.name}: mgba-run exit {proc.returncode}: {why}")
    return p


def mark_address(prog: Path) -> int:
    """hb8_mark's address from the SDCC linker's .noi file (DEF _hb8_mark 0x109)."""
    noi = prog.with_suffix(".noi")
    m = re.search(r"^DEF _hb8_mark (0x[0-9A-Fa-f]+)$", noi.read_text() if noi.exists() else "", re.M)
    if not m:
        raise BuildError(f"{noi.name}: no address for hb8_mark")
    return int(m.group(1), 16)


def ucsim_script(addr: int, marks: int) -> str:
    """Console commands: stop at hb8_mark, read the clock at each of the
    `marks` stops, then run to the end.  One `run` too many would restart the
    program's final loop forever, so the count must be exact."""
    return f"break 0x{addr:x}\n" + "run\nstate\n" * marks + "run\nquit\n"


def ucsim_to_program(text: str) -> str:
    """ucsim's console -> engine8 lines with `@N` marks: the program's own
    lines pass, each `state` after a breakpoint stop becomes @<clks>."""
    out = []
    for line in text.splitlines():
        m = re.match(r"Total time since last reset= \S+ sec \((\d+) clks\)", line)
        if m:
            out.append("@" + m.group(1))
        elif re.match(r"(HB8 |D |T |END$)", line):
            out.append(line)
    return "\n".join(out) + "\n"


def run_ucsim(t: Target8, prog: Path, marks: int) -> dict:
    script = ucsim_script(mark_address(prog), marks)
    cmd = list(t.runner) + ["-I", "if=rom[0xffff]", "-b", "-q", _rel(prog)]
    try:
        proc = subprocess.run(cmd, cwd=ROOT, input=script, capture_output=True, text=True,
                              timeout=RUN_TIMEOUT_S, errors="replace")
    except subprocess.TimeoutExpired as exc:
        raise BuildError(f"{prog.name}: sz80 did not finish within {RUN_TIMEOUT_S} s") from exc
    p = parse_program(ucsim_to_program(proc.stdout))
    if proc.returncode != 0 or not p["end"] or p["errors"]:
        why = "; ".join(p["errors"]) or (proc.stdout + proc.stderr).strip()[-200:] or "no output"
        raise BuildError(f"{prog.name}: sz80 exit {proc.returncode}: {why}")
    return p


# ---- one target ---------------------------------------------------------------------

def jobs() -> int:
    return max(1, int(os.environ.get("HB_CROSS8_JOBS", min(2, os.cpu_count() or 1))))


def run_target8(t: Target8, sizes, algos, impls, expected, info, log=lambda m: None, check_repeat=False):
    """Builds and runs every algorithm on one target.  -> (target context,
    results, notes): a note per algorithm that did not build or run."""
    sizes8 = [s for s in sizes if s <= t.max_size]
    if len(sizes8) < len(sizes):
        log(f"{t.name}: sizes above {t.max_size} B left out (the target's buffer)")
    if not sizes8:
        raise BuildError(f"{t.name}: no size fits the target's {t.max_size}-byte buffer")
    todo = algorithms(t, algos)
    lib, failed_files = build_library(t, needed_sources(todo, impls), log)
    runner = build_mgba_runner(log) if t.run == "mgba" else None
    notes, results, link_cmd = {}, [], None
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs()) as pool:
        built = []
        for a in todo:
            want = [i for i in impls if i == "portable" or (i == "compact" and a["compact"])]
            if not want:
                continue
            for prog, cmd, got, small in _build_each(t, a, want, sizes8, lib, notes, log):
                link_cmd = link_cmd or cmd
                if t.run == "sim65":
                    fut = pool.submit(measure_sim65, t, prog, got, sizes8, check_repeat, None)
                elif t.run == "mgba":
                    fut = pool.submit(lambda p=prog: spans_to_costs(run_mgba(t, runner, p), p.name))
                else:
                    marks = 6 * len(got) * len(sizes8)
                    fut = pool.submit(lambda p=prog, n=marks: spans_to_costs(run_ucsim(t, p, n), p.name))
                built.append((a, got, fut, small))
        for a, want, fut, small in built:
            try:
                costs = fut.result()
            except BuildError as exc:
                notes[a["id"]] = "does not run: " + str(exc)
                log(f"{t.name}: {a['id']}: {notes[a['id']]}")
                continue
            for impl in want:
                for size in sizes8:
                    if (impl, size) not in costs:
                        notes[a["id"]] = f"printed no digest for {impl} @{size} B"
                        continue
                    digest, per_call, raw = costs[(impl, size)]
                    exp, basis = expected.get(a["id"], size)
                    results.append(cross.cost_result(t, a["id"], impl, size, digest, exp, basis, info,
                                                     per_call, 1, raw))
                    if small and impl == "portable":  # the compact code is the same either way
                        results[-1]["defines"] = [SMALL_DEFINE]
    ctx = cross.target_context(t, link_cmd or [], False)
    ctx.update(compiler=_tool_version([t.cc, "--version"]), runner_version=_runner_version(t),
               toolchain=t.toolchain, run=t.run,
               unbuilt_files=failed_files, notes=notes, sizes_run=sizes8)
    return ctx, results, notes


def why(exc) -> str:
    """The telling line of a failed build: an undefined symbol, an overflowed
    region, a compiler error; else the last line."""
    lines = [x.strip() for x in str(exc).splitlines() if x.strip()]
    for pat in ("undefined reference", "overflowed", "too large", "unresolved", "Error", "error:"):
        hit = next((x for x in lines if pat in x and "collect2" not in x and "build failed" not in x), None)
        if hit:
            return hit
    return lines[-1] if lines else "unknown"


def _build_each(t, a, want, sizes, lib, notes, log):
    """[(program, link command, implementations, small)]: one program with
    every wanted implementation; where that does not build (a 32 KiB ROM holds
    the bitwise CRC but not the table-driven one), one program per
    implementation; where one still does not fit, the small build: its
    sources with HB_NO_PORTABLE_TABLES (rolled rounds, no big tables).  There
    `portable` runs the compact code, so it is measured only where the
    algorithm has no compact (BLAKE2s, HMAC); results say `defines`."""
    def note(impl, text):
        notes[f"{a['id']}/{impl}"] = text
        log(f"{t.name}: {a['id']}/{impl}: {text}")

    sources = needed_sources([a])
    shrinkable = small_sources(sources)
    if any(t.source_defines(src) for src in shrinkable):  # the target builds these small, always
        return _build_small(t, a, want, sizes, lib, note, log, listed=True)
    try:
        prog, cmd = build_program(t, a, want, sizes, lib, log)
        return [(prog, cmd, want, False)]
    except BuildError as exc:
        errors = {want[0]: exc} if len(want) == 1 else {}
    out = []
    if len(want) > 1:
        for impl in want:
            try:
                prog, cmd = build_program(t, a, [impl], sizes, lib, log)
                out.append((prog, cmd, [impl], False))
            except BuildError as exc:
                errors[impl] = exc
    if errors and shrinkable:
        return out + _build_small(t, a, list(errors), sizes, None, note, log, full_errors=errors,
                                  sources=sources)
    for impl, exc in errors.items():
        note(impl, "does not build: " + why(exc))
    return out


def _build_small(t, a, want, sizes, lib, note, log, listed=False, full_errors=None, sources=()):
    """The small build of `want` (see _build_each); lib None: build the
    algorithm's own small library from `sources` first."""
    if "portable" in want and a["compact"]:
        want = [i for i in want if i != "portable"]
        why_not = ("the target builds its sources with " + SMALL_DEFINE if listed else
                   "does not fit (" + why(full_errors["portable"]) + "); with " + SMALL_DEFINE)
        note("portable", f"not measured: {why_not}, {SAME_AS_COMPACT}")
    if not want:
        return []
    if lib is None:
        lib, failed = build_library(t, sources, log, small_for=a["id"])
        if failed:
            for impl in want:
                note(impl, "does not build: " + "; ".join(failed.values()))
            return []
    if not listed:
        log(f"{t.name}: {a['id']}: {', '.join(want)} does not fit; trying it with {SMALL_DEFINE}")
    try:
        prog, cmd = build_program(t, a, want, sizes, lib, log, small=not listed)
        return [(prog, cmd, want, True)]
    except BuildError as exc:
        for impl in want:
            note(impl, "does not build, even with " + SMALL_DEFINE + ": " + why(exc))
        return []


def _tool_version(cmd) -> str:
    """The first line a tool prints about its version, on stdout or stderr
    (cl65 and sim65 use stderr)."""
    try:
        proc = _run(cmd, timeout=30)
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    text = (proc.stdout + proc.stderr).strip()
    return text.splitlines()[0].strip() if text else "unknown"


def _runner_version(t: Target8) -> str:
    if t.run == "mgba":
        return "libmgba " + _dpkg_version("libmgba-dev")
    return _tool_version([t.runner[0], "--version"] if t.run == "sim65" else [t.runner[0], "-v"])


def _dpkg_version(pkg: str) -> str:
    try:
        out = _run(["dpkg-query", "-W", "-f=${Version}", pkg]).stdout.strip()
    except OSError:
        return "unknown"
    return out or "unknown"
