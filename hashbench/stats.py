# SPDX-License-Identifier: MIT
"""Statistics of timed samples: medians, robust spread, tests.  No I/O and
no drawing here; what a sample holds is the meter's business
(hashbench.meters.timer)."""
import math
import statistics


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


def compare(a_samples, b_samples, alpha=0.01, min_effect=0.01):
    """Ratio of B's median time to A's, with significance.

    Significant means: p < alpha AND the medians differ by more than
    min_effect (1%): on a shared machine, smaller shifts are not worth a word.
    """
    a, b = per_call(a_samples), per_call(b_samples)
    ratio = median(b) / median(a) if a and b and median(a) > 0 else float("nan")
    p = mann_whitney_p(a, b)
    significant = p < alpha and abs(ratio - 1) > min_effect
    return ratio, p, significant
