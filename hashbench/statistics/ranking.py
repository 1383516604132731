# SPDX-License-Identifier: MIT
"""Implementations of one algorithm ranked by time relative to the fastest,
with the spread of that ratio: the figures of `hashbench compare` and of the
report's ranking plot (which only draws them)."""
import math
from dataclasses import dataclass

from ..meters import timer
from ..results.result import Result
from . import stats


@dataclass
class Rank:
    result: Result
    relative: float   # per_call / the fastest's per_call
    spread: float     # of `relative`, in the same unit (0 for the fastest, and for exact meters)


def relative(r, best):
    """(r / best, its ±).  Where both have their fastest moments (meters/timer.py: enough
    samples), the ratio of those figures, both within-run errors combined (95%).  Else, sampled in the same
    processes (interleaved, as `compare` does), each process gives one ratio and the ± is their
    95% interval (stats.estimate_strata, by the CPU the process was pinned to).  Otherwise both
    relative spreads (MAD, % of the median) combined, as hyperfine combines standard deviations:
    r * sqrt((s_i/t_i)^2 + (s_b/t_b)^2)."""
    if r is best:
        return 1.0, 0.0
    timed = not r.exact and not best.exact
    fr = timed and timer.fastest(r, timer.figure_kind(r))
    fb = timed and timer.fastest(best, timer.figure_kind(best))
    if fr and fb:   # sampled in the same processes: their run's shift is common, only the within-run errors
        rel = fr.value / fb.value
        return rel, rel * math.expm1(stats.LEVEL_Z * math.hypot(fr.within_log, fb.within_log))
    if timed and not fr and not fb:
        pr = timer.process_values(r, timer.figure_kind(r))
        pb = timer.process_values(best, timer.figure_kind(best))
        common = sorted(set(pr) & set(pb))
        if len(common) >= 2:
            cpus, ratios = timer.process_cpus(r), {}
            for p in common:
                ratios.setdefault(cpus.get(p), []).append(pr[p][0] / pb[p][0])
            est = stats.estimate_strata(ratios)
            return est.value, est.value * est.ci_pct / 100
    rel = r.per_call / best.per_call
    s_r, s_b = (r.spread_pct or 0) / 100, (best.spread_pct or 0) / 100
    return rel, rel * (s_r ** 2 + s_b ** 2) ** 0.5


def rank(results) -> list:
    """Verified results with a figure, fastest first, each with its ratio
    to the fastest and that ratio's ± (relative)."""
    ranked = sorted((r for r in results if r.verified and r.per_call), key=lambda r: r.per_call)
    if not ranked:
        return []
    best = ranked[0]
    return [Rank(r, *relative(r, best)) for r in ranked]


def groups(results) -> dict:
    """(target, build, meter, algorithm, size) -> its results, for the groups
    where more than one implementation was measured: what a ranking compares.
    Only the plain loop's results: a mode (threads, latency, alignment) is
    set against its own baseline in the modes' tables, never ranked."""
    out = {}
    for r in results:
        if r.mode_label:
            continue
        out.setdefault((r.target, r.build.name, r.meter, r.algorithm, r.size), []).append(r)
    return {k: v for k, v in out.items() if len({r.implementation for r in v if r.verified and r.per_call}) > 1}
