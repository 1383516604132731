# SPDX-License-Identifier: MIT
"""hashbench cross: the same portable C on other CPUs, under QEMU, with
exact instruction counts.

A target is data (cross/targets/<name>.toml): compiler and flags, platform
sources, how QEMU runs it, the cost metric.  For each target this module
builds the QEMU guest engine (src/engine/guest/qemu.c + the core) into
build/cross/<target>/, cached on a hash of everything that goes into it;
builds the counting plugin (src/meters/qemu_insn.c) once; finds the
marker functions with the target's `nm`; runs the engine under QEMU with
the plugin; and turns their records (docs/records.md) into results.

Verify before cost: every digest the target prints is compared, byte for
byte, with data/reference-digests.tsv (or, for a size the table lacks or
before the table exists, with the host engine's portable digest).  A
mismatch is reported as a mismatch and carries no cost.

Per result: `per_call` = (instructions in the region with CALLS calls -
instructions in the same region around a do-nothing hash) / CALLS.  The
count covers only the region between the markers, never start-up, so it is
identical run after run (`--check-repeat` runs everything twice to prove it).
"""
import argparse
import fnmatch
import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from . import records
from .context import host_context
from .engine import ROOT
from .errors import UserError
from .units import format_size, parse_sizes

TARGETS_DIR = ROOT / "cross" / "targets"
BUILD_ROOT = ROOT / "build" / "cross"
PLUGIN_SRC = ROOT / "src" / "meters" / "qemu_insn.c"
REFERENCE_TSV = ROOT / "data" / "reference-digests.tsv"
REGISTRY_DEF = ROOT / "src" / "algos" / "registry.def"
RECORD_SRC = "src/engine/hb_record.c"  # the record writer, linked into every engine and meter
ENGINE_SRC = ["src/engine/guest/qemu.c", RECORD_SRC, "src/engine/hb_registry.c", "src/engine/hb_workload.c"]
# the order: the consoles first, then the other CPUs
TARGET_ORDER = ["n64", "nds", "3ds", "cortex-m7", "aarch64", "riscv64", "s390x", "ppc", "i686"]
DEFAULT_SIZES = [64, 256, 1024]
DEFAULT_CALLS = 2
MAX_SIZE = 65536  # HB_CROSS_MAX_SIZE in src/engine/guest/qemu.c
RUN_TIMEOUT_S = 600
IMPLS = ("portable", "compact")


# ---- targets ------------------------------------------------------------

@dataclass
class Target:
    name: str
    title: str
    cc: str
    cflags: list
    ldflags: list
    platform: list
    mode: str                 # "user": qemu-<arch> ELF args; "system": -kernel + semihosting
    runner: list
    metric: str = "instructions"
    cpu: str = ""
    isa: str = ""
    bits: int = 32
    endian: str = "little"
    thumb: bool = False
    cpu_clock_hz: int = None  # the real CPU's clock, for reference; never used to convert
    clock_hz: int = None      # set only where the runner counts cycles
    size_cflags: list = field(default_factory=list)
    packages: list = field(default_factory=list)
    path: Path = None

    @property
    def build_dir(self) -> Path:
        return BUILD_ROOT / self.name

    def tool(self, name) -> str:
        """The target's binutils tool (nm, size) next to its compiler."""
        return self.cc[:-3] + name if self.cc.endswith("gcc") else name

    def missing(self) -> list:
        """Programs this target needs that are not installed."""
        return [p for p in (self.cc, self.runner[0], self.tool("nm")) if shutil.which(p) is None]


REQUIRED = ("name", "title", "cc", "cflags", "ldflags", "platform", "mode", "runner")


def read_description(path: Path, cls, required, choices=None):
    """A target description (TOML) -> an instance of the dataclass `cls`:
    every required key present, no unknown key, `choices` {key: allowed values}."""
    try:
        data = tomllib.loads(path.read_text())
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise UserError(f"{path}: not a readable target description ({exc})") from exc
    lacking = [k for k in required if k not in data]
    if lacking:
        raise UserError(f"{path}: missing {', '.join(lacking)}")
    for key, allowed in (choices or {}).items():
        if data[key] not in allowed:
            raise UserError(f"{path}: {key} must be " + " or ".join(f"'{a}'" for a in allowed))
    known = set(cls.__dataclass_fields__) - {"path"}
    extra = set(data) - known
    if extra:
        raise UserError(f"{path}: unknown keys {', '.join(sorted(extra))}")
    return cls(path=path, **data)


def load_target(path: Path) -> Target:
    return read_description(path, Target, REQUIRED, {"mode": ("user", "system")})


def read_descriptions(folder: Path, load, order_names) -> dict:
    """{name: target} for every *.toml in `folder`, in `order_names` order."""
    targets = {}
    for p in sorted(folder.glob("*.toml")):
        t = load(p)
        targets[t.name] = t
    order = {n: i for i, n in enumerate(order_names)}
    return dict(sorted(targets.items(), key=lambda kv: (order.get(kv[0], 99), kv[0])))


def load_targets() -> dict:
    return read_descriptions(TARGETS_DIR, load_target, TARGET_ORDER)


def all_targets() -> dict:
    """The QEMU targets of this module, then the 8/16-bit console targets of
    hashbench/cross8.py (cross8/targets/*.toml): one namespace for --target."""
    from . import cross8
    targets = load_targets()
    targets.update(cross8.load_targets())
    return targets


def select_targets(targets: dict, names, all_targets: bool) -> list:
    if all_targets:
        return list(targets)
    chosen = []
    for item in names or []:
        for n in item.split(","):
            n = n.strip()
            if not n:
                continue
            if n not in targets:
                raise UserError(f"unknown target {n!r} (targets: {', '.join(targets)})")
            if n not in chosen:
                chosen.append(n)
    if not chosen:
        raise UserError("name a target with --target T[,T...] or use --all (see 'hashbench cross --list')")
    return chosen


# ---- the registry, read from registry.def (no host engine needed) -------

def registry() -> list:
    """[{id, sym, label, tier, digest_len, width, compact}] in registry order."""
    tiers = {"CHECKSUM": "checksum", "NONCRYPTO": "non-crypto", "CRYPTO": "crypto"}
    out = []
    pat = re.compile(r'^HB_ALGO\(\s*(\w+),\s*"([^"]+)",\s*"([^"]+)",\s*(\w+),\s*(\d+),\s*(\d+),\s*(\d+),'
                     r'\s*(\w+),\s*(\w+)', re.M)
    for m in pat.finditer(REGISTRY_DEF.read_text()):
        out.append({"sym": m.group(1), "id": m.group(2), "label": m.group(3), "tier": tiers[m.group(4)],
                    "digest_len": int(m.group(5)), "width": int(m.group(7)),
                    "compact": m.group(9) == "COMPACT"})
    return out


def select_algos(patterns) -> list:
    ids = [a["id"] for a in registry()]
    if not patterns:
        return ids
    chosen = set()
    for item in patterns:
        for p in item.split(","):
            p = p.strip().lower()
            if not p:
                continue
            hits = fnmatch.filter(ids, p)
            if not hits:
                raise UserError(f"unknown algorithm {p!r} (see 'hashbench list')")
            chosen.update(hits)
    return [i for i in ids if i in chosen]


# ---- building -------------------------------------------------------------

def _run(cmd, **kw):
    return subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, **kw)


def _version(prog) -> str:
    try:
        out = _run([prog, "--version"], timeout=30).stdout
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    return out.splitlines()[0].strip() if out else "unknown"


def _digest_files(h, paths):
    for p in sorted(set(paths)):
        h.update(p.encode() + b"\0")
        h.update((ROOT / p).read_bytes())


def core_sources() -> list:
    algos = sorted(str(p.relative_to(ROOT)) for p in (ROOT / "src" / "algos").glob("*.c"))
    return ENGINE_SRC + algos


def core_headers() -> list:
    pats = ["src/algos/*.h", "src/algos/*.def", "src/engine/*.h", "src/platform/guest/*/include/*.h"]
    return sorted(str(p.relative_to(ROOT)) for pat in pats for p in ROOT.glob(pat))


def _expand(flags, t: Target) -> list:
    out = []
    for f in flags:
        if "{cc_include}" in f:
            inc = _run([t.cc, "-print-file-name=include"]).stdout.strip()
            f = f.replace("{cc_include}", inc)
        out.append(f)
    return out


def _cached_build(out: Path, cmd: list, inputs: list, extra: str, log) -> bool:
    """Runs `cmd` (which writes `out`) unless the stamp says the same inputs
    already built it.  Returns True when the cached file was used."""
    h = hashlib.sha256()
    h.update(json.dumps(cmd).encode())
    h.update(extra.encode())
    _digest_files(h, inputs)
    key = h.hexdigest()
    stamp = out.with_name(out.name + ".key")
    if out.exists() and stamp.exists() and stamp.read_text() == key:
        return True
    out.parent.mkdir(parents=True, exist_ok=True)
    log(f"building {out.relative_to(ROOT)}")
    proc = _run(cmd)
    (out.parent / (out.name + ".log")).write_text(" ".join(cmd) + "\n" + proc.stdout + proc.stderr)
    if proc.returncode != 0 or not out.exists():
        if stamp.exists():
            stamp.unlink()
        msg = (proc.stderr or proc.stdout).strip().splitlines()
        raise BuildError(f"{out.relative_to(ROOT)}: build failed:\n  " + "\n  ".join(msg[-15:]))
    stamp.write_text(key)
    return False


class BuildError(Exception):
    """A target failed to build or run: reported for that target, the others go on."""


def build_plugin(log=lambda m: None) -> Path:
    cc = os.environ.get("CC", "cc")
    out = BUILD_ROOT / "plugin" / "hb_insn.so"
    src = str(PLUGIN_SRC.relative_to(ROOT))
    cmd = [cc, "-std=gnu11", "-O2", "-Wall", "-Wextra", "-fPIC", "-shared", "-fvisibility=hidden",
           "-DHB_RECORD_U64", src, RECORD_SRC, "-o", str(out.relative_to(ROOT))]
    if shutil.which(cc) is None:
        raise UserError(f"no host C compiler ({cc}) to build the QEMU plugin: run scripts/setup.sh")
    _cached_build(out, cmd, [src, RECORD_SRC, "src/engine/hb_record.h"], _version(cc), log)
    return out


def build_target(t: Target, log=lambda m: None):
    """-> (elf path, cached?, the compile command)."""
    elf = t.build_dir / "hb-cross.elf"
    sources = list(t.platform) + core_sources()
    cmd = ([t.cc, "-std=c99", "-Wall", "-Wextra"] + _expand(t.cflags, t) + ["-Isrc/engine"] + sources
           + ["-o", str(elf.relative_to(ROOT))] + _expand(t.ldflags, t))
    inputs = sources + core_headers() + [p for p in t.ldflags if p.endswith(".ld")]
    cached = _cached_build(elf, cmd, inputs, _version(t.cc), log)
    return elf, cached, cmd


def marker_addresses(t: Target, elf: Path):
    proc = _run([t.tool("nm"), str(elf)])
    if proc.returncode != 0:
        raise BuildError(f"{t.tool('nm')} failed on {elf}: {proc.stderr.strip()}")
    syms = {}
    for line in proc.stdout.splitlines():
        parts = line.split()
        if len(parts) == 3 and parts[2] in ("hb_cross_begin", "hb_cross_end"):
            addr = int(parts[0], 16)
            syms[parts[2]] = addr & ~1 if t.thumb else addr
    if len(syms) != 2:
        raise BuildError(f"{elf}: marker functions hb_cross_begin/hb_cross_end not found")
    return syms["hb_cross_begin"], syms["hb_cross_end"]


# ---- running ----------------------------------------------------------------

def _qemu_opt(text: str) -> str:
    return text.replace(",", ",,")  # QEMU's option syntax escapes a comma by doubling it


def run_command(t: Target, elf: Path, plugin: Path, markers, count_file: Path, engine_args: list) -> list:
    spec = (f"{_qemu_opt(str(plugin))},begin=0x{markers[0]:x},end=0x{markers[1]:x},"
            f"out={_qemu_opt(str(count_file))}")
    if t.mode == "user":
        return list(t.runner) + ["-plugin", spec, str(elf)] + engine_args
    semi = ",".join(["enable=on", "target=native", "arg=hb-cross"] + [f"arg={_qemu_opt(a)}" for a in engine_args])
    return list(t.runner) + ["-semihosting-config", semi, "-plugin", spec, "-kernel", str(elf)]


def parse_engine(text: str) -> dict:
    """The engine's records -> {engine, digests, regions, errors, done}."""
    out = {"engine": None, "digests": {}, "regions": [], "errors": [], "done": None}
    for rec in records.read(text, out["errors"]):
        kind = rec["rec"]
        try:
            if kind == "engine":
                out["engine"] = {k: v for k, v in rec.items() if k != "rec"}
                if rec.get("format") != records.FORMAT:
                    out["errors"].append(f"engine record format {rec.get('format')} is not {records.FORMAT}")
            elif kind == "digest":
                out["digests"][(rec["algo"], rec["impl"], rec["size"])] = rec["digest"]
            elif kind == "region":
                out["regions"].append({k: rec[k] for k in ("index", "algo", "impl", "size", "calls")})
            elif kind == "error":
                out["errors"].append(rec.get("message", "error"))
            elif kind == "done":
                out["done"] = rec["regions"]
        except KeyError as exc:
            out["errors"].append(f"{kind} record without {exc}")
    return out


def parse_counts(text: str) -> dict:
    """The plugin's records -> {counts: {region index: instructions}, total,
    regions, unmatched}."""
    counts, meta = {}, {}
    for rec in records.read(text, []):
        if rec["rec"] == "count":
            counts[rec["region"]] = rec["instructions"]
        elif rec["rec"] == "totals":
            meta = {"total": rec["instructions"], "regions": rec["regions"], "unmatched": rec["unmatched"]}
    return {"counts": counts, **meta}


def run_target(t: Target, elf: Path, plugin: Path, engine_args: list, timeout=RUN_TIMEOUT_S):
    markers = marker_addresses(t, elf)
    t.build_dir.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=str(t.build_dir), prefix="counts.", suffix=".txt")
    os.close(fd)
    count_file = Path(tmp)
    cmd = run_command(t, elf, plugin, markers, count_file, engine_args)
    try:
        proc = subprocess.run(cmd, cwd=ROOT, stdin=subprocess.DEVNULL, capture_output=True, text=True,
                              timeout=timeout, errors="replace")
        counts = parse_counts(count_file.read_text())
    except subprocess.TimeoutExpired as exc:
        raise BuildError(f"{t.name}: {cmd[0]} did not finish within {timeout} s") from exc
    except OSError as exc:
        raise BuildError(f"{t.name}: cannot run {cmd[0]}: {exc}") from exc
    finally:
        count_file.unlink(missing_ok=True)
    parsed = parse_engine(proc.stdout)
    if proc.returncode != 0 or parsed["done"] is None:
        detail = "; ".join(parsed["errors"]) or (proc.stderr.strip().splitlines() or ["no output"])[-1]
        raise BuildError(f"{t.name}: the engine failed under {cmd[0]} (exit {proc.returncode}): {detail}")
    if counts.get("unmatched"):
        raise BuildError(f"{t.name}: the plugin saw unbalanced markers")
    if len(counts["counts"]) != parsed["done"]:
        raise BuildError(f"{t.name}: the plugin counted {len(counts['counts'])} regions, "
                         f"the engine ran {parsed['done']}")
    parsed["counts"] = counts["counts"]
    parsed["command"] = cmd
    return parsed


# ---- verification -----------------------------------------------------------

def reference_table() -> dict:
    """{(algo, size): hex} from data/reference-digests.tsv ({} when absent)."""
    ref = {}
    if not REFERENCE_TSV.exists():
        return ref
    for line in REFERENCE_TSV.read_text().splitlines():
        if line.startswith("#") or not line.strip():
            continue
        algo, size, hexd = line.split("\t")
        ref[(algo, int(size))] = hexd.strip().lower()
    return ref


class Expected:
    """Where a digest to compare with comes from: the reference table first;
    for a size the table lacks (or before it exists), the host engine's
    portable digest, as `hashbench run` does for untabulated sizes."""

    def __init__(self):
        self.ref = reference_table()
        self.host = {}
        self._engine = None

    def _engine_path(self):
        if self._engine is None:
            from . import engine as eng
            self._engine = eng.ensure_built()
        return self._engine

    def get(self, algo: str, size: int):
        """-> (hex, basis)."""
        if (algo, size) in self.ref:
            return self.ref[(algo, size)], "reference"
        if (algo, size) not in self.host:
            proc = subprocess.run([str(self._engine_path()), "digest", algo, "portable", str(size)],
                                  capture_output=True, text=True)
            if proc.returncode != 0:
                raise UserError(f"the host engine cannot give {algo} @{size} B: {proc.stderr.strip()}")
            self.host[(algo, size)] = proc.stdout.strip().lower()
        return self.host[(algo, size)], "portable"


def cost_result(t, algo, impl, size, digest, want, basis, info, net, calls, raw=None) -> dict:
    """One result: `net` counts for `calls` calls (cycles or instructions, as
    t.metric says); a digest that differs from `want` carries no cost."""
    a = info.get(algo, {})
    res = {"algorithm": algo, "implementation": impl, "size": size,
           "target": t.name, "tier": a.get("tier"), "label": a.get("label", algo),
           "digest": digest, "verified_against": basis, "metric": t.metric, "clock_hz": t.clock_hz,
           "ns_per_call": None, "mb_per_s": None, "cycles_per_byte": None}
    if digest != want:
        res.update(verified=False, expected=want, per_call=None, per_byte=None, spread_pct=None,
                   samples=[])
        return res
    res.update(verified=True, per_call=net // calls, per_byte=net / calls / size,
               spread_pct=0.0, calls=calls, **(raw or {}),
               samples=[])  # no timed samples: the counts above are the raw data
    if net % calls:
        res["per_call_remainder"] = net % calls  # calls differed: kept, and visible
    if t.metric == "cycles" and t.clock_hz and net > 0:
        res["ns_per_call"] = net / calls * 1e9 / t.clock_hz
        res["mb_per_s"] = size / res["ns_per_call"] * 1e3
        res["kb_per_s"] = res["mb_per_s"] * 1e3  # the seeds' unit (10^3 B/s), at the real clock
        res["cycles_per_byte"] = res["per_byte"]
    return res


def make_results(t: Target, parsed: dict, expected: Expected, info: dict) -> list:
    """Engine lines + counts -> result dicts; mismatches carry no cost."""
    counts = parsed["counts"]
    harness = {}
    results = []
    for reg in parsed["regions"]:
        n = counts[reg["index"]]
        if reg["algo"] == "-":
            harness[reg["size"]] = n
            continue
        digest = parsed["digests"].get((reg["algo"], reg["impl"], reg["size"]), "")
        want, basis = expected.get(reg["algo"], reg["size"])
        base = harness.get(reg["size"], 0)
        results.append(cost_result(t, reg["algo"], reg["impl"], reg["size"], digest, want, basis, info,
                                   n - base, reg["calls"], {"region_count": n, "harness_count": base}))
    return results


def target_context(t: Target, cmd: list, cached: bool) -> dict:
    return {"title": t.title, "cpu": t.cpu, "isa": t.isa, "bits": t.bits, "endian": t.endian,
            "compiler": _version(t.cc), "compile": " ".join(cmd), "runner": " ".join(t.runner),
            "runner_version": _version(t.runner[0]), "metric": t.metric, "clock_hz": t.clock_hz,
            "cpu_clock_hz": t.cpu_clock_hz, "cached_build": cached,
            "description": str(t.path.relative_to(ROOT)) if t.path else None}


# ---- code size (the STM32 study's flash-size plot) ---------------------------

def code_sizes(t: Target, algos=None, log=lambda m: None) -> dict:
    """{(algo id, impl): bytes of flash (text + data) the algorithm adds to a
    program that calls it}, built with the target's size_cflags (-Os) and
    --gc-sections: each program calls one function, the baseline calls a
    do-nothing one, the difference is the algorithm's code and tables (and
    any library routine, e.g. memcpy, it pulls in)."""
    if not t.size_cflags:
        raise UserError(f"target {t.name} has no size_cflags")
    bdir = t.build_dir / "size"
    bdir.mkdir(parents=True, exist_ok=True)
    flags = _expand(t.size_cflags, t) + ["-ffunction-sections", "-fdata-sections"]
    lib = bdir / "libcore.a"
    objs = []
    for src in core_sources():
        if src == "src/engine/guest/qemu.c":
            continue
        obj = bdir / (Path(src).stem + ".o")
        _cached_build(obj, [t.cc, "-std=c99"] + flags + ["-c", src, "-o", str(obj)],
                      [src] + core_headers(), _version(t.cc), log)
        objs.append(obj)
    if lib.exists():
        lib.unlink()
    proc = _run([t.tool("ar"), "rcs", str(lib)] + [str(o) for o in objs])
    if proc.returncode != 0:
        raise BuildError(f"ar failed: {proc.stderr.strip()}")

    def linked_size(fn_name, tag):
        src = bdir / f"probe_{tag}.c"
        decl = f"void {fn_name}(unsigned char *, const unsigned char *, unsigned long);" if fn_name else ""
        call = fn_name or "nothing"
        src.write_text("/* generated by hashbench cross: one call, nothing else */\n"
                       + decl + "\nstatic void nothing(unsigned char *o, const unsigned char *i, unsigned long n)"
                       "\n{ (void)o; (void)i; (void)n; }\n"
                       "typedef void (*fn)(unsigned char *, const unsigned char *, unsigned long);\n"
                       "static unsigned char out[64], in[16];\n"
                       f"int main(void) {{ fn volatile f = {call}; f(out, in, sizeof in); return out[0]; }}\n")
        elf = bdir / f"probe_{tag}.elf"
        cmd = ([t.cc, "-std=c99"] + flags + [str(src), str(lib), "-o", str(elf), "-nostartfiles",
               "--specs=nosys.specs", "-Wl,--gc-sections", "-Wl,-e,main"])
        p = _run(cmd)
        if p.returncode != 0:
            raise BuildError(f"size probe for {fn_name} failed: {(p.stderr or p.stdout).strip()[-400:]}")
        sz = _run([t.tool("size"), "-B", str(elf)]).stdout.splitlines()
        text, data = (int(x) for x in sz[1].split()[:2])
        return text + data

    base = linked_size(None, "baseline")
    out = {}
    for a in registry():
        if algos and a["id"] not in algos:
            continue
        out[(a["id"], "portable")] = linked_size(f"hb_{a['sym']}", a["sym"]) - base
        if a["compact"]:
            out[(a["id"], "compact")] = linked_size(f"hb_{a['sym']}_compact", a["sym"] + "_compact") - base
    return out


# ---- one cross run ------------------------------------------------------------

def run_cross(names, targets, sizes, algos, impls, calls, store=None, log=print, check_repeat=False,
              command=""):
    """Builds, runs, verifies and stores every named target.  Returns the run dict."""
    info = {a["id"]: a for a in registry()}
    expected = Expected()
    opts = {"targets": names, "sizes": sizes, "algos": algos, "impls": impls, "calls": calls}
    ctx = host_context()
    ctx["kind"] = "cross"
    ctx["targets"] = {}
    run = {"id": None, "kind": "cross", "status": "running", "options": opts, "context": ctx,
           "results": [], "errors": [], "failed_targets": {}}
    if store:
        run["id"] = store.begin_run("cross", command, opts, ctx)
    t0 = time.monotonic()
    status = "complete"
    try:
        plugin = build_plugin(log) if any(not getattr(targets[n], "console8", False) for n in names) else None
        engine_args = ["-s", ",".join(str(s) for s in sizes), "-k", str(calls)]
        if algos != [a["id"] for a in registry()]:
            engine_args += ["-a", ",".join(algos)]
        if impls != list(IMPLS):
            engine_args += ["-i", ",".join(impls)]
        for name in names:
            t = targets[name]
            missing = t.missing()
            if missing:
                pk = f" (Debian packages: {' '.join(t.packages)}; scripts/setup.sh installs them)" if t.packages else ""
                run["failed_targets"][name] = f"not installed: {', '.join(missing)}{pk}"
                log(f"{name}: skipped: {run['failed_targets'][name]}")
                continue
            try:
                if getattr(t, "console8", False):  # part 2: hashbench/cross8.py builds, runs and measures
                    from . import cross8
                    tctx, results, _ = cross8.run_target8(t, sizes, algos, impls, expected, info, log,
                                                          check_repeat)
                else:
                    elf, cached, cmd = build_target(t, log)
                    parsed = run_target(t, elf, plugin, engine_args)
                    if check_repeat:
                        again = run_target(t, elf, plugin, engine_args)
                        if again["counts"] != parsed["counts"] or again["digests"] != parsed["digests"]:
                            diff = [i for i in parsed["counts"] if parsed["counts"][i] != again["counts"].get(i)]
                            raise BuildError(f"{name}: counts differ between two runs (regions {diff[:5]})")
                    tctx = target_context(t, cmd, cached)
                    tctx["engine"] = parsed["engine"]
                    results = make_results(t, parsed, expected, info)
            except BuildError as exc:
                run["failed_targets"][name] = str(exc)
                log(f"{name}: FAILED: {exc}")
                continue
            ctx["targets"][name] = tctx
            if check_repeat:
                ctx["targets"][name]["repeat_checked"] = True
            if store:
                store.update_context(run["id"], ctx)
            for r in results:
                run["results"].append(r)
                if store:
                    store.add_result(run["id"], r)
                if not r["verified"]:
                    run["errors"].append({"target": name, "algo": r["algorithm"], "impl": r["implementation"],
                                          "size": r["size"], "digest": r["digest"], "expected": r["expected"],
                                          "basis": r["verified_against"]})
            ok = sum(r["verified"] for r in results)
            log(f"{name}: {'cached build' if tctx.get('cached_build') else 'built'}, {ok}/{len(results)} digests match"
                + (", counts repeat exactly" if check_repeat else ""))
    except KeyboardInterrupt:
        status = "interrupted"
    except UserError:
        if store:
            store.end_run(run["id"], "failed")
        raise
    if status == "complete" and (run["errors"] or run["failed_targets"]):
        status = "failed"
    run["status"] = status
    run["elapsed_s"] = time.monotonic() - t0
    if store:
        store.end_run(run["id"], status)
    return run


# ---- presentation -----------------------------------------------------------------

def fmt_per_byte(v) -> str:
    if v is None:
        return "-"
    return f"{v:,.1f}" if v >= 10 else f"{v:.2f}"


def fmt_kb_per_s(v) -> str:
    if v is None:
        return "-"
    return f"{v:,.0f}" if v >= 100 else (f"{v:.1f}" if v >= 10 else f"{v:.3g}")


# What a table can show: (result field, formatter, title).  Instruction counts
# and exact cycles never share a table (issue 6: labelled, never mixed).
TABLE_VALUES = {
    "instructions": ("per_byte", fmt_per_byte, "instructions per byte"),
    "cycles": ("per_byte", fmt_per_byte, "cycles per byte (exact)"),
    "kb_per_s": ("kb_per_s", fmt_kb_per_s, "KB/s (10^3 B/s) at the CPU's real clock, from exact cycles"),
}


def _target_order() -> dict:
    from .cross8 import TARGET_ORDER as ORDER8
    return {n: i for i, n in enumerate(TARGET_ORDER + ORDER8)}


def cross_table(results, size=None, targets=None, value="instructions"):
    """(headers, rows, aligns): algorithms x targets at one size (default: the
    largest present), `value` one of TABLE_VALUES (instructions per byte by
    default); 'MISMATCH' where the digest was wrong."""
    if not results:
        return ["ALGO"], [], "l"
    key, fmt, _ = TABLE_VALUES[value]
    size = size or max(r["size"] for r in results)
    rs = [r for r in results if r["size"] == size]
    order = _target_order()
    tnames = targets or sorted({r["target"] for r in rs}, key=lambda n: (order.get(n, 99), n))
    info = {a["id"]: (i, a) for i, a in enumerate(registry())}
    cells = {}
    for r in rs:
        cells[(r["algorithm"], r["implementation"], r["target"])] = r
    keys = sorted({(r["algorithm"], r["implementation"]) for r in rs},
                  key=lambda k: (info.get(k[0], (999,))[0], IMPLS.index(k[1]) if k[1] in IMPLS else 9))
    show_impl = len({k[1] for k in keys}) > 1
    headers = ["ALGO"] + (["IMPL"] if show_impl else []) + tnames
    rows = []
    for algo, impl in keys:
        row = [info.get(algo, (0, {"label": algo}))[1]["label"]] + ([impl] if show_impl else [])
        for tn in tnames:
            r = cells.get((algo, impl, tn))
            row.append("-" if r is None else ("MISMATCH" if not r["verified"] else fmt(r.get(key))))
        rows.append(row)
    return headers, rows, "l" + ("l" if show_impl else "") + "r" * len(tnames)


def metric_tables(results, size=None, targets=None):
    """[(title, headers, rows, aligns)]: one table per metric present - the
    QEMU targets' instructions per byte; the exact-cycle targets' cycles per
    byte, then their KB/s at the real clock."""
    out = []
    size = size or (max(r["size"] for r in results) if results else None)
    for metric, values in (("instructions", ["instructions"]), ("cycles", ["cycles", "kb_per_s"])):
        rs = [r for r in results if r.get("metric", "instructions") == metric]
        if not rs or not any(r["size"] == size for r in rs):
            continue
        names = [n for n in targets if any(r["target"] == n for r in rs)] if targets else None
        for v in values:
            h, rows, al = cross_table(rs, size, names, v)
            out.append((f"{TABLE_VALUES[v][2]} @ {format_size(size)} B", h, rows, al))
    return out


def latest_results(store, names=None) -> list:
    """The newest result per (target, algo, impl, size) over stored cross runs."""
    seen, out = set(), []
    for run in store.runs(limit=1000):
        if run["kind"] != "cross":
            continue
        for r in store.load_run(run["id"])["results"]:
            key = (r.get("target"), r["algorithm"], r["implementation"], r["size"])
            if key in seen or (names and r.get("target") not in names):
                continue
            seen.add(key)
            out.append(r)
    return out


def to_markdown(run) -> str:
    """A cross run as Markdown: the targets, then algorithms x targets per size."""
    lines = [f"# hashbench cross run {run.get('id') or ''}".rstrip(), ""]
    for name, tc in run.get("context", {}).get("targets", {}).items():
        lines.append(f"- **{name}**: {tc.get('title')}; {tc.get('compiler')}; `{tc.get('runner')}`; "
                     f"{tc.get('metric')}")
    for size in sorted({r["size"] for r in run["results"]}):
        for title, h, rows, al in metric_tables(run["results"], size):
            lines += ["", title[0].upper() + title[1:], "",
                      "| " + " | ".join(h) + " |", "|" + "|".join("---:" if a == "r" else "---" for a in al) + "|"]
            lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines) + "\n"


CSV_COLUMNS = ["target", "algorithm", "implementation", "size", "tier", "verified", "verified_against",
               "digest", "expected", "metric", "per_call", "per_byte", "calls", "clock_hz", "kb_per_s"]


def to_csv(run) -> str:
    import csv
    import io
    buf = io.StringIO()
    w = csv.writer(buf)
    w.writerow(CSV_COLUMNS)
    for r in run["results"]:
        w.writerow(["" if r.get(c) is None else r.get(c) for c in CSV_COLUMNS])
    return buf.getvalue()


def write_output(path, run):
    """-o FILE: .json through the shared exporter (the run JSON format, with
    the cross fields in each result); .csv and .md in cross columns."""
    from .present import exporters
    suffix = Path(path).suffix.lower()
    if suffix == ".json":
        exporters.write(path, run)
        return
    exporters.check_path(path)
    p = Path(path)
    fd, tmp = tempfile.mkstemp(dir=str(p.parent), prefix=f".{p.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w") as f:
            f.write(to_markdown(run) if suffix == ".md" else to_csv(run))
        os.replace(tmp, p)
    except OSError as exc:
        Path(tmp).unlink(missing_ok=True)
        raise UserError(f"{path}: {exc.strerror}") from exc


def show_run(run) -> int:
    """Prints a stored cross run (for `hashbench show` when run["kind"] == "cross")."""
    from .present.table import render
    ctx = run.get("context", {})
    for name, tc in ctx.get("targets", {}).items():
        print(f"{name}: {tc.get('title')} · {tc.get('compiler')} · {tc.get('runner')} · {tc.get('metric')}")
    for size in sorted({r["size"] for r in run["results"]}):
        for title, h, rows, al in metric_tables(run["results"], size):
            render(h, rows, al, title=title)
    for name, why in (run.get("failed_targets") or {}).items():
        print(f"{name}: {why}", file=sys.stderr)
    return 0


# ---- the command ------------------------------------------------------------------

def _formatter(prog):
    return argparse.RawDescriptionHelpFormatter(prog, max_help_position=30)


def add_parser(sub):
    """Registers `hashbench cross` on the CLI's subparsers."""
    c = sub.add_parser(
        "cross", help="other CPUs under QEMU: exact instruction counts", formatter_class=_formatter,
        description="Build the cross engine for each target (cross/targets/*.toml), run it under QEMU "
                    "with an instruction-counting plugin, verify every digest against the host's byte "
                    "for byte, and store the results.  Cost = instructions per call, exact and "
                    "repeatable; a wrong digest is reported as a mismatch with no cost.  The console "
                    "targets (nes, gb, z80, gba, gba-iwram: cross8/targets/*.toml) build one program "
                    "per algorithm and count exact cycles in sim65, mGBA or ucsim instead.  SDCC "
                    "(gb, z80) is slow: a first run of every algorithm on both took 9.5 minutes on "
                    "2 cores; builds are cached after that.",
        epilog="examples:\n  hashbench cross --list\n  hashbench cross --target n64,nds\n"
               "  hashbench cross --target nes,gba --size 64  # exact 6502 and ARM7TDMI cycles\n"
               "  hashbench cross --all -o cross.json\n  hashbench cross --all -a 'sha*' --size 1k\n"
               "  hashbench cross --table            # the stored results, algorithms x targets")
    c.add_argument("--target", action="append", metavar="T[,T...]", help="targets to run")
    c.add_argument("--all", action="store_true", help="every target")
    c.add_argument("--list", action="store_true", help="list the targets and whether they can run here")
    c.add_argument("--table", action="store_true",
                   help="print algorithms x targets (instructions/byte); alone: from the stored runs")
    c.add_argument("-a", "--algo", action="append", metavar="ALGO", help="ids, comma lists or globs (default: all)")
    c.add_argument("--impl", default="all", help="portable, compact or all (default: all)")
    c.add_argument("--size", action="append", metavar="SIZE", help="bytes (default 64,256,1024; at most 64K)")
    c.add_argument("--calls", type=int, default=DEFAULT_CALLS, help="calls in each measured region (default 2)")
    c.add_argument("--check-repeat", action="store_true", help="run every target twice; fail unless counts repeat")
    c.add_argument("-o", "--output", metavar="FILE", help="also write FILE (.json, .csv or .md)")
    c.add_argument("--db", metavar="PATH", help="results database (default ~/.local/share/hashbench/)")
    c.add_argument("--no-save", action="store_true", help="do not store the run")
    c.add_argument("-q", "--quiet", action="store_true", help="no progress lines")
    return c


def cmd_cross(args) -> int:
    from .present import exporters
    from .present.table import render
    from .store import Store
    targets = all_targets()
    if args.list:
        rows = []
        for n, t in targets.items():
            miss = t.missing()
            rows.append([n, t.title, " ".join(t.runner[:3]), t.metric + (f" @ {t.clock_hz:,} Hz" if t.clock_hz else ""),
                         "yes" if not miss else "missing " + ", ".join(miss)])
        render(["TARGET", "CPU", "RUNS ON", "METRIC", "READY"], rows, "lllll")
        return 0
    if not args.target and not args.all:
        if args.table:
            res = latest_results(Store(args.db))
            if not res:
                raise UserError("no stored cross results: run 'hashbench cross --target T' first")
            size = parse_sizes(args.size)[-1] if args.size else None
            for title, h, rows, al in metric_tables(res, size):
                render(h, rows, al, title=title + " (stored cross results, newest per target)")
            return 0
        raise UserError("name a target with --target T[,T...] or use --all (see 'hashbench cross --list')")
    names = select_targets(targets, args.target, args.all)
    sizes = parse_sizes(args.size) if args.size else list(DEFAULT_SIZES)
    if max(sizes) > MAX_SIZE:
        raise UserError(f"--size: the cross engine's buffer holds at most {MAX_SIZE} bytes")
    if not 1 <= args.calls <= 1000:
        raise UserError("--calls must be between 1 and 1000")
    impls = list(IMPLS) if args.impl == "all" else [i.strip() for i in args.impl.split(",") if i.strip()]
    bad = [i for i in impls if i not in IMPLS]
    if bad:
        raise UserError(f"unknown implementation {bad[0]!r}: cross runs portable and compact")
    algos = select_algos(args.algo)
    if args.output:
        exporters.check_path(args.output)
    store = None if args.no_save else Store(args.db)
    log = (lambda m: None) if args.quiet else (lambda m: print(m, file=sys.stderr))
    run = run_cross(names, targets, sizes, algos, impls, args.calls, store, log, args.check_repeat,
                    " ".join(sys.argv))
    for e in run["errors"]:
        print(f"error: {e['target']}: {e['algo']}/{e['impl']} @{e['size']} B: digest {e['digest']} does not "
              f"match the {e['basis']} digest {e['expected']}: MISMATCH, no cost reported", file=sys.stderr)
    for name, tc in run["context"]["targets"].items():
        for what, why in (tc.get("notes") or {}).items():  # an 8-bit target's algorithm that did not build or run
            print(f"warning: {name}: {what}: {why}", file=sys.stderr)
    if run["results"]:
        size = max(r["size"] for r in run["results"])
        how = {"instructions": " (exact, QEMU TCG plugin)", "cycles": " (exact, cycle-accurate simulators)"}
        for title, h, rows, al in metric_tables(run["results"], size,
                                                [n for n in names if n in run["context"]["targets"]]):
            render(h, rows, al, title=title + how["instructions" if title.startswith("instr") else "cycles"])
    if args.output:
        write_output(args.output, run)
        log(f"wrote {args.output}")
    if store:
        log(f"saved as run {run['id']} in {store.path}")
    if run["status"] == "interrupted":
        return 130
    return 1 if run["errors"] or run["failed_targets"] else 0
