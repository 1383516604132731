# SPDX-License-Identifier: MIT
"""The host engine's timers (src/platform/host/): what their samples mean
and how a figure is made from them.

Each sample is one batch of calls: [iters, ticks, ns, switches], then with
the calibration kernel around it (meter est-core-cycles) clock_ticks, then
the engine process it came from and the CPU that process was pinned to (-1:
not pinned) - the front end adds both; a result stored before processes
existed has neither switches nor process: one process.
A sample during which the process was switched out (switches > 0) timed
another program too: it is left out, as long as the process keeps
MIN_KEPT samples that were not.  Per process:
- samples of a slow mode are left out (hashbench.two_speeds: where a
  row's samples sit at two speeds, the slower are the disturbed ones);
- ns per call: median over its samples of ns/iters, less the harness (the
  do-nothing hash's median in the same process and at the same size), never
  below a tenth of the raw figure: the subtraction must not manufacture
  infinite speed.  The same for ticks, and for estimated core cycles
  (hashbench.meters.clock.est_cycles).
The figure of a row with MIN_FAST_SAMPLES samples or more is the run's
fastest moments (`fastest`): the FAST_QUANTILE of every process's kept
samples together, less the harness's same quantile; estimated core cycles
are the ticks' quantile times the kernel's adds over the kernel's ticks at
its own FAST_QUANTILE (both at the machine's fastest).  Its ± (`ci_pct`) is
the quantile's distribution-free 95% interval (stats.order_interval).  Why:
on a shared machine the neighbours' load moves a row's samples by 10-30%
within seconds, smoothly, and a process's median follows it; the fastest
twentieth of a run's samples repeats (docs/performance.md).  With fewer
samples the figure is the geometric mean over processes of each process's
median (its slow mode left out), the ± the 95% confidence interval from the
spread between processes (hashbench.stats.estimate).  `spread_pct` stays
the median absolute deviation of all samples' per-call values, in % of
their median.
- cycles/byte: from a timer that counts cycles (core, or TSC reference), or
  estimated from the kernel.
With several threads at once (--threads) each sample also names its
thread, and its CPU is the thread's: the figure is one thread's time per
call (all threads' samples pooled per process), `aggregate_mb_per_s` the sum
of the threads' own MB/s - their samples ran together, each round started at
a barrier - and `thread_mb_per_s` those per thread."""
import dataclasses
import math

from .. import stats, two_speeds
from . import clock

SAMPLE_FIELDS = ("iters", "ticks", "ns", "switches", "process", "cpu")
CLOCK_SAMPLE_FIELDS = ("iters", "ticks", "ns", "switches", "clock_ticks", "process", "cpu")
MIN_KEPT = 3
FAST_QUANTILE = 0.05   # the run's fastest moments: the twentieth of its samples that ran fastest
MIN_FAST_SAMPLES = 40   # with fewer, a twentieth is one or two samples: the processes' medians instead
TIMER_FIELDS = ("name", "unit", "hz", "hz_source", "is_cycles", "description")


def timer_info(rec) -> dict:
    """The engine's timer record -> the context's description of the timer."""
    return {k: rec.get(k) for k in TIMER_FIELDS}


def meter_of(timer, clock_adds, wanted) -> str:
    """The meter of a host result: what the user asked for (a hashbench.meters.Meter), what the timer counts."""
    if not wanted.kernel:
        return "ns"
    if clock_adds:
        return "est-core-cycles"
    return "core-cycles" if (timer or {}).get("unit") == "cycles" else "ns"


def per_call_fn(fields, kind, adds=None):
    """sample -> its per-call value of `kind` ('ns', 'ticks' or 'est'), or None."""
    fields = list(fields) or ["iters", "ticks", "ns"]
    if kind == "est":
        t, c = fields.index("ticks"), fields.index("clock_ticks")
        return lambda s: clock.est_cycles(s, t, c, adds)
    i = fields.index(kind)
    return lambda s: s[i] / s[0] if s[0] else None


def by_process(samples, fields) -> dict:
    """process -> its samples (all in process 0 when the samples do not say)."""
    if "process" not in fields:
        return {0: list(samples)} if samples else {}
    i = list(fields).index("process")
    out = {}
    for s in samples:
        out.setdefault(s[i] if len(s) > i else 0, []).append(s)
    return out


def kept(samples, fields) -> list:
    """The samples no context switch interrupted, if there are MIN_KEPT of
    them; else all (a machine too busy to give any is still measured)."""
    if "switches" not in fields:
        return list(samples)
    i = list(fields).index("switches")
    calm = [s for s in samples if len(s) <= i or not s[i]]
    return calm if len(calm) >= MIN_KEPT else list(samples)


def net(samples, harness, fn):
    vals = [v for v in map(fn, samples) if v is not None]
    raw = stats.median(vals)
    over_vals = [v for v in map(fn, harness or ()) if v is not None]
    over = stats.median(over_vals) if over_vals else 0.0
    return (max(raw - over, raw * 0.1) if raw == raw else raw), raw, over


def undisturbed(result, kind="ns"):
    """process -> its kept samples less those of a slow mode (hashbench.two_speeds: the rule, and
    why), and whether the row is unsettled (a process disturbed throughout).  The modes are
    looked for among the processes of one CPU at a time: a CPU that is slower throughout is a
    stratum (stats.estimate_strata), not a disturbance."""
    fields = result.sample_fields or ("iters", "ticks", "ns")
    fn = per_call_fn(fields, kind, result.extra.get("clock_adds"))
    cpus = process_cpus(result)
    by_cpu = {}
    for p, ss in by_process(result.samples, fields).items():
        by_cpu.setdefault(cpus.get(p), {})[p] = kept(ss, fields)
    out, unsettled = {}, None
    for groups in by_cpu.values():
        own, mixed = two_speeds.undisturbed(groups, fn)
        out.update(own)
        if mixed and (unsettled is None or mixed.slow / mixed.fast > unsettled.slow / unsettled.fast):
            unsettled = mixed
    return out, unsettled


def unsettled(result):
    """The two speeds (two_speeds.Modes) of a timed result made by the processes' medians whose
    samples sit at two speeds with some process at the slower only, else None: its figure may not repeat, by up to the distance
    between the modes (the run's header says so, diff calls such a difference inconclusive)."""
    if not result.samples or result.exact:
        return None
    if fastest(result, figure_kind(result)):   # no process's luck in the figure: its ± says how well
        return None                            # the run's fastest moments pin it down
    return undisturbed(result, figure_kind(result))[1]


def process_values(result, kind="ns") -> dict:
    """process -> (net, raw, harness) per-call value of `kind`: the unit of
    every statistic on a timed result (stats.estimate, stats.compare_processes)."""
    fields = result.sample_fields or ("iters", "ticks", "ns")
    fn = per_call_fn(fields, kind, result.extra.get("clock_adds"))
    groups, _ = undisturbed(result, kind)
    harness = by_process(result.harness, fields)
    pooled = kept(result.harness or (), fields)
    return {p: net(ss, kept(harness[p], fields) if p in harness else pooled, fn)
            for p, ss in sorted(groups.items())}


def kept_samples(result) -> list:
    """Every process's kept samples, together."""
    fields = result.sample_fields or ("iters", "ticks", "ns")
    return [s for ss in by_process(result.samples, fields).values() for s in kept(ss, fields)]


@dataclasses.dataclass
class Fastest:
    """A row's figure from the run's fastest moments: value (net of the harness), the half-width
    of its 95% interval on the log scale, the raw quantile and the harness's beside it, and how
    many samples it was taken from."""
    value: float
    half_log: float
    raw: float
    harness: float
    n: int

    @property
    def ci_pct(self) -> float:
        return 100.0 * math.expm1(self.half_log)


def fastest(result, kind="ns"):
    """The row's figure of `kind` from the run's fastest moments (the module's rule), or None when
    the run took fewer than MIN_FAST_SAMPLES samples of the row."""
    fields = list(result.sample_fields or ("iters", "ticks", "ns"))
    if len(result.samples or ()) < MIN_FAST_SAMPLES:   # taken, not kept: one rule for every row of a run
        return None
    samples = kept_samples(result)
    col = fields.index("ns" if kind == "ns" else "ticks")
    per = [s[col] / s[0] for s in samples if s[0]]
    harness = [s[col] / s[0] for s in kept(result.harness or (), fields) if s[0]]
    v, lo, hi = stats.order_interval(per, FAST_QUANTILE)
    if not v > 0:   # a timer that counted nothing (no ticks beside the ns)
        return None
    over = stats.order_interval(harness, FAST_QUANTILE)[0] if harness else 0.0
    net = max(v - over, v * 0.1)
    half = math.log1p((hi - lo) / 2.0 / net)
    scale = 1.0
    if kind == "est":
        c = fields.index("clock_ticks")
        k, klo, khi = stats.order_interval([s[c] for s in samples if s[c]], FAST_QUANTILE)
        if not k > 0:
            return None
        scale = result.extra["clock_adds"] / k
        half = math.hypot(half, math.log1p((khi - klo) / 2.0 / k))
    return Fastest(net * scale, half, v * scale, over * scale, len(per))


def figure_kind(result) -> str:
    """Which per-call value a result's figure is: 'ns', 'ticks' or 'est'."""
    return {"est-core-cycles": "est", "core-cycles": "ticks"}.get(result.meter, "ns")


def values(result, kind=None) -> list:
    """The per-process net values of the result's figure (or of `kind`)."""
    return [v[0] for v in process_values(result, kind or figure_kind(result)).values()]


def process_cpus(result) -> dict:
    """process -> the CPU it was pinned to, or None (not pinned, or not recorded)."""
    fields = list(result.sample_fields or ())
    if "cpu" not in fields:
        return {p: None for p in by_process(result.samples, fields)}
    i = fields.index("cpu")
    return {p: (ss[0][i] if len(ss[0]) > i and ss[0][i] >= 0 else None)
            for p, ss in by_process(result.samples, fields).items()}


def grouped_values(result, kind=None) -> dict:
    """CPU -> the per-process net values of the processes pinned to it (one
    group, None, when the processes were not pinned): the strata of
    stats.estimate_strata and stats.compare_strata."""
    cpus = process_cpus(result)
    out = {}
    for p, v in process_values(result, kind or figure_kind(result)).items():
        out.setdefault(cpus.get(p), []).append(v[0])
    return out


def sample_values(result) -> list:
    """Every sample's per-call value of the result's figure (no harness
    subtracted): for tests that treat samples as independent."""
    fn = per_call_fn(result.sample_fields, figure_kind(result), result.extra.get("clock_adds"))
    return [v for v in map(fn, kept_samples(result)) if v is not None]


def clock_bound(result) -> bool:
    """Whether the figure moves with the machine's clock: time and reference
    cycles do; core cycles, measured or estimated from the kernel, do not."""
    return result.meter in ("ns", "ref-cycles")


def thread_mb_per_s(result) -> list:
    """Each thread's MB/s, from its own samples (the harness pooled), by the rule of summarise's
    figure: the fastest moments where the thread has samples enough, else the processes' medians."""
    i = list(result.sample_fields).index("thread")
    out = []
    for t in range(result.threads):
        own = dataclasses.replace(result, samples=[s for s in result.samples if len(s) > i and s[i] == t],
                                  extra=dict(result.extra))
        if not own.samples:
            out.append(None)
            continue
        fast = fastest(own, "ns")   # the rule of the row's own figure, on this thread's samples
        ns = fast.value if fast else stats.estimate_strata(grouped_values(own, "ns")).value
        out.append(result.size / ns * 1e3 if ns and ns > 0 else None)
    return out


def _geo(vals):
    return stats.geomean(vals)


def summarise(result, timer=None):
    """Fills a verified host result's figures from its samples."""
    if not result.verified or not result.samples:
        return result
    kind = figure_kind(result)
    fields = result.sample_fields or ("iters", "ticks", "ns")
    fast = fastest(result, kind)
    if fast:
        result.per_call, result.ci_pct = fast.value, fast.ci_pct
        result.processes = len(by_process(result.samples, fields))
        result.extra["statistic"] = f"fastest {FAST_QUANTILE:g} of {fast.n} samples"
        result.extra["plus_minus"] = "95% confidence interval of that quantile, %"
    else:
        est = stats.estimate_strata(grouped_values(result, kind))
        result.per_call, result.ci_pct, result.processes = est.value, est.ci_pct, est.n
        result.extra["statistic"] = "processes' medians"
        result.extra["plus_minus"] = ("95% confidence interval between the processes, %" if result.ci_pct is not None
                                      else "MAD of the samples, % of the median")
    fn = per_call_fn(fields, kind, result.extra.get("clock_adds"))
    result.spread_pct = stats.spread_pct([v for v in map(fn, kept_samples(result)) if v is not None])
    fast_ns = fast if kind == "ns" else fastest(result, "ns")
    if fast_ns:
        ns, raw_ns, over_ns = fast_ns.value, fast_ns.raw, fast_ns.harness
    else:
        per_ns = process_values(result, "ns")
        ns = stats.estimate_strata(grouped_values(result, "ns")).value
        raw_ns, over_ns = _geo(v[1] for v in per_ns.values()), stats.median([v[2] for v in per_ns.values()])
    result.ns_per_call = ns
    result.mb_per_s = result.size / ns * 1e3 if ns > 0 else None
    result.extra.update(ns_per_call_raw=raw_ns, overhead_ns=over_ns)
    if "thread" in fields and result.threads > 1:
        per_thread = thread_mb_per_s(result)
        result.extra["thread_mb_per_s"] = per_thread
        result.aggregate_mb_per_s = sum(per_thread) if all(per_thread) else None
    if kind != "ns":
        result.cycles_per_byte = result.per_call / result.size if result.size else None
        result.cycle_unit = result.meter
    elif timer and timer.get("is_cycles"):
        fast_ticks = fastest(result, "ticks")
        cyc = fast_ticks.value if fast_ticks else stats.estimate_strata(grouped_values(result, "ticks")).value
        result.cycles_per_byte = cyc / result.size if result.size else None
        result.cycle_unit = timer.get("unit")
    return result
