# SPDX-License-Identifier: MIT
"""Statistics of timed samples: medians, robust spread, tests.  No I/O and
no drawing here; what a sample holds is the meter's business
(hashbench.meters.timer).

The machine model (docs/records.md, "How timed figures are compared"): a
timed figure is measured in several engine processes, and a shared machine
changes speed between processes far more than between the samples of one
process.  So the *process* is the unit: each process gives one value (its
median, the harness subtracted), and the figure, its ± and every test
between two figures work on those values - on their logarithms, since
speeds change by factors.  Where the processes ran on known CPUs (the
front end pins them in turn) and a machine's CPUs differ - this VM's two
vCPUs differ by up to 60% on throughput-bound code - the CPU is a stratum:
a figure is the mean over CPUs of each CPU's mean, and its variance comes
from the spread within CPUs (a blocked design), so the luck of how many
processes landed on the slow CPU no longer moves the figure.
`estimate_strata`, `compare_strata` (and their unstratified forms
`estimate`, `compare_processes`) and `bootstrap_ratio` are the reusable
pieces (run, diff, compare, matrix).
Samples treated as independent (`compare`, Mann-Whitney) remain only for
runs stored with one process.

Where a run has enough samples, each process's value is its fastest moments (its 0.05-quantile,
hashbench.meters.timer), and the figure their median.  `order_interval` gives a quantile with its
exact distribution-free interval; `repeat_half_log` turns a within-run error into the ± of a rerun
(RUN_SD); hashbench.statistics.verdicts.judge is the one verdict rule of diff and compare --rev
(docs/performance.md, "What a ± and a verdict promise")."""
import math
import random
import statistics
from dataclasses import dataclass

ALPHA = 0.01        # a difference is significant at p < ALPHA ...
MIN_EFFECT = 0.01   # ... and when it exceeds 1%: smaller shifts are not worth a word here
LEVEL = 0.95        # confidence of the ± and of the ratio intervals
LEVEL_Z = statistics.NormalDist().inv_cdf(0.5 + LEVEL / 2.0)

# The run-to-run model of a shared machine (docs/performance.md, "What a ± and a verdict promise";
# measured by studies/repeatability.py on the project's 2-vCPU VM), as standard deviations of
# logarithms:
# - RUN_SD: a whole run's shift, every row at once (a neighbour's load, the host's clock, where
#   the run's pages landed) - no statistic inside one run sees it;
# - ROW_SD: one row against its run's common shift (the median shift of all its rows).
RUN_SD = 0.008
ROW_SD = 0.003


def repeat_half_log(within_log, level=LEVEL, run_sd=None):
    """The ± of a figure as the half-width (log scale) of the interval in which a rerun's figure
    falls with probability `level`: the two runs' within-run errors (standard error within_log
    each) and their run shifts (RUN_SD each) added: z * sqrt(2 (within^2 + RUN_SD^2))."""
    run_sd = RUN_SD if run_sd is None else run_sd
    z = statistics.NormalDist().inv_cdf(0.5 + level / 2.0)
    return z * math.sqrt(2.0 * (within_log ** 2 + run_sd ** 2))
# A stratum (CPU) counts with this many processes: with two, its variance
# rests on one degree of freedom, and A/A trials with 2 + 2 processes on
# this VM called 16% of rows significant (docs/performance.md).
MIN_PER_STRATUM = 3


def per_call(samples, index=2):
    return [s[index] / s[0] for s in samples if s[0] > 0]


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
    if len(logs) < 2 or df < 1 or any(k is None or (isinstance(k, tuple) and k[1] is None) for k in logs) \
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
    """B against A: ratio = B / A (below 1: B costs less), its confidence
    interval, the p-value, and the verdict: 'B faster', 'B slower', 'no
    significant difference' or 'inconclusive' (the machine's own change of
    speed, `drift_pct`, is as large as the difference)."""
    ratio: float
    lo: float
    hi: float
    p: float
    verdict: str
    method: str            # 'fastest moments' (meters/timer.py), 'strata' (blocked by CPU), 'processes'
                           # (Welch's t on the process values) or 'samples'
    drift_pct: float = None

    @property
    def significant(self) -> bool:
        return self.verdict in ("B faster", "B slower")


def welch_log(a_values, b_values, level=LEVEL):
    """Welch's t-test on the logarithms of per-process values -> (ratio of
    geometric means B / A, lo, hi, p).  With only one process on one side,
    that side borrows the other's variance; with one on each side there is
    no test (p = nan)."""
    la, lb = _logs(a_values), _logs(b_values)
    if not la or not lb:
        return float("nan"), float("nan"), float("nan"), float("nan")
    diff = statistics.fmean(lb) - statistics.fmean(la)
    if len(la) < 2 and len(lb) < 2:
        return math.exp(diff), float("nan"), float("nan"), float("nan")
    va = statistics.variance(la) if len(la) > 1 else statistics.variance(lb)
    vb = statistics.variance(lb) if len(lb) > 1 else statistics.variance(la)
    qa, qb = va / len(la), vb / len(lb)
    se = math.sqrt(qa + qb)
    if se == 0.0:
        p = 1.0 if diff == 0.0 else 0.0
        return math.exp(diff), math.exp(diff), math.exp(diff), p
    parts = [(q, n) for q, n in ((qa, len(la)), (qb, len(lb))) if n > 1]
    df = (qa + qb) ** 2 / sum(q * q / (n - 1) for q, n in parts)
    half = t_quantile(level, df) * se
    return math.exp(diff), math.exp(diff - half), math.exp(diff + half), t_sf2(diff / se, df)


def verdict(ratio, p, drift_pct=None, alpha=ALPHA, min_effect=MIN_EFFECT) -> str:
    """The word for a ratio and its p-value.  A significant difference that
    the machine's own change of speed (drift_pct, %) could explain is
    'inconclusive', never a verdict."""
    if not (p < alpha and abs(ratio - 1.0) > min_effect):
        return "no significant difference"
    if drift_pct is not None and abs(math.log(ratio)) <= math.log1p(abs(drift_pct) / 100.0):
        return "inconclusive"
    return "B faster" if ratio < 1.0 else "B slower"


def compare_processes(a_values, b_values, drift_pct=None, alpha=ALPHA, min_effect=MIN_EFFECT) -> Comparison:
    """Two figures from their per-process values (the process is the unit)."""
    ratio, lo, hi, p = welch_log(a_values, b_values)
    return Comparison(ratio, lo, hi, p, verdict(ratio, p, drift_pct, alpha, min_effect), "processes", drift_pct)


def compare_strata(a_groups, b_groups, drift_pct=None, alpha=ALPHA, min_effect=MIN_EFFECT,
                   level=LEVEL) -> Comparison:
    """Two figures from per-process values grouped by stratum (CPU), the
    strata both runs used compared with each other: the mean over strata of
    the difference of log means, its variance from the pooled variance
    within strata (both runs), t with N_A + N_B - 2S degrees of freedom.
    Without two shared strata with replication: compare_processes."""
    common = sorted(set(a_groups or {}) & set(b_groups or {}), key=str)
    joint = {("a", k): a_groups[k] for k in common}
    joint.update({("b", k): b_groups[k] for k in common})
    st = _strata(joint) if len(common) >= 2 else None
    if st is None:
        flat = [[v for vals in (g or {}).values() for v in vals] for g in (a_groups, b_groups)]
        return compare_processes(flat[0], flat[1], drift_pct, alpha, min_effect)
    logs, var, df = st
    k = len(common)
    diff = statistics.fmean(statistics.fmean(logs[("b", c)]) - statistics.fmean(logs[("a", c)]) for c in common)
    se = math.sqrt(var * sum(1.0 / len(logs[("a", c)]) + 1.0 / len(logs[("b", c)]) for c in common)) / k
    if se == 0.0:
        p = 1.0 if diff == 0.0 else 0.0
        lo = hi = math.exp(diff)
    else:
        half = t_quantile(level, df) * se
        p, lo, hi = t_sf2(diff / se, df), math.exp(diff - half), math.exp(diff + half)
    ratio = math.exp(diff)
    return Comparison(ratio, lo, hi, p, verdict(ratio, p, drift_pct, alpha, min_effect), "strata", drift_pct)


def bootstrap_ratio(a_groups, b_groups, rounds=2000, level=LEVEL, seed=1):
    """Hierarchical bootstrap of B / A: resample processes, then samples
    within each resampled process; the figure of a side is the geometric
    mean of its processes' medians.  a_groups, b_groups: per-process lists
    of per-call values.  -> (ratio, lo, hi), percentile interval.  For many
    processes (matrix); with few, welch_log's t is the honest interval."""
    rng = random.Random(seed)

    def figure(groups):
        return statistics.fmean(math.log(median(g)) for g in groups)

    def resample(groups):
        picked = [groups[rng.randrange(len(groups))] for _ in groups]
        return [[g[rng.randrange(len(g))] for _ in g] for g in picked]

    a_groups = [g for g in a_groups if g]
    b_groups = [g for g in b_groups if g]
    if not a_groups or not b_groups:
        return float("nan"), float("nan"), float("nan")
    base = figure(b_groups) - figure(a_groups)
    draws = sorted(figure(resample(b_groups)) - figure(resample(a_groups)) for _ in range(rounds))
    k = int((1.0 - level) / 2.0 * rounds)
    return math.exp(base), math.exp(draws[k]), math.exp(draws[rounds - 1 - k])


# ---- samples as independent (runs stored with one process) ---------------------

def mann_whitney_p(a, b):
    """Two-sided p-value of the Mann-Whitney U test (normal approximation
    with tie correction).  Adequate for the 5..1000 samples we take."""
    n1, n2 = len(a), len(b)
    if n1 == 0 or n2 == 0:
        return 1.0
    combined = sorted([(v, 0) for v in a] + [(v, 1) for v in b])
    ranks = [0.0] * len(combined)
    ties = 0.0
    i = 0
    while i < len(combined):
        j = i
        while j + 1 < len(combined) and combined[j + 1][0] == combined[i][0]:
            j += 1
        r = (i + j) / 2 + 1
        for k in range(i, j + 1):
            ranks[k] = r
        t = j - i + 1
        ties += t ** 3 - t
        i = j + 1
    r1 = sum(r for r, (_, g) in zip(ranks, combined) if g == 0)
    u1 = r1 - n1 * (n1 + 1) / 2
    mu = n1 * n2 / 2
    n = n1 + n2
    sigma2 = n1 * n2 / 12 * ((n + 1) - ties / (n * (n - 1)))
    if sigma2 <= 0:
        return 1.0
    z = (abs(u1 - mu) - 0.5) / math.sqrt(sigma2)
    return math.erfc(max(z, 0) / math.sqrt(2))


def compare(a_samples, b_samples, alpha=ALPHA, min_effect=MIN_EFFECT):
    """Ratio of B's median time to A's, with significance, treating every
    sample as independent: only for runs stored with one process, where
    nothing better is possible (it overstates significance on a machine
    whose speed changes between processes).

    Significant means: p < alpha AND the medians differ by more than
    min_effect (1%): on a shared machine, smaller shifts are not worth a word.
    """
    a, b = per_call(a_samples), per_call(b_samples)
    ratio = median(b) / median(a) if a and b and median(a) > 0 else float("nan")
    p = mann_whitney_p(a, b)
    significant = p < alpha and abs(ratio - 1) > min_effect
    return ratio, p, significant
