# SPDX-License-Identifier: MIT
"""A build matrix without the command line: builds x algorithms (x
implementations, x sizes), on the host (timed, interleaved across builds:
hashbench.targets.rounds) or on one cross target (its engine rebuilt per
flag set; exact counts), each result carrying its build and the code size
of its (algorithm, implementation) in that build (hashbench.toolchain.size).

Bad builds first: a compiler that is not there, or flags it rejects, are
found by a probe compile before anything is built; a build that still fails
is listed as a note ('not-built') and the others go on."""
from dataclasses import dataclass, field

from .. import roster
from ..distributed.executor import Local
from ..distributed.jobs import Task
from ..errors import BuildError, UserError
from ..progress import Steps
from ..results.context import host_context
from ..results.result import Note, Run
from ..storage.store import recording
from ..targets import Job, host, rounds
from ..toolchain import configs as build_configs
from ..toolchain import gcc, size
from ..userimpl import engine as user_engine


@dataclass
class Plan:
    """What a matrix measures."""
    builds: list                  # BuildConfig
    algos: list                   # roster.Algorithm
    impls: list
    sizes: list
    budget_ms: int = 200          # host: each build's time per measurement, over all rounds
    rounds: int = 5
    timer: str = "auto"
    target: object = None         # a cross Target, or None for the host
    code_size: bool = True
    log: object = print
    quiet: bool = False
    failed: list = field(default_factory=list)   # Notes of builds that did not build
    mine: list = field(default_factory=list)     # implementation folders (hashbench.userimpl.UserImpl)
    executor: object = None       # a cross target's jobs: hashbench.distributed.executor (None: here, in order)
    command: str = ""             # the command line, as stored with the run

    def options(self) -> dict:
        return {"builds": [c.to_dict() for c in self.builds], "algos": [a.id for a in self.algos],
                "impls": list(self.impls), "sizes": list(self.sizes), "budget_ms": self.budget_ms,
                "rounds": self.rounds, "timer": self.timer, "target": self.target.name if self.target else "host"}


def fail(plan, cfg, message):
    plan.failed.append(Note("not-built", message, {"build": cfg.name}))


def checked_builds(plan) -> list:
    """The builds whose compiler exists and takes their flags; the others
    are noted as failed."""
    t = plan.target
    ok = []
    for cfg in plan.builds:
        if t is not None and getattr(t, "toolchain", "gcc") != "gcc":
            ok.append(cfg)        # cc65, SDCC: no strict-C99 probe; their build says what fails
            continue
        base = gcc.expand(t, build_configs.replace_opt(t.cflags, ())) if t is not None else ()
        err = build_configs.check(cfg, base, link=t is None)
        if err:
            fail(plan, cfg, err)
        else:
            ok.append(cfg)
    return ok


def code_sizes(plan, cfg) -> dict:
    """{(algo, impl): bytes} of `cfg`, or {} with a note when it cannot be measured."""
    if not plan.code_size:
        return {}
    ids = {a.id for a in plan.algos}
    try:
        return size.sizes_of(plan.target, cfg, ids, plan.impls, plan.log, plan.mine)
    except (BuildError, UserError) as exc:
        plan.failed.append(Note("not-measured", f"build {cfg.name}: no code size: {exc}", {"build": cfg.name}))
        return {}


def attach_sizes(results, sizes):
    for r in results:
        b = sizes.get(r.build.name, {}).get((r.algorithm, r.implementation))
        if b is not None:
            r.extra["code_bytes"] = b


def keep(run, plan, results):
    """The builds' results, stored once they are all measured (as the
    recording ends), and the builds' notes."""
    run.results = results
    run.notes += plan.failed


def build_host(plan, run) -> dict:
    """{name: (BuildConfig, engine)} of the builds that build; sizes measured
    for each before anything is timed (compiling would disturb the timing)."""
    built = {}
    for cfg in checked_builds(plan):
        try:
            path, cached = user_engine.matrix_engine(cfg, plan.mine, plan.log)
        except BuildError as exc:
            fail(plan, cfg, str(exc))
            continue
        built[cfg.name] = (cfg, path)
        run.context["builds"][cfg.name] = dict(cfg.to_dict(), version=build_configs.version(cfg),
                                               engine=str(path), cached_build=cached)
    return built


def run_host(plan, store=None) -> Run:
    run = Run(kind="matrix", command=plan.command, options=plan.options(), context=host_context())
    run.context.update(builds={}, code_size=size.method(None) if plan.code_size else None)
    results = []
    with recording(store, run, failing=("not-built",)):
        try:
            results = time_host(plan, run)
        finally:
            keep(run, plan, results)
    return run


def time_host(plan, run) -> list:
    """Builds, sizes and times the host builds -> their results (run.status: the rounds')."""
    built = build_host(plan, run)
    if not built:
        run.status = "failed"
        return []
    sizes = {cfg.name: code_sizes(plan, cfg) for cfg, _ in built.values()}
    catalogue, _ = host.catalogue(next(iter(built.values()))[1])
    opts = {"algos": [a.id for a in plan.algos], "impls": list(plan.impls), "sizes": list(plan.sizes),
            "budget_ms": plan.budget_ms, "timer": plan.timer}

    def on_engine(reader):
        run.context.update(host_context(reader.engine, reader.timer))
        run.context["cflags"] = "(per build)"

    results, run.status, _ = rounds.measure(built, opts, catalogue, plan.rounds, plan.quiet, on_engine)
    attach_sizes(results, sizes)
    return results


def run_cross(plan, store=None) -> Run:
    """Every build of the cross target: our code's job and each
    implementation folder's, built, measured with the target's exact meter,
    the build's code sizes probed with our job; each a job of
    `plan.executor` (hashbench.distributed.executor: here, in order, by default).  The
    results keep the order of the builds whichever job finished first."""
    t = plan.target
    executor = plan.executor or Local({t.name: t})
    run = Run(kind="matrix", command=plan.command, options=plan.options(), context=host_context())
    run.context.update(builds={}, targets={}, code_size=size.method(t) if plan.code_size else None)
    expected = host.expected_digests()
    ours = [i for i in plan.impls if i in roster.OURS]
    jobs = [Job(algos=plan.algos, impls=ours, sizes=list(plan.sizes), expected=expected, log=plan.log)] if ours else []
    jobs += [Job(algos=[a for a in plan.algos if a.id == m.algorithm], impls=["portable"], sizes=list(plan.sizes),
                 expected=expected, log=plan.log, substitute=m.substitute())
             for m in plan.mine if m.name in plan.impls and any(a.id == m.algorithm for a in plan.algos)]
    if executor.name != Local.name:
        if plan.mine:
            raise UserError("--cluster measures our code: implementation folders are measured here")
        run.context["executor"] = executor.name
    builds = checked_builds(plan)
    tasks = []
    for cfg in builds:
        for i, job in enumerate(jobs):
            why = job.substitute.cannot_run_on(t) if job.substitute else ""
            if why:
                plan.failed.append(Note("not-supported", why, {"implementation": job.substitute.name,
                                                              "build": cfg.name}))
            else:
                tasks.append(Task(cfg.name, t.name, cfg, code_size=plan.code_size and i == 0, job=i,
                                  size_impls=tuple(plan.impls), mine=tuple(plan.mine)))
    executor.check(tasks)
    sizes, measured = {}, {}   # measured: {task's position: its results}
    try:
        with recording(store, run, failing=("not-built",)):
            try:
                measure_cross(plan, run, executor, tasks, jobs, sizes, measured)
            finally:
                results = [r for n in sorted(measured) for r in measured[n]]
                attach_sizes(results, sizes)
                keep(run, plan, results)
    finally:
        executor.close()
    return run


def measure_cross(plan, run, executor, tasks, jobs, sizes, measured):
    """The cross builds' jobs as their answers come: results into `measured`
    (by the task's position, whichever finished first), code sizes into `sizes`."""
    t = plan.target
    position = {id(task): n for n, task in enumerate(tasks)}
    steps = Steps(len(tasks))
    for task, answer in executor.answers(tasks, jobs):
        cfg, job = task.build, jobs[task.job]
        if answer.error:
            fail(plan, cfg, f"build {cfg.name}: {answer.error}")
            plan.log(steps.line(f"{t.name} {cfg.name}: FAILED: {answer.error}"))
            continue
        outcome = answer.outcome
        if task.code_size:
            sizes[cfg.name] = answer.sizes or {}
        if answer.size_error:
            plan.failed.append(Note("not-measured", f"build {cfg.name}: no code size: {answer.size_error}",
                                    {"build": cfg.name}))
        for r in outcome.results:
            r.implementation = job.substitute.name if job.substitute else r.implementation
        run.context["targets"].setdefault(t.name, outcome.context)
        run.context["builds"].setdefault(cfg.name, dict(
            cfg.to_dict(), version=outcome.context.get("compiler"), compile=outcome.context.get("compile"),
            cached_build=outcome.context.get("cached_build"),
            **({"worker": answer.worker} if answer.worker else {})))
        for n in outcome.notes:
            n.data.setdefault("build", cfg.name)
        run.notes += outcome.notes
        measured[position[id(task)]] = outcome.results
        who = f" ({job.substitute.name})" if job.substitute else ""
        plan.log(steps.line(f"{t.name} {cfg.name}{who}: {sum(r.verified for r in outcome.results)}/"
                            f"{len(outcome.results)} digests match"))


def measure(plan, store=None) -> Run:
    return run_host(plan, store) if plan.target is None else run_cross(plan, store)
