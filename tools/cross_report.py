#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Writes docs/cross-platform.md from stored `hashbench cross` runs: the seed
studies' cross-CPU findings, re-measured.

  1. SHA-512 / SHA-256 per byte on 32- and 64-bit CPUs: instructions, and
     estimated cycles where the target has a CPU model.
  2. MD4 / MD5 / Tiger on 32-bit PowerPC against 64-bit targets (the
     Itanium study).
  3. Cortex-M7 code size per algorithm with -Os (the STM32 study's plot).
  4. Time: our estimated speeds beside the seeds' (N64, NDS, 3DS, GBA).
  5. Where ours differs from the seeds, and why.
  6. The 8/16-bit consoles (tools/cross8_report.py's section).

    .venv/bin/python tools/cross_report.py --run     # measure and store what it needs, then write
    .venv/bin/python tools/cross_report.py           # write from the newest stored runs
    .venv/bin/python tools/cross_report.py --stdout  # print instead (a dirty tree is allowed)

The document says it was generated on a clean tree at a commit, and from
which stored runs: it refuses to write from a tree with uncommitted changes.
Every figure comes from a stored result whose digest matched the reference
(or the host's portable digest); the seeds' figures from
data/seed-speeds.toml.  Code sizes are read from builds (cached), not runs.
"""
import argparse
import datetime
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from hashbench import roster  # noqa: E402
from hashbench.build.size import code_sizes  # noqa: E402
from hashbench.context import project_commit  # noqa: E402
from hashbench.cross import measure  # noqa: E402
from hashbench.meters import CYCLE_MODEL, DEFAULT  # noqa: E402
from hashbench.store import Store  # noqa: E402
from hashbench.targets import load_all  # noqa: E402
from tools import cross8_report, seed_tables  # noqa: E402
from tools.cross_sections import section_differences, section_itanium, section_sha, section_size  # noqa: E402

OUT = ROOT / "docs" / "cross-platform.md"
SIZE = 1024
MODEL_QEMU = ["n64", "nds", "3ds", "cortex-m7"]
GBA = ["gba", "gba-iwram"]   # section 4 sets the model beside mGBA in ROM and in IWRAM
CONSOLES = cross8_report.CONSOLES


def runs_to_make(targets) -> list:
    """(what, targets, sizes, meter, variant, algorithm ids or None): every
    run the page reads.  The NES runs alone: its wall time is a finding."""
    crypto = seed_tables.seed_data()["crypto_column"]["order"]
    qemu = [n for n, t in targets.items() if t.kind == "qemu"]
    return [("instructions", qemu, [SIZE], DEFAULT, None, None),
            ("estimated cycles", MODEL_QEMU + GBA, [SIZE], CYCLE_MODEL, None, None),
            ("estimated cycles, the NDS with its caches off", ["nds"], [SIZE], CYCLE_MODEL, "caches-off", crypto),
            ("exact cycles, the NES alone", ["nes"], [64], DEFAULT, None, None),
            ("exact cycles, the other consoles", [c for c in CONSOLES if c != "nes"], [SIZE], DEFAULT, None, None)]


def run_all(store, targets, log):
    for what, names, sizes, meter, variant, ids in runs_to_make(targets):
        log(f"--- {what}: {', '.join(names)}")
        algos = [roster.find(a) for a in ids] if ids else None
        measure(names, sizes, algos, store=store, log=log, targets=targets, meter=meter, model_variant=variant)


def stored(store, targets):
    """The newest stored cross result per measurement, the runs they came
    from, the notes of those runs, and the NES run's wall time."""
    results = store.latest_results(kind="cross")
    runs, notes, wall = {}, [], None
    wanted = {(r.target, r.meter, r.variant or "") for r in results}
    for info in store.runs(limit=1000, kind="cross"):   # newest first
        run = store.load_run(info["id"])
        for r in run.results:
            key = (r.target, r.meter, r.variant or "")
            if key in wanted:
                wanted.discard(key)
                runs[run.id] = run
        if run.id in runs:
            notes += [n for n in run.notes if n.data.get("target") in targets and
                      not any(m.data == n.data and m.detail == n.detail for m in notes)]
        if wall is None and run.options.get("targets") == ["nes"] and run.options.get("sizes") == [64] \
                and "meter" not in run.options:
            nes = run.context.get("targets", {}).get("nes", {})
            wall = (run.context["elapsed_s"], bool(nes.get("cached_build"))) if "elapsed_s" in run.context else None
    return results, sorted(runs.values(), key=lambda r: r.id), notes, wall


def run_lines(runs) -> list:
    lines = ["| run | date | commit | targets | meter |", "|---:|---|---|---|---|"]
    for run in runs:
        meter = run.options.get("meter", "default")
        if run.options.get("model_variant"):
            meter += f" ({run.options['model_variant']})"
        lines.append(f"| {run.id} | {run.started_at[:10]} | {run.context.get('commit')} | "
                     f"{', '.join(run.context.get('targets', {}))} | {meter} |")
    return lines


def header(runs, skipped) -> list:
    commit = project_commit()
    lines = ["# Cross-platform findings", "",
             f"Generated by `tools/cross_report.py` on {datetime.date.today().isoformat()}, on a clean tree at "
             f"commit {commit}, from the stored `hashbench cross` runs below; do not edit by hand "
             "(`tools/cross_report.py --run` measures them again and rewrites this page).", "",
             "Three meters, never mixed in one figure: **instructions** (exact counts of the measured region "
             "under QEMU, by the plugin `src/meters/qemu_insn.c`), **estimated cycles** (`--meter cycle-model`: "
             "an in-order model of the real CPU run over the same instructions, converted to time at its real "
             "clock; [cycle-models.md](cycle-models.md)) and **exact cycles** (the consoles' cycle-accurate "
             "simulators). Every figure's digest matched the reference byte for byte before it was counted; "
             "the harness (the same loop around a do-nothing hash) is subtracted. Targets: `targets/*.toml`.",
             ""] + run_lines(runs) + [""]
    if skipped:
        lines += [f"Not measured for this generation (not installed, or no stored run): {', '.join(skipped)}.", ""]
    return lines


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--run", action="store_true", help="first measure and store every run the page reads")
    ap.add_argument("--db", metavar="PATH", help="results database (default: hashbench's)")
    ap.add_argument("--stdout", action="store_true", help="print the document instead of writing it")
    args = ap.parse_args()
    if project_commit().endswith("-dirty") and not args.stdout:
        raise SystemExit("cross_report: the tree has uncommitted changes; commit first (the page says it was "
                         "generated on a clean tree at a commit), or use --stdout")
    log = lambda m: print(m, file=sys.stderr)  # noqa: E731
    targets = load_all()
    store = Store(args.db)
    if args.run:
        run_all(store, targets, log)
    results, runs, notes, wall = stored(store, targets)
    insn = [r for r in results if r.meter == "instructions" and not r.variant]
    est = seed_tables.Figures(results)
    measured = {r.target for r in results}
    skipped = [n for n in targets if n not in measured]
    qemu = {n: t for n, t in targets.items() if t.kind == "qemu"}
    sizes = code_sizes(targets["cortex-m7"], log=log) if not targets["cortex-m7"].missing() else {}
    clocks = {n: t.clock_hz for n, t in targets.items()}
    doc = header(runs, skipped)
    doc += section_sha(insn, est, qemu) + [""] + section_itanium(insn, est, qemu) + [""]
    if sizes:
        doc += section_size(sizes, roster.algorithms()) + [""]
    doc += ["## 4. Time: our estimates beside the seeds' speeds (issue 14)", "",
            "The seeds published speeds: time on hardware or in timing-accurate emulators (Ares, melonDS, mGBA, "
            "Citra), of the hash-bench family's own C. Ours are the cycle model's estimates for our C, converted "
            "at the CPU's real clock (`hashbench cross --meter cycle-model`), KB/s (10^3 B/s) at 1024 B. A row "
            "therefore compares our code under our model with their code under their instrument: where the code "
            "is alike the rows agree; elsewhere they mostly measure the code. The ratio is estimate ÷ seed; the "
            "issue's goal was 0.7-1.3. The GBA rows also give mGBA's exact figure for the same program, which "
            "is what the estimate should match. How the models were made and checked: "
            "[cycle-models.md](cycle-models.md); the seed's own C under the same models (`tools/seed_code.py`, "
            "the code held fixed): cycle-models.md, \"The seed's own "
            "code under the model\".", ""]
    doc += seed_tables.sections(est, clocks, seed_tables.Figures(results, "caches-off")) + [""]
    doc += section_differences(insn, est, qemu)
    text = "\n".join(doc).rstrip() + "\n\n"
    text += cross8_report.section(results, notes, wall, skipped=[n for n in CONSOLES if n not in measured])
    if args.stdout:
        sys.stdout.write(text)
    else:
        OUT.write_text(text)
        log(f"wrote {OUT.relative_to(ROOT)} from runs {', '.join(str(r.id) for r in runs)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

