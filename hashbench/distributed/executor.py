# SPDX-License-Identifier: MIT
"""Where the deterministic jobs run: cross targets and the builds of a
cross matrix (each built, run under its exact meter, its code size probed).

By default here, one after another, as they always ran (each job spreads
its own compiles and simulator runs over this machine's cores).  With
`--cluster tcp://HOST:PORT` (or HASHBENCH_CLUSTER) on a Dask distributed
cluster (hashbench.distributed.cluster): the same function runs on a worker, from that
worker's own hashbench at the same source digest, so the figures are the
same bit for bit whichever machine counted them.

The jobs themselves: hashbench.distributed.jobs."""
import os

ENV = "HASHBENCH_CLUSTER"


class Local:
    """The jobs here, in order: exactly what a run did before clusters."""
    name = "here"

    def __init__(self, targets=None):
        self.targets = targets

    def check(self, tasks):
        """Nothing to check: a target not installed here is noted by the caller."""

    def answers(self, tasks, jobs):
        """Yields (task, Answer) as each job finishes; `jobs`: the cross Job
        (or the list of them) the tasks name."""
        from .jobs import as_list, run_job
        for task in tasks:
            yield task, run_job(task, jobs, as_list(jobs)[task.job].log, self.targets)

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
