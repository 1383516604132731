# SPDX-License-Identifier: MIT
"""The run-to-run term of a run's ± (stats.repeat_half_log), measured in the run itself
(docs/performance.md, "What a ± and a verdict promise"): what a whole run's shift varies by from one
run to the next, which no statistic of one row sees, from two things the run sees of the machine:
- the spread between its processes of their common shift (each process's median over rows of its
  value against its CPU's mean): how far the machine's speed moves over the run's seconds,
  0.1-0.5% in a calm hour, 1-2% in a busy one; never taken under RUN_SD_MIN, what the calmest
  hour's runs moved from one to the next;
- the share of its samples the scheduler interrupted (left out of every figure): how much other
  work shares this machine - work that can slow a whole run alike in every process (a run beside
  another benchmark moved 3.8% while its processes agreed within 0.2%): BUSY_SD per unit of share.
The two added in quadrature.  It needs MIN_NOISE_ROWS rows with processes' figures; a run with
fewer keeps stats.RUN_SD."""
import math
import statistics

from . import timer

MIN_NOISE_ROWS = 8
RUN_SD_MIN = 0.003
BUSY_SD = 0.05


def process_shifts(results):
    """The run's common shift in each of its engine processes: process -> (its median over the rows of
    log(its value / its CPU's mean value of the row), its CPU), from the rows whose figure is their
    processes' fastest moments (each CPU with two processes or more), and how many rows gave one."""
    residuals, cpu_of, rows = {}, {}, 0
    for r in results:
        if not r.verified or r.exact or not r.samples or r.extra.get("below_resolution"):
            continue
        f = timer.fastest(r, timer.figure_kind(r))
        if not f or not f.processes or min(f.per_process) <= 0:
            continue
        groups = {}
        for p, c, v in zip(f.processes, f.cpus, f.per_process):
            groups.setdefault(c, []).append((p, math.log(v)))
        used = False
        for c, pv in groups.items():
            if len(pv) < 2:
                continue
            mean = statistics.fmean(x for _, x in pv)
            for p, x in pv:
                residuals.setdefault(p, []).append(x - mean)
                cpu_of[p] = c
            used = True
        rows += used
    return {p: (statistics.median(v), cpu_of[p]) for p, v in residuals.items()}, rows


def interrupted_share(results) -> float:
    """The share of the timed rows' samples during which the process was switched out, or None
    where the samples do not count switches."""
    n = hit = 0
    for r in results:
        fields = list(r.sample_fields or ())
        if r.exact or "switches" not in fields:
            continue
        i = fields.index("switches")
        n += len(r.samples)
        hit += sum(1 for s in r.samples if len(s) > i and s[i])
    return hit / n if n else None


def run_noise(results):
    """The run-to-run term of the run's ± (stats.repeat_half_log), measured in the run (the module's
    MIN_NOISE_ROWS comment): the standard deviation of its processes' common shifts (process_shifts;
    degrees of freedom the processes less the CPUs), at least RUN_SD_MIN, and BUSY_SD times the
    share of its samples interrupted, in quadrature -> {run_sd_pct, process_shift_sd_pct,
    interrupted_pct, processes, rows}; None with fewer than MIN_NOISE_ROWS rows or two degrees of
    freedom (the run keeps stats.RUN_SD)."""
    shifts, rows = process_shifts(results)
    df = len(shifts) - len({c for _, c in shifts.values()})
    if rows < MIN_NOISE_ROWS or df < 2:
        return None
    sd = math.sqrt(sum(v * v for v, _ in shifts.values()) / df)
    share = interrupted_share(results) or 0.0
    run_sd = math.hypot(max(RUN_SD_MIN, sd), BUSY_SD * share)
    return {"run_sd_pct": 100.0 * run_sd, "process_shift_sd_pct": 100.0 * sd, "interrupted_pct": 100.0 * share,
            "processes": len(shifts), "rows": rows}


def apply_run_noise(results, timer_info=None):
    """Measures the run's run-to-run term (run_noise) and makes every timed row's ± with it (stored as
    extra["run_sd_pct"]) -> run_noise's answer, or None (the rows keep stats.RUN_SD)."""
    noise = run_noise(results)
    for r in results:
        if r.verified and not r.exact and r.samples and r.sample_fields:
            if noise:
                r.extra["run_sd_pct"] = noise["run_sd_pct"]
            else:
                r.extra.pop("run_sd_pct", None)
            timer.summarise(r, timer_info)
    return noise
