# SPDX-License-Identifier: MIT
"""CPU models of the cycle-model meter (data/cpu-models/<name>.toml): read,
check, and flatten into the model file the plugin (src/meters/
qemu_cycles.c) reads.  No TOML is parsed in C.

Every figure of a model file is a table {v = value, src = "<key of
[sources]>", at = "<where in that document>"}; `uncited_figures` finds any
that is not.  [variants.<name>] tables are merged over the rest: the
experiments (caches off, data in SRAM, ...) are variants of one model, never
separate files.  See docs/cycle-models.md."""
import copy
import fnmatch
import tomllib
from dataclasses import dataclass
from pathlib import Path

from ..errors import UserError
from ..paths import DATA, ROOT
from ..toolchain.elf import Elf, read_elf

MODELS_DIR = DATA / "cpu-models"

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


class ModelError(UserError):
    """A model file that cannot be used (missing figure, unknown key, no such variant)."""


def is_figure(x) -> bool:
    return isinstance(x, dict) and "v" in x


def value(x):
    return x["v"] if is_figure(x) else x


def merged(base: dict, over: dict) -> dict:
    """`over` merged into a copy of `base`, table by table; a figure replaces a figure."""
    out = copy.deepcopy(base)
    for k, v in over.items():
        if isinstance(v, dict) and not is_figure(v) and isinstance(out.get(k), dict) and not is_figure(out[k]):
            out[k] = merged(out[k], v)
        else:
            out[k] = copy.deepcopy(v)
    return out


@dataclass
class Model:
    """One CPU model: the TOML document (variant applied) and what it says."""
    name: str
    path: Path
    doc: dict
    variant: str = None

    @property
    def title(self) -> str:
        return self.doc["cpu"].get("title", self.name)

    @property
    def core(self) -> str:
        return self.doc["cpu"]["core"]

    @property
    def clock_hz(self) -> int:
        return int(value(self.doc["cpu"]["clock_hz"]))

    @property
    def label(self) -> str:
        """vr4300-n64, or cortex-m7-stm32f767/nocache-sram for a variant."""
        return self.name if not self.variant else f"{self.name}/{self.variant}"

    def variants(self) -> list:
        return sorted(variant_titles(self.path))


def model_path(name_or_path) -> Path:
    p = Path(name_or_path)
    if p.suffix == ".toml" and p.exists():
        return p
    p = MODELS_DIR / f"{name_or_path}.toml"
    if not p.exists():
        raise ModelError(f"no CPU model {name_or_path!r} (known: {', '.join(available_models()) or 'none'})")
    return p


def available_models() -> list:
    return sorted(p.stem for p in MODELS_DIR.glob("*.toml"))


def read_toml(path) -> dict:
    try:
        with open(path, "rb") as f:
            return tomllib.load(f)
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise ModelError(f"{path}: not a readable CPU model ({exc})") from exc


def load_model(name_or_path, variant: str = None) -> Model:
    """data/cpu-models/<name>.toml -> Model; `variant` merges
    [variants.<variant>] over the rest."""
    path = model_path(name_or_path)
    doc = read_toml(path)
    variants = doc.pop("variants", {})
    if variant:
        if variant not in variants:
            raise ModelError(f"{path.stem}: no variant {variant!r} (variants: {', '.join(sorted(variants)) or 'none'})")
        over = dict(variants[variant])
        over.pop("title", None)
        doc = merged(doc, over)
    for key in ("cpu", "kinds"):
        if key not in doc:
            raise ModelError(f"{path.name}: no [{key}]")
    return Model(name=doc["cpu"].get("name", path.stem), path=path, doc=doc, variant=variant or None)


def variant_titles(name_or_path) -> dict:
    """{variant: its title}."""
    doc = read_toml(model_path(name_or_path))
    return {k: v.get("title", k) for k, v in doc.get("variants", {}).items()}


def uncited_figures(doc: dict) -> list:
    """Paths of the figures that do not cite a source of [sources] with a
    place in it (must be none: a model's every number says where it is from)."""
    sources = set(doc.get("sources", {}))
    bad = []

    def cited(x) -> bool:
        return isinstance(x, dict) and x.get("src") in sources and bool(x.get("at"))

    def walk(node, path):
        if is_figure(node):
            if not cited(node):
                bad.append(path)
        elif isinstance(node, dict):
            for k, v in node.items():
                if not (k == "sources" and not path):
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


def flat(node, prefix=""):
    """{'branch': {'taken': {v: ..}}} -> [('branch.taken', v)]"""
    out = []
    for k, v in node.items():
        key = f"{prefix}.{k}" if prefix else k
        if is_figure(v):
            out.append((key, v["v"]))
        elif isinstance(v, dict):
            out += flat(v, key)
    return out


def memory_map(model: Model, elf=None) -> list:
    """[(lo, hi, kind)] in the order the plugin tries them: the ELF's
    allocated sections whose names [sections] gives a kind, then the
    model's fixed [[map]].  Every other address is [defaults] kind."""
    kinds = model.doc["kinds"]
    ranges = []
    rules = model.doc.get("sections", {})
    if elf is not None and rules:
        elf = elf if isinstance(elf, Elf) else read_elf(elf)
        for s in elf.sections:
            if not s.alloc or s.size == 0:
                continue
            for pattern, rule in rules.items():
                if fnmatch.fnmatchcase(s.name, pattern):
                    ranges.append((s.addr, s.addr + s.size, rule if isinstance(rule, str) else rule.get("kind")))
                    break
    ranges += [(int(m["lo"]), int(m["hi"]), m["kind"]) for m in model.doc.get("map", [])]
    for _, _, kind in ranges:
        if kind not in kinds:
            raise ModelError(f"{model.path.name}: memory kind {kind!r} is not defined in [kinds]")
    return ranges


def checked_keys(model, where, items, allowed):
    for key, _ in items:
        if key not in allowed:
            raise ModelError(f"{model.path.name}: [{where}] has unknown key {key!r}")
    return items


def model_file_text(model: Model, elf=None, shifts=()) -> str:
    """The flat model file.  shifts: [(lo, hi, delta)], a layout
    experiment: addresses in [lo, hi) index the caches as if delta bytes
    further on."""
    doc, cpu = model.doc, model.doc["cpu"]
    where = model.path.relative_to(ROOT) if model.path.is_relative_to(ROOT) else model.path
    lines = [f"# hashbench cycle model {model.label}: generated from {where}",
             f"name {model.label}", f"core {cpu['core']}", f"isa {cpu['isa']}", f"endian {cpu.get('endian', 'little')}"]
    for kname, k in doc["kinds"].items():
        items = checked_keys(model, f"kinds.{kname}", list(k.items()), KIND_KEYS)
        lines.append(" ".join([f"kind {kname}"] + [f"{key}={int(value(v))}" for key, v in items]))
    lines += [f"map 0x{lo:x} 0x{hi:x} {kind}" for lo, hi, kind in memory_map(model, elf)]
    lines.append(f"default {doc.get('defaults', {}).get('kind', next(iter(doc['kinds'])))}")
    lines += [f"shift 0x{lo:x} 0x{hi:x} {int(delta)}" for lo, hi, delta in shifts]
    for key, v in checked_keys(model, "params", flat(doc.get("params", {})), PARAM_KEYS):
        v = ",".join(v) if isinstance(v, list) else int(v) if isinstance(v, bool) else v
        lines.append(f"set {key} {v}")
    for cname, c in doc.get("class", {}).items():
        if cname not in CLASSES:
            raise ModelError(f"{model.path.name}: unknown instruction class {cname!r}")
        lines += [f"set {cname}.{key} {int(value(v))}"
                  for key, v in checked_keys(model, f"class.{cname}", list(c.items()), CLASS_KEYS)]
    for cache in ("icache", "dcache"):
        for key, v in checked_keys(model, cache, list(doc.get(cache, {}).items()), CACHE_KEYS):
            v = value(v)
            lines.append(f"set {cache}.{key} {int(v) if isinstance(v, (bool, int)) else v}")
    return "\n".join(lines) + "\n"


def write_model_file(model: Model, path, elf=None, shifts=()) -> Path:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    text = model_file_text(model, elf, shifts)
    if not path.exists() or path.read_text() != text:
        path.write_text(text)
    return path
