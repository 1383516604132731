# SPDX-License-Identifier: MIT
"""The one way the tests run the real entry point (`python -m hashbench`),
and a store filled with the synthetic runs."""
import os
import re
import signal
import subprocess
import sys
from typing import NamedTuple

import synthetic

from hashbench.paths import ROOT
from hashbench.storage.store import Store

ENV = {k: v for k, v in os.environ.items() if k not in ("HASHBENCH_ENGINE", "HASHBENCH_DB", "HASHBENCH_IMPLS")}
ENV["NO_COLOR"] = "1"


def fake_engine(folder) -> str:
    """An engine at folder/engine that answers from tests/python/fixtures (fake_engine.py):
    its path, for HASHBENCH_ENGINE."""
    wrapper = folder / "engine"
    wrapper.write_text(f"#!/bin/sh\nexec {sys.executable} {os.path.join(os.path.dirname(__file__), 'fake_engine.py')} \"$@\"\n")
    wrapper.chmod(0o755)
    return str(wrapper)


class Ran(NamedTuple):
    """What a command did: r.returncode, r.stdout, r.stderr, or code, out, err = r."""
    returncode: int
    stdout: str
    stderr: str


def hb(*args, env=None, stdin=None, timeout=120, text=True) -> Ran:
    """`python -m hashbench ARGS` in the project root, colourless, with no
    engine or database from the caller's environment unless `env` (added
    to it) names one; text=False: stdout and stderr as bytes."""
    proc = subprocess.run([sys.executable, "-m", "hashbench", *map(str, args)], cwd=ROOT, env=dict(ENV, **(env or {})),
                          input=stdin, capture_output=True, text=text, timeout=timeout)
    return Ran(proc.returncode, proc.stdout, proc.stderr)


def ctrl_c_once(args, done_rows=r"(\d+)/\d+ rows", timeout=120) -> Ran:
    """`python -m hashbench ARGS`, sent SIGINT (as Ctrl-C) once a progress
    line on stderr says a row is done (`done_rows`' group: the rows done)."""
    proc = subprocess.Popen([sys.executable, "-m", "hashbench", *map(str, args)], cwd=ROOT, env=ENV,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))   # not inherited ignored
    for line in proc.stderr:
        m = re.search(done_rows, line)
        if m and int(m.group(1)) >= 1:
            break
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=timeout)
    return Ran(proc.returncode, out, err)


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
