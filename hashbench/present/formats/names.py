# SPDX-License-Identifier: MIT
"""What every format shares: the benchmarks' names and which results are written."""


def benchmark_name(r) -> str:
    """sha256/portable/1024B/host/gcc-O2 (a meter's variant after the target: n64:nocache)."""
    return f"{r.algorithm}/{r.implementation}/{r.size}B/{r.where}/{r.build.name}"


def measured(run) -> list:
    """The verified results with a figure (a wrong digest has no cost)."""
    return [r for r in run.results if r.verified and r.per_call is not None]
