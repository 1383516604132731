# SPDX-License-Identifier: MIT
"""hashbench trend: every stored series and the steps in it (the method: hashbench.trend)."""
import json
import sys

from ..errors import UserError
from ..files import write_whole
from ..present.table import fmt_num, render
from ..store import Store
from ..trend import MIN_EFFECT, MIN_SIDE, THRESHOLD, build_series
from .options import add_selector_args, add_store_args, formatter, selection_of


def add_parser(sub):
    t = sub.add_parser("trend", help="series of stored runs and the steps in them", formatter_class=formatter,
                       description="For every series in the store (one machine, target, build, algorithm, "
                                   "implementation, size and meter, over runs in commit order where this clone "
                                   "holds every run's commit, else in time order), the change points: "
                                   "the run where the level steps, the ratio after/before (the medians of the "
                                   "runs either side; above 1: costlier) with its 95% interval, and the commit "
                                   f"that run measured.  A change needs {MIN_SIDE} runs either side, a step "
                                   f"statistic of {THRESHOLD:g} (its false-alarm rate is under 1% per series) "
                                   f"and, for a timed meter, {MIN_EFFECT:.0%} at least; exact counts step at any "
                                   "difference.  Runs measured while another hashbench measured are shown, "
                                   "never a change alone (docs/performance.md).",
                       epilog="examples:\n  hashbench trend\n  hashbench trend -a sha256 --machine bench-7 --since 30d\n"
                              "  hashbench trend -o trend.json --fail-on-change   # CI: exit 1 on a step")
    add_store_args(t, save=False)
    g = add_selector_args(t)
    g.add_argument("--impl", action="append", metavar="IMPL",
                   help="only these implementations (names or globs, comma lists)")
    t.add_argument("--by-time", action="store_true", help="runs in time order even where their commits are known")
    t.add_argument("--series", action="store_true", help="also list every series, with or without a change")
    t.add_argument("-o", "--output", metavar="FILE.json",
                   help='also write {"changes": [...], "series": [...]} as JSON')
    t.add_argument("--fail-on-change", action="store_true", help="exit 1 when any series has a change point")
    t.set_defaults(func=main)
    return t


def step_words(change) -> str:
    return f"x{change['ratio']:.3f} [{change['lo']:.3f}, {change['hi']:.3f}]"


def main(args) -> int:
    if args.output and not args.output.lower().endswith(".json"):
        raise UserError(f"{args.output}: trend writes JSON: name it .json")
    from .. import roster
    selection = selection_of(args)
    store = Store(args.db)
    series = build_series(store.series_rows(selection, raw=True), implementations=roster.split(args.impl),
                          algorithms=selection.algorithms, by_commit=not args.by_time)
    if not series:
        print(f"no stored measurement of {selection.describe()} in {store.path}")
        return 0
    changes = [c for s in series for c in s.change_dicts()]
    if changes:
        rows = [[c["machine"], c["algorithm"], c["implementation"], c["size"], c["meter"], c["target"], c["build"],
                 c["run"], c["started_at"], (c["commit"] or "-")[:12], step_words(c)] for c in changes]
        render(["MACHINE", "ALGORITHM", "IMPL", "SIZE", "METER", "TARGET", "BUILD", "RUN", "DATE", "COMMIT",
                "AFTER/BEFORE [95%]"], rows, "lllrlllrlll")
    if args.series:
        rows = []
        for s in series:
            runs = [p.run for p in s.points]
            rows.append([s.machine, s.algorithm, s.implementation, s.size, s.meter, s.target, s.build, len(runs),
                         f"{runs[0]}..{runs[-1]}", f"{fmt_num(s.points[-1].value)} {s.unit}",
                         ", ".join(f"run {c['run']} {step_words(c)}" for c in s.change_dicts()) or "-"])
        render(["MACHINE", "ALGORITHM", "IMPL", "SIZE", "METER", "TARGET", "BUILD", "POINTS", "RUNS", "NEWEST",
                "CHANGES"], rows, "lllrlllrlrl")
    points = sum(len(s.points) for s in series)
    print(f"{len(changes)} change point{'s' * (len(changes) != 1)} in {len(series)} series "
          f"({points} points)")
    if args.output:
        doc = {"method": {"test": "median step, binary segmentation", "min_side": MIN_SIDE,
                          "threshold": THRESHOLD, "min_effect": MIN_EFFECT},
               "changes": changes, "series": [s.to_dict() for s in series]}
        write_whole(args.output, json.dumps(doc, indent=1, allow_nan=False, default=str) + "\n")
        print(f"wrote {args.output}", file=sys.stderr)
    return 1 if changes and args.fail_on_change else 0
