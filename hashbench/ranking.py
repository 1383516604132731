# SPDX-License-Identifier: MIT
"""Implementations of one algorithm ranked by time relative to the fastest,
with the spread of that ratio: the figures of `hashbench compare` and of the
report's ranking plot (which only draws them)."""
from dataclasses import dataclass

from .result import Result


@dataclass
class Rank:
    result: Result
    relative: float   # per_call / the fastest's per_call
    spread: float     # of `relative`, in the same unit (0 for the fastest, and for exact meters)


def rank(results) -> list:
    """Verified results with a figure, fastest first.  The ratio's spread
    combines both relative spreads (MAD, % of the median), as hyperfine
    combines standard deviations: r * sqrt((s_i/t_i)^2 + (s_best/t_best)^2)."""
    ranked = sorted((r for r in results if r.verified and r.per_call), key=lambda r: r.per_call)
    if not ranked:
        return []
    best = ranked[0]
    out = []
    for r in ranked:
        rel = r.per_call / best.per_call
        s_r, s_b = (r.spread_pct or 0) / 100, (best.spread_pct or 0) / 100
        out.append(Rank(r, rel, 0.0 if r is best else rel * (s_r ** 2 + s_b ** 2) ** 0.5))
    return out


def groups(results) -> dict:
    """(target, build, meter, algorithm, size) -> its results, for the groups
    where more than one implementation was measured: what a ranking compares."""
    out = {}
    for r in results:
        out.setdefault((r.target, r.build.name, r.meter, r.algorithm, r.size), []).append(r)
    return {k: v for k, v in out.items() if len({r.implementation for r in v if r.verified and r.per_call}) > 1}
