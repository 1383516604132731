# SPDX-License-Identifier: MIT
"""One result type for every run kind (docs/records.md, "Results").

A Result is one measurement: an (algorithm, implementation) built by a
build, run on a target, read by a meter, at a size.  It keeps its raw data
(samples and harness) and the figures made from it; meters fill those
(hashbench.meters).  `to_dict` gives the documented, flat JSON form that the
database stores and every export writes; `from_dict` reads it back."""
import datetime
from dataclasses import dataclass, field, fields

from .errors import UserError
from .meters import FIGURES

FORMAT_VERSION = 2

# what each stored meter's figure is, in words, for headers and tables (hashbench.meters.FIGURES)
METER_TITLES = {name: f.title for name, f in FIGURES.items()}


@dataclass
class Note:
    """A structured remark: `reason` is a fixed word other code may test
    (not-built, not-run, not-measured, small-build, target-failed, ...),
    `detail` the sentence for people, `data` any figures (bytes over, ...)."""
    reason: str
    detail: str
    data: dict = field(default_factory=dict)

    def to_dict(self) -> dict:
        return {"reason": self.reason, "detail": self.detail, "data": dict(self.data)}

    @classmethod
    def from_dict(cls, d) -> "Note":
        return cls(d["reason"], d.get("detail", ""), dict(d.get("data") or {}))


@dataclass
class Build:
    """The compiler and flags that built the measured code."""
    name: str
    compiler: str = ""
    flags: str = ""

    def to_dict(self) -> dict:
        return {"name": self.name, "compiler": self.compiler, "flags": self.flags}

    @classmethod
    def from_dict(cls, d) -> "Build":
        return cls(d.get("name", ""), d.get("compiler", ""), d.get("flags", ""))


@dataclass
class Result:
    algorithm: str
    implementation: str
    size: int
    target: str
    build: Build
    meter: str
    instrument: str
    digest: str
    verified: bool
    verified_against: str = "reference"
    expected: str = None
    label: str = ""
    tier: str = ""
    sample_fields: tuple = ()
    samples: list = field(default_factory=list)
    harness: list = field(default_factory=list)
    per_call: float = None       # the figure for one call, in `unit`, harness subtracted
    spread_pct: float = None     # median absolute deviation of the samples, % of their median
    ci_pct: float = None         # timed: the figure's 95% confidence interval (± %) between processes
    processes: int = None        # timed: the engine processes its samples came from
    ns_per_call: float = None    # measured, or converted at clock_hz
    mb_per_s: float = None
    cycles_per_byte: float = None
    cycle_unit: str = None       # for cycles_per_byte beside a time: "ref-cycles" or "cycles"
    clock_hz: float = None       # the clock any conversion to time used
    variant: str = None          # a meter's configuration that changes the figure, not the build (a cycle
                                 # model's variant: caches off, data in SRAM): part of what is measured
    # the mode of the loop (docs/records.md, "Modes"): part of what is measured, like the size
    threads: int = 1             # threads hashing at once, each on its own buffer and CPU
    latency: bool = False        # each call's input starts with the previous digest: calls cannot overlap
    align: int = 0               # the input starts this many bytes past a 64-byte boundary
    aggregate_mb_per_s: float = None  # threads > 1: the threads' MB/s together (each one's is mb_per_s)
    notes: list = field(default_factory=list)
    extra: dict = field(default_factory=dict)  # params, impl_version, defines, counters, ...

    def __post_init__(self):
        if self.meter not in FIGURES:
            raise ValueError(f"unknown meter {self.meter!r}")

    @property
    def unit(self) -> str:
        return FIGURES[self.meter].unit

    @property
    def exact(self) -> bool:
        return FIGURES[self.meter].exact

    @property
    def per_byte(self):
        return None if self.per_call is None or not self.size else self.per_call / self.size

    @property
    def kb_per_s(self):
        return None if self.mb_per_s is None else self.mb_per_s * 1e3

    @property
    def key(self) -> tuple:
        """What two runs must share for their results to be compared."""
        return (self.target, self.build.name, self.algorithm, self.implementation, self.size, self.meter,
                self.variant or "", self.mode)

    @property
    def mode(self) -> tuple:
        """(threads, latency, align): results of different modes are never compared as alike."""
        return (self.threads, self.latency, self.align)

    @property
    def mode_label(self) -> str:
        """The mode in words ('' for the plain loop: one thread, independent calls, aligned)."""
        return mode_words(self.threads, self.latency, self.align)

    @property
    def where(self) -> str:
        """The target, and the meter's variant when there is one: a table's column."""
        return f"{self.target}:{self.variant}" if self.variant else self.target

    def to_dict(self) -> dict:
        d = {"algorithm": self.algorithm, "implementation": self.implementation, "size": self.size,
             "target": self.target, "build": self.build.to_dict(), "meter": self.meter,
             "instrument": self.instrument, "unit": self.unit, "label": self.label, "tier": self.tier,
             "digest": self.digest, "verified": self.verified, "verified_against": self.verified_against,
             "expected": self.expected, "per_call": self.per_call, "per_byte": self.per_byte,
             "spread_pct": self.spread_pct, "ci_pct": self.ci_pct, "processes": self.processes,
             "ns_per_call": self.ns_per_call, "mb_per_s": self.mb_per_s,
             "kb_per_s": self.kb_per_s, "cycles_per_byte": self.cycles_per_byte,
             "cycle_unit": self.cycle_unit, "clock_hz": self.clock_hz,
             "threads": self.threads, "latency": self.latency, "align": self.align,
             "aggregate_mb_per_s": self.aggregate_mb_per_s,
             "sample_fields": list(self.sample_fields), "samples": self.samples, "harness": self.harness,
             "notes": [n.to_dict() for n in self.notes]}
        if self.variant:
            d["variant"] = self.variant
        for k, v in self.extra.items():
            d.setdefault(k, v)
        return d

    @classmethod
    def from_dict(cls, d) -> "Result":
        try:
            known = {f.name for f in fields(cls)} - {"build", "notes", "extra", "sample_fields"}
            kw = {k: d[k] for k in known if k in d}
            derived = {"unit", "per_byte", "kb_per_s"}
            extra = {k: v for k, v in d.items() if k not in known | derived | {"build", "notes", "sample_fields"}}
            return cls(build=Build.from_dict(d.get("build") or {}), notes=[Note.from_dict(n) for n in d.get("notes") or []],
                       sample_fields=tuple(d.get("sample_fields") or ()), extra=extra, **kw)
        except (KeyError, TypeError, ValueError) as exc:
            raise UserError(f"not a hashbench result: {exc}") from exc

    def note(self, reason, detail, **data):
        self.notes.append(Note(reason, detail, data))


def mode_words(threads=1, latency=False, align=0) -> str:
    """A mode in words (Result.mode_label; also read from a stored result's fields)."""
    parts = ([f"{threads} threads"] if threads != 1 else []) + (["latency"] if latency else []) \
        + ([f"align {align}"] if align else [])
    return ", ".join(parts)


def now_iso() -> str:
    return datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds")


@dataclass
class Run:
    """One invocation of a measuring command, with everything it measured."""
    kind: str                      # "host", "compare", "cross", ...
    command: str = ""
    options: dict = field(default_factory=dict)
    context: dict = field(default_factory=dict)
    status: str = "running"        # running, complete, interrupted, failed
    id: int = None
    started_at: str = field(default_factory=now_iso)
    results: list = field(default_factory=list)
    notes: list = field(default_factory=list)
    elapsed_s: float = 0.0

    @property
    def mismatches(self) -> list:
        return [r for r in self.results if not r.verified]

    def target_notes(self, reason=None) -> list:
        return [n for n in self.notes if reason is None or n.reason == reason]

    def to_dict(self) -> dict:
        return {"format_version": FORMAT_VERSION, "run_id": self.id, "kind": self.kind,
                "status": self.status, "command": self.command, "started_at": self.started_at,
                "options": self.options, "context": self.context,
                "notes": [n.to_dict() for n in self.notes],
                "results": [r.to_dict() for r in self.results]}

    @classmethod
    def from_dict(cls, d) -> "Run":
        if d.get("format_version") != FORMAT_VERSION:
            raise UserError(f"result file format {d.get('format_version')!r} is not {FORMAT_VERSION}")
        try:
            return cls(kind=d["kind"], command=d.get("command") or "", options=d.get("options") or {},
                       context=d.get("context") or {}, status=d.get("status", "complete"), id=d.get("run_id"),
                       started_at=d.get("started_at") or "", notes=[Note.from_dict(n) for n in d.get("notes") or []],
                       results=[Result.from_dict(r) for r in d.get("results") or []])
        except (KeyError, TypeError, AttributeError) as exc:
            raise UserError(f"not a hashbench run: {exc}") from exc
