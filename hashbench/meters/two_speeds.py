# SPDX-License-Identifier: MIT
"""Samples at two speeds, and the undisturbed mode.

On a shared machine a row's samples can sit at two speeds: a tight fast mode (the code alone on
its core) and a slower, wider one (the core's other hardware thread busy with another tenant's
work, docs/performance.md).  A process's median then moves with how many samples of each kind
it happened to get.  The rule, on the logarithms of the per-call values of a row (the processes
of one CPU together):
  1. split them in two, each side at least MIN_MODE_SHARE of the samples: where the split best
     separates them (Otsu: the largest between-class variance), or at the widest gap between
     neighbours (a small tight mode beside a wide one); of the two, the one that passes 3 with
     the larger distance between the modes in units of the fast mode's spread;
  2. the fast mode is the faster side's median m and its robust spread s (1.4826 MAD, at least
     MIN_MODE_WIDTH); its samples are those up to the cut m + MODE_SEPARATION * s;
  3. it is two modes when the samples above the cut are at least MIN_MODE_SHARE of all and
     their median is at least MODE_GAP above m, and MODE_DISTANCE times s.  A single mode -
     tight, wide, skewed - puts nearly all its samples under the cut, or its slower part lies
     too near the faster, and fails 3 (tests/python/test_two_speeds.py tries each shape).
Then the samples above the cut are the disturbed ones, left out of each process's value, as
long as the process keeps MIN_FAST under it; a process with fewer ran disturbed throughout and
is left out itself while MIN_SETTLED processes remain; with fewer the row is "unsettled": its
figure may not repeat, and `diff` does not call a difference the two speeds explain a change.

`modes` finds the two speeds, `undisturbed` applies the rule to a row's processes
(hashbench.meters.timer does it per CPU)."""
import math
from dataclasses import dataclass

from ..statistics.stats import mad, median

MODE_GAP = 0.03
MODE_SEPARATION = 5.0
MODE_DISTANCE = 10.0
MIN_MODE_WIDTH = 0.001
MIN_MODE_SHARE = 0.2   # a smaller share is outliers, which the median takes in its stride
MIN_MODE_SAMPLES = 10   # fewer samples say nothing about modes
MIN_FAST = 3
MIN_SETTLED = 2   # processes (of one CPU) that must keep fast samples for the others to be left out


@dataclass
class Modes:
    """Two speeds of one row: the medians of the fast and the slow mode, the fast mode's share of
    the samples, and `cut`, the slowest per-call value the fast mode holds (above it: disturbed)."""
    fast: float
    slow: float
    fast_share: float
    cut: float


def modes(values):
    """Modes of the samples' per-call values (the rule above), or None: one speed."""
    logs = sorted(math.log(v) for v in values if v is not None and v > 0)
    n = len(logs)
    if n < MIN_MODE_SAMPLES:
        return None
    prefix = [0.0]
    for x in logs:
        prefix.append(prefix[-1] + x)
    lo = max(1, math.ceil(MIN_MODE_SHARE * n))
    best, otsu, widest, gap_at = -1.0, None, -1.0, None
    for i in range(lo, n - lo + 1):   # the fast side: logs[:i]
        w = i / n
        d = prefix[i] / i - (prefix[n] - prefix[i]) / (n - i)
        if w * (1.0 - w) * d * d > best:
            best, otsu = w * (1.0 - w) * d * d, i
        if i < n and logs[i] - logs[i - 1] > widest:
            widest, gap_at = logs[i] - logs[i - 1], i
    found = None
    for k in {otsu, gap_at} - {None}:   # two candidate splits: a small tight mode beside a wide one
        m = median(logs[:k])          # can fool Otsu's, and overlapping modes hide the widest gap
        width = max(1.4826 * mad(logs[:k]), math.log1p(MIN_MODE_WIDTH))
        cut = m + MODE_SEPARATION * width
        slow = [x for x in logs if x > cut]
        quality = (median(slow) - m) / width if slow else 0.0
        if len(slow) < MIN_MODE_SHARE * n or median(slow) - m < math.log1p(MODE_GAP) or quality < MODE_DISTANCE:
            continue
        if found is None or quality > found[0]:
            found = (quality, Modes(math.exp(m), math.exp(median(slow)), 1.0 - len(slow) / n, math.exp(cut)))
    return found and found[1]


def undisturbed(groups, key=None):
    """{process: samples} -> ({process: the samples it keeps}, unsettled): with two modes among
    all the samples' per-call values (`key(sample)`, default the sample itself) each process keeps
    its fast-mode samples when it has MIN_FAST of them.  A process with fewer ran disturbed
    throughout: it is left out while at least MIN_SETTLED processes keep theirs; else every
    process keeps all its samples and `unsettled` is the Modes (else None).  With one mode every
    sample is kept."""
    key = key or (lambda v: v)
    split = modes([key(x) for xs in groups.values() for x in xs])
    if split is None:
        return {p: list(xs) for p, xs in groups.items()}, None
    fast = {p: [x for x in xs if key(x) is not None and key(x) <= split.cut] for p, xs in groups.items()}
    settled = {p: xs for p, xs in fast.items() if len(xs) >= MIN_FAST}
    if len(settled) == len(groups) or len(settled) >= MIN_SETTLED:
        return settled, None
    return {p: list(xs) for p, xs in groups.items()}, split
