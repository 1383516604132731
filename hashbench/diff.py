# SPDX-License-Identifier: MIT
"""Two stored runs compared result by result (hashbench diff): exact
figures by their ratio, timed ones by their fastest moments' intervals (hashbench.meters.timer;
with few samples, process by process: hashbench.stats),
"inconclusive" where the machine's own change of speed could explain them, or where a run's
samples of the row sat at two speeds and some process got only the slower (hashbench.two_speeds)."""
import math

from . import stats
from .meters import clock, timer

BIMODAL = "samples at two speeds (see the run's header)"


def two_speeds_explain(ra, rb, ratio) -> bool:
    """Whether a run's row sat at two speeds with some process at the slower only, and the
    distance between the speeds is as large as the ratio: then a process's luck, not the code,
    may have made the difference (a larger ratio is still a change)."""
    for r in (ra, rb):
        m = timer.unsettled(r)
        if m and abs(math.log(ratio)) <= math.log(m.slow / m.fast):
            return True
    return False


def verdict_exact(a, b):
    """Exact figures: 'identical', or the ratio and the difference per call."""
    if a.per_call == b.per_call:
        return 1.0, "identical"
    ratio = b.per_call / a.per_call if a.per_call else float("inf")
    delta = b.per_call - a.per_call
    amount = f"{abs(delta):,.0f}" if float(delta).is_integer() else f"{abs(delta):,.2f}"
    return ratio, f"B costs {'less' if ratio < 1 else 'more'} ({'+' if delta > 0 else '-'}{amount} {a.unit}/call)"


def compare_timed(ra, rb, change_pct, fastest_change_pct=None) -> stats.Comparison:
    """Two timed results: their fastest moments (timer.fastest) where both have enough samples;
    else process-level when either has two processes or
    more (blocked by CPU where both pinned their processes to the same
    CPUs), else the samples as independent (method 'samples')."""
    kind = timer.figure_kind(ra)
    fa, fb = timer.fastest(ra, kind), timer.fastest(rb, kind)
    change = fastest_change_pct if fa and fb else change_pct   # fastest moments: the clock at its fastest
    drift = abs(change) if change is not None and timer.clock_bound(ra) else None
    if fa and fb:
        return stats.compare_intervals(fa.value, fa.half_log, fb.value, fb.half_log, drift)
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
    change, fastest_change = clock.change_pct(a_run, b_run), clock.change_pct(a_run, b_run, "max_hz")
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
        c = compare_timed(ra, rb, change, fastest_change)
        word, significant = c.verdict, c.significant
        if word == "inconclusive":
            word = f"inconclusive: the machine's speed changed by {c.drift_pct:.1f}%"
        elif two_speeds_explain(ra, rb, c.ratio):
            word, significant = f"inconclusive: {BIMODAL}", False
        rows.append({"a": ra, "b": rb, "ratio": c.ratio, "lo": c.lo, "hi": c.hi, "p": c.p, "verdict": word,
                     "method": c.method, "significant": significant})
    return rows
