# SPDX-License-Identifier: MIT
"""Google Benchmark's JSON (--benchmark_format=json): a `context` and a list
of `benchmarks`, each an iteration run with real_time and cpu_time per
call in `time_unit` - the fields its compare.py and
github-action-benchmark's `googlecpp` reader use.  Both times are the same
figure: the engine measures one clock.  The format holds times, so a
result needs one: measured, or converted from cycles at the CPU's real
clock (a console's, a cycle model's); instruction counts and Callgrind's
estimated cycles have none and are left out.  Counts ride along as user
counters (`cycles`, `instructions`), as Google Benchmark writes counters."""
import json

from ...errors import UserError
from .names import benchmark_name, measured


def entry(r, name) -> dict:
    ns = float(r.ns_per_call)
    e = {"name": name, "run_name": name, "run_type": "iteration", "repetitions": 1, "repetition_index": 0,
         "threads": 1, "iterations": max(1, len(r.samples)), "real_time": ns, "cpu_time": ns, "time_unit": "ns"}
    if r.unit != "ns":
        e[r.unit] = float(r.per_call)
    if r.mb_per_s:
        e["bytes_per_second"] = r.mb_per_s * 1e6
    return e


def render(run) -> str:
    timed = [r for r in measured(run) if r.ns_per_call is not None]
    if not timed:
        raise UserError("--format google-benchmark holds times, and no result of this run has one "
                        "(instructions, Callgrind's estimated cycles): use bencher or github-action-benchmark")
    ctx = run.context or {}
    context = {"date": ctx.get("date") or "", "host_name": ctx.get("hostname") or "",
               "executable": "hashbench", "num_cpus": int(ctx.get("cores") or 1),
               "mhz_per_cpu": int(((ctx.get("timer") or {}).get("hz") or 0) / 1e6),
               "cpu_scaling_enabled": False, "caches": [], "load_avg": [],
               "library_build_type": "release"}
    doc = {"context": context, "benchmarks": [entry(r, benchmark_name(r)) for r in timed]}
    return json.dumps(doc, indent=1) + "\n"
