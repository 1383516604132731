# SPDX-License-Identifier: MIT
"""The deterministic jobs every executor runs (hashbench.distributed.executor): a
cross target, one build of a cross matrix with its code-size probes, or
one engine process of a sim run (hashbench.targets.host_sim).

A job is a target name (whoever runs it reads the target's own
description), an optional build configuration, the cross Job without its
log, and whether to probe code sizes; its answer is the target's Outcome
(or the BuildError that stopped it), the code sizes, and the lines it would
have logged.  The same function runs it here and on a cluster's worker."""
from dataclasses import dataclass, replace

from ..errors import BuildError, UserError
from ..toolchain import size


@dataclass
class Task:
    """One job: `target` (its name), `build` (a BuildConfig or None),
    `code_size` (probe the build's code sizes), `measure` (run it under its
    exact meter; False: only the code sizes), `job` (which of the run's
    cross Jobs: ours, or an implementation folder's), `key` (how the caller
    names it)."""
    key: object
    target: str
    build: object = None
    code_size: bool = False
    measure: bool = True
    job: int = 0
    size_impls: tuple = ()
    mine: tuple = ()


@dataclass
class Answer:
    """A job's answer: `outcome` (hashbench.targets.Outcome) or `error`
    (the BuildError's text); `sizes` {(algo, impl): bytes} or `size_error`;
    `log` the lines it logged, `worker` where it ran (None: here)."""
    outcome: object = None
    error: str = None
    sizes: dict = None
    size_error: str = None
    log: list = None
    worker: str = None


def every_target() -> dict:
    """The targets a job may name: the cross targets' descriptions, and the host read by Callgrind."""
    from ..targets import host_sim, load_all
    return load_all() | host_sim.targets()


def target_of(task: Task, targets=None):
    """-> (the task's target as described, the one it builds: with its build configuration)."""
    targets = targets or every_target()
    if task.target not in targets:
        raise UserError(f"unknown target {task.target!r}")
    base = targets[task.target]
    return base, base.with_build(task.build) if task.build is not None else base


def as_list(jobs) -> list:
    """A cross Job, or a list of them -> the list."""
    return jobs if isinstance(jobs, list) else [jobs]


def run_job(task: Task, jobs, log, targets=None, locked=lambda t: None) -> Answer:
    """Builds and measures one task's target, and/or probes its code sizes (holding the target's lock;
    `locked(target)` runs first inside it) -> its Answer.  The same function
    here and on a cluster's worker."""
    base, t = target_of(task, targets)
    job = replace(as_list(jobs)[task.job], log=log)
    ans = Answer()
    try:
        with base.lock(log):
            locked(t)
            if task.measure:
                ans.outcome = t.measure(job)
            if task.code_size:
                try:
                    ans.sizes = size.sizes_of(base, task.build, {a.id for a in job.algos},
                                              list(task.size_impls) or job.impls, log, list(task.mine))
                except (BuildError, UserError) as exc:
                    ans.size_error = str(exc)
    except BuildError as exc:
        ans.error = str(exc)
    return ans
