#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Measures `hashbench report` and `hashbench trend` on a store of many runs: MACHINES
machines x RUNS runs each of the whole roster (every algorithm, every implementation we
have, one size, seven samples a result, as `hashbench run --impl all` stores them), one
machine's SHA-256 given a +10% step half way.  Prints the page's size and the seconds
each command took; --check fails (exit 1) past the goals of docs/performance.md
(300 runs: at most 5 MB and 10 s).  A benchmark, not a test.

    .venv/bin/python -m studies.report_scale                      # 30 machines x 10 runs
    .venv/bin/python -m studies.report_scale --runs 100 --check    # 3,000 runs
    .venv/bin/python -m studies.report_scale --db postgresql://...  # the same on PostgreSQL
"""
import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from hashbench import roster
from hashbench.paths import ROOT
from hashbench.result import Build, Result, Run
from hashbench.store import Store

GOAL_BYTES, GOAL_S = 5_000_000, 10.0   # for 300 runs


def result(algo, impl, size, ns, rnd) -> Result:
    iters = max(1, int(2e5 / ns))
    samples = [[iters, int(ns * iters * 3 * (1 + rnd.gauss(0, 0.01))), int(ns * iters)] for _ in range(7)]
    return Result(algorithm=algo.id, implementation=impl, size=size, target="host", build=Build("host", "gcc 12.2.0",
                  "-O2"), meter="ns", instrument="tsc", digest="00" * algo.digest_len, verified=True,
                  label=algo.label, tier=algo.tier, sample_fields=("iters", "ticks", "ns"), samples=samples,
                  harness=[[iters, 30 * iters, 10 * iters]], per_call=ns, spread_pct=1.0, ns_per_call=ns,
                  mb_per_s=size / ns * 1e3, cycles_per_byte=ns * 3 / size, cycle_unit="ref-cycles")


def fill(db, machines, runs, size=1024, seed=40):
    """The store: machines x runs host runs, oldest first, 1% noise; machine 'bench-07' SHA-256 +10%
    from its run runs // 2 on."""
    rnd = random.Random(seed)
    store = Store(db)
    algos = roster.algorithms()
    base = {(a.id, i): 50 + 4 * size * rnd.uniform(0.1, 3) for a in algos for i in a.impls}
    for n in range(runs):
        for m in range(machines):
            host = f"bench-{m:02d}"
            run = Run(kind="host", command="hashbench run --impl all", options={"sizes": [size]},
                      context={"hostname": host, "cpu": f"Synthetic CPU {m % 4}", "cores": 2, "os": "Linux",
                               "kernel": "6.1.0", "commit": f"{n:04d}abcdef00", "compiler": "gcc 12.2.0"},
                      status="complete", started_at=f"2026-{1 + n // 28 % 12:02d}-{1 + n % 28:02d}T"
                                                   f"{m % 24:02d}:{n // 336 % 60:02d}:00+00:00")
            for a in algos:
                for impl in a.impls:
                    step = 1.10 if (host == "bench-07" and a.id == "sha256" and n >= runs // 2) else 1.0
                    run.results.append(result(a, impl, size, base[(a.id, impl)] * step * (1 + rnd.gauss(0, 0.01)),
                                              rnd))
            store.import_run(run)
    store.close()


def timed(args_):
    t = time.perf_counter()
    p = subprocess.run([sys.executable, "-m", "hashbench", *map(str, args_)], cwd=ROOT, capture_output=True,
                       text=True)
    if p.returncode not in (0, 1):
        sys.exit(f"hashbench {' '.join(map(str, args_))}: {p.stderr.strip()}")
    return time.perf_counter() - t, p


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--machines", type=int, default=30)
    p.add_argument("--runs", type=int, default=10, help="runs per machine (default 10: 300 runs in all)")
    p.add_argument("--db", help="a store to fill (an SQLite path or a postgresql:// URL; default: a new SQLite file)")
    p.add_argument("--check", action="store_true", help="exit 1 past the goals (scaled linearly from 300 runs)")
    args = p.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        db = args.db or Path(tmp) / "many.sqlite"
        t = time.perf_counter()
        fill(db, args.machines, args.runs)
        total = args.machines * args.runs
        print(f"store: {total} runs ({args.machines} machines x {args.runs}) filled in {time.perf_counter() - t:.1f} s;"
              f" load {os.getloadavg()[0]:.1f}")
        out = Path(tmp) / "many.html"
        report_s, _ = timed(["report", "--all", "--db", db, "-o", out])
        size = out.stat().st_size
        trend_s, tp = timed(["trend", "--db", db])
        print(f"report --all: {size / 1e6:.2f} MB in {report_s:.1f} s; trend: {trend_s:.1f} s "
              f"({tp.stdout.strip().splitlines()[-1]}); load {os.getloadavg()[0]:.1f}")
        scale = total / 300
        if args.check and (size > GOAL_BYTES * scale or report_s > GOAL_S * scale):
            print(f"past the goal: {GOAL_BYTES * scale / 1e6:.1f} MB and {GOAL_S * scale:.0f} s for {total} runs")
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
