# SPDX-License-Identifier: MIT
"""A cross run without the command line: build, run, verify and store each
target in turn (the `cross` command and the report tools call it)."""
from dataclasses import dataclass

from .. import roster
from ..distributed.executor import Local
from ..distributed.jobs import Task
from ..errors import UserError
from ..meters import CROSS, DEFAULT, is_own, option
from ..progress import Steps
from ..results.context import host_context
from ..results.result import Note, Run
from ..storage.store import recording
from ..targets import Job, host, load_all

DEFAULT_SIZES = [64, 256, 1024]
DEFAULT_CALLS = 2


def skip_missing(run: Run, name: str, target, job: Job) -> bool:
    """True, with a note, when `target` is not installed."""
    missing = target.missing()
    if not missing:
        return False
    pk = f" (Debian packages: {' '.join(target.packages)}; scripts/setup.sh installs them)" if target.packages else ""
    run.notes.append(Note("target-missing", f"{name}: not installed: {', '.join(missing)}{pk}",
                          {"target": name, "missing": missing}))
    job.log(f"{name}: skipped: not installed: {', '.join(missing)}")
    return True


def record(rec, name: str, outcome, job: Job, progress=None):
    """Adds one target's outcome to the run in its recording (hashbench.storage.store.Recording)."""
    run = rec.run
    run.context["targets"].setdefault(name, outcome.context)
    for n in outcome.notes:
        n.data.setdefault("target", name)
    run.notes += outcome.notes
    for r in outcome.results:
        if job.substitute:
            r.implementation = job.substitute.name
        rec.add(r)
    rec.context_changed()
    ok = sum(r.verified for r in outcome.results)
    who = f"{name} ({job.substitute.name})" if job.substitute else name
    said = (f"{who}: {'cached build' if outcome.context.get('cached_build') else 'built'}, "
            f"{ok}/{len(outcome.results)} digests match" + (", counts repeat exactly" if job.check_repeat else ""))
    job.log(progress.line(said) if progress else said)


def runnable(run: Run, name: str, target, job: Job) -> bool:
    """False, with a note, when the job's substitute code cannot run on `target`."""
    sub = job.substitute
    why = sub.cannot_run_on(target) if sub else ""
    if why:
        run.notes.append(Note("not-supported", why, {"target": name, "implementation": sub.name}))
        job.log(f"{name} ({sub.name}): skipped: {why}")
    return not why


def run_targets(run: Run, targets: dict, names, job, store=None, executor=None):
    """Builds, runs, verifies and stores every named target: a target that
    is not installed or fails is a note, and the others go on.  `job`: a
    Job, or a list of them (ours, then each implementation folder's code as
    a Substitute), run on each target in turn.  Each (target, job) is a job
    of `executor` (hashbench.distributed.executor; default: here, in order); the results
    keep the order of `names` whichever finished first."""
    jobs = job if isinstance(job, list) else [job]
    job = jobs[0]
    executor = executor or Local(targets)
    run.context.setdefault("targets", {})
    here = executor.name == Local.name
    if not here:
        if any(j.substitute for j in jobs):
            raise UserError("--cluster measures our code: implementation folders are measured here")
        run.context["executor"] = executor.name
    tasks = [Task((name, i), name, job=i) for name in names
             if not here or not skip_missing(run, name, targets[name], job)
             for i, one in enumerate(jobs) if runnable(run, name, targets[name], one)]
    executor.check(tasks)   # before the run is stored: a cluster without a tool stops it here
    steps = Steps(len(tasks))
    try:
        with recording(store, run, failing=("target-failed",)) as rec:
            for task, answer in executor.answers(tasks, jobs):
                name, one = task.target, jobs[task.job]
                who = f"{name} ({one.substitute.name})" if one.substitute else name
                if answer.error:
                    run.notes.append(Note("target-failed", f"{who}: {answer.error}", {"target": name}))
                    job.log(steps.line(f"{who}: FAILED: {answer.error}"))
                    continue
                if answer.worker:
                    answer.outcome.context["worker"] = answer.worker
                record(rec, name, answer.outcome, one, steps)
    finally:
        order = {n: i for i, n in enumerate(names)}
        run.results.sort(key=lambda r: order.get(r.target, len(order)))
        executor.close()
    return run


@dataclass
class Request:
    """A cross run as the command line (or a study) asks for it."""
    targets: list                       # target names, in the order results are kept
    sizes: list
    algos: list = None                  # roster.Algorithm (None: every one)
    impls: tuple = roster.OURS          # empty: only the `beside` code
    calls: int = DEFAULT_CALLS
    check_repeat: bool = False
    meter: str = DEFAULT
    model_variant: str = None
    expected: object = None             # where the digests to match come from (None: the reference, else the host)
    substitute: object = None           # hashbench.targets.Substitute measured in place of our portable code
    beside: tuple = ()                  # more Substitutes (implementation folders), each on its own algorithms
    command: str = ""                   # the command line, as stored with the run

    def options(self, algos, meter) -> dict:
        """The run's options as stored."""
        options = {"targets": list(self.targets), "sizes": list(self.sizes), "algos": [a.id for a in algos],
                   "impls": list(self.impls), "calls": self.calls}
        if not is_own(meter):
            options.update(meter=meter, model_variant=self.model_variant)
        if self.substitute:
            options.update(substitute=self.substitute.name)
        if self.beside:
            options.update(implementation_folders=[s.name for s in self.beside])
        return options


def measure(req: Request, store=None, log=lambda m: None, targets=None, executor=None) -> Run:
    """The cross run `req` asks for, stored in `store` as it goes; results
    named by the substitute code when there is one.  `executor`
    (hashbench.distributed.executor): where the jobs run (default: here, in order)."""
    targets = targets or load_all()
    meter = option(req.meter, *CROSS)   # an old spelling: the name it stands for
    algos = req.algos or list(roster.algorithms())
    expected = req.expected or host.expected_digests()
    common = dict(sizes=list(req.sizes), expected=expected, calls=req.calls, check_repeat=req.check_repeat, log=log,
                  meter=meter, model_variant=req.model_variant)
    jobs = [Job(algos=algos, impls=list(req.impls), substitute=req.substitute, **common)] if req.impls else []
    jobs += [Job(algos=[a for a in algos if a.id in sub.functions], impls=["portable"], substitute=sub, **common)
             for sub in req.beside if any(a.id in sub.functions for a in algos)]
    run = Run(kind="cross", command=req.command, context=host_context(), options=req.options(algos, meter))
    return run_targets(run, targets, req.targets, jobs, store, executor)
