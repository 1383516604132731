# SPDX-License-Identifier: MIT
"""Bencher Metric Format: {benchmark name: {measure: {value, lower_value,
upper_value}}}.  Time goes to Bencher's built-in `latency` measure (ns per
call); an exact count to a measure named by its meter (instructions,
exact-cycles, est-cycles: Bencher creates a measure it does not know).
lower_value / upper_value: the 95% confidence interval between processes
where the run has one (timed results in several processes), the value
itself where the figure is exact; none otherwise."""
import json

from .names import benchmark_name, measured


def measure_of(r) -> str:
    return "latency" if r.unit == "ns" else r.meter


def metric(r) -> dict:
    value = float(r.per_call)
    if not r.exact and r.ci_pct is None:
        return {"value": value}
    half = 0.0 if r.exact else r.ci_pct / 100.0
    return {"value": value, "lower_value": value * (1 - half), "upper_value": value * (1 + half)}


def render(run) -> str:
    out = {}
    for r in measured(run):
        out.setdefault(benchmark_name(r), {})[measure_of(r)] = metric(r)
    return json.dumps(out, indent=1) + "\n"
