# SPDX-License-Identifier: MIT
"""The calibration kernel (src/platform/host/hb_clock.c): a chain of
dependent adds, one core cycle each, so N adds over their time is the core
clock of that moment.  The host engine writes it as `clock` records at the
start and the end of every process, and with `--meter core-cycles` around every
sample (docs/records.md).

- The machine's clock during a run: one point per `clock` record (the
  median of its kernel runs), kept in the run's context; the run's clock is
  their geometric mean, its drift the spread of the points (max / min - 1).
- Between two runs: the change of the run clocks.
- Estimated core cycles of a sample: its ticks x the kernel's adds / the
  kernel's ticks (the same timer, so its unit cancels)."""
import math
import statistics

DRIFT_WARN_PCT = 3.0   # the header warns above this drift during a run


def point(process: int, rec, cpu=None) -> dict:
    """A `clock` record -> a point of the run's context: where it was taken
    (process, start or end, the CPU the process was pinned to or None), the
    clock it gives (Hz, adds per monotonic second; the median run), and the
    raw kernel runs [adds, ticks, ns]."""
    hz = statistics.median(s[0] / s[2] * 1e9 for s in rec["samples"] if s[2] > 0)
    return {"process": process, "at": rec.get("at", ""), "cpu": cpu, "hz": hz, "samples": rec["samples"]}


def summary(points):
    """The clock of a run from its points -> {hz, min_hz, max_hz, drift_pct,
    points}, or None when the run has none (older runs, no kernel)."""
    hz = [p["hz"] for p in points or () if p.get("hz")]
    if not hz:
        return None
    return {"hz": math.exp(statistics.fmean(math.log(h) for h in hz)), "min_hz": min(hz), "max_hz": max(hz),
            "drift_pct": 100.0 * (max(hz) / min(hz) - 1.0), "points": len(hz)}


def of_run(run):
    return summary((run.context or {}).get("clock"))


def change_pct(run_a, run_b, at="hz"):
    """How much the machine's clock changed from run A to run B, in % (signed),
    or None when either run has no clock points.  at="max_hz": the clock at its
    fastest point of each run, beside figures made from the run's fastest
    moments (hashbench.meters.timer.fastest)."""
    a, b = of_run(run_a), of_run(run_b)
    if not a or not b:
        return None
    return 100.0 * (b[at] / a[at] - 1.0)


def describe(s) -> str:
    """One line for a header: the run's clock and its drift."""
    return (f"core clock {s['hz'] / 1e9:.2f} GHz (calibration kernel, {s['points']} points, "
            f"{s['min_hz'] / 1e9:.2f}-{s['max_hz'] / 1e9:.2f}): drift {s['drift_pct']:.1f}% during the run")


def est_cycles(sample, ticks_index, clock_index, adds):
    """One sample's estimated core cycles per call, or None without a kernel run."""
    if not sample[clock_index] or not sample[0]:
        return None
    return sample[ticks_index] * adds / sample[clock_index] / sample[0]
