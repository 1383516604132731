# SPDX-License-Identifier: MIT
"""Figures relative to the best of a group (builds of one algorithm, one
implementation, one size, one meter), in the form "1.00 ± 0.02".

- Exact meters (instructions, exact or model cycles): the ratio of the
  counts; nothing varies, so ± is 0.
- Timed results measured in interleaved rounds (hashbench.targets.rounds):
  the best is the lowest median of its rounds' figures, each divided by the
  geometric mean of all builds in that round (then, should another build
  be faster than it round by round, that one); each build's figure
  is the median over rounds of (its round figure / the best's figure in the
  same round), and ± the median absolute deviation of those ratios.  Pairing
  by round cancels what drifts between processes and hits both alike.
- Timed results without rounds: hashbench.statistics.ranking's figures (compare's):
  the ratio, ± both relative spreads combined as hyperfine combines
  standard deviations."""
import math
from dataclasses import dataclass

from . import ranking, stats


@dataclass
class Relative:
    result: object
    ratio: float
    error: float
    rounds: int = 0     # rounds paired (0: exact, or no rounds)

    @property
    def text(self) -> str:
        return f"{self.ratio:.2f} ± {self.error:.2f}"


def _rounds(r):
    v = r.extra.get("rounds_ns")
    return v if v and len(v) >= 2 else None


def normalised(r, group) -> list:
    """r's round figures, each divided by the geometric mean of the group's
    figures in that round: the best build is the one lowest on this."""
    out = []
    for k, x in enumerate(_rounds(r)):
        logs = [math.log(_rounds(o)[k]) for o in group if _rounds(o)[k] > 0]
        out.append(x / math.exp(sum(logs) / len(logs)) if logs else float("inf"))
    return out


def ranked(results) -> list:
    """[Relative], best first; unverified results and those without a figure
    are left out (a wrong digest has no cost)."""
    rs = [r for r in results if r.verified and r.per_call is not None]
    if not rs:
        return []
    if all(r.exact for r in rs):
        best = min(rs, key=lambda r: r.per_call)
        out = [Relative(r, r.per_call / best.per_call if best.per_call else float("inf"), 0.0) for r in rs]
    elif all(_rounds(r) for r in rs) and len({len(_rounds(r)) for r in rs}) == 1:
        best = min(rs, key=lambda r: stats.median(normalised(r, rs)))
        for _ in rs:   # a build faster than the best, round by round, is the best
            out = paired(rs, best)
            if out[0].result is best:
                break
            best = out[0].result
    else:
        out = [Relative(k.result, k.relative, k.spread) for k in ranking.rank(rs)]
    return sorted(out, key=lambda x: (x.ratio, x.result.build.name))


def paired(rs, best) -> list:
    """[Relative] of each result against `best`, round by round, lowest first."""
    out = []
    for r in rs:
        ratios = [a / b for a, b in zip(_rounds(r), _rounds(best)) if b > 0]
        out.append(Relative(r, stats.median(ratios), 0.0 if r is best else stats.mad(ratios), len(ratios)))
    return sorted(out, key=lambda x: (x.ratio, x.result is not best, x.result.build.name))
