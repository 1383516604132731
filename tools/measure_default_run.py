#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Measures the figures docs/performance.md reports for `hashbench run`:
the wall time of the default run, the agreement of two consecutive default
runs (share of algorithms whose medians agree within 2%), and the harness
overhead per call.  A benchmark, not a test: it asserts nothing.

    .venv/bin/python tools/measure_default_run.py [--runs 2] [--budget 200]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def one_run(budget, out):
    t0 = time.monotonic()
    subprocess.run([str(ROOT / ".venv" / "bin" / "hashbench"), "run", "--no-save", "-q",
                    "--budget", str(budget), "-o", str(out)], check=True, stdout=subprocess.DEVNULL)
    wall = time.monotonic() - t0
    return wall, json.loads(Path(out).read_text())


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=2)
    ap.add_argument("--budget", type=int, default=200)
    args = ap.parse_args()
    if not os.environ.get("HASHBENCH_ENGINE"):  # else: measure that engine as it is
        subprocess.run(["make", "-s", "-C", str(ROOT), "build/host/hashbench-engine"], check=True)
    runs = []
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(args.runs):
            wall, doc = one_run(args.budget, Path(tmp) / f"r{i}.json")
            runs.append((wall, doc))
            print(f"run {i + 1}: {wall:.2f} s wall, {len(doc['results'])} results", flush=True)
    ctx = runs[0][1]["context"]
    print(f"machine: {ctx['cpu']}, {ctx['cores']} cores, {ctx['platform']}; timer {ctx['timer']['name']}")
    for (_, d1), (_, d2) in zip(runs, runs[1:]):
        a = {r["algorithm"]: r for r in d1["results"]}
        b = {r["algorithm"]: r for r in d2["results"]}
        diffs = sorted((abs(b[k]["ns_per_call"] / a[k]["ns_per_call"] - 1) * 100, k) for k in a if k in b)
        within = sum(1 for d, _ in diffs if d <= 2.0)
        print(f"consecutive runs: {within}/{len(diffs)} algorithms agree within 2% "
              f"({100 * within / len(diffs):.0f}%); median |difference| {diffs[len(diffs) // 2][0]:.2f}%; "
              f"worst: " + ", ".join(f"{k} {d:.1f}%" for d, k in diffs[-3:]))
    spreads = sorted(r["spread_pct"] for r in runs[0][1]["results"])
    print(f"spread (MAD %): median {spreads[len(spreads) // 2]:.2f}, max {spreads[-1]:.2f}")
    over = runs[0][1]["results"][0]["overhead_ns"]
    print(f"harness overhead: {over:.2f} ns per call at 1024 B (do-nothing hash through the same loop)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
