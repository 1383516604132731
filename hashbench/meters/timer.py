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
- samples of a slow mode are left out (hashbench.meters.two_speeds: where a
  row's samples sit at two speeds, the slower are the disturbed ones);
- ns per call: median over its samples of ns/iters, less the harness (the
  do-nothing hash's median in the same process and at the same size); where
  the harness is over HARNESS_RESOLUTION of the raw time the row is below the
  harness's resolution and gets no MB/s.  The same for ticks, and for estimated core cycles
  (hashbench.meters.clock.est_cycles).
The figure of a row with three processes of MIN_PROCESS_SAMPLES kept samples
(or MIN_FAST_SAMPLES kept in all) is its processes' fastest moments (`fastest`): each process's FAST_QUANTILE of its kept
samples less its own harness's same quantile, the median over processes
(pinned to several CPUs: the geometric mean of each CPU's median);
estimated core cycles are a process's ticks' quantile times the kernel's
adds over the kernel's ticks at its own FAST_QUANTILE.  Its ± (`ci_pct`) is
where a rerun's figure falls 95% of the time (stats.repeat_half_log: the
processes' spread and the run-to-run shift, docs/performance.md, "What a ±
and a verdict promise").  Why per process: the process is the unit (the
samples within one are correlated), and a pooled quantile was the luckiest
process's.  With fewer samples the figure is the geometric mean over
processes of each process's median (its slow mode left out), the ± the 95%
interval from the spread between processes (hashbench.statistics.stats.estimate) with
the run-to-run shift added.  `spread_pct` stays the median absolute
deviation of all samples' per-call values, in % of their median.
- cycles/byte: from a timer that counts cycles (core, or TSC reference), or
  estimated from the kernel.
With several threads at once (--threads) each sample also names its
thread, and its CPU is the thread's: the figure is one thread's time per
call (all threads' samples pooled per process), `aggregate_mb_per_s` the sum
of the threads' own MB/s - their samples ran together, each round started at
a barrier - and `thread_mb_per_s` those per thread."""
import dataclasses
import math
import statistics

from ..statistics import stats
from . import clock, two_speeds

SAMPLE_FIELDS = ("iters", "ticks", "ns", "switches", "process", "cpu")
CLOCK_SAMPLE_FIELDS = ("iters", "ticks", "ns", "switches", "clock_ticks", "process", "cpu")
MIN_KEPT = 3
FAST_QUANTILE = 0.05   # the run's fastest moments: the twentieth of its samples that ran fastest
# with fewer kept samples the 0.05-quantile has no exact 95% interval (stats.order_ranks: 59 at
# least) and each process's twentieth is its fastest sample or two: the processes' medians instead
MIN_FAST_SAMPLES = 72
MIN_PROCESS_SAMPLES = 6   # a process with fewer kept samples of the row gives no fastest moments
# Above this share of the raw time, the harness's own noise is as large as what is left of the
# row: such a row is "below the harness's resolution" and gets no figure of its own
HARNESS_RESOLUTION = 0.30
def plus_minus_text(run_sd_pct=None) -> str:
    """What a timed row's ± is, stored with it (extra["plus_minus"]) for the table's header: its
    run-to-run term the run's own (hashbench.meters.run_noise) or this VM's stats.RUN_SD."""
    if run_sd_pct is None:
        return (f"95% of reruns: the processes' spread and a run-to-run shift of {100 * stats.RUN_SD:.1f}% "
                "(this VM's, docs/performance.md), %")
    return (f"95% of reruns: the processes' spread and the run-to-run shift measured in this run "
            f"({run_sd_pct:.2f}%), %")
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


def undisturbed(result, kind="ns", leave_stuck=False):
    """process -> its kept samples less those of a slow mode (hashbench.meters.two_speeds: the rule, and
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
        if mixed and leave_stuck:
            # each process's own fastest moments: a process that never had any gives none - where
            # most of the CPU's processes had them (a minority at the faster speed is luck, not calm)
            fast = {p: [s for s in ss if fn(s) is not None and fn(s) <= mixed.cut] for p, ss in groups.items()}
            settled = {p: ss for p, ss in fast.items() if len(ss) >= two_speeds.MIN_FAST}
            if 2 * len(settled) > len(groups):
                own = settled
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
    return undisturbed(result, figure_kind(result))[1]


def process_values(result, kind="ns") -> dict:
    """process -> (net, raw, harness) per-call value of `kind`: the unit of
    every statistic on a timed result (stats.estimate_strata, diff's within-run error)."""
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
    """A row's figure from its processes' fastest moments: `value`, the median over processes of
    each process's FAST_QUANTILE less its harness's (`per_process`), and the ± (`half_log`, the
    half-width of its 95% interval on the log scale: where a rerun's figure falls, see
    stats.repeat_half_log); `within_log` the figure's standard error within the run alone (log);
    the raw quantile and the harness's (medians over processes); how many kept samples; and
    `harness_share`, the harness over the raw time: above HARNESS_RESOLUTION the row is below the
    harness's resolution and has no figure of its own."""
    value: float
    half_log: float
    within_log: float
    raw: float
    harness: float
    n: int
    per_process: list
    harness_share: float
    processes: list = None   # the processes of per_process, in its order
    cpus: list = None        # the CPU each was pinned to (None: not pinned)

    @property
    def ci_pct(self) -> float:
        return 100.0 * math.expm1(min(self.half_log, 700.0))

    @property
    def within_pct(self) -> float:
        return 100.0 * math.expm1(min(stats.LEVEL_Z * self.within_log, 700.0))

    @property
    def below_resolution(self) -> bool:
        return not (self.value > 0) or self.harness_share > HARNESS_RESOLUTION

    @property
    def disagree_pct(self):
        """How far apart the processes' figures are (max / min - 1, %) when that exceeds the ±:
        one process's luck would move the figure; else None."""
        vals = [v for v in self.per_process if v > 0]
        if len(vals) < 2 or self.below_resolution:
            return None
        spread = math.log(max(vals) / min(vals))
        return 100.0 * math.expm1(spread) if spread > self.half_log else None


def low_quantile(values):
    """The FAST_QUANTILE of the values as an order statistic (rank floor(q n) of the sorted values)."""
    vals = sorted(values)
    return vals[min(len(vals) - 1, int(FAST_QUANTILE * len(vals)))] if vals else float("nan")


def fastest(result, kind="ns", run_sd=None):
    """The row's figure of `kind` from its processes' fastest moments (the module's rule), or None
    when the run kept too few samples of the row: fewer than three processes with
    MIN_PROCESS_SAMPLES kept samples each, and fewer than MIN_FAST_SAMPLES kept in all (the least
    the pooled quantile's exact interval needs).  Not the count of samples taken: a time budget
    takes 46 in one run and 92 in the next, and a row's rule must not flip between runs.
    `run_sd`: the run-to-run term of its ± (the run's measured one, hashbench.meters.run_noise;
    None: stats.RUN_SD)."""
    fields = list(result.sample_fields or ("iters", "ticks", "ns"))
    samples = kept_samples(result)
    own, _ = undisturbed(result, kind, leave_stuck=True)   # kept samples less a slow mode (two_speeds)
    if sum(len(ss) >= MIN_PROCESS_SAMPLES for ss in own.values()) < 3 and len(samples) < MIN_FAST_SAMPLES:
        return None   # neither three processes' own fastest moments nor enough kept for the pooled interval
    col = fields.index("ns" if kind == "ns" else "ticks")
    clk = fields.index("clock_ticks") if kind == "est" else None
    harness_of = by_process(result.harness or (), fields)
    pooled = kept(result.harness or (), fields)

    def per(ss):
        return [s[col] / s[0] for s in ss if s[0]]

    raw, over, net, cpu_of, used = [], [], [], [], []
    cpus = process_cpus(result)
    for p, ss in sorted(own.items()):
        if len(ss) < MIN_PROCESS_SAMPLES:
            continue
        used.append(p)
        v = low_quantile(per(ss))
        h = low_quantile(per(kept(harness_of[p], fields) if p in harness_of else pooled)) if pooled else 0.0
        h = h if h == h else 0.0
        scale = 1.0
        if clk is not None:   # estimated core cycles: the kernel's ticks at its own fastest moments
            k = low_quantile([s[clk] for s in ss if s[clk]])
            if not k > 0:
                return None
            scale = result.extra["clock_adds"] / k
        raw.append(v * scale)
        over.append(h * scale)
        net.append((v - h) * scale)
        cpu_of.append(cpus.get(p))
    if not net or not stats.median(raw) > 0:   # a timer that counted nothing (no ticks beside the ns)
        return None
    raw_v, over_v = stats.median(raw), stats.median(over)
    # below the harness's resolution the net values mean little: their spread is taken on the raw
    basis = net if min(net) > 0 else raw
    value, within = centre(basis, cpu_of)
    if len(basis) < 3:   # one or two processes: the pooled quantile's exact interval, as a standard error
        _, lo, hi = stats.order_interval(per(samples), FAST_QUANTILE)
        within = math.log1p((hi - lo) / 2.0 / stats.LEVEL_Z / value) if hi == hi else float("inf")
    if basis is raw:
        value = stats.median(net)
    return Fastest(value, stats.repeat_half_log(within, run_sd=run_sd), within, raw_v, over_v, len(samples), net,
                   over_v / raw_v, used, cpu_of)


def centre(values, cpus):
    """(figure, standard error of its log) of per-process values: where the processes were pinned
    to several CPUs, two or more on each, the geometric mean over CPUs of each CPU's median (every
    CPU weighs the same, as in stats.estimate_strata), its error from the spread within CPUs;
    else the median over processes, its error sqrt(pi/2) s / sqrt(k).  Positive values."""
    logs = [math.log(v) for v in values]
    groups = {}
    for x, c in zip(logs, cpus):
        groups.setdefault(c, []).append(x)
    if len(groups) >= 2 and None not in groups and min(len(g) for g in groups.values()) >= 2:
        k = len(groups)
        centre_log = statistics.fmean(statistics.median(g) for g in groups.values())
        df = len(logs) - k
        var = sum(sum((x - statistics.fmean(g)) ** 2 for x in g) for g in groups.values()) / df
        se = math.sqrt(math.pi / 2.0 * var * sum(1.0 / len(g) for g in groups.values())) / k
        return math.exp(centre_log), se
    se = math.sqrt(math.pi / 2.0) * statistics.stdev(logs) / math.sqrt(len(logs)) if len(logs) > 1 else float("inf")
    return math.exp(statistics.median(logs)), se


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
    stats.estimate_strata."""
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
    run_sd_pct = result.extra.get("run_sd_pct")   # the run's own run-to-run term (hashbench.meters.run_noise)
    run_sd = None if run_sd_pct is None else run_sd_pct / 100.0
    fast = fastest(result, kind, run_sd)
    for k in ("below_resolution", "processes_disagree_pct", "within_pct"):
        result.extra.pop(k, None)
    if fast:
        result.per_call, result.ci_pct = (fast.value if fast.value > 0 else fast.raw), fast.ci_pct
        result.processes = len(by_process(result.samples, fields))
        result.extra["statistic"] = (f"median over processes of each one's fastest {FAST_QUANTILE:g} of its "
                                     "samples, less its harness's")
        result.extra["within_pct"] = fast.within_pct
        if fast.disagree_pct is not None:
            result.extra["processes_disagree_pct"] = fast.disagree_pct
    else:
        est = stats.estimate_strata(grouped_values(result, kind))
        result.per_call, result.processes = est.value, est.n
        result.ci_pct = None if est.ci_pct is None else 100.0 * math.expm1(
            stats.repeat_half_log(math.log1p(est.ci_pct / 100.0) / stats.LEVEL_Z, run_sd=run_sd))
        result.extra["within_pct"] = est.ci_pct
        result.extra["statistic"] = "processes' medians"
    result.extra["plus_minus"] = (plus_minus_text(run_sd_pct) if result.ci_pct is not None
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
    share = over_ns / raw_ns if raw_ns and raw_ns > 0 and over_ns == over_ns else 0.0
    below = (fast_ns.below_resolution if fast_ns else share > HARNESS_RESOLUTION) and result.size > 0
    if below:   # no speed it did not measure (the processes' rule clamps at a tenth of the raw time)
        result.extra["below_resolution"] = share
        if fast_ns and not fast_ns.value > 0:
            ns = raw_ns
    result.ns_per_call = ns
    result.mb_per_s = result.size / ns * 1e3 if ns > 0 and not below else None
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
