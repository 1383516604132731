# SPDX-License-Identifier: MIT
"""What every format shares: the benchmarks' names and which results are written."""


def benchmark_name(r) -> str:
    """sha256/portable/1024B/host/gcc-O2 (a meter's variant after the target:
    n64:nocache), and a mode's own segments after it (/threads:2, /latency,
    /align:3), so that the modes of one run never share a name."""
    modes = ([f"threads:{r.threads}"] if r.threads != 1 else []) + (["latency"] if r.latency else []) \
        + ([f"align:{r.align}"] if r.align else [])
    return "/".join([r.algorithm, r.implementation, f"{r.size}B", r.where, r.build.name, *modes])


def measured(run) -> list:
    """The verified results with a figure (a wrong digest has no cost)."""
    return [r for r in run.results if r.verified and r.per_call is not None]
