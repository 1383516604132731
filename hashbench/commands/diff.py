# SPDX-License-Identifier: MIT
"""hashbench diff: two stored runs, result by result.

Rows are matched on (target, build, algorithm, implementation, size, meter).
Exact meters (instructions, exact or model cycles) give the same figure on
every run: the ratio is the answer, "identical" when equal, no test.  Timed
figures get a significance test on their raw samples."""
import sys

from .. import stats
from ..errors import UserError
from ..present.table import fmt_num, render
from ..store import Store
from ..units import format_size
from .common import add_store_args, formatter


def add_parser(sub):
    d = sub.add_parser("diff", help="compare two stored runs", formatter_class=formatter,
                       description="Ratio per result (B / A: below 1 means B costs less).  Exact counts "
                                   "(cross targets: instructions, cycles; --meter sim: estimated cycles) are "
                                   "compared as they are: 'identical', or the exact ratio and the difference "
                                   "per call.  Timed results get a Mann-Whitney test on the raw "
                                   "samples; differences under 1% or with p >= 0.01 are reported as not "
                                   "significant.",
                       epilog="examples:\n  hashbench diff last~1 last\n  hashbench diff 3 7 --db team.sqlite")
    d.add_argument("run_a")
    d.add_argument("run_b")
    add_store_args(d, save=False)
    d.set_defaults(func=main)


def verdict_exact(a, b):
    """Exact figures: 'identical', or the ratio and the difference per call."""
    if a.per_call == b.per_call:
        return 1.0, "identical"
    ratio = b.per_call / a.per_call if a.per_call else float("inf")
    delta = b.per_call - a.per_call
    amount = f"{abs(delta):,.0f}" if float(delta).is_integer() else f"{abs(delta):,.2f}"
    return ratio, f"B costs {'less' if ratio < 1 else 'more'} ({'+' if delta > 0 else '-'}{amount} {a.unit}/call)"


def fmt_ratio(ratio, exact=False) -> str:
    """Three decimals; an exact ratio that is not 1 gets as many more as it
    takes not to print as 1.000 (the smallest change an exact meter shows)."""
    text = f"{ratio:.3f}"
    for digits in range(4, 10):
        if not exact or ratio == 1 or float(text) != 1.0:
            break
        text = f"{ratio:.{digits}f}"
    return text


def rows_for(a_run, b_run):
    bmap = {r.key: r for r in b_run.results if r.verified}
    rows = []
    for ra in a_run.results:
        rb = bmap.get(ra.key)
        if rb is None or not ra.verified or ra.per_call is None or rb.per_call is None:
            continue
        if ra.exact:
            ratio, verdict = verdict_exact(ra, rb)
            p = "-"
        else:
            ratio, pval, sig = stats.compare(ra.samples, rb.samples)
            verdict = ("B faster" if ratio < 1 else "B slower") if sig else "no significant difference"
            p = f"{pval:.3g}"
        a_fig, b_fig = (ra.per_call, rb.per_call) if ra.exact else (ra.per_call / 1000, rb.per_call / 1000)
        unit = ra.unit if ra.exact else "µs"
        rows.append([ra.label or ra.algorithm, ra.implementation, ra.target, ra.build.name, format_size(ra.size),
                     fmt_num(a_fig), fmt_num(b_fig), unit, fmt_ratio(ratio, ra.exact), p, verdict])
    if len({r[3] for r in rows}) < 2 and all(r[3] in (r[2], "host") for r in rows):
        rows = [r[:3] + r[4:] for r in rows]   # one build per target: its name says nothing more
    return rows


def main(args) -> int:
    store = Store(args.db)
    a = store.load(args.run_a)
    b = store.load(args.run_b)
    rows = rows_for(a, b)
    if not rows:
        raise UserError(f"runs {a.id} and {b.id} have no measurement in common "
                        "(the same target, build, algorithm, implementation, size and meter)")
    print(f"A = run {a.id} ({a.started_at}), B = run {b.id} ({b.started_at}); ratio = B / A per call")
    headers = ["ALGO", "IMPL", "TARGET", "BUILD", "SIZE", "A", "B", "UNIT", "B/A", "p", "VERDICT"]
    if len(rows[0]) < len(headers):
        headers.remove("BUILD")
    render(headers, rows, "l" * (len(headers) - 6) + "rrlrrl")
    if a.context.get("cpu") != b.context.get("cpu"):
        print("note: the runs were measured on different CPUs", file=sys.stderr)
    return 0
