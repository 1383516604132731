# SPDX-License-Identifier: MIT
"""The deterministic jobs on a Dask distributed cluster (`--cluster
tcp://HOST:PORT`): Dask's scheduler places them, reruns a job whose worker
died on another worker, and hands back each answer once.

Before anything is sent every worker says which hashbench it runs (the
source digest, hashbench.paths) and which of the jobs' targets it lacks
tools for (the target's own `missing()`, run there): a job goes only to
workers at this digest that have its tools; when none has them the run
stops before it starts, naming the tool.

Builds travel with the jobs: a worker that built something sends the
target's build folder back (a tar of it, with the build cache's key files),
the client keeps it in build/cluster/, and ships it with the next job of
that target and build, whichever worker gets it.  The key files decide, as
on one machine, whether an object is reused or rebuilt."""
import io
import os
import platform
import tarfile
import time
import uuid
from pathlib import Path

from ..errors import UserError
from ..paths import BUILD, source_digest
from .jobs import Answer, Task, as_list, run_job, target_of

CONNECT_S = 5
POLL_S = 0.2
# how long a job whose workers all left waits for a fit worker to join before it fails
REJOIN_S = 60
STORE = BUILD / "cluster"
# never shipped: a lock held by this process, a count file of a run in flight
_NOT_SHIPPED = (".lock", ".tmp")


class ClusterLost(UserError):
    """The scheduler went away, or stopped answering, before the run finished."""


def worker_state(names) -> dict:
    """On a worker: its source digest, its host, what each named target lacks there."""
    from .jobs import every_target
    targets = every_target()
    return {"digest": source_digest(), "host": platform.node(),
            "missing": {n: (targets[n].missing() if n in targets else ["its description"]) for n in names}}


def _folders(t) -> list:
    """The build folders of target `t` (with its build configuration) that a job writes."""
    out = [t.build_dir]
    if t.kind == "console":   # the library of the core files: shared by its placements' tags
        lib = BUILD / "console" / t.name
        out.append(lib / t.variant.folder if t.variant else lib)
    return sorted({Path(f) for f in out})


def _snapshot(folders) -> dict:
    out = {}
    for folder in folders:
        for dirpath, _, files in os.walk(folder):
            for f in files:
                st = os.stat(os.path.join(dirpath, f))
                out[os.path.join(dirpath, f)] = (st.st_size, st.st_mtime_ns)
    return out


def pack(folders) -> bytes:
    """The folders (under BUILD) as a gzipped tar, paths relative to BUILD."""
    buf = io.BytesIO()
    with tarfile.open(fileobj=buf, mode="w:gz") as tar:
        for folder in folders:
            for dirpath, _, files in os.walk(folder):
                for f in sorted(files):
                    if not f.endswith(_NOT_SHIPPED) and not f.startswith("counts."):
                        path = Path(dirpath) / f
                        tar.add(path, arcname=str(path.relative_to(BUILD)), recursive=False)
    return buf.getvalue()


def unpack(data: bytes):
    with tarfile.open(fileobj=io.BytesIO(data), mode="r:gz") as tar:
        tar.extractall(BUILD, filter="data")


def on_worker(task: Task, jobs, artefact):
    """A job on a worker: the shipped build unpacked, the job run, and the
    build folders sent back when it built anything."""
    lines, state = [], {}

    def locked(t):   # inside the target's lock: no other job of this target writes there meanwhile
        state["folders"] = _folders(t)
        if artefact:
            unpack(artefact)
        state["before"] = _snapshot(state["folders"])
    ans = run_job(task, jobs, lines.append, locked=locked)
    ans.log, ans.worker = lines, platform.node()
    built = "folders" in state and _snapshot(state["folders"]) != state["before"]
    return ans, pack(state["folders"]) if built else None


class Cluster:
    """The executor of a Dask cluster: its Client, the workers fit for each target."""

    def __init__(self, address):
        try:
            from distributed import Client
        except ImportError as exc:
            raise UserError("--cluster needs Dask: pip install 'hashbench[cluster]'") from exc
        self.name = address
        try:
            self.client = Client(address, timeout=f"{CONNECT_S}s", set_as_default=False)
        except (OSError, TimeoutError, ValueError) as exc:
            raise UserError(f"cannot reach the Dask scheduler at {address}: {_why(exc)}") from exc
        self.fit = {}
        self._orphaned = {}   # job key -> when it was first found without a fit worker

    def workers(self) -> dict:
        """{worker address: worker_state} of every worker now."""
        return self.call(lambda: self.client.run(worker_state, sorted(self._names)))

    def check(self, tasks):
        """Which workers may run each task's target; UserError when none may."""
        self._names = {t.target for t in tasks}
        self.fit = self.fit_workers(self.workers())
        for fit in self.fit.values():
            if isinstance(fit, str):
                raise UserError(fit)

    def fit_workers(self, states) -> dict:
        """{target: [workers at this digest with its tools], or the line saying why none is}."""
        if not states:
            raise UserError(f"the Dask cluster at {self.name} has no workers")
        digest = source_digest()
        same = {w: s for w, s in states.items() if s["digest"] == digest}
        if not same:
            theirs = ", ".join(sorted({f"{s['host']} {s['digest'][:12]}" for s in states.values()}))
            raise UserError(f"no worker of {self.name} runs hashbench at this source digest ({digest[:12]}; "
                            f"workers: {theirs}): install the same hashbench there")
        out = {}
        for name in sorted(self._names):
            out[name] = [w for w, s in same.items() if not s["missing"][name]]
            if not out[name]:
                tools = sorted({m for s in same.values() for m in s["missing"][name]})
                out[name] = f"no worker of {self.name} has {', '.join(tools)} (target {name} needs it)"
        return out

    def submit(self, task, job):
        art = _stored(task)
        return self.call(lambda: self.client.submit(
            on_worker, task, job, art, workers=self.fit[task.target], allow_other_workers=False, pure=False,
            key=f"hashbench-{task.target}-{uuid.uuid4().hex[:12]}"))

    def answers(self, tasks, jobs):
        """Yields (task, Answer) as each job finishes on some worker, each
        once.  A job whose fit workers have all left is sent again to the
        fit workers that joined since, or fails (one line) when none did."""
        from distributed import KilledWorker, as_completed
        shipped = [_without_log(j) for j in as_list(jobs)]
        job = as_list(jobs)[0]
        futures = {self.submit(task, shipped): task for task in tasks}
        fit = {w for t in tasks for w in self.fit[t.target]}
        job.log(f"{len(tasks)} job(s) sent to {self.name}, {len(fit)} worker(s) fit for them: "
                "each job's lines come when it is done")
        done = as_completed(list(futures), loop=self.client.loop)
        try:
            while futures:
                for fut in done.next_batch(block=False):
                    task = futures.pop(fut, None)
                    if task is None:   # sent again meanwhile
                        continue
                    try:
                        ans, art = self.call(fut.result)
                    except KilledWorker:   # Dask reran it on others, and they died too: that job's end
                        ans, art = Answer(error="every worker that ran it died (the scheduler gave it up)",
                                          log=[]), None
                    if art:
                        _store(task, art)
                    for line in ans.log:
                        job.log(f"[{ans.worker}] {line}")
                    yield task, ans
                for task, fut in self.orphans(futures):
                    del futures[fut]
                    fut.cancel()
                    if isinstance(self.fit[task.target], str):
                        yield task, Answer(error=f"its workers left: {self.fit[task.target]}", log=[])
                        continue
                    job.log(f"{task.target}: its workers left; sent again")
                    again = self.submit(task, shipped)
                    futures[again] = task
                    done.add(again)
                if futures:
                    time.sleep(POLL_S)
        finally:
            for fut in futures:
                if not fut.done():
                    fut.cancel()

    def orphans(self, futures) -> list:
        """[(task, future)] of the unfinished jobs none of whose fit workers
        is left, once a fit worker has joined since or after REJOIN_S
        without one (self.fit then says why); self.fit asked again of the
        workers there are."""
        alive = set(self.call(self.client.scheduler_info)["workers"])
        lost = [(task, fut) for fut, task in futures.items()
                if not fut.done() and not alive & set(self.fit[task.target])]
        if not lost:
            return []
        now = time.monotonic()
        try:
            fit = self.fit_workers(self.workers())
        except UserError as exc:   # no worker, or none at this digest: the same for every target
            fit = {name: str(exc) for name in self._names}
        out = []
        for task, fut in lost:
            since = self._orphaned.setdefault(fut.key, now)
            if not isinstance(fit[task.target], str) or now - since > REJOIN_S:
                self.fit[task.target] = fit[task.target]
                out.append((task, fut))
        return out

    def call(self, fn):
        """fn(), with a lost scheduler said in one line."""
        import asyncio
        import concurrent.futures

        from distributed.comm.core import CommClosedError
        try:
            return fn()
        except (asyncio.CancelledError, concurrent.futures.CancelledError, CommClosedError, OSError,
                TimeoutError) as exc:
            raise ClusterLost(f"lost the Dask scheduler at {self.name}: {_why(exc)}") from exc

    def close(self):
        try:
            self.client.close(timeout=CONNECT_S)
        except Exception:   # a scheduler already gone: nothing left to close
            pass


def _why(exc) -> str:
    text = str(exc).strip().splitlines()
    return text[0] if text else type(exc).__name__


def _without_log(job):
    from dataclasses import replace
    return replace(job, log=None)


def _artefact_path(task) -> Path:
    _, t = target_of(task)
    return STORE / t.build_dir.relative_to(BUILD) / "build.tar.gz"


def _stored(task):
    p = _artefact_path(task)
    return p.read_bytes() if p.exists() else None


def _store(task, data):
    p = _artefact_path(task)
    p.parent.mkdir(parents=True, exist_ok=True)
    tmp = p.with_name(p.name + f".{os.getpid()}.tmp")
    tmp.write_bytes(data)
    tmp.replace(p)
