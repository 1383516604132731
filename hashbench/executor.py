# SPDX-License-Identifier: MIT
"""Where the deterministic jobs run: cross targets and the builds of a
cross matrix (each built, run under its exact meter, its code size probed).

By default here, one after another, as they always ran (each job spreads
its own compiles and simulator runs over this machine's cores).  With
`--cluster tcp://HOST:PORT` (or HASHBENCH_CLUSTER) on a Dask distributed
cluster (hashbench.cluster): the same function runs on a worker, from that
worker's own hashbench at the same source digest, so the figures are the
same bit for bit whichever machine counted them.

A job is a target name (the worker reads its own description), an optional
build configuration, the cross Job without its log, and whether to probe
code sizes; its answer is the target's Outcome (or the BuildError that
stopped it), the code sizes, and the lines it would have logged."""
import os
from dataclasses import dataclass, replace

from .build import size
from .build.cache import target_lock
from .errors import BuildError, UserError

ENV = "HASHBENCH_CLUSTER"


def add_cluster_arg(p):
    p.add_argument("--cluster", metavar="tcp://HOST:PORT",
                   help="run the jobs on a Dask distributed cluster, its scheduler at this address "
                        f"(default ${ENV}; none: here).  Every worker needs hashbench at this source digest "
                        "(pip install hashbench[cluster]) and the tools of the jobs it is given")


@dataclass
class Task:
    """One job: `target` (its name), `build` (a BuildConfig or None),
    `code_size` (probe the build's code sizes too), `key` (how the caller
    names it)."""
    key: object
    target: str
    build: object = None
    code_size: bool = False


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


def target_of(task: Task, targets=None):
    """-> (the task's target as described, the one it builds: with its build configuration)."""
    from .targets import load_all
    targets = targets or load_all()
    if task.target not in targets:
        raise UserError(f"unknown target {task.target!r}")
    base = targets[task.target]
    return base, base.with_build(task.build) if task.build is not None else base


def run_job(task: Task, job, log, targets=None, locked=lambda t: None) -> Answer:
    """Builds and measures one task's target (holding the target's lock;
    `locked(target)` runs first inside it) -> its Answer.  The same function
    here and on a cluster's worker."""
    base, t = target_of(task, targets)
    job = replace(job, log=log)
    ans = Answer()
    try:
        with target_lock(base.name, log):
            locked(t)
            ans.outcome = t.measure(job)
            if task.code_size:
                try:
                    ans.sizes = size.sizes_of(base, task.build, {a.id for a in job.algos}, job.impls, log)
                except (BuildError, UserError) as exc:
                    ans.size_error = str(exc)
    except BuildError as exc:
        ans.error = str(exc)
    return ans


class Local:
    """The jobs here, in order: exactly what a run did before clusters."""
    name = "here"

    def __init__(self, targets=None):
        self.targets = targets

    def check(self, tasks):
        """Nothing to check: a target not installed here is noted by the caller."""

    def answers(self, tasks, job):
        """Yields (task, Answer) as each job finishes."""
        for task in tasks:
            yield task, run_job(task, job, job.log, self.targets)

    def close(self):
        pass


def choose(address=None, targets=None):
    """--cluster (else HASHBENCH_CLUSTER) -> the executor: Local (with the
    caller's `targets`) when neither names one."""
    address = address or os.environ.get(ENV)
    if not address:
        return Local(targets)
    from .cluster import Cluster
    return Cluster(address)
