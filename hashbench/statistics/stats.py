# SPDX-License-Identifier: MIT
"""Statistics of timed samples: medians, robust spread, quantiles and their exact intervals,
Student's t, a figure from its processes.  No I/O and no drawing here; what a sample holds is the
meter's business (hashbench.meters.timer); the one rule that says "changed" is
hashbench.statistics.verdicts.judge (diff, compare --rev).

The machine model (docs/performance.md, "What a ± and a verdict promise"): a timed figure is
measured in several engine processes, and a shared machine changes speed between processes far
more than between the samples of one process.  So the *process* is the unit: each process gives
one value (the harness subtracted), and the figure and its ± work on those values - on their
logarithms, since speeds change by factors.  Where the processes ran on known CPUs (the front end
pins them in turn) and a machine's CPUs differ - this VM's two vCPUs differ by up to 60% on
throughput-bound code - the CPU is a stratum: `estimate_strata` takes the mean over CPUs of each
CPU's mean, its variance from the spread within CPUs (a blocked design), so the luck of how many
processes landed on the slow CPU does not move the figure.

Where a run has enough samples, each process's value is its fastest moments (its 0.05-quantile,
hashbench.meters.timer), and the figure their median.  `order_interval` gives a quantile with its
exact distribution-free interval; `repeat_half_log` turns a within-run error into the ± of a rerun
(the run-to-run term measured in the run, hashbench.meters.run_noise, else RUN_SD)."""
import math
import statistics
from dataclasses import dataclass

ALPHA = 0.01        # a difference is significant at p < ALPHA (after hashbench.statistics.verdicts' correction)
LEVEL = 0.95        # confidence of the ± and of the ratio intervals
LEVEL_Z = statistics.NormalDist().inv_cdf(0.5 + LEVEL / 2.0)

# The run-to-run model of a shared machine (docs/performance.md, "What a ± and a verdict promise"),
# as standard deviations of logarithms:
# - RUN_SD: a whole run's shift, every row at once (a neighbour's load, the host's clock, where the
#   run's pages landed).  Each run of 8 rows or more measures its own (hashbench.meters.run_noise:
#   it follows the hour); this constant, what A/A runs measured between runs on the project's 2-vCPU
#   VM in busy hours, is the term of a run too small to measure it;
# - ROW_SD: one row against its run's common shift (the median shift of all its rows): 0.21-0.28%
#   in every A/A study, calm hour or busy (studies/repeatability.py).
RUN_SD = 0.008
ROW_SD = 0.003


def repeat_half_log(within_log, level=LEVEL, run_sd=None):
    """The ± of a figure as the half-width (log scale) of the interval in which a rerun's figure
    falls with probability `level`: the two runs' within-run errors (standard error within_log
    each) and their run shifts (run_sd each: the run's measured term, else RUN_SD) added:
    z * sqrt(2 (within^2 + run_sd^2))."""
    run_sd = RUN_SD if run_sd is None else run_sd
    z = statistics.NormalDist().inv_cdf(0.5 + level / 2.0)
    return z * math.sqrt(2.0 * (within_log ** 2 + run_sd ** 2))
# A stratum (CPU) counts with this many processes: with two, its variance
# rests on one degree of freedom, and A/A trials with 2 + 2 processes on
# this VM called 16% of rows significant (docs/performance.md).
MIN_PER_STRATUM = 3


def median(values):
    return statistics.median(values) if values else float("nan")


def mad(values):
    if not values:
        return float("nan")
    m = median(values)
    return median([abs(v - m) for v in values])


def spread_pct(values):
    m = median(values)
    return 100.0 * mad(values) / m if m > 0 else float("nan")


def quantile(values, q):
    """The q-quantile (0..1) of the values, linearly interpolated between order statistics."""
    vals = sorted(values)
    if not vals:
        return float("nan")
    pos = q * (len(vals) - 1)
    i = int(pos)
    return vals[i] if i + 1 >= len(vals) else vals[i] + (vals[i + 1] - vals[i]) * (pos - i)


def binom_cdfs(n, p):
    """[P(X <= k) for k in 0..n], X ~ Binomial(n, p) (0 < p < 1), each term from its logarithm."""
    out, total = [], 0.0
    for k in range(n + 1):
        total += math.exp(math.lgamma(n + 1) - math.lgamma(k + 1) - math.lgamma(n - k + 1)
                          + k * math.log(p) + (n - k) * math.log1p(-p))
        out.append(min(1.0, total))
    return out


def order_ranks(n, q, level=LEVEL):
    """(l, u), 0-based ranks of the sorted values, such that [x_(l), x_(u)] covers the true
    q-quantile with probability >= level, exactly: with X, the count of values at or below the
    quantile, Binomial(n, q), the pair covers when l + 1 <= X <= u.  Of the pairs that cover,
    the narrowest (u - l), then the most central around rank q n.  None when n values cannot
    give such an interval (58 or fewer for the 0.05-quantile at 95%)."""
    if n < 2:
        return None
    cdf = binom_cdfs(n, q)
    best, hi = None, 1
    for lo in range(n - 1):
        hi = max(hi, lo + 1)
        while hi < n - 1 and cdf[hi] - cdf[lo] < level:
            hi += 1
        if cdf[hi] - cdf[lo] < level:
            break   # a higher lo covers less
        key = (hi - lo, abs((lo + hi) / 2.0 - q * n))
        if best is None or key < best[0]:
            best = (key, (lo, hi))
    return best[1] if best else None


def order_interval(values, q, level=LEVEL):
    """(v, lo, hi): the q-quantile of the values as an order statistic (rank floor(q n) of the
    sorted values) and its exact distribution-free confidence interval (order_ranks), left as
    asymmetric as it is; lo and hi are nan when there are too few values for one."""
    vals = sorted(values)
    n = len(vals)
    nan = float("nan")
    if not n:
        return nan, nan, nan
    ranks = order_ranks(n, q, level)
    v = vals[min(n - 1, int(q * n))]
    return (v, vals[ranks[0]], vals[ranks[1]]) if ranks else (v, nan, nan)


# ---- Student's t, without scipy ------------------------------------------------

def _betacf(a, b, x):
    """Continued fraction of the incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 300):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < 1e-15:
            break
    return h


def _betainc(a, b, x):
    """The regularised incomplete beta function I_x(a, b)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b) + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _betacf(a, b, x) / a
    return 1.0 - front * _betacf(b, a, 1.0 - x) / b


def t_sf2(t, df):
    """Two-sided tail of Student's t: P(|T| >= |t|) with df degrees of freedom."""
    if math.isinf(t):
        return 0.0
    return _betainc(df / 2.0, 0.5, df / (df + t * t))


def t_quantile(level, df):
    """t such that P(|T| <= t) = level (the two-sided critical value)."""
    lo, hi = 0.0, 1.0
    while t_sf2(hi, df) > 1.0 - level:
        hi *= 2.0
    for _ in range(200):
        mid = (lo + hi) / 2.0
        if t_sf2(mid, df) > 1.0 - level:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2.0


# ---- one figure from its processes ---------------------------------------------

@dataclass
class Estimate:
    """A figure measured in n processes: the geometric mean of their values,
    the standard deviation of their logarithms, and the half-width of the
    confidence interval in % of the figure (None with one process: the
    variance between processes is then unknown)."""
    value: float
    n: int
    sd_log: float = None
    ci_pct: float = None


def _logs(values):
    return [math.log(v) for v in values if v > 0]


def geomean(values):
    """The geometric mean of the positive values (one value: itself, exactly)."""
    vals = [v for v in values if v and v > 0]
    if len(vals) == 1:
        return vals[0]
    return math.exp(statistics.fmean(math.log(v) for v in vals)) if vals else float("nan")


def _strata(groups):
    """{stratum: values} -> (per-stratum lists of logs, pooled within-stratum
    variance, its degrees of freedom), or None when the strata cannot give a
    variance (fewer than two strata, a stratum with fewer than
    MIN_PER_STRATUM values, or an unknown stratum: None)."""
    logs = {k: _logs(v) for k, v in (groups or {}).items()}
    logs = {k: v for k, v in logs.items() if v}
    n = sum(len(v) for v in logs.values())
    df = n - len(logs)
    if len(logs) < 2 or df < 1 or None in logs \
            or min(len(v) for v in logs.values()) < MIN_PER_STRATUM:
        return None
    ss = sum(sum((x - statistics.fmean(v)) ** 2 for x in v) for v in logs.values())
    return logs, ss / df, df


def strata_of(groups):
    """The CPUs of per-process values as strata (as estimate_strata uses them), or None."""
    return _strata(groups)


def estimate_strata(groups, level=LEVEL) -> Estimate:
    """{stratum (CPU): per-process values} -> the figure (the geometric mean
    of the strata's geometric means: every stratum weighs the same) and its
    ± from the variance within strata (Student's t, N - S degrees of
    freedom).  Without usable strata: estimate() of all the values."""
    st = _strata(groups)
    if st is None:
        return estimate([v for vals in (groups or {}).values() for v in vals], level)
    logs, var, df = st
    k = len(logs)
    mean = statistics.fmean(statistics.fmean(v) for v in logs.values())
    se = math.sqrt(var * sum(1.0 / len(v) for v in logs.values())) / k
    half = t_quantile(level, df) * se
    return Estimate(math.exp(mean), sum(len(v) for v in logs.values()), math.sqrt(var),
                    100.0 * (math.exp(half) - 1.0))


def estimate(values, level=LEVEL) -> Estimate:
    """Per-process values -> the figure and its ± (Student's t on the logs)."""
    logs = _logs(values)
    if not logs:
        return Estimate(float("nan"), 0)
    mean = statistics.fmean(logs)
    if len(logs) < 2:
        return Estimate(geomean(values), len(logs))
    sd = statistics.stdev(logs)
    half = t_quantile(level, len(logs) - 1) * sd / math.sqrt(len(logs))
    return Estimate(math.exp(mean), len(logs), sd, 100.0 * (math.exp(half) - 1.0))


# ---- two figures ---------------------------------------------------------------

@dataclass
class Comparison:
    """B against A (hashbench.statistics.verdicts.judge): ratio = B / A (below 1: B costs less), its
    confidence interval, the p-value (adjusted across the rows judged together), and the verdict:
    'B faster', 'B slower', 'no significant difference' or 'inconclusive' (every row moved as far);
    `drift_pct` the rows' common shift (%) the verdict was taken against, where one was."""
    ratio: float
    lo: float
    hi: float
    p: float
    verdict: str
    method: str            # the within-run error's: 'fastest moments' (meters/timer.py), 'strata' (blocked
                           # by CPU), 'processes' (their t interval) or 'samples' (one process)
    drift_pct: float = None

    @property
    def significant(self) -> bool:
        return self.verdict in ("B faster", "B slower")
