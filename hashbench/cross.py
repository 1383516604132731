# SPDX-License-Identifier: MIT
"""A cross run without the command line: build, run, verify and store each
target in turn (the `cross` command and the report tools call it)."""
import sys

from . import roster
from .context import host_context
from .errors import UserError
from .executor import Local
from .jobs import Task
from .meters import CROSS, DEFAULT, is_own, option
from .progress import Steps
from .result import Note, Run
from .store import recording
from .targets import Job, host, load_all

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
    """Adds one target's outcome to the run in its recording (hashbench.store.Recording)."""
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
    of `executor` (hashbench.executor; default: here, in order); the results
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


def measure(names, sizes, algos=None, impls=roster.OURS, calls=DEFAULT_CALLS, check_repeat=False,
            store=None, log=lambda m: None, targets=None, meter=DEFAULT, model_variant=None, expected=None,
            substitute=None, beside=(), executor=None) -> Run:
    """A cross run of the targets `names`.  `expected`: where the digests to
    match come from (default: the reference, else the host's portable
    code); `substitute` (hashbench.targets.Substitute): other code measured
    in place of our portable implementations, its results named by it;
    `beside`: more Substitutes measured after ours (implementation
    folders), each on its own algorithms.  `impls` empty: only those.
    `executor` (hashbench.executor): where the jobs run (default: here, in order)."""
    targets = targets or load_all()
    meter = option(meter, *CROSS)   # an old spelling: the name it stands for
    algos = algos or list(roster.algorithms())
    expected = expected or host.expected_digests()
    common = dict(sizes=list(sizes), expected=expected, calls=calls, check_repeat=check_repeat, log=log, meter=meter,
                  model_variant=model_variant)
    jobs = [Job(algos=algos, impls=list(impls), substitute=substitute, **common)] if impls else []
    jobs += [Job(algos=[a for a in algos if a.id in sub.functions], impls=["portable"], substitute=sub, **common)
             for sub in beside if any(a.id in sub.functions for a in algos)]
    options = {"targets": list(names), "sizes": list(sizes), "algos": [a.id for a in algos],
               "impls": list(impls), "calls": calls}
    if not is_own(meter):
        options.update(meter=meter, model_variant=model_variant)
    if substitute:
        options.update(substitute=substitute.name)
    if beside:
        options.update(implementation_folders=[s.name for s in beside])
    run = Run(kind="cross", command=" ".join(sys.argv), context=host_context(), options=options)
    return run_targets(run, targets, names, jobs, store, executor)
