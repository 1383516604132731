# SPDX-License-Identifier: MIT
"""The host target: this machine, measured by the host engine's timers.

The engine (src/engine/host/, built by make) verifies each implementation's
digest against its compiled-in reference, then times it; it writes records
as it goes (docs/records.md).  This module starts it, turns its records into
results (meter `ns`: measured time; cycles/byte beside it when the timer
counts cycles), hands each to a callback as it arrives (the store commits
it), and shows progress.  Ctrl-C stops the engine and keeps what finished."""
import subprocess
from pathlib import Path

from .. import records
from ..build.host import ensure_engine
from ..errors import UserError
from ..meters import timer as timer_meter
from ..progress import Progress
from ..result import Build, Result

TARGET = "host"


def catalogue(engine: Path, skip=()):
    """(algorithm records in registry order, backend records) from `engine
    list`: the implementations this engine has, backends included, less the
    backends in `skip` (listed as not available)."""
    proc = subprocess.run([str(engine), "list"] + (["-x", ",".join(skip)] if skip else []),
                          capture_output=True, text=True)
    if proc.returncode != 0:
        raise UserError(proc.stderr.strip() or f"the engine exited with status {proc.returncode}")
    recs = records.parse(proc.stdout)
    return records.of_kind(recs, "algo"), records.of_kind(recs, "backend")


def portable_digest(engine: Path):
    """A function (algo, size) -> hex: the engine's portable digest of the
    workload, for sizes the reference table lacks."""
    def digest(algo, size):
        proc = subprocess.run([str(engine), "digest", algo, "portable", str(size)], capture_output=True, text=True)
        if proc.returncode != 0:
            raise UserError(f"the host engine cannot give {algo} @{size} B: {proc.stderr.strip()}")
        return proc.stdout.strip()
    return digest


class Stream:
    """`engine bench ...` as a stream of records, read as they arrive; `cmd`
    runs it some other way (under a simulator), in `cwd` with `env`."""

    def __init__(self, engine: Path, args, cmd=None, cwd=None, env=None):
        self.proc = subprocess.Popen(cmd or [str(engine), "bench"] + list(args), stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, text=True, cwd=cwd, env=env)

    def __iter__(self):
        for line in self.proc.stdout:
            rec = records.parse_line(line)
            if rec is not None:
                yield rec

    def finish(self) -> int:
        err = self.proc.stderr.read()
        code = self.proc.wait()
        if code == 2:
            raise UserError(err.strip() or "the engine failed")
        if code not in (0, 1):
            raise UserError(f"the engine exited with status {code}")
        return code

    def kill(self):
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()


def engine_args(opts) -> list:
    args = ["-a", ",".join(opts["algos"]), "-i", ",".join(opts["impls"]),
            "-s", ",".join(str(s) for s in opts["sizes"]), "-b", str(opts["budget_ms"]),
            "-t", opts.get("timer", "auto")]
    if opts.get("samples"):
        args += ["-n", str(opts["samples"])]
    if opts.get("interleave"):
        args.append("--interleave")
    return args


class Reader:
    """Turns the engine's records into results, one measurement at a time."""

    def __init__(self, labels: dict, tiers: dict):
        self.labels, self.tiers = labels, tiers
        self.engine = None
        self.timer = None
        self.harness = {}
        self.digests = {}

    def build(self) -> Build:
        e = self.engine or {}
        return Build("host", e.get("compiler", ""), (e.get("cflags") or "").strip())

    def result(self, rec, verified=True) -> Result:
        key = (rec["algo"], rec["impl"], rec["size"])
        res = Result(algorithm=rec["algo"], implementation=rec["impl"], size=rec["size"], target=TARGET,
                     build=self.build(), meter="ns", instrument=(self.timer or {}).get("name", ""),
                     digest=self.digests.get(key, rec.get("digest", "")), verified=verified,
                     verified_against=rec.get("verified") or rec.get("basis") or "reference",
                     expected=None if verified else rec.get("expected"), label=self.labels.get(rec["algo"], rec["algo"]),
                     tier=self.tiers.get(rec["algo"], ""), sample_fields=timer_meter.SAMPLE_FIELDS,
                     samples=rec.get("samples", []) if verified else [],
                     harness=self.harness.get(rec["size"], []) if verified else [])
        for k in ("params", "impl_version", "calibrated_iters"):
            if k in rec:
                res.extra[k] = rec[k]
        return timer_meter.summarise(res, self.timer)

    def feed(self, rec):
        """-> a Result when `rec` completes one, else None."""
        kind = rec["rec"]
        if kind == "engine":
            self.engine = rec
        elif kind == "timer":
            self.timer = timer_meter.timer_info(rec)
        elif kind == "overhead":
            self.harness[rec["size"]] = rec["samples"]
        elif kind == "digest":
            self.digests[(rec["algo"], rec["impl"], rec["size"])] = rec["digest"]
        elif kind == "result":
            return self.result(rec)
        elif kind == "error" and rec["kind"] == "verify":
            return self.result(rec, verified=False)
        return None


def measure(opts, catalogue_algos, engine=None, on_engine=None, on_result=None, quiet=False):
    """Runs the engine with `opts` (algos, impls, sizes, budget_ms, samples,
    timer, interleave).  -> (reader, results, status): status 'complete' or
    'interrupted'.  on_engine(reader) runs once the engine has described
    itself and its timer; on_result(result) as each result arrives."""
    engine = engine or ensure_engine()
    reader = Reader({a["id"]: a["label"] for a in catalogue_algos}, {a["id"]: a["tier"] for a in catalogue_algos})
    stream = Stream(engine, engine_args(opts))
    progress, results, status = None, [], "complete"
    try:
        for rec in stream:
            res = reader.feed(rec)
            kind = rec["rec"]
            if kind == "timer":
                progress = Progress(reader.engine.get("planned", 0) if reader.engine else 0, not quiet)
                if on_engine:
                    on_engine(reader)
            elif kind == "start" and progress:
                progress.step(f"{rec['algo']}/{rec['impl']} @{rec['size']}")
            if res is not None:
                results.append(res)
                if on_result:
                    on_result(res)
                if progress:
                    progress.step(f"{res.algorithm}/{res.implementation} @{res.size}", advance=1)
        stream.finish()
    except KeyboardInterrupt:
        stream.kill()
        status = "interrupted"
    finally:
        if progress:
            progress.close()
    return reader, results, status
