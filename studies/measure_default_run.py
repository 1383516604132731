#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Measures the figures docs/performance.md reports for `hashbench run`: A/A (consecutive default
runs, their agreement and `hashbench diff`'s verdicts) and, with --ab, A/B trials against an engine
built with a known extra cost (src/engine/host/hb_timed_extra.c).  A benchmark, not a test: it asserts nothing.

    .venv/bin/python -m studies.measure_default_run [--runs 2] [--meter ns|core-cycles] [--processes N]
    .venv/bin/python -m studies.measure_default_run --ab 0.1 --trials 10
    .venv/bin/python -m studies.measure_default_run --ab 0.02 0.05 0.2 --trials 5
"""
import argparse
import copy
import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from hashbench.meters import clock, timer, two_speeds
from hashbench.paths import ROOT
from hashbench.results.result import Run
from hashbench.statistics.diff import compare_runs
from studies import listed

AB_ALGOS = ["crc32", "fnv1a32", "xxh64", "murmur3-32", "md5", "sha256", "blake2b", "sha3-256"]


def load() -> float:
    return os.getloadavg()[0]


def one_run(out, args, env=None, extra=()):
    # this checkout's hashbench (python -m from its root), whichever checkout the venv was installed from
    cmd = [sys.executable, "-m", "hashbench", "run", "--no-save", "-q", "-o", str(out),
           "--meter", args.meter] + (["--processes", str(args.processes)] if args.processes else []) + list(extra)
    if args.budget:
        cmd += ["--budget", str(args.budget)]
    if args.algo and "-a" not in extra:
        cmd += ["-a", ",".join(listed(args.algo))]
    before = load()
    t0 = time.monotonic()
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, env=env, cwd=ROOT)
    wall = time.monotonic() - t0
    run = Run.from_dict(json.loads(Path(out).read_text()))
    clk = clock.of_run(run)
    info = {"wall": wall, "load": (before, load()), "hz": clk and clk["hz"], "drift": clk and clk["drift_pct"]}
    return run, info


def describe(i, info, run):
    clk = f", clock {info['hz'] / 1e9:.2f} GHz (drift {info['drift']:.1f}%)" if info["hz"] else ""
    nproc = run.options.get("processes")
    return (f"run {i}: {info['wall']:.2f} s wall, {len(run.results)} results, {nproc} processes, load "
            f"{info['load'][0]:.2f} -> {info['load'][1]:.2f}{clk}")


def agreement(a, b):
    return agreement_of(a.results, b.results)


def agreement_of(a_results, b_results):
    amap = {r.key: r for r in a_results if r.verified}
    diffs = sorted((abs(r.per_call / amap[r.key].per_call - 1) * 100, r.algorithm)
                   for r in b_results if r.verified and r.key in amap)
    within = sum(1 for d, _ in diffs if d <= 2.0)
    return within, len(diffs), diffs


def as_before(run) -> list:
    """The run's results with the figure made as before this round's rules (every process's median
    over all its samples: no fastest moments, no two speeds): the same samples, a fair comparison."""
    saved = two_speeds.MIN_MODE_SAMPLES, timer.MIN_FAST_SAMPLES, timer.MIN_PROCESS_SAMPLES
    # too few samples for either rule
    two_speeds.MIN_MODE_SAMPLES = timer.MIN_FAST_SAMPLES = timer.MIN_PROCESS_SAMPLES = float("inf")
    try:
        return [timer.summarise(copy.deepcopy(r), run.context.get("timer")) for r in run.results if r.verified]
    finally:
        two_speeds.MIN_MODE_SAMPLES, timer.MIN_FAST_SAMPLES, timer.MIN_PROCESS_SAMPLES = saved


def verdicts(a, b, changed=()):
    rows = compare_runs(a, b)
    sig = [r for r in rows if r.get("significant") and r["a"].algorithm not in changed]
    inc = [r for r in rows if r["verdict"].startswith("inconclusive") and r["a"].algorithm not in changed]
    found = [r for r in rows if r["a"].algorithm in changed and r["verdict"] == "B slower"]
    others = [r for r in rows if r["a"].algorithm not in changed]
    return rows, sig, inc, found, others


def aa(args):
    runs = []
    with tempfile.TemporaryDirectory() as tmp:
        for i in range(args.runs):
            run, info = one_run(Path(tmp) / f"r{i}.json", args)
            runs.append((run, info))
            print(describe(i + 1, info, run), flush=True)
    ctx = runs[0][0].context
    print(f"machine: {ctx['cpu']}, {ctx['cores']} cores, {ctx['platform']}; timer {ctx['timer']['name']}; "
          f"meter {args.meter}")
    sig_total = rows_total = within_total = n_total = before_total = 0
    for (a, _), (b, _) in zip(runs, runs[1:]):
        within, n, diffs = agreement(a, b)
        within_total += within
        n_total += n
        before, _, _ = agreement_of(as_before(a), as_before(b))
        before_total += before
        rows, sig, inc, _, _ = verdicts(a, b)
        sig_total += len(sig)
        rows_total += len(rows)
        change = clock.change_pct(a, b)
        print(f"consecutive runs: {within}/{n} rows agree within 2% ({100 * within / n:.0f}%; the statistic before, "
              f"the processes' medians of every sample: {before}/{n}); median |difference| "
              f"{diffs[n // 2][0]:.2f}%; worst: " + ", ".join(f"{k} {d:.1f}%" for d, k in diffs[-3:]))
        if args.verbose:
            print("  |difference| %: " + ", ".join(f"{k} {d:.1f}" for d, k in sorted(diffs, key=lambda x: x[1])))
        print(f"  diff: {len(sig)}/{len(rows)} rows significant ({100 * len(sig) / len(rows):.0f}%)"
              + (": " + ", ".join(f"{r['a'].algorithm} {r['ratio']:.3f}" for r in sig) if sig else "")
              + f"; {len(inc)} inconclusive"
              + (f"; clock change {change:+.1f}%" if change is not None else ""))
    if rows_total:
        print(f"A/A over {args.runs - 1} pair(s): {sig_total}/{rows_total} rows significant "
              f"({100 * sig_total / rows_total:.1f}%); {within_total}/{n_total} rows agree within 2% "
              f"({100 * within_total / max(n_total, 1):.0f}%; goal: 90% under cycles, 75% under time; "
              f"the statistic before: {before_total}/{n_total})")
    walls = [info["wall"] for _, info in runs]
    print(f"wall time: {min(walls):.1f}-{max(walls):.1f} s")
    for i, (run, _) in enumerate(runs):
        cis = sorted(r.ci_pct for r in run.results if r.ci_pct is not None)
        two = [r.algorithm for r in run.results if r.verified and timer.unsettled(r)]
        if cis:
            under = sum(1 for c in cis if c < 5)
            print(f"run {i + 1}: ± under 5% on {under}/{len(cis)} rows ({100 * under / len(cis):.0f}%), median "
                  f"{cis[len(cis) // 2]:.2f}%, max {cis[-1]:.2f}%; two speeds (unsettled): {len(two)}"
                  + (f" ({', '.join(two)})" if two else ""))
    spreads = sorted(r.spread_pct for r in runs[0][0].results if r.spread_pct is not None)
    print(f"spread of the samples (MAD %): median {spreads[len(spreads) // 2]:.2f}, max {spreads[-1]:.2f}")
    over = runs[0][0].results[0].extra.get("overhead_ns")
    if over is not None:
        print(f"harness overhead: {over:.2f} ns per call at 1024 B (do-nothing hash through the same loop)")


def extra_engine() -> Path:
    subprocess.run(["make", "-s", "-C", str(ROOT), "BUILD=build/extra", "TIMED_SRC=src/engine/host/hb_timed_extra.c",
                    "build/extra/hashbench-engine"], check=True)
    return ROOT / "build" / "extra" / "hashbench-engine"


def ab(args):
    engine = extra_engine()
    env = dict(os.environ, HASHBENCH_ENGINE=str(engine))
    algos = listed(args.ab_algo, AB_ALGOS)
    with tempfile.TemporaryDirectory() as tmp:
        for frac in args.ab:
            # every Nth call hashes twice: 1/N more of the timed work itself
            every = round(1.0 / frac)
            spec = ",".join(f"{a}:{every}" for a in algos)
            print(f"A/B: B hashes twice on every {every}th call of {', '.join(algos)} (+{100 / every:.2f}% of the work)",
                  flush=True)
            found = trials = fp = others = inc = 0
            for t in range(args.trials):
                env_a, env_b = dict(env), dict(env, HB_EXTRA_CALLS=spec)
                order = [("A", env_a), ("B", env_b)] if t % 2 == 0 else [("B", env_b), ("A", env_a)]
                got = {}
                for name, e in order:
                    got[name] = one_run(Path(tmp) / f"{name}.json", args, e)
                (a, ia), (b, ib) = got["A"], got["B"]
                rows, sig, incs, hit, rest = verdicts(a, b, set(algos))
                found += len(hit)
                trials += len(algos)
                fp += len(sig)
                inc += len(incs)
                others += len(rest)
                missed = sorted(set(algos) - {r["a"].algorithm for r in hit})
                why = [f"{r['a'].algorithm} {r['ratio']:.3f} {r['verdict'].split(':')[0]}"
                       + (" (two speeds)" if "two speeds" in r["verdict"] else "")
                       for r in rows if r["a"].algorithm in missed]
                print(f"  +{100 * frac:.0f}% trial {t + 1}: found {len(hit)}/{len(algos)}"
                      + (f" (missed {', '.join(missed)})" if missed else "")
                      + (f"\n    missed: {'; '.join(why)}\n   " if why and args.verbose else "")
                      + f"; unchanged rows called significant {len(sig)}/{len(rest)}; load {ia['load'][0]:.2f}/"
                      f"{ib['load'][0]:.2f}; wall {ia['wall']:.1f}/{ib['wall']:.1f} s", flush=True)
            print(f"A/B +{100 * frac:.0f}%: found {found}/{trials} ({100 * found / trials:.0f}%); unchanged rows "
                  f"significant {fp}/{others} ({100 * fp / max(others, 1):.1f}%), inconclusive {inc}", flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=2)
    ap.add_argument("--budget", help="as hashbench run --budget (default: its default)")
    ap.add_argument("--meter", default="ns", choices=["ns", "core-cycles", "time", "cycles"],
                    help="as hashbench run --meter (time, cycles: the old spellings of ns, core-cycles)")
    ap.add_argument("--processes", type=int, help="as hashbench run --processes (default: its default)")
    ap.add_argument("-a", "--algo", action="append", metavar="ALGO", help="A/A on these algorithms only (hashbench run -a)")
    ap.add_argument("--ab", type=float, nargs="+", metavar="FRACTION", help="A/B trials with these extra costs")
    ap.add_argument("--ab-algo", action="append", metavar="ALGO", help=f"A/B on these (default {','.join(AB_ALGOS)})")
    ap.add_argument("--trials", type=int, default=10)
    ap.add_argument("-v", "--verbose", action="store_true", help="every row's difference")
    args = ap.parse_args()
    if not os.environ.get("HASHBENCH_ENGINE"):  # else: measure that engine as it is
        subprocess.run(["make", "-s", "-C", str(ROOT), "build/host/hashbench-engine"], check=True)
    print(f"load before: {load():.2f} (1-minute average)")
    if args.ab:
        ab(args)
    else:
        aa(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
