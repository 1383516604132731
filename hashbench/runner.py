# SPDX-License-Identifier: MIT
"""One host benchmark: drive the engine, turn records into results, store
each as it arrives, show progress.  Ctrl-C keeps what was measured."""
import sys
import time

from . import engine as eng
from . import stats
from .context import host_context
from .errors import UserError


class Progress:
    """A progress bar on stderr when it is a terminal; otherwise silent."""

    def __init__(self, total, enabled):
        self.bar = None
        if enabled and sys.stderr.isatty():
            from rich.progress import BarColumn, MofNCompleteColumn, Progress as RP, TextColumn, TimeElapsedColumn
            from rich.console import Console
            self.bar = RP(TextColumn("{task.description:<28}"), BarColumn(), MofNCompleteColumn(),
                          TimeElapsedColumn(), console=Console(file=sys.stderr), transient=True)
            self.task = self.bar.add_task("starting", total=total)
            self.bar.start()

    def step(self, text, advance=0):
        if self.bar:
            self.bar.update(self.task, description=text, advance=advance)

    def close(self):
        if self.bar:
            self.bar.stop()


def run_host(opts, catalogue, store=None, quiet=False, engine_path=None):
    """opts: dict(algos, impls, sizes, budget_ms, samples, timer).  Returns the run dict."""
    info = {a["id"]: a for a in catalogue}
    args = ["-a", ",".join(opts["algos"]), "-i", ",".join(opts["impls"]),
            "-s", ",".join(str(s) for s in opts["sizes"]), "-b", str(opts["budget_ms"]),
            "-t", opts.get("timer", "auto")]
    if opts.get("samples"):
        args += ["-n", str(opts["samples"])]
    if opts.get("interleave"):
        args.append("--interleave")
    engine_path = engine_path or eng.ensure_built()
    backends = opts.get("backends", [])
    run = {"id": None, "status": "running", "options": opts, "results": [], "errors": [],
           "context": host_context(backends=backends)}
    if store:
        run["id"] = store.begin_run("host", " ".join(sys.argv), opts, run["context"])
    t0 = time.monotonic()
    stream = eng.RecordStream(engine_path, args)
    progress = None
    timer = None
    overhead = {}
    digests = {}  # (algo, impl, size): the digest record that precedes each result
    status = "complete"
    try:
        for rec in stream:
            kind = rec.get("rec")
            if kind == "engine":
                run["context"] = host_context(rec, None, backends)
                progress = Progress(rec.get("planned", 0), not quiet)
            elif kind == "timer":
                timer = rec
                run["context"]["timer"] = {k: rec.get(k) for k in
                                           ("name", "unit", "hz", "hz_source", "is_cycles", "description")}
                if store:
                    store.update_context(run["id"], run["context"])
            elif kind == "overhead":
                overhead[rec["size"]] = rec["samples"]
                run.setdefault("overhead", {})[rec["size"]] = stats.median(stats.per_call(rec["samples"]))
            elif kind == "start" and progress:
                progress.step(f"{rec['algo']}/{rec['impl']} @{rec['size']}")
            elif kind == "digest":
                digests[(rec["algo"], rec["impl"], rec["size"])] = rec["digest"]
            elif kind == "result":
                a = info.get(rec["algo"], {})
                digest = digests.get((rec["algo"], rec["impl"], rec["size"]))
                if digest is None:
                    raise UserError(f"the engine gave a result for {rec['algo']}/{rec['impl']} @{rec['size']} "
                                    "without its digest record")
                res = {"algorithm": rec["algo"], "implementation": rec["impl"], "size": rec["size"],
                       "verified": True, "verified_against": rec["verified"], "digest": digest,
                       "tier": a.get("tier"), "label": a.get("label"), "target": "host",
                       "samples": rec["samples"], "calibrated_iters": rec.get("calibrated_iters")}
                for extra in ("params", "impl_version"):
                    if extra in rec:
                        res[extra] = rec[extra]
                stats.summarise(res, overhead.get(rec["size"]), timer, rec["size"])
                run["results"].append(res)
                if store:
                    store.add_result(run["id"], res)
                if progress:
                    progress.step(f"{rec['algo']}/{rec['impl']} @{rec['size']}", advance=1)
            elif kind == "error":
                if rec.get("kind") != "verify":
                    continue  # a usage or system error: the engine exits 2, finish() reports it
                run["errors"].append(rec)
                if progress:
                    progress.step(rec["algo"], advance=1)
        code = stream.finish()
        if code not in (0, 1):
            raise UserError(f"the engine exited with status {code}")
    except KeyboardInterrupt:
        stream.kill()
        status = "interrupted"
    finally:
        if progress:
            progress.close()
    if run["errors"]:
        status = "failed" if status == "complete" else status
    run["status"] = status
    run["elapsed_s"] = time.monotonic() - t0
    if store:
        store.end_run(run["id"], status)
    return run
