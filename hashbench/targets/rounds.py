# SPDX-License-Identifier: MIT
"""Several host builds measured side by side, interleaved across processes.

One process per build is one sample of the machine: its state (frequency,
co-tenants, the buffers' addresses) holds for the process and changes
between processes (docs/performance.md).  So the builds are measured in
rounds: each round runs one short engine process per build, in turn (the
order rotating from round to round), each with the budget divided by the
rounds; a slow phase of the machine hits every build of that round alike.

Each result keeps every sample, with the round it came from in its
`process` column (host.measure runs one process per call), and the round's
own figure (ns per call, harness subtracted) in `rounds_ns`:
hashbench.statistics.relative pairs those round by round.
Every process verifies every digest before it times."""
import sys

from ..meters import timer as timer_meter
from ..progress import Progress, Steps
from ..results.result import Build
from . import host

SAMPLE_FIELDS = timer_meter.SAMPLE_FIELDS


def _tag(rows, k, fields):
    """Each sample's process is the round it came from."""
    i = list(fields).index("process")
    return [list(s[:i]) + [k] + list(s[i + 1:]) for s in rows]


class Merger:
    """Collects each build's results round by round and merges them."""

    def __init__(self):
        self.parts = {}      # (build, algo, impl, size) -> [Result per round]
        self.engines = {}    # build -> its engine record
        self.timer = None

    def add(self, build_name, k, res):
        res.samples = _tag(res.samples, k, res.sample_fields)
        res.harness = _tag(res.harness, k, res.sample_fields)
        self.parts.setdefault((build_name, res.algorithm, res.implementation, res.size), []).append((k, res))

    def merged(self, builds) -> list:
        out = []
        for (bname, _, _, _), parts in self.parts.items():
            first = parts[0][1]
            bad = next((r for _, r in parts if not r.verified), None)
            res = bad or first
            e = self.engines.get(bname) or {}
            res.build = Build(bname, e.get("compiler", ""), (e.get("cflags") or "").strip())
            res.extra["build_compiler"] = builds[bname].compiler
            if bad is None:
                res.samples = [s for _, r in parts for s in r.samples]
                res.harness = [s for _, r in parts for s in r.harness]
                res.extra["rounds_ns"] = [timer_meter.values(r, "ns")[0] for _, r in parts]
                timer_meter.summarise(res, self.timer)
            out.append(res)
        return out


def plan(builds, rounds):
    """[(round, build name)]: every build once per round, rotating the order."""
    names = list(builds)
    return [(k, names[(k + i) % len(names)]) for k in range(rounds) for i in range(len(names))]


def measure(builds: dict, opts, catalogue_algos, rounds: int, quiet=False, on_engine=None, pin=False):
    """builds: {name: (BuildConfig, engine path)}.  opts as for host.measure
    (budget_ms is each build's whole budget per measurement).  With `pin`
    every build of round k runs on the same CPU (the CPUs in turn, round by
    round).  -> (results, status 'complete' or 'interrupted', Merger)."""
    per_round = dict(opts, budget_ms=max(1, opts["budget_ms"] // rounds))
    allowed = host.cpus() if pin else []
    merger = Merger()
    steps = plan(builds, rounds)
    progress = Progress(len(steps), not quiet)
    # where no bar is drawn (a log, a pipe): one line per round, with the rounds done and the time left
    lines = Steps(rounds) if not quiet and not progress.bar else None
    status = "complete"
    try:
        for n, (k, name) in enumerate(steps):
            progress.step(f"round {k + 1}/{rounds} {name}", advance=0)
            cfg, engine = builds[name]
            opts_k = dict(per_round, cpu=allowed[k % len(allowed)]) if allowed else per_round
            reader, results, st = host.measure(opts_k, catalogue_algos, engine, quiet=True)
            if reader is None:   # interrupted before the engine described itself
                raise KeyboardInterrupt
            merger.engines.setdefault(name, reader.engine)
            merger.timer = merger.timer or reader.timer
            if n == 0 and on_engine:
                on_engine(reader)
            for res in results:
                merger.add(name, k, res)
            progress.step(f"round {k + 1}/{rounds} {name}", advance=1)
            if lines and (n + 1) % len(builds) == 0:
                print(lines.line(f"round {k + 1}: {len(builds)} builds measured"), file=sys.stderr, flush=True)
            if st == "interrupted":
                raise KeyboardInterrupt
    except KeyboardInterrupt:
        status = "interrupted"
    finally:
        progress.close()
    return merger.merged({n: c for n, (c, _) in builds.items()}), status, merger
