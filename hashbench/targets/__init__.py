# SPDX-License-Identifier: MIT
"""Targets: where a measured program runs.  One module per kind:

  host      this machine: the host engine, timed (hashbench.targets.host)
  qemu      other CPUs under QEMU, instructions counted by a plugin
  console   the 8/16-bit consoles' CPUs in cycle-exact simulators

A cross target is data: targets/<name>.toml, whose `kind` picks the module
(KINDS).  Every key is checked: required keys present, no unknown key.  A
description may name a `base` (another target, or one of targets/base/) and
give only what differs; `order` places it in listings and tables."""
import dataclasses
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from .. import roster
from ..errors import UserError
from ..paths import ROOT, TARGETS_DIR
from ..roster import Impl
from ..spelling import one_name

UNORDERED = 1000   # a description without `order` comes after the others, by name


@dataclass(kw_only=True)
class Target:
    """What every cross target says about itself."""
    name: str
    title: str
    kind: str
    cpu: str = ""
    isa: str = ""
    # the other `isa`s whose assembly (src/algos/asm/registry.def) this CPU runs as it is: the NDS's
    # ARMv5TE and the 3DS's ARMv6 run the GBA's ARMv4T ARM-state code
    also_runs: list = field(default_factory=list)
    bits: int = 32
    endian: str = "little"
    clock_hz: int = None      # the real CPU's clock: converts cycles (never instructions) to time
    packages: list = field(default_factory=list)  # Debian packages (scripts/setup.sh installs them)
    note: str = ""
    cycle_model: str = ""     # a CPU model of data/cpu-models/: what `--meter est-cycles` estimates with
    order: int = UNORDERED    # its place in listings and tables
    path: Path = None

    @property
    def isas(self) -> tuple:
        """Every `isa` whose assembly this target builds and measures: its own, then also_runs."""
        return (self.isa, *self.also_runs)

    def lock(self, log):
        """Held while a job builds and runs this target (hashbench.toolchain.cache)."""
        from ..toolchain.cache import target_lock
        return target_lock(self.name, log)

    def context(self) -> dict:
        return {"title": self.title, "kind": self.kind, "cpu": self.cpu, "isa": self.isa, "bits": self.bits,
                "endian": self.endian, "clock_hz": self.clock_hz,
                "description": str(self.path.relative_to(ROOT)) if self.path else None}


def _kinds():
    from . import console, qemu
    return {"qemu": qemu.QemuTarget, "console": console.ConsoleTarget}


def read_data(path: Path, seen=()) -> dict:
    """A description's keys over those of its `base`, if it names one (a
    table key replaces the base's whole)."""
    try:
        data = tomllib.loads(path.read_text())
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise UserError(f"{path}: not a readable target description ({exc})") from exc
    base = data.pop("base", None)
    if base is None:
        return data
    if base in seen:
        raise UserError(f"{path}: base {base!r} leads back to itself")
    folders = (path.parent, path.parent / "base", TARGETS_DIR, TARGETS_DIR / "base")
    found = next((f / f"{base}.toml" for f in folders if (f / f"{base}.toml").is_file()), None)
    if found is None:
        raise UserError(f"{path}: no base description {base!r} (targets/ or targets/base/)")
    return read_data(found, seen + (base,)) | data


def read_description(path: Path) -> Target:
    """A target description (TOML) -> its Target: every required key
    present, no unknown key, a known kind."""
    data = read_data(path)
    kinds = _kinds()
    cls = kinds.get(data.get("kind"))
    if cls is None:
        raise UserError(f"{path}: kind must be " + " or ".join(f"'{k}'" for k in kinds))
    fields_ = {f.name: f for f in dataclasses.fields(cls) if f.name != "path"}
    lacking = [n for n, f in fields_.items() if n not in data and f.default is dataclasses.MISSING
               and f.default_factory is dataclasses.MISSING]
    if lacking:
        raise UserError(f"{path}: missing {', '.join(lacking)}")
    extra = set(data) - set(fields_)
    if extra:
        raise UserError(f"{path}: unknown keys {', '.join(sorted(extra))}")
    target = cls(path=path, **data)
    target.check()
    return target


def in_order(items) -> list:
    """[(name, order)] -> the names by `order`, then by name."""
    return [n for n, _ in sorted(items, key=lambda item: (item[1], item[0]))]


def load_all(folder: Path = TARGETS_DIR) -> dict:
    """{name: target} for every targets/*.toml, by their `order`."""
    targets = {t.name: t for t in map(read_description, sorted(folder.glob("*.toml")))}
    return {n: targets[n] for n in in_order((n, t.order) for n, t in targets.items())}


def select(targets: dict, names, every: bool) -> list:
    """--target T[,T...] / --all -> target names, in the order given."""
    if every:
        return list(targets)
    chosen = []
    for item in names or []:
        for n in item.split(","):
            n = one_name(n.strip(), targets, "--target")
            if not n:
                continue
            if n not in targets:
                raise UserError(f"unknown target {n!r} (targets: {', '.join(targets)})")
            if n not in chosen:
                chosen.append(n)
    if not chosen:
        raise UserError("name a target with --target T[,T...] or use --all (see 'hashbench cross --list')")
    return chosen


def position(folder: Path = TARGETS_DIR) -> dict:
    """{target name: position} for sorting tables: the host, then the
    targets by `order` (their descriptions read, not built into targets)."""
    data = [read_data(p) for p in sorted(folder.glob("*.toml"))]
    names = in_order((d.get("name", ""), d.get("order", UNORDERED)) for d in data)
    return {n: i for i, n in enumerate(["host"] + names)}


@dataclass(frozen=True)
class Substitute:
    """Other C measured in place of our portable one-shots, for a tool that
    compares code rather than instruments (studies/reference_code.py: a reference
    study's own C, read from a folder the user names).  `functions`
    {algorithm id: a C function with the one-shot's signature,
    void f(uint8_t *out, const uint8_t *in, size_t len)} stands in for
    those algorithms' portable implementation; `sources` (absolute paths
    allowed) define them, compiled with the target's own flags and
    `includes` (folders).  A console program links them instead of our
    core files; the QEMU engine links them beside the core, its registry
    pointing at them.  Builds go to folders named `name`, and the results
    name `name` as their implementation.  `needs_u64`: the code needs
    64-bit integers (a target without them, cc65's, is left out)."""
    name: str
    functions: dict
    sources: tuple
    includes: tuple = ()
    needs_u64: bool = False

    def cannot_run_on(self, target) -> str:
        """Why `target` cannot build this code (64-bit integers it lacks), or ''."""
        if getattr(target, "u64", True):
            return ""
        wide = [a for a in self.functions if roster.find(a).width > 32]
        if self.needs_u64 or wide:
            return (f"{self.name}: {target.name} has no 64-bit integers ({target.cc}), which "
                    + (f"{', '.join(wide)} needs" if wide else "this code needs (needs_u64)"))
        return ""

    def algorithms(self, algos) -> list:
        """The roster entries it replaces, each with one implementation,
        `portable`, that is this code."""
        return [dataclasses.replace(a, impls={"portable": Impl("portable", self.functions[a.id], self.files())})
                for a in algos if a.id in self.functions]

    def files(self) -> tuple:
        return tuple(str(s) for s in self.sources)

    def flags(self) -> list:
        return ["-I" + str(d) for d in self.includes]

    def inputs(self) -> list:
        """Every file its builds read: the sources and the includes' headers."""
        return list(self.files()) + sorted(str(h) for d in self.includes for h in Path(d).glob("*.h"))


@dataclass
class Job:
    """What a cross run asks of every target: algorithms (roster entries),
    our implementations, sizes, calls per measured region, whether to prove
    the counts repeat, where expected digests come from, a progress log;
    the meter (`default`: the target's own; `cycle-model`: hashbench.meters)
    and the variant of the target's CPU model; `substitute`: other code
    measured in place of our portable implementations (Substitute)."""
    algos: list
    impls: list
    sizes: list
    expected: object
    calls: int = 2
    check_repeat: bool = False
    log: object = print
    meter: str = "default"
    model_variant: str = None
    substitute: Substitute = None


@dataclass
class Outcome:
    """One target's part of a run: its context (build, runner, versions),
    its results, and notes on what did not build or run."""
    context: dict
    results: list
    notes: list = field(default_factory=list)
