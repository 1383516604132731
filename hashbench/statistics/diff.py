# SPDX-License-Identifier: MIT
"""Two stored runs compared result by result (hashbench diff): exact figures by their ratio,
timed ones all together by the verdict rule (hashbench.statistics.verdicts.judge): each row's ratio against
the shift every row shared, its error from within both runs (hashbench.meters.timer) and the
run-to-run noise each run measured in itself (run_sd), p corrected across the rows; "inconclusive" where
the whole run moved as far, or where a run's samples of the row sat at two speeds and some
process got only the slower (hashbench.meters.two_speeds); no verdict on a row below the harness's
resolution."""
import math
import statistics

from ..meters import timer
from . import stats, verdicts

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


BELOW = "below the harness's resolution"


def within_se(r, kind):
    """(standard error of log(figure) within its own run, method) of a timed result: its fastest
    moments' (timer.fastest), else its processes' interval (stats.estimate_strata), else, for one
    process, its samples' median (their MAD: samples taken as independent)."""
    f = timer.fastest(r, kind)
    if f:
        return f.within_log, "fastest moments"
    if (r.processes or 1) >= 2:
        groups = timer.grouped_values(r)
        est = stats.estimate_strata(groups)
        if est.ci_pct is not None:
            return (math.log1p(est.ci_pct / 100.0) / stats.LEVEL_Z,
                    "processes" if stats.strata_of(groups) is None else "strata")
    vals = timer.sample_values(r)
    if len(vals) < 2 or not stats.median(vals) > 0:
        return float("nan"), "samples"
    return 1.4826 * stats.mad(vals) / stats.median(vals) * math.sqrt(math.pi / 2.0 / len(vals)), "samples"


def timed_pair(ra, rb):
    """(B / A, se of its log, method) of two timed results."""
    kind = timer.figure_kind(ra)
    (sa, ma), (sb, mb) = within_se(ra, kind), within_se(rb, kind)
    method = ma if ma == mb else "processes" if "samples" not in (ma, mb) else "samples"
    ratio = rb.per_call / ra.per_call if ra.per_call and rb.per_call else float("nan")
    return ratio, math.hypot(sa, sb), method


def compare_timed(ra, rb, paired=False) -> stats.Comparison:
    """Two timed results alone (verdicts.judge of one row): paired when measured in the same
    processes' rounds (a run's modes), else as two runs with their run-to-run noise."""
    ratio, se, method = timed_pair(ra, rb)
    _, (c,) = verdicts.judge([(ratio, se)], paired=paired, method=method)
    return c


def below_resolution(r) -> bool:
    return bool(r.extra.get("below_resolution"))


def compare_runs(a_run, b_run) -> list:
    """Every measurement the runs share -> rows {a, b, ratio, lo, hi, p, verdict, method,
    significant}: the data of the table (and of studies/repeatability.py).  The timed rows are
    judged together (verdicts.judge): their common shift taken out when there are enough of them,
    p corrected across them; `shift_of(rows)` gives that shift."""
    bmap = {r.key: r for r in b_run.results if r.verified}
    rows, timed = [], []
    for ra in a_run.results:
        rb = bmap.get(ra.key)
        if rb is None or not ra.verified or ra.per_call is None or rb.per_call is None:
            continue
        if ra.exact:
            ratio, word = verdict_exact(ra, rb)
            rows.append({"a": ra, "b": rb, "ratio": ratio, "lo": None, "hi": None, "p": None, "verdict": word,
                         "method": "exact"})
            continue
        row = {"a": ra, "b": rb, "lo": None, "hi": None, "p": None, "significant": False}
        ratio, se, row["method"] = timed_pair(ra, rb)
        row["ratio"] = ratio
        if below_resolution(ra) or below_resolution(rb):
            row["verdict"] = BELOW
        else:
            timed.append((row, se))
        rows.append(row)
    shift, judged = verdicts.judge([(row["ratio"], se) for row, se in timed],
                                   run_sds=(run_sd(a_run) / 100.0, run_sd(b_run) / 100.0))
    for (row, _), c in zip(timed, judged):
        word, significant = c.verdict, c.significant
        if word == "inconclusive":
            word = f"inconclusive: every row moved by {shift.pct:+.1f}%"
        elif significant and two_speeds_explain(row["a"], row["b"], c.ratio):
            word, significant = f"inconclusive: {BIMODAL}", False
        row.update(lo=c.lo, hi=c.hi, p=c.p, verdict=word, significant=significant, shift=shift)
    return rows


def run_sd(run) -> float:
    """The run's run-to-run term, % (SD of its whole shift): what the run measured in itself
    (hashbench.meters.run_noise, stored with each row as extra["run_sd_pct"]), else stats.RUN_SD."""
    measured = [r.extra["run_sd_pct"] for r in run.results if r.extra.get("run_sd_pct")]
    return statistics.median(measured) if measured else 100.0 * stats.RUN_SD


def shift_of(rows):
    """The common shift (verdicts.Shift) the timed rows were judged against, or None."""
    return next((r["shift"] for r in rows if r.get("shift")), None)
