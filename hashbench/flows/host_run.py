# SPDX-License-Identifier: MIT
"""A host run (run, compare) without the command line: the engine's events,
each stored as it comes, so that Ctrl-C keeps what was measured."""
import difflib
import sys
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path

from .. import meters, roster, userimpl
from ..distributed import executor
from ..distributed.executor import Local
from ..distributed.jobs import Task
from ..errors import UserError
from ..meters import callgrind, run_noise
from ..results.context import host_context
from ..results.result import Run
from ..storage.store import Store, recording
from ..targets import host as host_target
from ..targets import host_sim
from ..targets.host import ClockPoint, Described, Ended, Measured
from ..toolchain.host import ensure_engine
from ..userimpl.engine import host_engine


@dataclass
class Host:
    """The host engine, built, and what it offers."""
    engine: Path
    catalogue: list     # algorithm records, in registry order
    backends: list      # backend records


@dataclass
class Options:
    """A host run's options (run, compare), checked by the command line
    (hashbench.commands.host_options) before anything is built."""
    sizes: list
    budget_ms: int = 200
    samples: int = None
    timer: str = "auto"
    processes: int = host_target.DEFAULT_PROCESSES
    meter: str = meters.HOST_DEFAULT   # its name in hashbench.meters
    algos: list = None         # ids, comma lists or globs (None: every one, or the implementation folders')
    tiers: list = None
    impls: list = None         # None: portable (with implementation folders: and theirs)
    noted_impls: list = None   # whose missing backends to note (None: the chosen)
    extra: dict = field(default_factory=dict)   # stored with the options: the loop's modes, interleave
    impl_dirs: list = None     # implementation folders (--impl-dir)
    cluster: str = None        # a Dask scheduler for a counted run's jobs
    db: str = None             # the store (None: the default one)
    save: bool = True
    quiet: bool = False
    command: str = ""          # the command line, as stored with the run

    def stored(self) -> dict:
        """The run's options as stored, before the algorithms and implementations are chosen."""
        return {"sizes": self.sizes, "budget_ms": self.budget_ms, "samples": self.samples, "timer": self.timer,
                "processes": self.processes, "meter": self.meter}


def prepare(opts: Options, kind: str):
    """Builds the engine (with the implementation folders' code, verified
    first), picks the algorithms and implementations it has -> (Run, Host,
    Store or None, the executor of a counted run's jobs or None)."""
    meter = meters.choose(opts.meter, meters.HOST)
    log = (lambda m: None) if opts.quiet else (lambda m: print(m, file=sys.stderr))
    mine = userimpl.prepare(opts.impl_dirs, log)   # verified before anything is built for timing or stored
    runner = executor.choose(opts.cluster, host_sim.targets()) if meter.jobs else None
    if runner is not None and runner.name != executor.Local.name and mine:
        raise UserError("--cluster measures our code: implementation folders are measured here")
    algos, impls = opts.algos, opts.impls
    if mine and kind == "host":          # ours beside theirs, on their algorithms, unless told otherwise
        impls = impls or ["portable"] + [m.name for m in mine]
        algos = algos or (None if opts.tiers else list(dict.fromkeys(m.algorithm for m in mine)))
    if mine:   # a selection the folders cannot serve is refused before their engine is built (a minute)
        planned = with_folders(open_host(opts.meter).catalogue, mine)
        roster.check_selection({c["id"]: c["impls"] for c in planned}, select_algos(planned, algos, opts.tiers),
                               select_impls(planned, impls))
    host = open_host(opts.meter, host_engine(mine, log) if mine else None)
    algo_ids = select_algos(host.catalogue, algos, opts.tiers)
    impl_names = select_impls(host.catalogue, impls)
    roster.check_selection({c["id"]: c["impls"] for c in host.catalogue}, algo_ids, impl_names)
    note_skipped_backends(host.backends, opts.noted_impls or impl_names, meter)
    store = Store(opts.db) if opts.save else None
    options = opts.stored() | {"algos": algo_ids, "impls": impl_names} | opts.extra
    return Run(kind=kind, command=opts.command, options=options), host, store, runner


def note_skipped_backends(backends, impls, meter):
    skips = meter.skipped_backends()
    for b in backends:
        if not b["available"] and b["name"] not in skips and (impls == ["all"] or b["name"] in impls):
            print(f"note: backend {b['name']} is not available on this machine: skipped", file=sys.stderr)
    if skips:
        host_sim.note_skipped(backends, impls)


def open_host(meter="ns", engine=None) -> Host:
    """Builds the engine if it is out of date (`engine`: another one, built)
    and asks it what it has (without the backends `meter` cannot run)."""
    engine = engine or ensure_engine()
    catalogue, backends = host_target.catalogue(engine, meters.choose(meter, meters.HOST).skipped_backends())
    return Host(engine, catalogue, backends)


def select_algos(catalogue_algos, patterns, tiers=None) -> list:
    """-> ids of the roster's algorithms that match and that the engine has."""
    have = {c["id"] for c in catalogue_algos}
    return [a.id for a in roster.select(patterns, tiers, [a for a in roster.algorithms() if a.id in have])]


def with_folders(catalogue_algos, mine):
    """The default engine's catalogue with the implementation folders' code named under its algorithms:
    what the engine built with them will have."""
    return [{**c, "impls": list(c["impls"]) + [m.name for m in mine if m.algorithm == c["id"]]} for c in catalogue_algos]


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
    """The engine's timed events for `opts` (a sim run: measure_sim)."""
    return host_target.events(opts, host.catalogue, host.engine, quiet)


class Recorder:
    """Keeps a host run's events in its recording (hashbench.storage.store.Recording):
    the context once the engine has described itself, each result (stored
    when it first comes, updated when later processes add samples), the
    calibration kernel's points."""

    def __init__(self, recording, backends):
        self.recording, self.run, self.backends = recording, recording.run, backends
        self.status = "interrupted"   # until the engine's events end

    def describe(self, engine: dict, timer=None, meter=None):
        """The run's context, once the engine has described itself (`meter`: Callgrind's description)."""
        run = self.run
        run.context = host_context(engine, timer, self.backends)
        if meter:
            run.context["meter"] = meter | {"header": callgrind.header_lines(meter)}
        else:
            run.context["clock"] = []
        self.recording.context_changed()

    def record(self, event):
        run = self.run
        if isinstance(event, Described):
            self.describe(event.reader.engine, event.reader.timer)
        elif isinstance(event, Measured):
            self.recording.add(event.result)
        elif isinstance(event, ClockPoint):
            run.context.setdefault("clock", []).append(event.point)
        elif isinstance(event, Ended):
            self.status = event.status


def measure(run: Run, host: Host, store=None, quiet=False, executor=None, log=lambda m: None) -> Run:
    """Runs the host engine for `run` (its options: algos, impls, sizes,
    budget, meter...) and sets its status: complete, failed (a digest
    mismatch) or interrupted.  `executor` (hashbench.distributed.executor): where a sim
    run's jobs run (default: here, in order; `log`: their progress lines);
    a timed run is this machine's."""
    if host_target.host_meter(run.options).jobs:
        return measure_sim(run, host, store, quiet, executor, log)
    with recording(store, run) as rec:
        recorder = Recorder(rec, host.backends)
        with closing(events(run.options, host, quiet)) as stream:
            for event in stream:
                recorder.record(event)
        # the run's own run-to-run term, once every process is in: each row's ± made with it
        noise = run_noise.apply_run_noise(run.results, run.context.get("timer"))
        if noise:
            run.context["run_noise"] = noise
        for result in run.results:
            rec.add(result)
        rec.context_changed()
        run.status = recorder.status
    return run


def measure_sim(run: Run, host: Host, store=None, quiet=False, executor=None, log=lambda m: None) -> Run:
    """A sim run: its jobs (hashbench.targets.host_sim.SimJob, one per
    algorithm) run by `executor`, each result stored as its job's answer
    comes; the results then in the order of one engine process's (size,
    then algorithm).  Ctrl-C keeps the jobs that finished."""
    executor = executor or Local(host_sim.targets())
    here = executor.name == Local.name
    if here:
        callgrind.valgrind()  # a missing simulator fails before anything is stored
    jobs = host_sim.jobs_of(run.options, host.catalogue, host.engine if here else None, quiet or not here)
    for job in jobs:
        job.log = log   # the executor's lines too (a cluster's: jobs sent, workers fit)
    tasks = [Task(i, host_sim.NAME, job=i) for i in range(len(jobs))]
    executor.check(tasks)   # before the run is stored: a cluster without valgrind stops it here
    place = {}    # id(result) -> (its job, its place in the job's answer)
    first = None  # (where the first job ran, its engine's build)
    try:
        with recording(store, run) as rec:
            recorder = Recorder(rec, host.backends)
            for task, answer in executor.answers(tasks, jobs):
                if answer.error:   # a BuildError: the engine did not build there
                    raise UserError(f"{host_sim.job_name(jobs[task.job])}: {answer.error}")
                outcome = answer.outcome
                first = first or (answer.worker or "here", host_sim.build_of(outcome.context))
                if host_sim.build_of(outcome.context) != first[1]:
                    raise UserError(f"the jobs ran on engines that differ: {first[0]}: {first[1]}; "
                                    f"{answer.worker}: {host_sim.build_of(outcome.context)} (one run counts with "
                                    "one compiler and one Valgrind: install the same on every worker)")
                if "meter" not in run.context and outcome.context["engine"]:
                    recorder.describe(outcome.context["engine"], meter=outcome.context["meter"])
                    if not here:
                        run.context.update(executor=executor.name, workers=[])
                if answer.worker and answer.worker not in run.context.setdefault("workers", []):
                    run.context["workers"].append(answer.worker)
                    rec.context_changed()
                for i, res in enumerate(outcome.results):
                    place[id(res)] = (task.job, i)
                    rec.add(res)
                log(f"{host_sim.job_name(jobs[task.job])}: {len(outcome.results)} result(s) counted"
                    + (f" on {answer.worker}" if answer.worker else "") + (", stored" if store else ""))
                if outcome.context["status"] != "complete":
                    run.status = "interrupted"
                    break
    finally:
        executor.close()
        sizes = run.options["sizes"]
        run.results.sort(key=lambda r: (sizes.index(r.size) if r.size in sizes else len(sizes), place[id(r)]))
    return run
