#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Validates what a timed ± and a verdict promise (docs/performance.md, "What a ± and a verdict
promise"): back-to-back default runs of `hashbench run`, then
- coverage: for every row and every ordered pair of runs (i, j), whether run j's figure lies
  inside run i's 95% interval (the goal: 90-99%);
- the run-to-run model: each run's common shift (the median over rows of its figures against the
  rows' means), its SD, one row against its run's shift (stats.ROW_SD), each row's rerun SD beyond
  its within-run error, and the run-to-run term each run measured in itself (hashbench.meters.run_noise);
- A/A: `hashbench diff` of consecutive runs (hashbench.statistics.diff.compare_runs): how many rows each pair
  calls different (the goal: no pair over 5% of its rows, at most one row in all);
- A/B (--ab-trials): an engine built with a known extra cost (src/engine/host/hb_timed_extra.c:
  every 50th call of the AB_ALGOS rows hashes twice, +2%) against the same engine without it.
A benchmark, not a test: it asserts nothing.  The runs are real runs on a shared machine: the
load (uptime) is printed before and after.

    .venv/bin/python -m studies.repeatability [--runs 21] [--ab-trials 6] [--keep DIR]
    .venv/bin/python -m studies.repeatability --from DIR     # the analysis of kept runs again
"""
import argparse
import itertools
import json
import math
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

from hashbench.meters import run_noise, timer
from hashbench.paths import ROOT
from hashbench.results.result import Run
from hashbench.statistics import stats
from hashbench.statistics.diff import compare_runs, shift_of
from studies import listed

AB_ALGOS = ["crc32", "fnv1a32", "xxh64", "murmur3-32", "md5", "sha256", "blake2b", "sha3-256"]
AB_EVERY = 50   # every 50th call hashes twice: +2% of the timed work


def uptime() -> str:
    return subprocess.run(["uptime"], capture_output=True, text=True).stdout.strip()


def run_once(out: Path, args, env=None):
    cmd = [sys.executable, "-m", "hashbench", "run", "--no-save", "-q", "-o", str(out)]
    if args.budget:
        cmd += ["--budget", str(args.budget)]
    if args.algo:
        cmd += ["-a", ",".join(listed(args.algo))]
    subprocess.run(cmd, check=True, stdout=subprocess.DEVNULL, env=env, cwd=ROOT)


def load(path: Path) -> Run:
    """A kept run, its figures made again by this checkout's rules from its samples."""
    run = Run.from_dict(json.loads(path.read_text()))
    for r in run.results:
        if r.verified and not r.exact:
            r.extra.pop("run_sd_pct", None)
            timer.summarise(r, run.context.get("timer"))
    run.context["run_noise"] = run_noise.apply_run_noise(run.results, run.context.get("timer"))
    return run


def figures(run) -> dict:
    """key -> (log figure, ± half-width log, within-run se log) of the run's rows with a figure."""
    out = {}
    for r in run.results:
        if not r.verified or r.exact or r.per_call is None or r.ci_pct is None or r.extra.get("below_resolution"):
            continue
        f = timer.fastest(r, timer.figure_kind(r))
        within = f.within_log if f else math.log1p(r.extra["within_pct"] / 100.0) / stats.LEVEL_Z
        out[r.key] = (math.log(r.per_call), math.log1p(r.ci_pct / 100.0), within)
    return out


def robust_sd(values) -> float:
    vals = list(values)
    return 1.4826 * stats.mad(vals)


def coverage(runs):
    figs = [figures(r) for r in runs]
    keys = sorted(set.intersection(*(set(f) for f in figs)), key=str)
    inside = total = 0
    for i, j in itertools.permutations(range(len(runs)), 2):
        for k in keys:
            total += 1
            inside += abs(figs[j][k][0] - figs[i][k][0]) <= figs[i][k][1]
    print(f"coverage: another run's figure inside a run's 95% interval {inside}/{total} "
          f"({100 * inside / max(total, 1):.1f}%; goal 90-99%) over {len(keys)} rows x "
          f"{len(runs) * (len(runs) - 1)} ordered pairs of runs")
    halves = sorted(100 * math.expm1(f[k][1]) for f in figs for k in keys)
    print(f"  the ±: median {halves[len(halves) // 2]:.2f}%, range {halves[0]:.2f}-{halves[-1]:.2f}%")
    # the model, robust (1.4826 MAD: a run disturbed throughout widens its own ±, not the model):
    # a run's common shift, a row against it, a row's rerun noise beyond its within-run error
    means = {k: statistics.median(f[k][0] for f in figs) for k in keys}
    shifts = [statistics.median(f[k][0] - means[k] for k in keys) for f in figs]
    row_sd = robust_sd([f[k][0] - means[k] - c for f, c in zip(figs, shifts) for k in keys])
    per_row = {k: robust_sd([f[k][0] for f in figs]) for k in keys}
    within = statistics.median(f[k][2] for f in figs for k in keys)
    run_sd = math.sqrt(max(0.0, statistics.median(per_row.values()) ** 2 - within ** 2))
    print(f"  each run's common shift (%): {', '.join(f'{100 * math.expm1(c):+.2f}' for c in shifts)}")
    print(f"  robust SDs: the common shift {100 * robust_sd(shifts):.2f}%; one row against its run's shift "
          f"(ROW_SD) {100 * row_sd:.2f}%; a row from run to run {100 * statistics.median(per_row.values()):.2f}% "
          f"(median over rows), beyond its within-run error {100 * within:.2f}% (RUN_SD): {100 * run_sd:.2f}% "
          f"(in use: ROW_SD {100 * stats.ROW_SD:.2f}%)")
    measured = [r.context["run_noise"] for r in runs if r.context.get("run_noise")]
    if measured:
        terms = sorted(n["run_sd_pct"] for n in measured)
        raw = sorted(n["process_shift_sd_pct"] for n in measured)
        print(f"  the run-to-run term each run measured in itself (meters/run_noise.py, at least "
              f"{100 * run_noise.RUN_SD_MIN:.1f}%): median {terms[len(terms) // 2]:.2f}%, range {terms[0]:.2f}-"
              f"{terms[-1]:.2f}% (its processes' shifts: SD {raw[0]:.2f}-{raw[-1]:.2f}%) in {len(measured)} of "
              f"{len(runs)} runs; the others keep RUN_SD {100 * stats.RUN_SD:.2f}%")
    else:
        print(f"  no run measured its run-to-run term (too few rows): RUN_SD {100 * stats.RUN_SD:.2f}% in use")
    worst = sorted(per_row.items(), key=lambda t: t[1])[-3:]
    print("  rows that move most from run to run (robust SD): "
          + ", ".join(f"{k[2]}@{k[4]} {100 * sd:.2f}%" for k, sd in worst))
    flagged = sorted({r.algorithm for run in runs for r in run.results if r.extra.get("processes_disagree_pct")})
    below = sorted({r.algorithm for run in runs for r in run.results if r.extra.get("below_resolution")})
    print(f"  rows flagged for disagreeing processes in some run: {', '.join(flagged) or 'none'}; "
          f"below the harness's resolution: {', '.join(below) or 'none'}")


def aa(runs):
    worst = total_sig = total_rows = 0
    lines = []
    for n, (a, b) in enumerate(zip(runs, runs[1:]), 1):
        rows = [r for r in compare_runs(a, b) if r["method"] != "exact"]
        sig = [r for r in rows if r.get("significant")]
        shift = shift_of(rows)
        total_sig += len(sig)
        total_rows += len(rows)
        worst = max(worst, len(sig) / max(1, len(rows)))
        lines.append(f"  pair {n}: {len(sig)}/{len(rows)} rows different"
                     + (": " + ", ".join(f"{r['a'].algorithm} {r['ratio']:.3f}" for r in sig) if sig else "")
                     + (f"; common shift {shift.pct:+.2f}%" if shift else ""))
    print(f"A/A over {len(runs) - 1} consecutive pairs: {total_sig}/{total_rows} rows called different "
          f"({100 * total_sig / max(total_rows, 1):.2f}%); the worst pair {100 * worst:.1f}% of its rows "
          "(goals: no pair over 5%, at most one row in all)")
    print("\n".join(lines))


def extra_engine() -> Path:
    subprocess.run(["make", "-s", "-C", str(ROOT), "BUILD=build/extra", "TIMED_SRC=src/engine/host/hb_timed_extra.c",
                    "build/extra/hashbench-engine"], check=True)
    return ROOT / "build" / "extra" / "hashbench-engine"


def ab(pairs):
    print(f"A/B: B hashes twice on every {AB_EVERY}th call of {', '.join(AB_ALGOS)} (+{100 / AB_EVERY:.0f}%), "
          "the same engine without it as A, in turns")
    found_total = trials_found = fp_total = others_total = 0
    for t, (a, b) in enumerate(pairs, 1):
        rows = [r for r in compare_runs(a, b) if r["method"] != "exact"]
        hit = [r for r in rows if r["a"].algorithm in AB_ALGOS and r["verdict"] == "B slower"]
        fp = [r for r in rows if r["a"].algorithm not in AB_ALGOS and r.get("significant")]
        others = [r for r in rows if r["a"].algorithm not in AB_ALGOS]
        changed = [r for r in rows if r["a"].algorithm in AB_ALGOS]
        found_total += len(hit)
        trials_found += len(hit) * 2 > len(changed)
        fp_total += len(fp)
        others_total += len(others)
        ratios = ", ".join(f"{r['a'].algorithm} {r['ratio']:.3f}" for r in changed)
        print(f"  trial {t}: found {len(hit)}/{len(changed)} ({ratios}); unchanged rows called different "
              f"{len(fp)}/{len(others)}")
    n = len(pairs)
    print(f"A/B +{100 / AB_EVERY:.0f}%: found {found_total}/{n * len(AB_ALGOS)} changed rows; trials that found most "
          f"(over half) of them: {trials_found}/{n}; unchanged rows called different {fp_total}/{others_total}")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--runs", type=int, default=21, help="back-to-back A/A runs (default 21: 20 consecutive pairs)")
    ap.add_argument("--ab-trials", type=int, default=6, help="A/B trials, each an A and a B run (default 6)")
    ap.add_argument("--budget", help="as hashbench run --budget (default: its default)")
    ap.add_argument("-a", "--algo", action="append", metavar="ALGO", help="only these algorithms (hashbench run -a)")
    ap.add_argument("--keep", metavar="DIR", help="keep the runs' JSON here (default: a folder under build/)")
    ap.add_argument("--from", dest="source", metavar="DIR", help="analyse the runs kept in DIR; run nothing")
    args = ap.parse_args()
    folder = Path(args.source or args.keep or ROOT / "build" / "repeatability")
    if not args.source:
        folder.mkdir(parents=True, exist_ok=True)
        subprocess.run(["make", "-s", "-C", str(ROOT), "build/host/hashbench-engine"], check=True)
        engine = extra_engine() if args.ab_trials else None
        (folder / "uptime-before").write_text(uptime() + "\n")
        t0 = time.monotonic()
        for i in range(args.runs):
            run_once(folder / f"aa{i:02d}.json", args)
            print(f"A/A run {i + 1}/{args.runs} done ({time.monotonic() - t0:.0f} s)", file=sys.stderr, flush=True)
        for t in range(args.ab_trials):
            env = dict(os.environ, HASHBENCH_ENGINE=str(engine))
            spec = ",".join(f"{a}:{AB_EVERY}" for a in AB_ALGOS)
            order = [("A", env), ("B", dict(env, HB_EXTRA_CALLS=spec))]
            for name, e in (order if t % 2 == 0 else order[::-1]):
                run_once(folder / f"ab{t:02d}{name}.json", args, e)
            print(f"A/B trial {t + 1}/{args.ab_trials} done ({time.monotonic() - t0:.0f} s)", file=sys.stderr, flush=True)
        (folder / "uptime-after").write_text(uptime() + "\n")
        (folder / "wall").write_text(f"{time.monotonic() - t0:.0f}\n")
    runs = [load(p) for p in sorted(folder.glob("aa*.json"))]
    ctx = runs[0].context
    print(f"machine: {ctx.get('cpu')}, {ctx.get('cores')} cores; timer {ctx.get('timer', {}).get('name')}; "
          f"{len(runs)} A/A runs of {len(runs[0].results)} rows")
    for name in ("uptime-before", "uptime-after", "wall"):
        if (folder / name).exists():
            print(f"{name}: {(folder / name).read_text().strip()}")
    coverage(runs)
    aa(runs)
    trials = sorted(folder.glob("ab*A.json"))
    if trials:
        ab([(load(p), load(p.with_name(p.name[:-6] + "B.json"))) for p in trials])
    return 0


if __name__ == "__main__":
    sys.exit(main())
