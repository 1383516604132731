"""The cycle-model meter (`est-cycles`): cycles estimated by an in-order CPU
model that a QEMU TCG plugin (src/meters/qemu_cycles.c) runs over the
executed instructions.  See docs/cycle-models.md.

This module is the Python side, standalone (standard library only):

    load_model(name, variant=None)        data/cpu-models/<name>.toml -> Model
    uncited_figures(model.doc)            figures without a source (must be none)
    read_elf(path)                        sections and symbols of an ELF
    memory_map(model, elf=None)           [(lo, hi, kind)]: fixed map + ELF sections
    model_file_text(model, elf=None)      the flat model file the plugin reads
    write_model_file(model, path, elf=None)
    build_plugin(out_dir=None, cc="cc")   -> path of hb_cycles.so (cached)
    plugin_spec(plugin, model_file, out, begin=, end= | mark=, trace=, trace_region=)
    parse_records(text)                   the plugin's format-2 records
    span_costs(counts)                    console programs: per-span cost, harness subtracted
    region_cost(counts, region, harness, calls)
    cycles_to_time(cycles, clock_hz)      -> ns
    result_fields(cost, size, model)      the format-2 result fields of one estimate

No TOML is parsed in C: every figure of a model file is a table
{v = value, src = "<key of [sources]>", at = "<section or table>"}, and this
module flattens them into `kind`, `map`, `default` and `set` directives.
"""
from __future__ import annotations

import copy
import fnmatch
import hashlib
import json
import os
import shutil
import struct
import subprocess
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
MODELS_DIR = ROOT / "data" / "cpu-models"
PLUGIN_SOURCES = ("src/meters/qemu_cycles.c", "src/meters/qemu_cycles_isa.c")
PLUGIN_HEADERS = ("src/meters/qemu_cycles.h",)
DEFAULT_PLUGIN_DIR = ROOT / "build" / "cyclemodel" / "plugin"

METER = "est-cycles"
INSTRUMENT = "qemu-cycle-model"

# The plugin's vocabulary: what a model file may set (anything else is a typo).
CLASSES = ("alu", "shiftr", "mul", "mla", "mull", "mlal", "muldsp", "dmul", "div", "ddiv", "hilo",
           "load", "loadbh", "loadd", "store", "stored", "ldm", "stm", "branch", "nop", "sys")
CLASS_KEYS = ("issue", "latency", "per_reg", "per_reg_div", "min")
CACHE_KEYS = ("on", "size", "line", "ways", "repl", "write_back", "write_allocate", "critical_first")
KIND_KEYS = ("width", "n", "s", "wn", "ws", "icache", "dcache", "fetch_n_after_i", "fetch_n_after_shift")
PARAM_KEYS = (
    "mul_m", "early_adv", "late_lag", "mull_hi_extra", "cond_fail_ldst", "scaled_offset_extra", "predictor",
    "branch.not_taken", "branch.taken", "branch.mispredict", "branch.indirect",
    "branch.static_taken", "branch.likely_not_taken", "branch.load_pc_extra",
    "return.hit", "return.miss", "return.empty", "return.depth", "btac.entries", "btac.shift",
    "fetch.bytes", "write_buffer.depth", "dual.issue", "dual.mem_pair", "dual.first", "dual.second",
)


class ModelError(Exception):
    """A model file that cannot be used (missing figure, unknown key, ...)."""


# ---- model files -----------------------------------------------------------------
def _is_figure(x) -> bool:
    return isinstance(x, dict) and "v" in x


def _value(x):
    return x["v"] if _is_figure(x) else x


def _deep_merge(base: dict, over: dict) -> dict:
    out = copy.deepcopy(base)
    for k, v in over.items():
        if isinstance(v, dict) and not _is_figure(v) and isinstance(out.get(k), dict) and not _is_figure(out[k]):
            out[k] = _deep_merge(out[k], v)
        else:
            out[k] = copy.deepcopy(v)
    return out


@dataclass
class Model:
    """One CPU model: the TOML document (variant applied) and what it says."""
    name: str
    path: Path
    doc: dict
    variant: str | None = None

    @property
    def title(self) -> str:
        return self.doc["cpu"].get("title", self.name)

    @property
    def core(self) -> str:
        return self.doc["cpu"]["core"]

    @property
    def clock_hz(self) -> int:
        return int(_value(self.doc["cpu"]["clock_hz"]))

    @property
    def label(self) -> str:
        return self.name if not self.variant else f"{self.name}/{self.variant}"

    def variants(self) -> list:
        return sorted(self._raw().get("variants", {}))

    def _raw(self) -> dict:
        with open(self.path, "rb") as f:
            return tomllib.load(f)


def model_path(name_or_path) -> Path:
    p = Path(name_or_path)
    if p.suffix == ".toml" and p.exists():
        return p
    p = MODELS_DIR / f"{name_or_path}.toml"
    if not p.exists():
        known = ", ".join(available_models()) or "none"
        raise ModelError(f"no CPU model {name_or_path!r} (known: {known})")
    return p


def available_models() -> list:
    return sorted(p.stem for p in MODELS_DIR.glob("*.toml"))


def load_model(name_or_path, variant: str | None = None) -> Model:
    """Reads data/cpu-models/<name>.toml; `variant` merges [variants.<variant>]
    over the rest (the STM32 experiments: caches off, data in SRAM, ...)."""
    path = model_path(name_or_path)
    with open(path, "rb") as f:
        doc = tomllib.load(f)
    variants = doc.pop("variants", {})
    if variant:
        if variant not in variants:
            raise ModelError(f"{path.name}: no variant {variant!r} (has: {', '.join(sorted(variants))})")
        over = dict(variants[variant])
        over.pop("title", None)
        doc = _deep_merge(doc, over)
    for key in ("cpu", "kinds"):
        if key not in doc:
            raise ModelError(f"{path.name}: no [{key}]")
    return Model(name=doc["cpu"].get("name", path.stem), path=path, doc=doc, variant=variant)


def variant_titles(name_or_path) -> dict:
    with open(model_path(name_or_path), "rb") as f:
        doc = tomllib.load(f)
    return {k: v.get("title", k) for k, v in doc.get("variants", {}).items()}


def uncited_figures(doc: dict) -> list:
    """Paths of figures that do not cite a source of [sources] with a place
    in it.  A model's every number must say where it comes from."""
    sources = set(doc.get("sources", {}))
    bad = []

    def cited(x) -> bool:
        return isinstance(x, dict) and x.get("src") in sources and bool(x.get("at"))

    def walk(node, path):
        if _is_figure(node):
            if not cited(node):
                bad.append(path)
            return
        if isinstance(node, dict):
            for k, v in node.items():
                if k in ("sources",) and not path:
                    continue
                walk(v, f"{path}.{k}" if path else k)
        elif isinstance(node, list):
            for i, v in enumerate(node):
                if isinstance(v, dict) and "lo" in v and "hi" in v:   # a [[map]] entry
                    if not cited(v):
                        bad.append(f"{path}[{i}]")
                else:
                    walk(v, f"{path}[{i}]")
        elif isinstance(node, (int, float)) and not isinstance(node, bool) and path.split(".")[0] in (
                "params", "class", "icache", "dcache", "kinds"):
            bad.append(path)   # a bare number where a figure belongs

    walk(doc, "")
    return bad


# ---- ELF files ---------------------------------------------------------------------
@dataclass
class Section:
    name: str
    addr: int
    size: int
    alloc: bool
    execute: bool
    write: bool


@dataclass
class Elf:
    path: Path
    bits: int
    big_endian: bool
    sections: list = field(default_factory=list)
    symbols: dict = field(default_factory=dict)   # name -> value (Thumb bit kept)
    functions: set = field(default_factory=set)   # names of STT_FUNC symbols

    def symbol(self, name: str, clear_thumb: bool = False) -> int:
        if name not in self.symbols:
            raise ModelError(f"{self.path.name}: no symbol {name}")
        v = self.symbols[name]
        return v & ~1 if clear_thumb else v


def read_elf(path) -> Elf:
    """Section headers and the symbol table of an ELF (32 or 64-bit, either
    byte order), without binutils."""
    path = Path(path)
    data = path.read_bytes()
    if data[:4] != b"\x7fELF":
        raise ModelError(f"{path}: not an ELF file")
    bits = 64 if data[4] == 2 else 32
    e = ">" if data[5] == 2 else "<"
    if bits == 64:
        shoff, = struct.unpack_from(e + "Q", data, 0x28)
        shentsize, shnum, shstrndx = struct.unpack_from(e + "HHH", data, 0x3A)
        fmt = e + "IIQQQQIIQQ"
    else:
        shoff, = struct.unpack_from(e + "I", data, 0x20)
        shentsize, shnum, shstrndx = struct.unpack_from(e + "HHH", data, 0x2E)
        fmt = e + "IIIIIIIIII"
    heads = [struct.unpack_from(fmt, data, shoff + i * shentsize) for i in range(shnum)]
    def cstr(off):
        end = data.index(b"\0", off)
        return data[off:end].decode("ascii", "replace")
    strtab_off = heads[shstrndx][4] if shnum else 0
    elf = Elf(path=path, bits=bits, big_endian=e == ">")
    for h in heads:
        name, typ, flags, addr, off, size, link, info, align, entsize = h
        sname = cstr(strtab_off + name)
        elf.sections.append(Section(sname, addr, size, bool(flags & 2), bool(flags & 4), bool(flags & 1)))
        if typ == 2 and entsize:   # SHT_SYMTAB
            str_off = heads[link][4]
            for i in range(size // entsize):
                p = off + i * entsize
                if bits == 64:
                    st_name, st_info, st_other, st_shndx, st_value, st_size = struct.unpack_from(e + "IBBHQQ", data, p)
                else:
                    st_name, st_value, st_size, st_info, st_other, st_shndx = struct.unpack_from(e + "IIIBBH", data, p)
                if st_name and st_shndx and (st_info & 0xF) in (0, 1, 2):   # notype, object, func
                    sym = cstr(str_off + st_name)
                    elf.symbols.setdefault(sym, st_value)
                    if st_info & 0xF == 2:
                        elf.functions.add(sym)
    return elf


# ---- the flat model file -------------------------------------------------------------
def _flatten(node, prefix=""):
    """{'branch': {'taken': {v:..}}} -> [('branch.taken', v)]"""
    out = []
    for k, v in node.items():
        key = f"{prefix}.{k}" if prefix else k
        if _is_figure(v):
            out.append((key, v["v"]))
        elif isinstance(v, dict):
            out += _flatten(v, key)
    return out


def memory_map(model: Model, elf: Elf | str | Path | None = None) -> list:
    """[(lo, hi, kind)] in the order the plugin tries them: the ELF's
    allocated sections whose names [sections] assigns a kind, then the
    model's fixed [[map]].  Everything else is [defaults] kind."""
    kinds = model.doc["kinds"]
    ranges = []
    sect_rules = model.doc.get("sections", {})
    if elf is not None and sect_rules:
        if not isinstance(elf, Elf):
            elf = read_elf(elf)
        for s in elf.sections:
            if not s.alloc or s.size == 0:
                continue
            for pattern, rule in sect_rules.items():
                kind = rule if isinstance(rule, str) else rule.get("kind")
                if fnmatch.fnmatchcase(s.name, pattern):
                    ranges.append((s.addr, s.addr + s.size, kind))
                    break
    for m in model.doc.get("map", []):
        ranges.append((int(m["lo"]), int(m["hi"]), m["kind"]))
    for lo, hi, kind in ranges:
        if kind not in kinds:
            raise ModelError(f"{model.path.name}: memory kind {kind!r} is not defined in [kinds]")
    return ranges


def model_file_text(model: Model, elf: Elf | str | Path | None = None, shifts=()) -> str:
    """shifts: [(lo, hi, delta)]: a layout experiment, code in [lo, hi)
    indexing the I-cache as if it sat delta bytes further on."""
    doc = model.doc
    cpu = doc["cpu"]
    lines = [f"# hashbench cycle model {model.label}: generated from {model.path.relative_to(ROOT) if model.path.is_relative_to(ROOT) else model.path}",
             f"name {model.label}", f"core {cpu['core']}", f"isa {cpu['isa']}",
             f"endian {cpu.get('endian', 'little')}"]
    for kname, k in doc["kinds"].items():
        parts = [f"kind {kname}"]
        for key, val in k.items():
            if key not in KIND_KEYS:
                raise ModelError(f"{model.path.name}: [kinds.{kname}] has unknown key {key!r}")
            parts.append(f"{key}={int(_value(val))}")
        lines.append(" ".join(parts))
    for lo, hi, kind in memory_map(model, elf):
        lines.append(f"map 0x{lo:x} 0x{hi:x} {kind}")
    lines.append(f"default {doc.get('defaults', {}).get('kind', next(iter(doc['kinds'])))}")
    for lo, hi, delta in shifts:
        lines.append(f"shift 0x{lo:x} 0x{hi:x} {int(delta)}")
    for key, val in _flatten(doc.get("params", {})):
        if key not in PARAM_KEYS:
            raise ModelError(f"{model.path.name}: [params] has unknown key {key!r}")
        if isinstance(val, list):
            val = ",".join(val)
        elif isinstance(val, bool):
            val = int(val)
        lines.append(f"set {key} {val}")
    for cname, c in doc.get("class", {}).items():
        if cname not in CLASSES:
            raise ModelError(f"{model.path.name}: unknown instruction class {cname!r}")
        for key, val in c.items():
            if key not in CLASS_KEYS:
                raise ModelError(f"{model.path.name}: [class.{cname}] has unknown key {key!r}")
            lines.append(f"set {cname}.{key} {int(_value(val))}")
    for cache in ("icache", "dcache"):
        for key, val in doc.get(cache, {}).items():
            if key not in CACHE_KEYS:
                raise ModelError(f"{model.path.name}: [{cache}] has unknown key {key!r}")
            v = _value(val)
            lines.append(f"set {cache}.{key} {int(v) if isinstance(v, (bool, int)) else v}")
    return "\n".join(lines) + "\n"


def write_model_file(model: Model, path, elf=None, shifts=()) -> Path:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(model_file_text(model, elf, shifts))
    return path


# ---- the plugin -------------------------------------------------------------------------
def build_plugin(out_dir=None, cc: str | None = None) -> Path:
    """Compiles hb_cycles.so once per source content (host code: gnu11,
    -Wall -Wextra, no warnings expected)."""
    out_dir = Path(out_dir or DEFAULT_PLUGIN_DIR)
    cc = cc or os.environ.get("CC", "cc")
    if not shutil.which(cc):
        raise ModelError(f"no host C compiler ({cc}) to build the cycle-model plugin")
    h = hashlib.sha256(cc.encode())
    for rel in PLUGIN_SOURCES + PLUGIN_HEADERS:
        h.update((ROOT / rel).read_bytes())
    key = h.hexdigest()
    so = out_dir / "hb_cycles.so"
    stamp = out_dir / "hb_cycles.so.key"
    if so.exists() and stamp.exists() and stamp.read_text() == key:
        return so
    out_dir.mkdir(parents=True, exist_ok=True)
    cmd = [cc, "-std=gnu11", "-O2", "-Wall", "-Wextra", "-fPIC", "-shared", "-fvisibility=hidden",
           *[str(ROOT / s) for s in PLUGIN_SOURCES], "-o", str(so)]
    proc = subprocess.run(cmd, capture_output=True, text=True)
    (out_dir / "hb_cycles.so.log").write_text(" ".join(cmd) + "\n" + proc.stdout + proc.stderr)
    if proc.returncode != 0:
        raise ModelError(f"building the cycle-model plugin failed:\n{proc.stderr}")
    stamp.write_text(key)
    return so


def _qemu_opt(text: str) -> str:
    if "," in text:
        raise ModelError(f"a QEMU plugin argument cannot contain a comma: {text}")
    return text


def plugin_spec(plugin, model_file, out, *, begin=None, end=None, mark=None, trace=None,
                trace_region=None) -> str:
    """The value of QEMU's -plugin option."""
    parts = [str(plugin), f"model={model_file}", f"out={out}"]
    if mark is not None:
        parts.append(f"mark=0x{mark:x}")
    elif begin is not None and end is not None:
        parts += [f"begin=0x{begin:x}", f"end=0x{end:x}"]
    else:
        raise ModelError("plugin_spec: give mark= or begin= and end=")
    if trace:
        parts.append(f"trace={trace}")
        if trace_region is not None:
            parts.append(f"trace_region={trace_region}")
    return ",".join(_qemu_opt(str(p)) for p in parts)


# ---- records --------------------------------------------------------------------------
@dataclass
class Counts:
    plugin: dict
    counts: list          # one dict per region, in order
    totals: dict | None


def parse_records(text: str) -> Counts:
    """The plugin's output: `plugin`, one `count` per region, `totals`
    (docs/records.md, format 2).  Lines that are not records are ignored."""
    plugin, counts, totals = {}, [], None
    for line in text.splitlines():
        if not line.startswith('{"rec":'):
            continue
        rec = json.loads(line)
        kind = rec.get("rec")
        if kind == "plugin":
            plugin = rec
        elif kind == "count":
            if rec["region"] != len(counts):
                raise ModelError(f"region {rec['region']} out of order (expected {len(counts)})")
            counts.append(rec)
        elif kind == "totals":
            totals = rec
    if totals is None:
        raise ModelError("the plugin's output has no totals record: the run did not end normally")
    if totals.get("unmatched"):
        raise ModelError("the plugin saw unbalanced markers")
    return Counts(plugin, counts, totals)


FIGURES = ("cycles", "instructions")


def _diff(a: dict, b: dict) -> dict:
    return {k: a[k] - b[k] for k in a if k not in ("rec", "region") and isinstance(a[k], int)}


def span_costs(counts: Counts) -> list:
    """Console programs (cross8/engine8.c): three spans per (impl, size),
    `[no call] [one call] [one call]`.  Cost = span 2 - span 1 (the marks and
    the loop cancel); span 3 must equal span 2.  -> [{"cycles": .., ...,
    "repeat": span3 - span1 == span2 - span1}] in program order."""
    c = counts.counts
    if len(c) % 3:
        raise ModelError(f"{len(c)} spans: not a whole number of triples")
    out = []
    for i in range(0, len(c), 3):
        cost = _diff(c[i + 1], c[i])
        again = _diff(c[i + 2], c[i])
        cost["repeat"] = again["cycles"] == cost["cycles"]
        out.append(cost)
    return out


def region_cost(counts: Counts, region: int, harness: int, calls: int) -> dict:
    """QEMU engine (src/engine/main_cross.c): `calls` calls in a region, the
    do-nothing region of the same size subtracted; per call."""
    d = _diff(counts.counts[region], counts.counts[harness])
    return {k: v / calls for k, v in d.items()}


def cycles_to_time(cycles: float, clock_hz: int) -> float:
    """Nanoseconds at the CPU's real clock."""
    return cycles * 1e9 / clock_hz


def kb_per_s(size: int, cycles: float, clock_hz: int) -> float:
    """The seeds' unit, 10^3 bytes per second."""
    return size * clock_hz / cycles / 1000.0


def result_fields(cost: dict, size: int, model: Model) -> dict:
    """The fields of a format-2 result (docs/records.md) for one estimated
    cost per call (a dict from span_costs or region_cost): the figure is
    `est-cycles`, converted to time at the model's CPU clock; the rest of the
    breakdown goes to `counters`, and a note names the model."""
    cycles = cost["cycles"]
    clock = model.clock_hz
    ns = cycles_to_time(cycles, clock)
    return {
        "meter": METER, "instrument": INSTRUMENT, "unit": "cycles",
        "per_call": cycles, "per_byte": cycles / size if size else None, "spread_pct": 0.0,
        "cycles_per_byte": cycles / size if size else None, "cycle_unit": "cycles",
        "clock_hz": clock, "ns_per_call": ns,
        "mb_per_s": size * 1e3 / ns if ns else None, "kb_per_s": kb_per_s(size, cycles, clock) if cycles else None,
        "counters": {k: v for k, v in cost.items() if k not in ("cycles", "repeat")},
        "notes": [{"reason": "cycle-model", "detail": f"estimated by the {model.label} model ({model.title})",
                   "data": {"model": model.label, "file": model.path.name}}],
    }
