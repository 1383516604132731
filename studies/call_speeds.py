#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Where a call of a few cycles lands from one engine process to the next (issue 43: XOR8 at 16 B).
A benchmark, not a test: it asserts nothing; every figure is printed with the load average.

Each of PROCESSES engine processes (pinned to the CPUs in turn, as `run` pins them; `--no-aslr`:
under `setarch -R`, the same addresses in every process) runs `bench -a ALGOS -s SIZE
--interleave-rows -c`: with two rows or more the harness (the do-nothing call through the same
loop) is sampled in every round beside them, and the calibration kernel runs around every sample.
A sample's per-call value is in estimated core cycles (ticks x the kernel's adds / its ticks), so
a change of the core's clock is divided out.  Per process and row (the harness too): the fastest
0.05 of its samples that no context switch interrupted, rounded to a whole cycle.  Printed:

- per row, how many processes landed at each cycle count: one count for a row whose call costs
  the same in every process, several for one that settles at different speeds;
- the (row, harness) pairs of each process: sampled in the same rounds, so a speed of the machine
  (its clock, another program on the core) would move both together;
- per process, the speeds a row held for `--stretch` samples in a row or more over its life: more
  than one means the same process, at the same addresses, changed speed while it ran.

    .venv/bin/python -m studies.call_speeds                         # xor8,crc8 at 16 B, 24 processes
    .venv/bin/python -m studies.call_speeds -a xor8,crc8,djb2 --size 16 --processes 12 --no-aslr
"""
import argparse
import collections
import json
import os
import shutil
import subprocess
import sys

from hashbench.meters import timer
from hashbench.toolchain.host import ensure_engine
from studies import listed

HARNESS = "harness"


def load() -> str:
    return "load %.1f" % os.getloadavg()[0]


def process_records(engine, algos, size, samples, sample_us, cpu, no_aslr) -> dict:
    """One engine process -> {row or HARNESS: (its samples, the kernel's adds)}."""
    cmd = [str(engine), "bench", "-a", ",".join(algos), "-s", str(size), "-n", str(samples),
           "-l", str(sample_us), "-c", "--interleave-rows"]
    if no_aslr:
        cmd = [shutil.which("setarch"), os.uname().machine, "-R"] + cmd
    if cpu is not None:
        cmd = ["taskset", "-c", str(cpu)] + cmd
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        sys.exit(f"the engine failed: {proc.stderr.strip() or proc.returncode}")
    rows, adds = {}, None
    for line in proc.stdout.splitlines():
        rec = json.loads(line)
        if rec["rec"] == "result":
            adds = rec.get("clock_adds", adds)
            rows[rec["algo"]] = rec["samples"]
        elif rec["rec"] == "overhead":
            rows[HARNESS] = rec["samples"]
    if not adds:
        sys.exit("the engine gave no calibration kernel (bench -c)")
    return {k: [s[1] / s[0] * adds / s[4] for s in ss if s[3] == 0 and s[0] and s[4]] for k, ss in rows.items()}


def fastest_cycles(values) -> int:
    return round(timer.low_quantile(values)) if values else -1


def stretches(values, least) -> list:
    """The whole-cycle speeds a row held for `least` samples in a row or more, in order."""
    held, run, last = [], 0, None
    for v in map(round, values):
        run = run + 1 if v == last else 1
        last = v
        if run == least and (not held or held[-1] != v):
            held.append(v)
    return held


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0],
                                formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("-a", "--algo", action="append", help="rows, comma list (default xor8,crc8)")
    p.add_argument("--size", type=int, default=16, help="bytes (default 16)")
    p.add_argument("--processes", type=int, default=24, help="engine processes (default 24)")
    p.add_argument("--samples", type=int, default=100, help="samples of each row per process (default 100)")
    p.add_argument("--sample-us", type=int, default=300, help="sample length in microseconds (default 300)")
    p.add_argument("--stretch", type=int, default=5, help="samples in a row that make a held speed (default 5)")
    p.add_argument("--no-aslr", action="store_true", help="every process under setarch -R")
    args = p.parse_args(argv)
    algos = listed(args.algo, ["xor8", "crc8"])
    for name, value in (("--processes", args.processes), ("--samples", args.samples),
                        ("--sample-us", args.sample_us), ("--stretch", args.stretch)):
        if value < 1:
            p.error(f"{name} must be at least 1, not {value}")
    if args.no_aslr and not shutil.which("setarch"):
        sys.exit("setarch is not installed (util-linux)")
    engine = ensure_engine()
    allowed = sorted(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else []
    print(f"{', '.join(algos)} at {args.size} B: {args.processes} processes of {args.samples} samples of "
          f"{args.sample_us} us; {'no ASLR (setarch -R)' if args.no_aslr else 'ASLR on'}; "
          f"pinned to {allowed or 'nothing'} in turn; {load()} before")
    per_process = []
    for i in range(args.processes):
        cpu = allowed[i % len(allowed)] if len(allowed) > 1 else None
        per_process.append((cpu, process_records(engine, algos, args.size, args.samples, args.sample_us, cpu,
                                                 args.no_aslr)))
        print(f"\rprocess {i + 1}/{args.processes}", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    names = [a for a in algos if all(a in rows for _, rows in per_process)] + [HARNESS]
    print(f"{load()} after; estimated core cycles per call, each process's fastest 0.05 of its kept samples")
    for name in names:
        counts = collections.Counter(fastest_cycles(rows.get(name, [])) for _, rows in per_process)
        print(f"  {name:>8}: " + ", ".join(f"{c} cycles x{n}" for c, n in sorted(counts.items())))
    for name in names[:-1]:
        pairs = collections.Counter((fastest_cycles(rows[name]), fastest_cycles(rows[HARNESS]))
                                    for _, rows in per_process)
        print(f"  {name} with the harness beside it, (row, harness) per process: "
              + ", ".join(f"({r}, {h}) x{n}" for (r, h), n in sorted(pairs.items())))
    for name in names:
        moved = [stretches(rows.get(name, []), args.stretch) for _, rows in per_process]
        several = sum(len(m) > 1 for m in moved)
        print(f"  {name:>8}: {several} of {len(moved)} processes held more than one speed; "
              + "; ".join(" ".join(map(str, m)) for m in moved[:6]) + (" ..." if len(moved) > 6 else ""))
    return 0


if __name__ == "__main__":
    sys.exit(main())
