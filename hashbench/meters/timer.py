# SPDX-License-Identifier: MIT
"""The host engine's timers (src/platform/host/): what their samples mean
and how a figure is made from them.

Each sample is [iterations, ticks, ns] for one batch of calls.
- ns per call: median over samples of ns/iterations, less the harness (the
  do-nothing hash's median at the same size), never below a tenth of the
  raw figure: the subtraction must not manufacture infinite speed.
- spread: the median absolute deviation of the per-call times, in % of
  their median (robust against the odd preempted sample).
- cycles/byte: only when the timer counts cycles (core, or TSC reference)."""
from .. import stats

SAMPLE_FIELDS = ("iters", "ticks", "ns")
TIMER_FIELDS = ("name", "unit", "hz", "hz_source", "is_cycles", "description")


def timer_info(rec) -> dict:
    """The engine's timer record -> the context's description of the timer."""
    return {k: rec.get(k) for k in TIMER_FIELDS}


def net(samples, harness, index):
    raw = stats.median(stats.per_call(samples, index))
    over = stats.median(stats.per_call(harness, index)) if harness else 0.0
    return (max(raw - over, raw * 0.1) if raw == raw else raw), raw, over


def summarise(result, timer=None):
    """Fills a verified host result's figures from its samples."""
    if not result.verified or not result.samples:
        return result
    ns, raw, over = net(result.samples, result.harness, 2)
    result.per_call = ns
    result.ns_per_call = ns
    result.mb_per_s = result.size / ns * 1e3 if ns > 0 else None
    result.spread_pct = stats.spread_pct(stats.per_call(result.samples, 2))
    result.extra.update(ns_per_call_raw=raw, overhead_ns=over)
    if timer and timer.get("is_cycles"):
        cyc, _, _ = net(result.samples, result.harness, 1)
        result.cycles_per_byte = cyc / result.size
        result.cycle_unit = timer.get("unit")
    return result
