# SPDX-License-Identifier: MIT
"""Series of stored runs and the steps in them (hashbench trend).

A series is one measurement repeated over runs: the same machine (hostname),
target, build, algorithm, implementation, size, meter, variant and mode.
Its points are in commit order where every run's commit is in this clone's
history (commit_depths: the commits behind each; runs of one commit by
start), else in time order (the runs' start).  Change points are found by
binary segmentation with a median step test on the logarithm of the cost
(docs/performance.md, "Trends and change points"):

- the noise of a series is read from its successive differences (their median
  absolute value), so a step, which moves one difference, does not inflate it;
- each segment is split where two levels fit best (least absolute deviation
  from each side's median); the statistic there is the difference of the
  medians, divided by its standard error (the median's: sqrt(pi/2) times the
  mean's); a median of at least MIN_SIDE runs either side ignores a single
  outlier;
- a split is a change when the statistic passes THRESHOLD (chosen for a
  false-alarm rate of at most 1% per series of up to 100 runs) and the step is
  at least MIN_EFFECT (timed meters; any step of an exact count counts);
- runs measured while another hashbench measured (overlap.CONTEXT_KEY) are
  kept in the series but left out of the test: no change rests on one.
"""
import bisect
import fnmatch
import math
import statistics
from dataclasses import dataclass, field

from . import overlap
from .meters import FIGURES
from .result import mode_words

MIN_SIDE = 3          # runs either side of a change, at least
THRESHOLD = 5.0       # the step statistic a change must pass (false alarms: tests/python/test_trend.py)
MIN_EFFECT = 0.03     # a timed step smaller than 3% is not reported (about three times 1% run-to-run noise)
Z95 = 1.959964


@dataclass
class Point:
    run: int
    started_at: str
    commit: str
    value: float          # the cost per call, in the meter's unit
    disturbed: bool = False
    mb_per_s: float = None  # a timed result's throughput (the report's summary shows the newest)


@dataclass
class Change:
    index: int            # the first point after the step (in Series.points)
    ratio: float          # after / before (medians), above 1: costlier
    lo: float             # its 95% interval
    hi: float
    statistic: float


@dataclass
class Series:
    machine: str
    target: str
    build: str
    algorithm: str
    implementation: str
    size: int
    meter: str
    variant: str = ""
    mode: str = ""
    points: list = field(default_factory=list)
    changes: list = field(default_factory=list)
    order: str = "time"   # or "commit" (commit_depths)

    @property
    def exact(self) -> bool:
        return FIGURES[self.meter].exact

    @property
    def unit(self) -> str:
        return FIGURES[self.meter].unit

    def key_dict(self) -> dict:
        return {"machine": self.machine, "target": self.target, "build": self.build, "algorithm": self.algorithm,
                "implementation": self.implementation, "size": self.size, "meter": self.meter,
                "variant": self.variant, "mode": self.mode}

    def change_dicts(self) -> list:
        out = []
        for c in self.changes:
            p = self.points[c.index]
            before = self.points[c.index - 1]
            out.append(dict(self.key_dict(), run=p.run, started_at=p.started_at, commit=p.commit,
                            previous_run=before.run, previous_commit=before.commit,
                            ratio=c.ratio, lo=c.lo, hi=c.hi,
                            statistic=None if math.isinf(c.statistic) else c.statistic))
        return out

    def to_dict(self) -> dict:
        return dict(self.key_dict(), unit=self.unit, order=self.order,
                    points=[{"run": p.run, "started_at": p.started_at, "commit": p.commit, "value": p.value,
                             "disturbed": p.disturbed} for p in self.points],
                    changes=[p["run"] for p in self.change_dicts()])


def noise_scale(y) -> float:
    """The noise's standard deviation, from successive differences: each is
    N(0, 2 sigma^2) where the level holds, median |d| = 0.6745 sqrt(2) sigma."""
    diffs = [abs(b - a) for a, b in zip(y, y[1:])]
    return statistics.median(diffs) / (0.67449 * math.sqrt(2)) if diffs else 0.0


def step_error(sigma, n1, n2) -> float:
    """The standard error of median(after) - median(before) (normal noise)."""
    return sigma * math.sqrt(math.pi / 2 * (1 / n1 + 1 / n2))


def spread(sorted_values) -> tuple:
    """(median, sum of absolute deviations from it) of a sorted list: the
    upper half's sum less the lower half's."""
    n = len(sorted_values)
    h = n // 2
    median = sorted_values[h] if n % 2 else (sorted_values[h - 1] + sorted_values[h]) / 2
    return median, sum(sorted_values[n - h:]) - sum(sorted_values[:h])


def best_split(y, lo, hi, sigma, exact):
    """(k, statistic, step) of the split of y[lo:hi] that fits two levels
    best (least absolute deviation from each side's median: a robust place),
    with its step statistic; None when no split leaves MIN_SIDE either side."""
    if hi - lo < 2 * MIN_SIDE:
        return None
    left = sorted(y[lo:lo + MIN_SIDE])
    right = sorted(y[lo + MIN_SIDE:hi])
    best = None
    for k in range(lo + MIN_SIDE, hi - MIN_SIDE + 1):
        if k > lo + MIN_SIDE:   # y[k - 1] moves from the right side to the left
            bisect.insort(left, y[k - 1])
            del right[bisect.bisect_left(right, y[k - 1])]
        (m1, c1), (m2, c2) = spread(left), spread(right)
        if best is None or c1 + c2 < best[0]:
            best = (c1 + c2, k, m2 - m1)
    _, k, step = best
    if exact:
        return k, (math.inf if step else 0.0), step
    err = step_error(sigma, k - lo, hi - k)
    return k, (abs(step) / err if err > 0 else (math.inf if step else 0.0)), step


def is_change(stat, step, exact) -> bool:
    if exact:
        return step != 0
    return stat >= THRESHOLD and abs(math.expm1(step)) >= MIN_EFFECT


def change_points(values, exact=False) -> list:
    """Indices (into `values`) where the level steps, ascending: binary
    segmentation with the median step test (module docstring)."""
    y = [math.log(v) for v in values]
    sigma = noise_scale(y)
    found = []

    def split(lo, hi):
        if hi - lo < 2 * MIN_SIDE:
            return
        best = best_split(y, lo, hi, sigma, exact)
        if best and is_change(best[1], best[2], exact):
            found.append(best[0])
            split(lo, best[0])
            split(best[0], hi)

    split(0, len(y))
    return sorted(found)


def measure_changes(values, cuts, exact=False) -> list:
    """For each cut, the step between its neighbouring segments:
    (ratio, lo, hi, statistic), the interval at 95%."""
    y = [math.log(v) for v in values]
    sigma = noise_scale(y)
    bounds = [0, *cuts, len(y)]
    out = []
    for i, k in enumerate(cuts):
        before, after = y[bounds[i]:k], y[k:bounds[i + 2]]
        step = statistics.median(after) - statistics.median(before)
        err = 0.0 if exact else step_error(sigma, len(before), len(after))
        stat = math.inf if err == 0 else abs(step) / err
        out.append((math.exp(step), math.exp(step - Z95 * err), math.exp(step + Z95 * err), stat))
    return out


def analyse(series: Series) -> Series:
    """Finds the series' change points among its undisturbed points."""
    clean = [i for i, p in enumerate(series.points) if not p.disturbed]
    values = [series.points[i].value for i in clean]
    cuts = change_points(values, series.exact)
    series.changes = [Change(clean[k], *m) for k, m in zip(cuts, measure_changes(values, cuts, series.exact))]
    return series


def figures(r):
    """(key, verified, per_call, mb_per_s) of a Result or of a stored result's
    dict (Store.series_rows(raw=True)); key: the series' fields after the machine."""
    if isinstance(r, dict):
        build = (r.get("build") or {}).get("name", "")
        mode = mode_words(r.get("threads", 1), r.get("latency", False), r.get("align", 0))
        return ((r["target"], build, r["algorithm"], r["implementation"], r["size"], r["meter"],
                 r.get("variant") or "", mode), r.get("verified"), r.get("per_call"), r.get("mb_per_s"))
    return ((r.target, r.build.name, r.algorithm, r.implementation, r.size, r.meter, r.variant or "", r.mode_label),
            r.verified, r.per_call, r.mb_per_s)


def commit_depths(commits) -> dict:
    """commit -> the number of commits in its history (git rev-list --count),
    for the commits this clone holds ('-dirty' read as its commit); {} where
    hashbench runs from an installed copy or git is missing."""
    import subprocess

    from .paths import ROOT, is_clone
    out = {}
    if not is_clone():
        return out
    for c in sorted(set(commits)):
        rev = c.removesuffix("-dirty")
        if not rev or not all(ch in "0123456789abcdef" for ch in rev.lower()):
            continue
        try:
            p = subprocess.run(["git", "-C", str(ROOT), "rev-list", "--count", rev, "--"], capture_output=True,
                               text=True, timeout=10)
        except (OSError, subprocess.SubprocessError):
            return {}
        if p.returncode == 0 and p.stdout.strip().isdigit():
            out[c] = int(p.stdout)
    return out


def in_commit_order(series, depths):
    """Points by their commit's depth (one commit's runs by start) where every
    point's commit has one; the series keeps time order otherwise."""
    if series.points and all(p.commit in depths for p in series.points):
        series.points.sort(key=lambda p: (depths[p.commit], p.started_at or "", p.run))
        series.order = "commit"


def build_series(rows, implementations=None, algorithms=None, by_commit=False) -> list:
    """rows: (run, result) pairs from Store.series_rows, oldest run first ->
    the Series, analysed, in a stable order.  by_commit: in commit order where
    the clone knows every run's commit.  A result that failed verification, or
    has no figure, is no point."""
    table = {}
    for run, r in rows:
        key, verified, per_call, mb_per_s = figures(r)
        if not verified or per_call is None or per_call <= 0:
            continue
        if algorithms and key[2] not in algorithms:
            continue
        if implementations and not any(fnmatch.fnmatchcase(key[3], p) for p in implementations):
            continue
        ctx = run["context"]
        key = (ctx.get("hostname") or "", *key)
        s = table.get(key)
        if s is None:
            s = table[key] = Series(*key)
        s.points.append(Point(run["id"], run["started_at"], ctx.get("commit") or "", per_call,
                              bool(ctx.get(overlap.CONTEXT_KEY)), mb_per_s))
    if by_commit:
        depths = commit_depths(p.commit for s in table.values() for p in s.points)
        for s in table.values():
            in_commit_order(s, depths)
    return [analyse(table[k]) for k in sorted(table, key=lambda k: tuple(str(x) for x in k))]
