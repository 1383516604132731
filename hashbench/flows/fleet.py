# SPDX-License-Identifier: MIT
"""The timed host benchmark on every machine of a Dask cluster (`hashbench
fleet`): one `hashbench run` per machine, run there by a worker of that
machine as its own process (the engine's processes pinned to that
machine's CPUs, as on any machine), its result file sent back and stored
here with that machine's own context (hostname, CPU, OS, compiler), so that
`hashbench report` sets the machines side by side.

A machine is a hostname: several workers on one machine are one machine,
and it gets one timed run.  Timing wants the machine to itself: its run
starts only when none of its workers has a job, one machine's run never
overlaps another run on that machine, and while it runs the fleet's other
runs go to other machines.  (Another client's jobs sent to that machine
meanwhile are Dask's to place: run the fleet on a cluster kept for it.)"""
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import time
import uuid

from ..errors import UserError
from ..paths import source_digest
from ..toolchain import cache

IDLE_POLL_S = 0.5
RUN_TIMEOUT_S = 6 * 3600


def machine_state() -> dict:
    """On a worker: its machine, its hashbench, the host build's tools it lacks."""
    return {"host": platform.node(), "digest": source_digest(),
            "missing": [p for p in ("make", cache.host_cc()) if shutil.which(p) is None]}


def timed_run(run_args) -> dict:
    """On a worker: `hashbench run RUN_ARGS` as a process of its own ->
    {host, rc, json (the run's result file), stderr (its last lines)}."""
    with tempfile.TemporaryDirectory(prefix="hashbench-fleet-") as tmp:
        out = os.path.join(tmp, "run.json")
        try:
            proc = subprocess.run([sys.executable, "-m", "hashbench", "run", *run_args, "--no-save", "-o", out],
                                  cwd=tmp, stdin=subprocess.DEVNULL, capture_output=True, text=True,
                                  timeout=RUN_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            return {"host": platform.node(), "rc": None, "json": None,
                    "stderr": f"did not finish within {RUN_TIMEOUT_S} s"}
        text = open(out, encoding="utf-8").read() if os.path.exists(out) else None
    return {"host": platform.node(), "rc": proc.returncode, "json": text,
            "stderr": "\n".join(proc.stderr.strip().splitlines()[-5:])}


def machines(cluster) -> tuple:
    """-> ({hostname: [worker addresses]} of the workers fit for a timed
    run, [why each other machine is left out]); UserError when none is fit."""
    states = cluster.call(lambda: cluster.client.run(machine_state))
    if not states:
        raise UserError(f"the Dask cluster at {cluster.name} has no workers")
    digest = source_digest()
    fit, unfit = {}, []
    for w, s in states.items():
        if s["digest"] != digest:
            unfit.append(f"{s['host']}: hashbench at source digest {s['digest'][:12]}, not {digest[:12]}")
        elif s["missing"]:
            unfit.append(f"{s['host']}: no {', '.join(s['missing'])}")
        else:
            fit.setdefault(s["host"], []).append(w)
    if not fit:
        raise UserError(f"no worker of {cluster.name} can run the benchmark ({'; '.join(sorted(set(unfit)))})")
    return dict(sorted(fit.items())), sorted(set(unfit))


def busy(cluster, workers) -> bool:
    processing = cluster.call(cluster.client.processing)
    return any(processing.get(w) for w in workers)


def run_fleet(cluster, run_args, on_run, log=lambda m: None):
    """One timed run per machine; `on_run(host, answer)` as each comes back
    (answer None: every worker of that machine left before it finished).
    A machine's run is sent once none of its workers has a job."""
    from distributed import KilledWorker, as_completed
    fit, unfit = machines(cluster)
    for line in unfit:
        log(f"left out: {line}")
    waiting, futures = dict(fit), {}
    pending = as_completed([], loop=cluster.client.loop)
    log(f"{len(fit)} machine(s): {', '.join(fit)}")
    while waiting or futures:
        for host, workers in list(waiting.items()):
            if busy(cluster, workers):
                continue
            fut = cluster.call(lambda workers=workers: cluster.client.submit(
                timed_run, list(run_args), workers=workers, allow_other_workers=False, pure=False,
                key=f"hashbench-fleet-{uuid.uuid4().hex[:12]}"))
            futures[fut] = host
            pending.add(fut)
            del waiting[host]
            log(f"{host}: timing")
        for fut in pending.next_batch(block=False):
            if fut in futures:
                try:
                    answer = cluster.call(fut.result)
                except KilledWorker:   # its machine's workers died running it
                    answer = None
                on_run(futures.pop(fut), answer)
        alive = set(cluster.call(cluster.client.scheduler_info)["workers"])
        for fut, host in list(futures.items()):
            if not alive & set(fit[host]):   # its run can go to no other machine: that machine's end
                fut.cancel()
                del futures[fut]
                on_run(host, None)
        if waiting or futures:
            time.sleep(IDLE_POLL_S)


def read_answer(host, answer):
    """A machine's answer -> its Run, or UserError saying why there is none."""
    from ..results.result import Run
    if answer is None:
        raise UserError(f"{host}: the machine's workers left or died before its run finished")
    if answer["json"] is None:
        raise UserError(f"{host}: the run failed (exit {answer['rc']}): {answer['stderr'] or 'no message'}")
    return Run.from_dict(json.loads(answer["json"]))
