# SPDX-License-Identifier: MIT
"""hashbench diff: two stored runs, result by result.

Rows are matched on (target, build, algorithm, implementation, size, meter,
the meter's variant).
Exact meters (instructions, exact or model cycles) give the same figure on
every run: the ratio is the answer, "identical" when equal, no test.  Timed
figures are compared with the engine process as the unit (a t-test on the
logarithms of the per-process values, blocked by the CPU each process was
pinned to: hashbench.stats); a difference of a
time-based figure that the machine's own change of speed between the runs
(the calibration kernel, hashbench.meters.clock) could explain is
"inconclusive", never a verdict.  Runs stored with one process per result
fall back to a test on samples, marked as such."""
import math
import sys

from .. import stats
from ..errors import UserError
from ..meters import clock, timer
from ..present.table import fmt_num, render
from ..store import Store
from ..units import format_size
from .common import add_store_args, formatter


def add_parser(sub):
    d = sub.add_parser("diff", help="compare two stored runs", formatter_class=formatter,
                       description="Ratio per result (B / A: below 1 means B costs less).  Exact counts "
                                   "(cross targets: instructions, cycles; --meter sim: estimated cycles) are "
                                   "compared as they are: 'identical', or the exact ratio and the difference "
                                   "per call.  Timed results are compared process by process: each engine "
                                   "process gives one value, and a t-test on their logarithms (blocked by the "
                                   "CPU each process was pinned to) gives p and the 95% interval of B/A; "
                                   "differences under 1% or with p >= 0.01 are not significant.  Where the "
                                   "machine's clock (the calibration kernel, measured in both runs) changed by "
                                   "as much as a time figure did, the row says 'inconclusive' instead of a "
                                   "verdict.",
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


def compare_timed(ra, rb, change_pct) -> stats.Comparison:
    """Two timed results: process-level when either has two processes or
    more (blocked by CPU where both pinned their processes to the same
    CPUs), else the samples as independent (method 'samples')."""
    drift = abs(change_pct) if change_pct is not None and timer.clock_bound(ra) else None
    if max(ra.processes or 1, rb.processes or 1) >= 2:
        return stats.compare_strata(timer.grouped_values(ra), timer.grouped_values(rb), drift)
    a, b = timer.sample_values(ra), timer.sample_values(rb)
    ratio = stats.median(b) / stats.median(a) if a and b else float("nan")
    p = stats.mann_whitney_p(a, b)
    nan = float("nan")
    return stats.Comparison(ratio, nan, nan, p, stats.verdict(ratio, p, drift), "samples", drift)


def compare_runs(a_run, b_run) -> list:
    """Every measurement the runs share -> rows {a, b, ratio, lo, hi, p,
    verdict, method}: the data of the table (and of studies/measure_default_run.py)."""
    change = clock.change_pct(a_run, b_run)
    bmap = {r.key: r for r in b_run.results if r.verified}
    rows = []
    for ra in a_run.results:
        rb = bmap.get(ra.key)
        if rb is None or not ra.verified or ra.per_call is None or rb.per_call is None:
            continue
        if ra.exact:
            ratio, word = verdict_exact(ra, rb)
            rows.append({"a": ra, "b": rb, "ratio": ratio, "lo": None, "hi": None, "p": None, "verdict": word,
                         "method": "exact"})
            continue
        c = compare_timed(ra, rb, change)
        word = c.verdict
        if word == "inconclusive":
            word = f"inconclusive: the machine's speed changed by {abs(change):.1f}%"
        rows.append({"a": ra, "b": rb, "ratio": c.ratio, "lo": c.lo, "hi": c.hi, "p": c.p, "verdict": word,
                     "method": c.method, "significant": c.significant})
    return rows


def table_row(row) -> list:
    ra, rb = row["a"], row["b"]
    if ra.unit == "ns":
        a_fig, b_fig, unit = ra.per_call / 1000, rb.per_call / 1000, "µs"
    else:
        a_fig, b_fig, unit = ra.per_call, rb.per_call, ra.unit
    ci = f"{row['lo']:.3f}-{row['hi']:.3f}" if row["lo"] is not None and not math.isnan(row["lo"]) else "-"
    p = "-" if row["p"] is None or math.isnan(row["p"]) else f"{row['p']:.2g}" + ("*" if row["method"] == "samples" else "")
    return [ra.label or ra.algorithm, ra.implementation, ra.where, ra.build.name, format_size(ra.size),
            fmt_num(a_fig), fmt_num(b_fig), unit, fmt_ratio(row['ratio'], ra.exact), ci, p, row["verdict"]]


def clock_line(a_run, b_run):
    ca, cb = clock.of_run(a_run), clock.of_run(b_run)
    if not ca or not cb:
        return None
    return (f"machine clock (calibration kernel): A {ca['hz'] / 1e9:.2f} GHz (drift {ca['drift_pct']:.1f}%), "
            f"B {cb['hz'] / 1e9:.2f} GHz (drift {cb['drift_pct']:.1f}%): change {clock.change_pct(a_run, b_run):+.1f}%")


def main(args) -> int:
    store = Store(args.db)
    a = store.load(args.run_a)
    b = store.load(args.run_b)
    rows = compare_runs(a, b)
    if not rows:
        raise UserError(f"runs {a.id} and {b.id} have no measurement in common "
                        "(the same target, build, algorithm, implementation, size, meter and variant)")
    print(f"A = run {a.id} ({a.started_at}), B = run {b.id} ({b.started_at}); ratio = B / A per call")
    line = clock_line(a, b)
    if line:
        print(line)
    headers = ["ALGO", "IMPL", "TARGET", "BUILD", "SIZE", "A", "B", "UNIT", "B/A", "95% CI", "p", "VERDICT"]
    table = [table_row(r) for r in rows]
    if len({t[3] for t in table}) < 2 and all(t[3] in (t[2].split(":")[0], "host") for t in table):
        table = [t[:3] + t[4:] for t in table]   # one build per target: its name says nothing more
        headers.remove("BUILD")
    render(headers, table, "l" * (len(headers) - 7) + "rrlrrrl")
    timed = [r for r in rows if r["method"] != "exact"]
    if timed:
        sig = sum(1 for r in timed if r.get("significant"))
        inc = sum(1 for r in timed if r["verdict"].startswith("inconclusive"))
        print(f"{sig} of {len(timed)} timed rows differ significantly, {inc} inconclusive")
    if any(r["method"] == "samples" for r in rows):
        print("*: one process per run: the test treats samples as independent, which overstates significance "
              "where the machine's speed changes between processes (measure with --processes 2 or more)",
              file=sys.stderr)
    if any(r["method"] != "exact" for r in rows) and not line:
        print("note: no calibration-kernel record in one of the runs: a change of the machine's speed "
              "cannot be told from a real difference", file=sys.stderr)
    if a.context.get("cpu") != b.context.get("cpu"):
        print("note: the runs were measured on different CPUs", file=sys.stderr)
    return 0
