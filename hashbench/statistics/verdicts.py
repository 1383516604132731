# SPDX-License-Identifier: MIT
"""The verdict: one rule for every command that says "changed" (diff, compare --rev, and any
later one), on ratios B / A with their errors from within the runs (hashbench.statistics.stats,
hashbench.meters.timer) and the run-to-run noise: each run's own measured term
(hashbench.meters.run_noise, else stats.RUN_SD) and a row's against its run (stats.ROW_SD)."""
import math
import statistics
from dataclasses import dataclass

from . import stats
from .stats import ALPHA, LEVEL, LEVEL_Z, Comparison, t_quantile, t_sf2

# A difference is a verdict when, after the correction across the rows tested (Benjamini-Hochberg
# at ALPHA: in an A/A, where no row changed, that bounds the chance of any row called different
# to ALPHA), it is significant AND larger than MIN_EFFECT_SDS times the A/A noise of the
# difference it rests on: a smaller shift is one an A/A makes too.
MIN_EFFECT_SDS = 2.0
# A run the machine disturbed moves its rows apart as well as together (throughput-bound code loses
# more to a busy neighbour than latency-bound): a row against its run's shift varies by at least
# ROW_OF_RUN times the run's measured run-to-run term, where that exceeds stats.ROW_SD
ROW_OF_RUN = 0.2
MIN_COMMON_ROWS = 8   # with this many rows compared, their median shift is the run's common shift


def bh_adjust(ps):
    """Benjamini-Hochberg adjusted p-values (the same order as ps; nan stays nan)."""
    idx = sorted((i for i, p in enumerate(ps) if p == p), key=lambda i: ps[i])
    out, m, running = list(ps), len(idx), 1.0
    for rank in range(m, 0, -1):
        i = idx[rank - 1]
        running = min(running, ps[i] * m / rank)
        out[i] = running
    return out


@dataclass
class Shift:
    """What every compared row shared: the median of their log ratios (`log`), the A/A noise of
    such a shift (`sd`, log), and whether it exceeds what reruns make (then the machine, or a
    change to every row, moved the whole run: the rows' own verdicts are against it)."""
    log: float
    sd: float

    @property
    def pct(self) -> float:
        return 100.0 * math.expm1(self.log)

    @property
    def significant(self) -> bool:
        return abs(self.log) > LEVEL_Z * self.sd and abs(self.log) > MIN_EFFECT_SDS * self.sd


def judge(rows, paired=False, alpha=ALPHA, level=LEVEL, method="rows", run_sds=None):
    """The verdict rule: rows = [(ratio B / A, se_log[, df])], se_log the standard error of
    log(ratio) from within the two runs (df: its degrees of freedom where it rests on few values,
    then Student's t) -> (Shift or None, [Comparison]).

    Runs taken apart (paired=False) also differ by what no statistic within a run sees: with
    MIN_COMMON_ROWS rows or more, the common shift (the rows' median) is taken out and each row
    is tested against it, its noise its own error and stats.ROW_SD for each run; with fewer, each row
    is tested as it is, the two runs' shifts added too (run_sds: each run's run-to-run term, log, as
    measured in it - hashbench.meters.run_noise; default stats.RUN_SD each).  Paired rounds (compare
    --rev: A and B in turn, on one CPU) share their moments: the rounds' own error is the whole noise.  The
    minimum effect is MIN_EFFECT_SDS times the A/A noise of a row's difference beyond its own error:
    each run's row noise (stats.ROW_SD, or ROW_OF_RUN times its measured term where larger; paired:
    stats.ROW_SD) with the common shift taken out, and the runs' shifts besides without."""
    z = statistics.NormalDist().inv_cdf(0.5 + level / 2.0)
    logs = [math.log(row[0]) if row[0] and row[0] > 0 else float("nan") for row in rows]
    usable = [v for v in logs if v == v]
    shift = None
    measured = run_sds is not None
    run_a, run_b = run_sds or (stats.RUN_SD, stats.RUN_SD)
    shifts = run_a ** 2 + run_b ** 2   # the A/A variance of the difference of two runs' shifts
    rows_aa = sum(max(stats.ROW_SD, ROW_OF_RUN * r if measured else 0.0) ** 2 for r in (run_a, run_b))
    if paired:
        rows_aa = 2.0 * stats.ROW_SD ** 2
    if not paired and len(usable) >= MIN_COMMON_ROWS:
        shift = Shift(statistics.median(usable), math.sqrt(shifts))
    base = shift.log if shift else 0.0
    rerun = 0.0 if paired else rows_aa + (0.0 if shift else shifts)
    floor = MIN_EFFECT_SDS * math.sqrt(rows_aa + (0.0 if paired or shift else shifts))
    tests = []
    for v, row in zip(logs, rows):
        se, df = row[1], (row[2] if len(row) > 2 else None)
        sd = math.sqrt((se if se == se else 0.0) ** 2 + rerun)
        d = v - base
        if not (v == v and se == se):
            p = float("nan")
        elif sd == 0.0:
            p = 1.0 if d == 0.0 else 0.0
        elif df:   # an error estimated from few values (rounds): Student's t
            p = t_sf2(d / sd, df)
        else:
            p = 2.0 * (1.0 - statistics.NormalDist().cdf(abs(d) / sd))
        tests.append((v, d, sd, p, t_quantile(level, df) if df else z))
    adjusted = bh_adjust([t[3] for t in tests])
    out = []
    for (v, d, sd, _, crit), q in zip(tests, adjusted):
        if v != v:
            out.append(Comparison(float("nan"), float("nan"), float("nan"), float("nan"),
                                  "no significant difference", method))
            continue
        ratio = math.exp(v)
        word = "no significant difference"
        if q < alpha and abs(d) > floor:
            word = "B faster" if d < 0 else "B slower"
        elif shift and shift.significant and abs(v) > z * sd and abs(v) > floor:
            word = "inconclusive"   # as far from 1 as the whole run moved
        out.append(Comparison(ratio, math.exp(v - crit * sd), math.exp(v + crit * sd), q, word, method,
                              shift.pct if shift else None))
    return shift, out
