#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Why a row's samples are bimodal on this machine: the engine's raw samples, looked at four ways.
A benchmark, not a test: it asserts nothing; every figure is printed with the load average.

For each algorithm, PROCESSES engine processes (pinned to the CPUs in turn, as `run` pins them), each
taking SAMPLES samples of 1 ms with the calibration kernel around each (`bench -c`, as --meter
cycles does).  Per-call values are estimated core cycles (ticks x the kernel's adds / its ticks).

- modes: hashbench.meters.two_speeds.modes splits the samples of a row in two at the widest gap of the
  logarithms (Otsu); `fast share` is the share of the faster mode, per process;
- time: are the slow samples clustered in time?  The mean run length of consecutive samples in the
  same mode, against what independent samples with the same shares would give (1 / (1 - p)):
  a ratio far above 1 is a disturbance that comes and goes over many milliseconds (another
  program on the core's other hardware thread, another tenant), near 1 a per-sample event;
- interrupts: the share of samples with a context switch inside (the engine counts them); they
  are left out before anything else, as the front end leaves them out (meters/timer.kept);
- clock: does the calibration kernel see it?  The kernel's ticks per add in slow samples against
  fast ones: equal means the clock did not change, the code was slowed (issue slots, caches);
- placement: the spread of the processes' fast modes (each process's 10th percentile) beside the
  spread within a process: code or buffer placement, or 4K aliasing between the input and the
  stack, would give each process its own fast speed; `--no-aslr` runs the processes under
  `setarch -R` (the same addresses in every process) to tell placement from the rest.

    .venv/bin/python -m studies.bimodal_samples                      # djb2 fletcher64 adler32 xor8 sha256
    .venv/bin/python -m studies.bimodal_samples -a djb2 --processes 6 --samples 200 --no-aslr
"""
import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys

from hashbench.meters import clock, two_speeds
from hashbench.statistics import stats
from hashbench.toolchain.host import ensure_engine

ALGOS = ["djb2", "fletcher64", "adler32", "xor8", "sha256"]


def load() -> float:
    return os.getloadavg()[0]


def samples_of(engine, algo, size, n, cpu, no_aslr) -> list:
    """One engine process's samples of `algo`: [iters, ticks, ns, switches, clock_ticks]."""
    cmd = [str(engine), "bench", "-a", algo, "-s", str(size), "-n", str(n), "-l", "1000", "-c"]
    if no_aslr:
        cmd = [shutil.which("setarch"), os.uname().machine, "-R"] + cmd
    proc = subprocess.run(cmd, capture_output=True, text=True, check=True,
                          preexec_fn=(lambda: os.sched_setaffinity(0, {cpu})) if cpu is not None else None)
    for line in proc.stdout.splitlines():
        rec = json.loads(line)
        if rec.get("rec") == "result":
            return rec["samples"], rec["clock_adds"]
    sys.exit(f"{algo}: no result from the engine: {proc.stderr.strip()}")


def runs_ratio(flags) -> float:
    """Mean run length of equal consecutive flags, against independent draws with the same shares."""
    if len(flags) < 2:
        return float("nan")
    runs, length = [], 1
    for a, b in zip(flags, flags[1:]):
        if a == b:
            length += 1
        else:
            runs.append(length)
            length = 1
    runs.append(length)
    p = sum(flags) / len(flags)
    expected = sum(1 / (1 - q) * share for q, share in ((p, p), (1 - p, 1 - p)) if q < 1)
    observed = sum(r * r for r in runs) / sum(runs)    # the run a random sample sits in
    return observed / expected if expected else float("nan")


def study(engine, algo, args, cpus):
    rows = []
    for i in range(args.processes):
        cpu = cpus[i % len(cpus)] if cpus else None
        samples, adds = samples_of(engine, algo, args.size, args.samples, cpu, args.no_aslr)
        switched = sum(1 for s in samples if s[3]) / len(samples)
        samples = [s for s in samples if not s[3]] or samples   # as the front end does (meters/timer.kept)
        est = [clock.est_cycles(s, 1, 4, adds) for s in samples]
        rows.append((cpu, samples, est, switched))
    pooled = [v for _, _, est, _ in rows for v in est]
    split = two_speeds.modes(pooled)
    print(f"\n{algo} @{args.size} B: {args.processes} processes x {args.samples} samples of 1 ms, "
          f"est. core cycles per call (load {load():.1f})")
    if split is None:
        print(f"  one mode: median {statistics.median(pooled):,.0f}, spread (MAD) {stats.spread_pct(pooled):.1f}%")
    else:
        print(f"  two modes: fast {split.fast:,.0f}, slow {split.slow:,.0f} (+{(split.slow / split.fast - 1) * 100:.1f}%), "
              f"fast share {split.fast_share:.0%} of all samples; cut at {split.cut:,.0f}")
    print(f"  {'proc':>4s} {'cpu':>3s} {'median':>10s} {'q10':>10s} {'q25':>10s} {'ns q10':>8s} {'fast':>5s} "
          f"{'runs x':>6s} {'switched':>8s} {'clk slow/fast':>13s}")
    q10s, within = [], []
    for i, (cpu, samples, est, switched) in enumerate(rows):
        q10s.append(stats.quantile(est, 0.1))
        within.append(stats.spread_pct(est))
        if split is None:
            fast = [True] * len(est)
        else:
            fast = [v <= split.cut for v in est]
        clk_fast = [s[4] for s, f in zip(samples, fast) if f]
        clk_slow = [s[4] for s, f in zip(samples, fast) if not f]
        clk = statistics.median(clk_slow) / statistics.median(clk_fast) if clk_fast and clk_slow else float("nan")
        ns_q10 = stats.quantile([s[2] / s[0] for s in samples], 0.1)
        print(f"  {i:4d} {cpu if cpu is not None else '-':>3} {statistics.median(est):10,.0f} {q10s[-1]:10,.0f} "
              f"{stats.quantile(est, 0.25):10,.0f} {ns_q10:8,.0f} {sum(fast) / len(fast):5.0%} {runs_ratio(fast):6.1f} "
              f"{switched:8.0%} {clk:13.3f}")
    spread_q10 = (max(q10s) / min(q10s) - 1) * 100
    print(f"  processes' 10th percentiles: {min(q10s):,.0f}-{max(q10s):,.0f} ({spread_q10:.1f}% apart); "
          f"within a process (MAD): median {statistics.median(within):.1f}%")


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("-a", "--algo", action="append", help=f"algorithms (default {' '.join(ALGOS)})")
    p.add_argument("--size", type=int, default=1024)
    p.add_argument("--processes", type=int, default=4)
    p.add_argument("--samples", type=int, default=120, help="1 ms samples per process (default 120)")
    p.add_argument("--no-aslr", action="store_true", help="every process under setarch -R")
    p.add_argument("--no-pin", action="store_true", help="leave the processes where the scheduler puts them")
    args = p.parse_args(argv)
    if args.no_aslr and not shutil.which("setarch"):
        sys.exit("setarch is not installed (util-linux)")
    engine = ensure_engine()
    cpus = None if args.no_pin or not hasattr(os, "sched_getaffinity") else sorted(os.sched_getaffinity(0))
    one, five, fifteen = os.getloadavg()
    print(f"{os.cpu_count()} CPUs, load average {one:.2f} {five:.2f} {fifteen:.2f}; "
          f"{'no ASLR (setarch -R)' if args.no_aslr else 'ASLR on'}; pinned: {cpus or 'no'}")
    for algo in [a for v in args.algo or [",".join(ALGOS)] for a in v.split(",")]:
        study(engine, algo, args, cpus)
    return 0


if __name__ == "__main__":
    sys.exit(main())
