# SPDX-License-Identifier: MIT
"""A host run (run, compare) without the command line: the engine's events,
each stored as it comes, so that Ctrl-C keeps what was measured."""
import difflib
import time
from contextlib import closing
from dataclasses import dataclass
from pathlib import Path

from . import roster
from .build.host import ensure_engine
from .context import host_context
from .errors import UserError
from .meters import callgrind
from .result import Run
from .targets import host as host_target
from .targets import host_sim
from .targets.host import ClockPoint, Described, Ended, Measured

# backends a meter cannot run (left out of the engine, with a note)
METER_SKIPS = {"sim": host_sim.SKIP}


@dataclass
class Host:
    """The host engine, built, and what it offers."""
    engine: Path
    catalogue: list     # algorithm records, in registry order
    backends: list      # backend records


def open_host(meter="time", engine=None) -> Host:
    """Builds the engine if it is out of date (`engine`: another one, built)
    and asks it what it has."""
    engine = engine or ensure_engine()
    catalogue, backends = host_target.catalogue(engine, METER_SKIPS.get(meter, ()))
    return Host(engine, catalogue, backends)


def select_algos(catalogue_algos, patterns, tiers=None) -> list:
    """-> ids of the roster's algorithms that match and that the engine has."""
    have = {c["id"] for c in catalogue_algos}
    return [a.id for a in roster.select(patterns, tiers, [a for a in roster.algorithms() if a.id in have])]


def select_impls(catalogue_algos, impls):
    """-> implementation names for the engine; 'all' means every one."""
    names = roster.split(impls) or ["portable"]
    if "all" in names:
        return ["all"]
    known = {i for a in catalogue_algos for i in a["impls"]}
    for n in names:
        if n not in known:
            near = difflib.get_close_matches(n, sorted(known), n=2)
            hint = f"; did you mean {', '.join(near)}?" if near else ""
            raise UserError(f"unknown implementation {n!r}{hint} (available: {', '.join(sorted(known))})")
    return names


def events(opts, host: Host, quiet=False):
    """The engine's events for `opts`: timed, or counted under Callgrind."""
    if opts.get("meter") == "sim":
        return host_sim.events(opts, host.engine, quiet)
    return host_target.events(opts, host.catalogue, host.engine, quiet)


class Recorder:
    """Keeps a run's events: the context once the engine has described
    itself, each result (stored when it first comes, updated when later
    processes add samples), the calibration kernel's points."""

    def __init__(self, run: Run, backends, store=None):
        self.run, self.backends, self.store = run, backends, store
        self.sim = run.options.get("meter") == "sim"
        self.rows = {}     # id(result) -> its database row
        self.status = "interrupted"   # until the engine's events end

    def record(self, event):
        run, store = self.run, self.store
        if isinstance(event, Described):
            reader = event.reader
            run.context = host_context(reader.engine, None if self.sim else reader.timer, self.backends)
            if self.sim:
                desc = callgrind.describe()
                run.context["meter"] = desc | {"header": callgrind.header_lines(desc)}
            else:
                run.context["clock"] = []
            if store:
                store.update_context(run)
        elif isinstance(event, Measured):
            res = event.result
            if id(res) not in self.rows:
                run.results.append(res)
                self.rows[id(res)] = store.add_result(run, res) if store else None
            elif store:
                store.update_result(self.rows[id(res)], res)
        elif isinstance(event, ClockPoint):
            run.context.setdefault("clock", []).append(event.point)
        elif isinstance(event, Ended):
            self.status = event.status


def measure(run: Run, host: Host, store=None, quiet=False) -> Run:
    """Runs the host engine for `run` (its options: algos, impls, sizes,
    budget, meter...) and sets its status: complete, failed (a digest
    mismatch) or interrupted."""
    if run.options.get("meter") == "sim":
        callgrind.valgrind()  # a missing simulator fails before anything is stored
    if store:
        store.begin_run(run)
    recorder = Recorder(run, host.backends, store)
    t0 = time.monotonic()
    try:
        with closing(events(run.options, host, quiet)) as stream:
            for event in stream:
                recorder.record(event)
    except KeyboardInterrupt:
        recorder.status = "interrupted"
    run.elapsed_s = time.monotonic() - t0
    run.status = "failed" if recorder.status == "complete" and run.mismatches else recorder.status
    if store:
        store.end_run(run)
    return run
