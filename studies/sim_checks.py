#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Measures the figures docs/performance.md reports for `--meter est-cycles`: speed (wall time over the
roster), repeat (two runs, rows `diff` calls identical), ab (engines from this commit with FNV-1a
doing 10% more work or one more store; `diff` must see it), context (each algorithm alone against
the whole roster; slow).  A benchmark of the meter, not a test: it asserts nothing.

    .venv/bin/python -m studies.sim_checks [speed repeat ab context] [--rounds 3]
"""
import argparse
import json
import os
import re
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from hashbench.paths import ROOT

HB = [sys.executable, "-m", "hashbench"]
SIMPLE_C = "src/algos/simple.c"
FNV_LOOP = "        h = (h ^ in[i]) * 0x01000193u;\n    hb_store32_be(out, h);"
# B: the loop once more over the first tenth of the input; the result goes to a
# volatile, so the compiler keeps the work and the digest does not change
MORE_WORK = ("        h = (h ^ in[i]) * 0x01000193u;\n"
             "    {\n        uint32_t g = 0x811C9DC5u;\n        size_t j;\n"
             "        for (j = 0; j < len / 10; j++)\n            g = (g ^ in[j]) * 0x01000193u;\n"
             "        hb_ab_sink = g;\n    }\n    hb_store32_be(out, h);")
# C: one store more per call
ONE_STORE = "        h = (h ^ in[i]) * 0x01000193u;\n    hb_ab_sink = h;\n    hb_store32_be(out, h);"
SINK = "volatile uint32_t hb_ab_sink;\n\n"


def hb(*args, env=None, check=True):
    proc = subprocess.run(HB + list(args), cwd=ROOT, env=env, capture_output=True, text=True)
    if check and proc.returncode != 0:
        sys.exit(f"hashbench {' '.join(args)} failed:\n{proc.stderr}")
    return proc


def timed_run(db, *args, env=None):
    """One `run --meter est-cycles` -> (wall s, CPU s of it and its children)."""
    t0, c0 = time.monotonic(), resource.getrusage(resource.RUSAGE_CHILDREN)
    hb("run", "--meter", "est-cycles", "-q", "--db", str(db), *args, env=env)
    c1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.monotonic() - t0, (c1.ru_utime - c0.ru_utime) + (c1.ru_stime - c0.ru_stime)


def diff_rows(db, a="last~1", b="last"):
    """`hashbench diff` -> [(algo, impl, ratio text, verdict)]."""
    out = hb("diff", a, b, "--db", str(db)).stdout.splitlines()
    rows = []
    for line in out[3:]:
        cells = re.split(r"\s{2,}", line.strip())
        if len(cells) >= 9:
            rows.append((cells[0], cells[1], cells[7], cells[-1]))
    return rows


def speed_and_repeat(tmp, do_speed, do_repeat):
    db = tmp / "sim.sqlite"
    hb("list")  # builds the engine if needed, outside the timing
    for label, extra in (("whole roster, portable, 1 KiB", []), ("whole roster, --impl all, 1 KiB", ["--impl", "all"])):
        times = [timed_run(db, *extra) for _ in range(2)]
        if do_speed:
            print(f"{label}: " + " and ".join(f"{w:.1f} s wall ({c:.1f} s CPU)" for w, c in times)
                  + f"; load average now {os.getloadavg()[0]:.1f}")
        if do_repeat:
            rows = diff_rows(db)
            same = sum(1 for r in rows if r[3] == "identical")
            print(f"{label}: {same}/{len(rows)} rows identical between the two runs "
                  f"({100 * same / len(rows):.0f}%)")


def build(tree: Path, patch=None):
    """git archive HEAD into `tree`, `patch` applied to simple.c, then the
    engine without library backends -> its path."""
    tree.mkdir(parents=True)
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", "HEAD"], capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(tree)], input=archive, check=True)
    if patch:
        src = tree / SIMPLE_C
        text = src.read_text()
        fnv = text.index("void hb_fnv1a32(")
        head, tail = text[:fnv], text[fnv:]
        assert FNV_LOOP in tail
        src.write_text(head + SINK + tail.replace(FNV_LOOP, patch, 1))
    subprocess.run(["make", "-s", "-C", str(tree), "BUILD=build/ab", "HB_NO_BACKENDS=1", "build/ab/hashbench-engine"],
                   check=True, stdout=subprocess.DEVNULL)
    return tree / "build" / "ab" / "hashbench-engine"


def fnv_counts(path):
    """FNV-1a's raw region and harness rows, from a run's JSON export."""
    r = next(x for x in json.loads(Path(path).read_text())["results"] if x["algorithm"] == "fnv1a32")
    return r["sample_fields"], r["samples"][0], r["harness"][0]


def ab(tmp, rounds):
    engines = {name: build(tmp / name, patch) for name, patch in (("a", None), ("b", MORE_WORK), ("c", ONE_STORE))}
    db = tmp / "ab.sqlite"
    for other, what in (("b", "FNV-1a with 10% more work"), ("c", "FNV-1a with one more store")):
        for n in range(rounds):
            for name in ("a", other):
                env = dict(os.environ, HASHBENCH_ENGINE=str(engines[name]))
                timed_run(db, "-o", str(tmp / f"{name}.json"), env=env)
            rows = diff_rows(db)
            fnv = [r for r in rows if r[0] == "FNV1A"]
            rest = [r for r in rows if r[0] != "FNV1A"]
            moved = [f"{r[0]} {r[2]}" for r in rest if r[3] != "identical"]
            print(f"A/{other.upper()} ({what}), round {n + 1}: FNV-1a {fnv[0][2]} ({fnv[0][3]}); "
                  f"{len(rest) - len(moved)}/{len(rest)} other rows identical"
                  + (f"; moved: {', '.join(moved)}" if moved else ""))
        names, a_row, a_h = fnv_counts(tmp / "a.json")
        _, o_row, o_h = fnv_counts(tmp / f"{other}.json")
        changed = [f"{f} {o - a:+d}" for f, a, o in zip(names[1:], a_row[1:], o_row[1:]) if o != a]
        h_changed = [f for f, a, o in zip(names[1:], a_h[1:], o_h[1:]) if o != a]
        print(f"  FNV-1a's region ({a_row[0]} calls) in {other.upper()} against A: {', '.join(changed)}; "
              f"harness {'unchanged' if not h_changed else 'changed: ' + ', '.join(h_changed)}")


def context(tmp):
    db = tmp / "ctx.sqlite"
    out = tmp / "all.json"
    hb("run", "--meter", "est-cycles", "-q", "--db", str(db), "-o", str(out))
    whole = {r["algorithm"]: r["per_call"] for r in json.loads(out.read_text())["results"]}
    moved = []
    for algo, fig in whole.items():
        one = tmp / f"{algo}.json"
        hb("run", "--meter", "est-cycles", "-q", "--no-save", "-a", algo, "-o", str(one))
        alone = json.loads(one.read_text())["results"][0]["per_call"]
        if alone != fig:
            moved.append((abs(alone / fig - 1) * 100, algo, fig, alone))
    moved.sort(reverse=True)
    print(f"each algorithm alone against the whole roster: {len(whole) - len(moved)}/{len(whole)} figures identical")
    for pct, algo, fig, alone in moved:
        print(f"  {algo}: {fig} in the roster, {alone} alone ({pct:.3f}%)")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("checks", nargs="*", default=["speed", "repeat", "ab"],
                    choices=["speed", "repeat", "ab", "context"])
    ap.add_argument("--rounds", type=int, default=3, help="A/B pairs measured (default 3)")
    args = ap.parse_args()
    cpu = next((ln.split(":", 1)[1].strip() for ln in Path("/proc/cpuinfo").read_text().splitlines()
                if ln.startswith("model name")), "?")
    load = os.getloadavg()[0]
    print(f"machine: {cpu}, {os.cpu_count()} cores, load average {load:.1f} at the start")
    with tempfile.TemporaryDirectory(prefix="hb-simcheck-") as t:
        tmp = Path(t)
        if "speed" in args.checks or "repeat" in args.checks:
            speed_and_repeat(tmp, "speed" in args.checks, "repeat" in args.checks)
        if "ab" in args.checks:
            ab(tmp, args.rounds)
        if "context" in args.checks:
            context(tmp)
    return 0


if __name__ == "__main__":
    sys.exit(main())
