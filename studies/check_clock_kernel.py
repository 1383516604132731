#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Checks the calibration kernel behind `--meter core-cycles` on this machine, in several engine
processes (`hashbench-engine clock`; what each ratio should be: docs/records.md).  A benchmark,
not a test: it asserts nothing.

    .venv/bin/python -m studies.check_clock_kernel [--processes 10] [--timer auto]
"""
import argparse
import json
import os
import statistics
import subprocess
import sys

from hashbench.paths import ROOT


def engine() -> str:
    path = os.environ.get("HASHBENCH_ENGINE")
    if path:
        return path
    subprocess.run(["make", "-s", "-C", str(ROOT), "build/host/hashbench-engine"], check=True)
    return str(ROOT / "build" / "host" / "hashbench-engine")


def one_process(exe, timer):
    out = subprocess.run([exe, "clock", "-t", timer], capture_output=True, text=True, check=True).stdout
    recs = [json.loads(line) for line in out.splitlines() if line.startswith('{"rec":')]
    tmr = next(r for r in recs if r["rec"] == "timer")
    k = {r["name"]: r["samples"] for r in recs if r["rec"] == "kernel"}

    def per_op(name, i):
        return statistics.median(s[i] / s[0] for s in k[name])
    return {"timer": tmr, "ticks_per_add": per_op("add-chain", 1), "ghz": 1 / per_op("add-chain", 2),
            "mul_add": per_op("mul-chain", 1) / per_op("add-chain", 1),
            "two_one": per_op("two-add-chains", 1) / per_op("add-chain", 1)}


def spread(vals, fmt):
    return f"median {fmt.format(statistics.median(vals))}, range {fmt.format(min(vals))}-{fmt.format(max(vals))}"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--processes", type=int, default=10)
    ap.add_argument("--timer", default="auto")
    args = ap.parse_args()
    exe = engine()
    runs = [one_process(exe, args.timer) for _ in range(args.processes)]
    t = runs[0]["timer"]
    print(f"load: {os.getloadavg()[0]:.2f} (1-minute average); {args.processes} processes; timer {t['name']} "
          f"({t['unit']}, {t['hz'] / 1e9:.3f} GHz {t['hz_source']})")
    print("implied core clock (adds / monotonic s): " + spread([r["ghz"] for r in runs], "{:.3f} GHz"))
    if t["unit"] == "cycles":
        print("core cycles per add (perf): " + spread([r["ticks_per_add"] for r in runs], "{:.3f}"))
    elif t["hz"]:
        ratio = [t["hz"] / r["ticks_per_add"] / 1e9 for r in runs]
        print(f"implied core clock from {t['unit']} ({t['hz'] / 1e9:.3f} GHz / ticks per add): "
              + spread(ratio, "{:.3f} GHz"))
        print("core clock / timer rate: " + spread([1 / r["ticks_per_add"] for r in runs], "{:.3f}"))
    print("mul chain / add chain (3.00 if an add takes one cycle): " + spread([r["mul_add"] for r in runs], "{:.3f}"))
    print("two chains / one chain (1.00 if latency-bound): " + spread([r["two_one"] for r in runs], "{:.3f}"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
