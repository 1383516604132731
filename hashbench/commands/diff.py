# SPDX-License-Identifier: MIT
"""hashbench diff: two stored runs, result by result (the test: hashbench.statistics.diff)."""
import sys

from ..errors import UserError
from ..present.diff import present_diff
from ..statistics.diff import compare_runs
from ..storage import overlap
from ..storage.store import Store
from .options import add_selector_args, add_store_args, formatter, selection_of


def add_parser(sub):
    d = sub.add_parser("diff", help="compare two stored runs", formatter_class=formatter,
                       description="Ratio per result (B / A: below 1 means B costs less).  Exact counts "
                                   "(cross targets: instructions, cycles; --meter est-cycles: estimated cycles) are "
                                   "compared as they are: 'identical', or the exact ratio and the difference "
                                   "per call.  Timed results are judged all together: with 8 timed rows or more, "
                                   "the shift every row shared (their median ratio: the machine, or a change to "
                                   "every row) is taken out and each row is tested against it; its noise is its "
                                   "own error within both runs (the spread of its engine processes' fastest "
                                   "moments) and the noise of one row against its run (0.3%, more in a run that "
                                   "measured itself disturbed); with fewer rows the whole runs' shifts are "
                                   "allowed for too, as each run measured its own.  p is adjusted "
                                   "across the rows (Benjamini-Hochberg); a row differs when the adjusted p < 0.01 "
                                   "and its difference exceeds twice the A/A noise of a row (0.85% between calm "
                                   "runs; docs/performance.md).  A row that every row's shift could explain says "
                                   "'inconclusive'; a row whose harness is more than 30% of its time has no "
                                   "verdict (below the harness's resolution).",
                       epilog="examples:\n  hashbench diff last~1 last\n  hashbench diff 3 7 --db team.sqlite\n"
                              "  hashbench diff last~1 last --machine bench-7 --kind host   # that machine's last two")
    d.add_argument("run_a")
    d.add_argument("run_b")
    add_store_args(d, save=False)
    add_selector_args(d).description = "with these, 'last' and 'last~N' count only the runs they select"
    d.set_defaults(func=main)


def main(args) -> int:
    store = Store(args.db)
    selection = selection_of(args)
    a = store.load(args.run_a, selection)
    b = store.load(args.run_b, selection)
    rows = compare_runs(a, b)
    if not rows:
        raise UserError(f"runs {a.id} and {b.id} have no measurement in common "
                        "(the same target, build, algorithm, implementation, size, meter, variant and mode: "
                        "threads, latency, alignment)")
    present_diff(a, b, rows)
    disturbed = [r for r in (a, b) if r.context.get(overlap.CONTEXT_KEY)]
    if disturbed:   # docs/reliability.md
        print(f"disturbed: run {' and run '.join(str(r.id) for r in disturbed)} measured while another hashbench "
              "measured on this machine: their times are disturbed (exact counts are not)")
    modes = {r.mode_label for r in a.results + b.results if r.mode_label}
    if modes:
        print(f"compared only within one mode: {'; '.join(sorted(modes))} against the same mode, "
              "the plain loop against the plain loop", file=sys.stderr)
    return 0
