# SPDX-License-Identifier: MIT
"""A diff of two runs on the terminal: its rows and the clock line."""
import math
import sys

from ..meters import clock
from ..statistics import verdicts
from ..statistics.diff import run_sd, shift_of
from ..units import format_size
from .table import fmt_num, render


def fmt_ratio(ratio, exact=False) -> str:
    """Three decimals; an exact ratio that is not 1 gets as many more as it
    takes not to print as 1.000 (the smallest change an exact meter shows)."""
    text = f"{ratio:.3f}"
    for digits in range(4, 10):
        if not exact or ratio == 1 or float(text) != 1.0:
            break
        text = f"{ratio:.{digits}f}"
    return text


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
            f"B {cb['hz'] / 1e9:.2f} GHz (drift {cb['drift_pct']:.1f}%): change {clock.change_pct(a_run, b_run):+.1f}%, "
            f"at its fastest {clock.change_pct(a_run, b_run, 'max_hz'):+.1f}%")


def present_diff(a, b, rows):
    """The table of `rows` (hashbench.statistics.diff.compare_runs), its summary and notes."""
    print(f"A = run {a.id} ({a.started_at}), B = run {b.id} ({b.started_at}); ratio = B / A per call")
    line = clock_line(a, b)
    if line:
        print(line)
    headers = ["ALGO", "IMPL", "TARGET", "BUILD", "SIZE", "A", "B", "UNIT", "B/A", "95% CI", "p adj.", "VERDICT"]
    table = [table_row(r) for r in rows]
    if len({t[3] for t in table}) < 2 and all(t[3] in (t[2].split(":")[0], "host") for t in table):
        table = [t[:3] + t[4:] for t in table]   # one build per target: its name says nothing more
        headers.remove("BUILD")
    render(headers, table, "l" * (len(headers) - 7) + "rrlrrrl")
    timed = [r for r in rows if r["method"] != "exact"]
    shift = shift_of(rows)
    if shift:
        moved = ("more than reruns move a run" if shift.significant
                 else "within what reruns move a run")
        print(f"every timed row moved by {shift.pct:+.1f}% (their median): {moved} (A/A: SD "
              f"{100 * shift.sd:.1f}%); each row's verdict is against that common shift")
    elif timed:
        print(f"fewer than {verdicts.MIN_COMMON_ROWS} timed rows: no common shift taken out, each verdict "
              f"allows for a whole run's shift (SD A {run_sd(a):.2f}%, B {run_sd(b):.2f}%)")
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
