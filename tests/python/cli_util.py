# SPDX-License-Identifier: MIT
"""The real entry point for the report, export/import and store CLI tests,
and a store filled with the synthetic runs."""
import os
import subprocess
import sys

import synthetic

from hashbench.paths import ROOT
from hashbench.store import Store

ENV = {k: v for k, v in os.environ.items() if k not in ("HASHBENCH_ENGINE", "HASHBENCH_DB")}
ENV["NO_COLOR"] = "1"


def hb(*args, env=None, stdin=None, timeout=120):
    """-> (exit code, stdout, stderr) of `python -m hashbench ARGS`."""
    proc = subprocess.run([sys.executable, "-m", "hashbench", *map(str, args)], cwd=ROOT, env=dict(ENV, **(env or {})),
                          input=stdin, capture_output=True, text=True, timeout=timeout)
    return proc.returncode, proc.stdout, proc.stderr


def save(store, run):
    store.begin_run(run)
    for r in run.results:
        store.add_result(run, r)
    store.end_run(run)
    return run


def filled_store(target, runs=None):
    """A store holding the synthetic runs (default: host at one size, a sweep
    from a second machine, a comparison, a cross run, a build matrix)."""
    store = Store(target)
    runs = runs if runs is not None else [
        synthetic.host_run(),
        synthetic.host_run(sizes=(16, 64, 256, 1024, 4096, 65536), scale=0.7,
                           machine={"hostname": "bench-b", "cpu": "Other CPU 2", "kernel": "6.12.0"}),
        synthetic.compare_run(), synthetic.cross_run(), synthetic.builds_run()]
    for run in runs:
        save(store, run)
    return store, runs
