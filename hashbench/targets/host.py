# SPDX-License-Identifier: MIT
"""The host target: this machine, measured by the host engine's timers.

The engine (src/engine/host/, built by make) verifies each implementation's
digest against its compiled-in reference, then times it; it writes records
as it goes (docs/records.md).  This module starts it - several times, one
process after another (`processes`), each with its share of the budget,
because this machine's speed changes between processes more than within
one - turns its records into results (meter `ns`: measured time, cycles/byte
beside it when the timer counts cycles; `core-cycles` or `est-core-cycles`
with the cycles meter), merges each measurement's samples over the
processes (every sample keeps its process), hands a result to a callback
whenever it gains samples (the store commits it), and shows progress.
Ctrl-C stops the engine and keeps what finished."""
import math
import os
import subprocess
import time
from dataclasses import dataclass
from pathlib import Path

from .. import watchdog
from ..errors import UserError, exit_words, signal_words
from ..meters import HOST, choose
from ..meters import clock as clock_meter
from ..meters import timer as timer_meter
from ..paths import BUILD
from ..progress import Progress
from ..results import records
from ..results.result import Build, Result
from ..results.verify import Expected
from ..toolchain.host import catalogue, ensure_engine  # noqa: F401  (catalogue: this target's implementations)

TARGET = "host"
DEFAULT_PROCESSES = 6   # chosen by measurement: docs/performance.md
# An engine with outside code in it, silent this long (plus four budgets, plus WATCHDOG_S_PER_MIB for
# each MiB of the largest size: 100 KB/s, slower than any roster algorithm) is stopped (silence_limit_s)
WATCHDOG_SILENCE_S = 45.0
WATCHDOG_S_PER_MIB = 10.0


def portable_digest(engine: Path):
    """A function (algo, size) -> hex: the engine's portable digest of the
    workload, for sizes the reference table lacks."""
    def digest(algo, size):
        proc = subprocess.run([str(engine), "digest", algo, "portable", str(size)], capture_output=True, text=True)
        if proc.returncode != 0:
            raise UserError(f"the host engine cannot give {algo} @{size} B ({exit_words(proc.returncode)}): "
                            f"{proc.stderr.strip()}")
        return proc.stdout.strip()
    return digest


def expected_digests(kind=Expected) -> Expected:
    """What a cross run's digests must equal: the reference, else (for a
    size the table lacks) the host engine's portable digest, the engine
    built only when first needed.  `kind`: an Expected subclass."""
    return kind(fallback=lambda a, s: portable_digest(ensure_engine())(a, s))


def cpus() -> list:
    """The CPUs this process may run on, in order; [] where a process cannot
    be pinned (no sched_setaffinity)."""
    if not hasattr(os, "sched_setaffinity"):
        return []
    try:
        return sorted(os.sched_getaffinity(0))
    except OSError:
        return []


def cpu_of(process: int, nproc: int, allowed) -> int:
    """The CPU the process-th of nproc engine processes is pinned to: each
    CPU in turn, so that every run spreads its processes alike over CPUs
    that may differ in speed; None with one process or nowhere to pin."""
    return allowed[process % len(allowed)] if nproc > 1 and allowed else None


class Stream:
    """`engine bench ...` as a stream of records, read as they arrive; the
    engine pinned to `cpu` when given; `cmd` runs it some other way (under a
    simulator), in `cwd` with `env`.  `silence_s`: the watchdog of an engine
    with code from outside in it: an engine silent that long is stopped
    (a UserError), named by the last implementation it started."""

    def __init__(self, engine: Path, args, cmd=None, cwd=None, env=None, cpu=None, silence_s=None):
        pin = (lambda: os.sched_setaffinity(0, {cpu})) if cpu is not None else None
        self.proc = subprocess.Popen(cmd or [str(engine), "bench"] + list(args), stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True, cwd=cwd, env=env, preexec_fn=pin)
        self.silence_s = silence_s
        self.started = None   # the last 'start' record: what a crash or a hang is named by

    def __iter__(self):
        source = watchdog.lines(self.proc.stdout) if self.silence_s else self.proc.stdout
        last = time.monotonic()
        for line in source:
            if not line:
                if time.monotonic() - last > self.silence_s:
                    self.kill()
                    raise UserError(f"the engine was stopped: {self.doing()} did not return in "
                                    f"{time.monotonic() - last:.0f} s (the limit with this budget and size is "
                                    f"{self.silence_s:.0f} s); what was measured before it is kept")
                continue
            last = time.monotonic()
            rec = records.parse_line(line)
            if rec is not None:
                if rec.get("rec") == "start":
                    self.started = rec
                yield rec

    def doing(self) -> str:
        r = self.started
        return f"{r['impl']} ({r['algo']}) at {r['size']} bytes" if r else "the engine, before its first measurement,"

    def finish(self) -> int:
        err = self.proc.stderr.read()
        code = self.proc.wait()
        if code == 2:
            raise UserError(err.strip() or "the engine failed")
        if code < 0:
            raise UserError(f"the engine crashed: {signal_words(-code)} while measuring {self.doing()}; "
                            "what was measured before it is kept")
        if code not in (0, 1):
            raise UserError(f"the engine exited with status {code}")
        return code

    def kill(self):
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()


def has_outside_code(engine) -> bool:
    """Whether `engine` was built with implementation folders' code (hashbench.userimpl.engine's folders)."""
    return (BUILD / "impls" / "engines").resolve() in Path(engine).resolve().parents


def silence_limit_s(opts) -> float:
    """How long an engine with outside code in it may be silent: a call
    longer than this is far past anything its budget and its largest size
    ask for (WATCHDOG_S_PER_MIB: far slower than any algorithm of the roster)."""
    largest_mib = max(opts.get("sizes") or [0]) / (1 << 20)
    return WATCHDOG_SILENCE_S + 4 * opts.get("budget_ms", 200) / 1000 + WATCHDOG_S_PER_MIB * largest_mib


# A sample's length: short enough that on a busy machine most samples are
# not interrupted by the scheduler (a time slice is a few ms; the
# interrupted ones are left out), long against the timers' cost (~0.1 us).
# Longer samples lose more to preemption: under a load of 10 on 2 cores,
# 16 ms samples (a twelfth of 200 ms) were nearly all interrupted, so their
# estimated core cycles came out 3.5 times too high.
SAMPLE_US = 1000


def host_meter(opts):
    """The run's meter (hashbench.meters; options stored before the registry spell it the old way)."""
    return choose(opts.get("meter") or "ns", HOST)


def engine_args(opts) -> list:
    """The engine's options for one of `processes` processes: each gets its
    share of the budget (and of --samples).  With latency (-L) each process
    times every implementation's independent and chained calls interleaved,
    and each alignment (-A) beside the others: their ratios hold within a
    process."""
    n = max(1, opts.get("processes") or 1)
    args = ["-a", ",".join(opts["algos"]), "-i", ",".join(opts["impls"]),
            "-s", ",".join(str(s) for s in opts["sizes"]), "-b", str(max(1, round(opts["budget_ms"] / n))),
            "-t", opts.get("timer", "auto"), "-l", str(SAMPLE_US)]
    if opts.get("samples"):
        args += ["-n", str(math.ceil(opts["samples"] / n))]
    if host_meter(opts).kernel:
        args.append("-c")
    if opts.get("interleave"):
        args.append("--interleave")
    elif not (opts.get("latency") or opts.get("threads") or opts.get("aligns")):
        # every row sampled in turn over the process's life: a slow spell of the machine (the
        # core's other hardware thread busy, docs/performance.md) falls on all rows alike, where
        # one row's samples in one stretch could all fall in it (hashbench/meters/two_speeds.py)
        args.append("--interleave-rows")
    if opts.get("latency"):
        args.append("-L")
    if opts.get("threads"):
        args += ["-T", ",".join(str(t) for t in opts["threads"])]
    if opts.get("aligns"):
        args += ["-A", ",".join(str(a) for a in opts["aligns"])]
    return args


def mode_of(rec) -> tuple:
    """(threads, latency, align) of an engine record (absent fields: the plain loop)."""
    return (rec.get("threads", 1), "chain" in rec, rec.get("align", 0))


def measurement_key(res) -> tuple:
    return (res.algorithm, res.implementation, res.size, res.mode)


class Reader:
    """Turns one engine process's records into results, one measurement at a
    time, every sample tagged with `process`.  The figures are left to
    timer_meter.summarise, once the processes' samples are merged."""

    def __init__(self, labels: dict, tiers: dict, process: int = 0, meter: str = "ns", cpu=None):
        self.labels, self.tiers = labels, tiers
        self.process, self.meter, self.cpu = process, meter, cpu
        self.engine = None
        self.timer = None
        self.harness = {}
        self.digests = {}

    def tag(self, samples, rec=None) -> list:
        """Samples + [process, cpu]; a thread's also + [thread], its CPU the thread's."""
        if rec is not None and "thread" in rec:
            return [list(s) + [self.process, rec.get("cpu", -1), rec["thread"]] for s in samples]
        cpu = -1 if self.cpu is None else self.cpu
        return [list(s) + [self.process, cpu] for s in samples]

    @staticmethod
    def harness_key(rec) -> tuple:
        return (rec["size"], rec.get("threads", 1), rec.get("thread", 0), rec.get("chain", 0))

    def build(self) -> Build:
        e = self.engine or {}
        return Build("host", e.get("compiler", ""), (e.get("cflags") or "").strip())

    def result(self, rec, verified=True) -> Result:
        key = (rec["algo"], rec["impl"], rec["size"], rec.get("align", 0))
        adds = rec.get("clock_adds")
        fields = timer_meter.CLOCK_SAMPLE_FIELDS if adds else timer_meter.SAMPLE_FIELDS
        if "thread" in rec:
            fields = fields + ("thread",)
        threads, latency, align = mode_of(rec)
        res = Result(algorithm=rec["algo"], implementation=rec["impl"], size=rec["size"], target=TARGET,
                     build=self.build(), meter=timer_meter.meter_of(self.timer, adds, choose(self.meter, HOST)),
                     instrument=(self.timer or {}).get("name", ""),
                     digest=self.digests.get(key, rec.get("digest", "")), verified=verified,
                     verified_against=rec.get("verified") or rec.get("basis") or "reference",
                     expected=None if verified else rec.get("expected"), label=self.labels.get(rec["algo"], rec["algo"]),
                     tier=self.tiers.get(rec["algo"], ""),
                     sample_fields=fields, threads=threads, latency=latency, align=align,
                     samples=self.tag(rec.get("samples", []), rec) if verified else [],
                     harness=self.tag(self.harness.get(self.harness_key(rec), []), rec) if verified else [])
        for k in ("params", "impl_version", "calibrated_iters", "clock_adds", "chain", "chain_calls", "chain_digest"):
            if k in rec:
                res.extra[k] = rec[k]
        return res

    def feed(self, rec):
        """-> a Result when `rec` completes one, else None."""
        kind = rec["rec"]
        if kind == "engine":
            self.engine = rec
        elif kind == "timer":
            self.timer = timer_meter.timer_info(rec)
        elif kind == "overhead":
            self.harness[self.harness_key(rec)] = rec["samples"]
        elif kind == "digest":
            self.digests[(rec["algo"], rec["impl"], rec["size"], rec.get("align", 0))] = rec["digest"]
        elif kind == "result":
            return self.result(rec)
        elif kind == "error" and rec["kind"] == "verify":
            return self.result(rec, verified=False)
        return None


def merge(merged: dict, res: Result, timer) -> Result:
    """Adds one process's result to the measurement's merged result (a
    failed verification in any process makes the whole one failed)."""
    key = measurement_key(res)
    old = merged.get(key)
    if old is None or not res.verified:
        merged[key] = res
    elif old.verified:
        old.samples += res.samples
        old.harness += res.harness
        res = old
    else:
        return old
    return timer_meter.summarise(res, timer)


@dataclass
class Described:
    """The first engine process has described itself and its timer."""
    reader: object


@dataclass
class Measured:
    """A result gained samples (the same object each time it comes again)."""
    result: Result


@dataclass
class ClockPoint:
    """A reading of the calibration kernel (hashbench.meters.clock.point)."""
    point: dict


@dataclass
class Ended:
    """The last event: 'complete' or 'interrupted' (Ctrl-C: what finished is kept)."""
    status: str


def events(opts, catalogue_algos, engine=None, quiet=False, watched=False):
    """Runs the engine with `opts` (algos, impls, sizes, budget_ms, samples,
    timer, interleave, processes, meter; cpu: every process pinned to that
    CPU), one process after another, and
    yields Described, then Measured and ClockPoint as records arrive, and
    Ended last.  `watched`: the engine has outside code in it (the watchdog,
    silence_limit_s); an engine built with implementation folders is."""
    engine = engine or ensure_engine()
    watched = watched or has_outside_code(engine)
    labels = {a["id"]: a["label"] for a in catalogue_algos}
    tiers = {a["id"]: a["tier"] for a in catalogue_algos}
    nproc = max(1, opts.get("processes") or 1)
    args = engine_args(opts)
    allowed = cpus()
    merged, first, progress, status = {}, None, None, "complete"
    try:
        for p in range(nproc):
            # with --threads the engine pins each of its threads itself
            cpu = None if opts.get("threads") else opts["cpu"] if opts.get("cpu") is not None \
                else cpu_of(p, nproc, allowed)
            reader = Reader(labels, tiers, p, host_meter(opts).option, cpu)
            first = first or reader
            stream = Stream(engine, args, cpu=cpu, silence_s=silence_limit_s(opts) if watched else None)
            try:
                for rec in stream:
                    res = reader.feed(rec)
                    kind = rec["rec"]
                    if kind == "timer" and p == 0:
                        planned = reader.engine.get("planned", 0) if reader.engine else 0
                        progress = Progress(planned * nproc, not quiet)
                        yield Described(reader)
                    elif kind == "clock":
                        yield ClockPoint(clock_meter.point(p, rec, cpu))
                    elif kind == "start" and progress:
                        where = f" ({p + 1}/{nproc})" if nproc > 1 else ""
                        progress.step(f"{rec['algo']}/{rec['impl']} @{rec['size']}{where}")
                    if res is not None:
                        res = merge(merged, res, first.timer)
                        yield Measured(res)
                        if progress and rec.get("thread", 0) == 0:
                            progress.step(f"{res.algorithm}/{res.implementation} @{res.size}", advance=1)
                stream.finish()
            except BaseException:
                stream.kill()
                raise
    except KeyboardInterrupt:
        status = "interrupted"
    finally:
        if progress:
            progress.close()
    yield Ended(status)


def measure(opts, catalogue_algos, engine=None, quiet=False):
    """The engine's events gathered -> (the first process's reader or None,
    the merged results, status 'complete' or 'interrupted')."""
    first, merged, status = None, {}, "interrupted"
    try:
        for event in events(opts, catalogue_algos, engine, quiet):
            if isinstance(event, Described):
                first = event.reader
            elif isinstance(event, Measured):
                r = event.result
                merged[measurement_key(r)] = r
            elif isinstance(event, Ended):
                status = event.status
    except KeyboardInterrupt:
        status = "interrupted"
    return first, list(merged.values()), status
