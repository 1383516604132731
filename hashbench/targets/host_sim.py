# SPDX-License-Identifier: MIT
"""The host target read by a CPU simulator: the same host engine binary,
library backends included, run in region mode under Callgrind
(hashbench.meters.callgrind): `hashbench run|compare --meter est-cycles`.

The engine verifies each implementation's digest before it runs its
region, and the front end checks the digest again against the reference
(hashbench.results.verify).  A region's counts less those of the harness region of
its size (the do-nothing function, run last before it) over its calls give
the figures.  Results come when the engine has finished (Callgrind's counts
are in its own file); Ctrl-C keeps the regions counted so far.

A sim run is a set of jobs, each one engine process (SimJob) of a few
MiB of simulated input at least (Valgrind's start-up is a fraction of a
second: a small run is one job), measured by SimTarget as the cross
targets measure theirs, so that an executor (hashbench.distributed.executor) runs them
here or on a cluster's workers.  A region's counts can keep a trace of the
code that ran before it in its process (a branch predictor's counter,
src/engine/host/hb_bench.c), so the jobs depend on the run's options
alone, the same whichever executor runs them, and so do the figures."""
import platform
import shutil
import struct
import sys
from contextlib import nullcontext
from dataclasses import dataclass, field
from pathlib import Path

from .. import roster
from ..errors import UserError
from ..meters import callgrind
from ..paths import BUILD
from ..progress import Progress
from ..results.result import Build
from ..results.verify import Expected, checked
from ..toolchain.host import ensure_engine
from ..units import format_size
from . import Outcome, Target
from .host import TARGET, Described, Ended, Measured, Stream, portable_digest

SKIP = tuple(callgrind.UNSIMULATED)   # backends the simulator cannot run


def engine_args(opts) -> list:
    return ["-a", ",".join(opts["algos"]), "-i", ",".join(opts["impls"]),
            "-s", ",".join(str(s) for s in opts["sizes"]), "-k", str(callgrind.CALLS), "-x", ",".join(SKIP)]


class Reader:
    """The engine's records of a region-mode run: its description, the
    digests, the regions in order, verification failures."""

    def __init__(self):
        self.engine = None
        self.digests = {}
        self.regions = []
        self.failed = []      # error records of kind verify
        self.errors = []      # the others' messages: usage, system
        self.done = False

    def feed(self, rec):
        kind = rec["rec"]
        if kind == "engine":
            self.engine = rec
        elif kind == "digest":
            self.digests[(rec["algo"], rec["impl"], rec["size"])] = rec["digest"]
        elif kind == "region":
            self.regions.append(rec)
        elif kind == "error":
            (self.failed.append(rec) if rec["kind"] == "verify" else self.errors.append(rec.get("message", "")))
        elif kind == "done":
            self.done = True

    def build(self) -> Build:
        e = self.engine or {}
        return Build("host", e.get("compiler", ""), (e.get("cflags") or "").strip())

    def results(self, counts, expected) -> list:
        """Regions and their counts (one row of EVENTS per region, in order)
        -> results, in the engine's order; verification failures too."""
        out, harness = [], {}
        for reg in self.regions[:len(counts)]:
            row = counts[reg["index"]]
            if reg["algo"] == "-":
                harness[reg["size"]] = [reg["calls"]] + row
                continue
            algo = roster.find(reg["algo"])
            res = checked(algo, reg["impl"], reg["size"], self.digests.get((reg["algo"], reg["impl"], reg["size"]), ""),
                          expected, target=TARGET, build=self.build(), meter=callgrind.METER,
                          instrument=callgrind.NAME, sample_fields=callgrind.SAMPLE_FIELDS,
                          samples=[[reg["calls"]] + row], harness=[harness[reg["size"]]])
            for k in ("params", "impl_version"):
                if k in reg:
                    res.extra[k] = reg[k]
            out.append(callgrind.fill(res))
        for rec in self.failed:
            algo = roster.find(rec["algo"])
            out.append(checked(algo, rec["impl"], rec["size"], rec["digest"], expected, target=TARGET,
                               build=self.build(), meter=callgrind.METER, instrument=callgrind.NAME))
        return out


def events(opts, engine=None, quiet=False):
    """As hashbench.targets.host.events, read by Callgrind: Described once
    the engine has described itself, then Measured for each result once the
    engine is done (Callgrind's counts are in its own file), Ended last."""
    engine = engine or ensure_engine()
    reader, status, progress = Reader(), "complete", None
    with callgrind.stage(engine) as (folder, program):
        stream = Stream(engine, (), cmd=callgrind.command(program, engine_args(opts)), cwd=folder,
                        env=callgrind.env())
        try:
            for rec in stream:
                reader.feed(rec)
                if rec["rec"] == "engine":
                    progress = Progress(rec.get("planned", 0), not quiet)
                    yield Described(reader)
                elif rec["rec"] == "start" and progress:
                    progress.step(f"{rec['algo']}/{rec['impl']} @{rec['size']}")
                elif rec["rec"] == "region" and progress and rec["algo"] != "-":
                    progress.step(f"{rec['algo']}/{rec['impl']} @{rec['size']}", advance=1)
            err = stream.proc.stderr.read()
            code = stream.proc.wait()
            if code not in (0, 1) or not reader.done:
                why = "; ".join(reader.errors) or callgrind.valgrind_error(err)
                raise UserError(f"the engine under Callgrind failed (exit {code}): {why or 'no output'}")
        except KeyboardInterrupt:
            stream.kill()
            status = "interrupted"
        except BaseException:
            stream.kill()
            raise
        finally:
            if progress:
                progress.close()
        out = folder / callgrind.OUT_FILE
        counts = callgrind.region_counts(out.read_text()) if out.exists() else []
    if status == "complete" and len(counts) != len(reader.regions):
        raise UserError(f"Callgrind counted {len(counts)} regions, the engine ran {len(reader.regions)}")
    for res in reader.results(counts, Expected(portable_digest(engine))):
        yield Measured(res)
    yield Ended(status)


def measure(opts, engine=None, quiet=False):
    """The events gathered -> (reader or None, results, status)."""
    reader, results, status = None, [], "interrupted"
    for event in events(opts, engine, quiet):
        if isinstance(event, Described):
            reader = event.reader
        elif isinstance(event, Measured):
            results.append(event.result)
        elif isinstance(event, Ended):
            status = event.status
    return reader, results, status


def note_skipped(backends, impls) -> None:
    for b in backends:
        if b["name"] in SKIP and (impls == ["all"] or b["name"] in impls):
            print(callgrind.skipped_note(b["name"]), file=sys.stderr)


NAME = "host-sim"   # the executors' name for this target


@dataclass
class SimJob:
    """One engine process of a sim run: its `opts` (algos, impls, sizes),
    the `engine` (None: the machine's own, built if out of date), whether
    to show progress (`quiet`); `log` as a cross Job's (the executor sets it)."""
    opts: dict
    engine: str = None
    quiet: bool = True
    log: object = None


def job_name(job: SimJob) -> str:
    """A job in a progress line: its algorithms (the first and last of many) at its sizes."""
    algos, sizes = job.opts["algos"], job.opts["sizes"]
    what = algos[0] if len(algos) == 1 else f"{algos[0]} .. {algos[-1]} ({len(algos)} algorithms)"
    where = ", ".join(format_size(n) for n in sizes) if len(sizes) <= 3 else f"{len(sizes)} sizes"
    return f"{what} @ {where}"


# the input a job simulates before the next one starts (4 calls per region:
# 2 warm-up, CALLS counted), and what a region costs besides its input
JOB_BYTES = 8 << 20
REGION_BYTES = 256


def jobs_of(opts, catalogue, engine=None, quiet=True) -> list:
    """A sim run's options -> its SimJobs, in the run's order (size, then
    algorithm): consecutive sizes together while their regions' input stays
    under JOB_BYTES, a size past it split by algorithm (`catalogue`: the
    engine's algorithm records, for how many implementations each has)."""
    have = {c["id"]: set(c["impls"]) for c in catalogue}
    wanted = set(opts["impls"])
    count = {a: len(have.get(a, set()) if "all" in wanted else wanted & have.get(a, set())) for a in opts["algos"]}
    algos = [a for a in opts["algos"] if count[a]]
    calls = callgrind.CALLS + 2   # and the two warm-up calls before each region
    groups, sizes, load = [], [], 0     # (algos, sizes) of each job; the sizes gathered so far
    for size in opts["sizes"]:
        cost = {a: count[a] * (size + REGION_BYTES) * calls for a in algos}
        if sizes and load + sum(cost.values()) > JOB_BYTES:
            groups.append((algos, sizes))
            sizes, load = [], 0
        if sum(cost.values()) <= JOB_BYTES:
            sizes.append(size)
            load += sum(cost.values())
            continue
        chunk, load = [], 0
        for a in algos:
            if chunk and load + cost[a] > JOB_BYTES:
                groups.append((chunk, [size]))
                chunk, load = [], 0
            chunk.append(a)
            load += cost[a]
        groups.append((chunk, [size]))
        load = 0
    if sizes:
        groups.append((algos, sizes))
    return [SimJob({"algos": list(a), "impls": list(opts["impls"]), "sizes": list(s)},
                   str(engine) if engine else None, quiet) for a, s in groups if a]


@dataclass(kw_only=True)
class SimTarget(Target):
    """This machine's host engine read by Callgrind, as a Target of the
    executors (hashbench.distributed.jobs): missing() and measure(job) -> Outcome as the
    cross targets'.  Nothing is shipped between machines: each builds its
    own engine from the same sources (the workers are checked for the
    source digest, the answers for one compiler and one Valgrind)."""
    name: str = NAME
    title: str = "the host engine under Callgrind"
    kind: str = NAME
    cpu: str = "simulated (Callgrind's caches and branch predictor)"
    isa: str = field(default_factory=platform.machine)
    bits: int = struct.calcsize("P") * 8
    endian: str = sys.byteorder

    @property
    def build_dir(self) -> Path:
        return BUILD / NAME   # never written: no build travels with a job

    def missing(self) -> list:
        return [] if shutil.which("valgrind") else ["valgrind"]

    def with_build(self, build):
        return self

    def lock(self, log):
        """None: each job runs its own engine process from its own staging folder."""
        return nullcontext()

    def measure(self, job: SimJob) -> Outcome:
        """One engine process under Callgrind -> Outcome: its results, and in
        its context the engine's record, the meter's description and
        whether it was interrupted (Ctrl-C keeps what was counted)."""
        reader, results, status = measure(job.opts, Path(job.engine) if job.engine else None, job.quiet)
        return Outcome({"engine": reader.engine if reader else None, "meter": callgrind.describe(),
                        "status": status}, results)


def targets() -> dict:
    return {NAME: SimTarget()}


def build_of(context: dict) -> str:
    """A SimTarget outcome's context -> what its figures depend on besides
    the sources: the engine's compiler and flags, and Valgrind's version."""
    engine = context.get("engine") or {}
    return (f"{engine.get('compiler', '?')} {(engine.get('cflags') or '').strip()}, "
            f"{(context.get('meter') or {}).get('version', '?')}")
