# SPDX-License-Identifier: MIT
"""Result files that other tools' dashboards read (`-o FILE.json --format
NAME`), one module per format, each `render(run) -> str`:

  bencher                  Bencher Metric Format (bencher.dev/bmf.json)
  google-benchmark         Google Benchmark's JSON (--benchmark_format=json),
                           as its compare.py and github-action-benchmark read it
  github-action-benchmark  the customSmallerIsBetter list of github-action-benchmark

Every benchmark's name carries algorithm, implementation, size, target and
build: benchmark_name().  Only verified results with a figure are written."""
from ...errors import UserError
from . import bencher, github_action_benchmark, google_benchmark
from .names import benchmark_name, measured

FORMATS = {"bencher": bencher.render, "google-benchmark": google_benchmark.render,
           "github-action-benchmark": github_action_benchmark.render}
__all__ = ["FORMATS", "benchmark_name", "measured", "render"]


def render(fmt: str, run) -> str:
    if fmt not in FORMATS:
        raise UserError(f"--format {fmt}: choose from {', '.join(FORMATS)}")
    if not measured(run):
        raise UserError(f"--format {fmt}: the run has no verified result to write")
    return FORMATS[fmt](run)
