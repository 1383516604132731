# SPDX-License-Identifier: MIT
"""The statistics of the machine model (hashbench.statistics.stats, meters/timer.py,
meters/clock.py, diff) on synthetic data with known answers: Student's t,
the run's fastest moments (a row with many samples), the process as the unit
(fewer), the verdict rule (hashbench.statistics.verdicts) and its inconclusive
verdict when every row moved as much, the table's ±,
estimated core cycles, and runs stored before processes existed."""
import math
import random
import statistics
import types

import pytest

from hashbench.meters import HOST, choose, clock, run_noise, timer
from hashbench.present.table import single_size_table
from hashbench.results.result import Build, Result, Run
from hashbench.statistics import stats, verdicts
from hashbench.statistics.diff import compare_runs, compare_timed, run_sd, shift_of
from hashbench.targets.host import cpu_of


def timed(samples, harness=(), fields=timer.SAMPLE_FIELDS, meter="ns", extra=None, algo="x"):
    res = Result(algorithm=algo, implementation="portable", size=1000, target="host", build=Build("host"),
                 meter=meter, instrument="tsc", digest="00", verified=True, label=algo.upper(), tier="crypto",
                 sample_fields=tuple(fields), samples=[list(s) for s in samples], harness=[list(h) for h in harness],
                 extra=dict(extra or {}))
    return timer.summarise(res, {"is_cycles": True, "unit": "ref-cycles"})


def processes(levels, n=30, jitter=0.002, seed=1, cpus=None):
    """Samples [iters, ticks, ns, switches, process, cpu]: `n` per process,
    each process at its own level (ns per call), tight around it; pinned
    to cpus[p] when given (else -1: not pinned)."""
    rng = random.Random(seed)
    return [[1000, 0, round(1_000_000 * lvl * (1 + rng.gauss(0, jitter))), 0, p, cpus[p] if cpus else -1]
            for p, lvl in enumerate(levels) for _ in range(n)]


@pytest.fixture
def process_rule(monkeypatch):
    """The figure of a row with too few samples for its fastest moments: the processes' medians."""
    monkeypatch.setattr(timer, "MIN_FAST_SAMPLES", float("inf"))
    monkeypatch.setattr(timer, "MIN_PROCESS_SAMPLES", float("inf"))


def clock_points(hz_list):
    return [{"process": i // 2, "at": "start" if i % 2 == 0 else "end", "hz": hz, "samples": []}
            for i, hz in enumerate(hz_list)]


# ---- Student's t ------------------------------------------------------------------

@pytest.mark.parametrize("level,df,want", [(0.95, 1, 12.7062047), (0.95, 4, 2.7764451), (0.99, 10, 3.1692727),
                                           (0.95, 1e6, 1.959966)])
def test_t_quantiles_match_the_tables(level, df, want):
    assert stats.t_quantile(level, df) == pytest.approx(want, rel=1e-6)


def test_t_tail_known_value():
    # Student's t with 5 degrees of freedom: P(T <= 2) = 0.9490302605850709
    assert 1 - stats.t_sf2(2.0, 5) / 2 == pytest.approx(0.9490302605850709, rel=1e-12)


# ---- one figure: its processes, its ± ---------------------------------------------

def test_estimate_is_the_geometric_mean_with_a_t_interval():
    vals = [100.0, 104.0, 98.0, 102.0, 96.0]
    est = stats.estimate(vals)
    logs = [math.log(v) for v in vals]
    sd = math.sqrt(sum((x - sum(logs) / 5) ** 2 for x in logs) / 4)
    assert est.n == 5 and est.value == pytest.approx(math.exp(sum(logs) / 5))
    assert est.ci_pct == pytest.approx(100 * (math.exp(2.7764451 * sd / math.sqrt(5)) - 1), rel=1e-6)
    one = stats.estimate([123.0])
    assert one.value == 123.0 and one.ci_pct is None


def test_table_plus_minus_is_the_interval_between_processes(process_rule):
    levels = [1.00, 1.06, 0.97, 1.03, 0.99]
    r = timed(processes(levels))
    assert r.processes == 5
    want = stats.estimate([1000 * lvl for lvl in levels])
    assert r.per_call == pytest.approx(want.value, rel=2e-3)
    # the ± is where a rerun's figure falls: the processes' interval and the run-to-run shift
    assert r.extra["within_pct"] == pytest.approx(want.ci_pct, rel=0.1)
    rerun = stats.repeat_half_log(math.log1p(r.extra["within_pct"] / 100) / stats.LEVEL_Z)
    assert r.ci_pct == pytest.approx(100 * math.expm1(rerun), rel=1e-9) and r.ci_pct > want.ci_pct
    # within each process the samples agree to 0.2%: the MAD alone would hide the processes
    assert r.ci_pct > 3 > r.spread_pct / 2
    headers, rows, _ = single_size_table([r])
    assert rows[0][headers.index("±%")] == f"{r.ci_pct:.1f}"


def test_one_process_and_old_results_keep_the_mad():
    old = timed([[1000, 0, 1_000_000 + 1000 * k] for k in range(9)], fields=("iters", "ticks", "ns"))
    assert old.processes == 1 and old.ci_pct is None
    headers, rows, _ = single_size_table([old])
    assert rows[0][headers.index("±%")] == f"{old.spread_pct:.1f}"


def test_harness_is_subtracted_per_process():
    samples = [[100, 0, 100 * 50, 0, 0, -1]] * 5 + [[100, 0, 100 * 60, 0, 1, -1]] * 5
    harness = [[1000, 0, 1000 * 2, 0, 0, -1]] * 3 + [[1000, 0, 1000 * 4, 0, 1, -1]] * 3
    r = timed(samples, harness)
    assert timer.values(r) == [48.0, 56.0]
    assert r.per_call == pytest.approx(math.sqrt(48 * 56))


def test_samples_the_scheduler_interrupted_are_left_out():
    calm = [[1000, 0, 1_000_000, 0, 0, -1]] * 4
    hit = [[1000, 0, 9_000_000, 1, 0, -1]] * 3  # switched out: another program's time slice inside
    assert timed(calm + hit).per_call == pytest.approx(1000)
    assert timed(calm[:2] + hit).per_call == pytest.approx(9000)  # too few calm ones: all kept
    assert timed(calm + hit).spread_pct == 0


def test_estimated_core_cycles_from_the_kernel():
    # 1000 calls in 500,000 ticks; 262,144 adds in 100,000 ticks: 2.62144 cycles per tick
    adds = 262144
    samples = [[1000, 500_000, 200_000, 0, 100_000, p, -1] for p in range(3) for _ in range(5)]
    r = timed(samples, fields=timer.CLOCK_SAMPLE_FIELDS, meter="est-core-cycles", extra={"clock_adds": adds})
    assert r.per_call == pytest.approx(500 * adds / 100_000)
    assert r.cycles_per_byte == pytest.approx(r.per_call / 1000) and r.cycle_unit == "est-core-cycles"
    assert r.ns_per_call == pytest.approx(200) and not timer.clock_bound(r)


def test_meter_follows_the_request_and_the_timer():
    ns, cycles = choose("ns", HOST), choose("cycles", HOST)
    assert timer.meter_of({"unit": "ref-cycles"}, None, ns) == "ns"
    assert timer.meter_of({"unit": "cycles"}, None, ns) == "ns"
    assert timer.meter_of({"unit": "ref-cycles"}, 262144, cycles) == "est-core-cycles"
    assert timer.meter_of({"unit": "cycles"}, None, cycles) == "core-cycles"
    assert timer.meter_of({"unit": "ref-cycles"}, None, cycles) == "ns"


# ---- the run's fastest moments ---------------------------------------------------------

def test_order_interval_known_answer():
    vals = list(range(100, 0, -1))   # 1..100, unsorted
    v, lo, hi = stats.order_interval(vals, 0.05)
    # rank 5 (0-based) of 1..100; exact binomial ranks: X ~ Binomial(100, .05), P(1 <= X <= 9) =
    # 0.9659 >= 0.95, and no narrower pair covers 95%: ranks 0 and 9, values 1 and 10
    assert (v, lo, hi) == (6, 1, 10)
    assert stats.order_interval([], 0.05)[0] != stats.order_interval([], 0.05)[0]   # nan


@pytest.mark.parametrize("n", [59, 60, 72, 100, 200, 1000])
def test_order_ranks_cover_at_least_95_percent_exactly_and_are_the_narrowest(n):
    lo, hi = stats.order_ranks(n, 0.05)
    cover = stats.binom_cdfs(n, 0.05)
    assert cover[hi] - cover[lo] >= 0.95
    # every narrower pair covers less (the coverage of a width peaks somewhere: try them all)
    assert all(cover[h] - cover[lo_] < 0.95 for lo_ in range(n) for h in range(lo_ + 1, min(n, lo_ + hi - lo)))


def test_order_interval_is_none_below_its_smallest_n_and_stays_asymmetric():
    assert stats.order_ranks(58, 0.05) is None
    v, lo, hi = stats.order_interval(list(range(1, 59)), 0.05)
    assert v == 3 and lo != lo and hi != hi   # nan: no exact 95% interval from 58 values
    v, lo, hi = stats.order_interval(list(range(1, 101)), 0.05)
    assert v - lo == 5 and hi - v == 4         # not made symmetric
    # the binomial's cdf against a sum done by hand: n = 3, p = 0.5
    assert stats.binom_cdfs(3, 0.5) == pytest.approx([0.125, 0.5, 0.875, 1.0])


def wave(n_proc, n, level, depth, phase, seed, cpus=None, harness=0.0):
    """A run's samples while a neighbour's load rises and falls within each process: sample k of
    process p at level * (1 + depth * the load of that moment), the load a half sine over the
    process's life shifted by `phase` (and by a third of a period from one process to the next), at
    its lowest (0) in about a sixth of it; 0.2% jitter."""
    rng = random.Random(seed)
    out = []
    for p in range(n_proc):
        for k in range(n):
            t = (k / n + phase + p / 3.0) % 1.0
            load = max(0.0, math.sin(math.pi * t) - 0.25)
            ns = 1_000_000 * (level * (1 + depth * load) + harness) * (1 + rng.gauss(0, 0.002))
            out.append([1000, 0, round(ns), 0, p, cpus[p] if cpus else -1])
    return out


def test_the_fastest_moments_repeat_where_the_medians_do_not():
    """Two runs under a neighbour whose load differs (20% deep, then 35%, shifted): the processes'
    medians move by several %, the fastest twentieth of the samples by well under 1%."""
    a = timed(wave(6, 30, 1.0, 0.20, 0.0, seed=1))
    b = timed(wave(6, 30, 1.0, 0.35, 0.4, seed=2))
    assert a.extra["statistic"] == "median over processes of each one's fastest 0.05 of its samples, less its harness's"
    assert a.extra["plus_minus"].startswith("95% of reruns") and len(timer.fastest(a).per_process) == 6
    assert a.per_call == pytest.approx(1000, rel=0.005) and b.per_call == pytest.approx(1000, rel=0.005)
    med = [stats.median(timer.sample_values(r)) for r in (a, b)]   # the samples' median moves with the load
    assert med[1] / med[0] > 1.04
    # the ±: a rerun's interval, the processes' spread (tiny here) and the run-to-run shift
    assert a.extra["within_pct"] < 0.5 and a.processes == 6
    assert a.ci_pct == pytest.approx(100 * math.expm1(stats.repeat_half_log(timer.fastest(a).within_log)))


def test_one_lucky_process_does_not_make_the_figure_and_is_flagged():
    """XOR8 at 16 B on this VM: each process tight, one of six far faster (where its code and
    buffers landed).  The figure is the processes' median, and the row says they disagree."""
    r = timed(processes([1.0, 1.01, 0.6, 0.99, 1.0, 1.02], n=20))
    assert r.per_call == pytest.approx(1000, rel=0.01)
    assert r.extra["processes_disagree_pct"] == pytest.approx(100 * (1.02 / 0.6 - 1), rel=0.02)
    assert "processes_disagree_pct" not in timed(processes([1.0, 1.01, 0.99, 1.0, 1.005, 1.0], n=20)).extra


def test_rows_under_the_harness_resolution_get_no_speed():
    """CRC8 at 2 B: the raw time barely above the harness's: no MB/s, no clamp to a tenth."""
    harness = [[1000, 0, 1000 * 1342, 0, p, -1] for p in range(6) for _ in range(4)]
    r = timed(processes([1.344] * 6, n=15), harness)
    assert r.extra["below_resolution"] > 0.9 and r.mb_per_s is None
    ok = timed(processes([2.0] * 6, n=15), [[1000, 0, 1000 * 400, 0, p, -1] for p in range(6) for _ in range(4)])
    assert "below_resolution" not in ok.extra and ok.mb_per_s == pytest.approx(1000 / 1600 * 1e3, rel=0.01)


def test_the_fastest_moments_subtract_the_harness_at_the_same_quantile():
    harness = [[1000, 0, 1000 * h, 0, p, -1] for p in range(4) for h in (2, 2, 2, 3, 9)]
    r = timed(wave(4, 20, 1.0, 0.2, 0.0, seed=3, harness=0.002), harness)
    assert r.per_call == pytest.approx(1000, rel=0.005) and r.extra["overhead_ns"] == 2


def test_the_fastest_moments_of_estimated_cycles_take_the_kernel_at_its_fastest():
    """Ticks and kernel both slowed by the neighbour, unequally: the figure is the ticks at their
    fastest over the kernel at its fastest, not the fastest of the per-sample ratios."""
    adds, rng = 262144, random.Random(4)
    samples = []
    for k in range(100):
        load = (k // 5 % 10) / 10   # 0.0 .. 0.9, every tenth sample of each process undisturbed
        ticks = 500_000 * (1 + 0.3 * load) * (1 + rng.gauss(0, 0.001))
        kernel = 100_000 * (1 + 0.1 * load) * (1 + rng.gauss(0, 0.001))
        samples.append([1000, round(ticks), 200_000, 0, round(kernel), k % 5, -1])
    r = timed(samples, fields=timer.CLOCK_SAMPLE_FIELDS, meter="est-core-cycles", extra={"clock_adds": adds})
    assert r.per_call == pytest.approx(500 * adds / 100_000, rel=0.005)


def wave_run(levels, depth, phase, seed, algos=None):
    algos = algos or [f"x{i}" for i in range(len(levels))]
    return run_of([timed(wave(6, 30, lvl, depth, phase, seed=seed + i), algo=a)
                   for i, (a, lvl) in enumerate(zip(algos, levels))], 3e9)


def test_diff_finds_two_percent_on_one_row_of_many_and_not_the_whole_runs_shift():
    """Ten rows: between the runs every row moved 1.5% (the machine), one row 2% more.  The shift
    every row shared is taken out: that row is 'B slower', the other nine are not."""
    a = wave_run([1.0] * 10, 0.20, 0.0, seed=10)
    b = wave_run([1.015] * 9 + [1.015 * 1.02], 0.35, 0.5, seed=30)
    rows = compare_runs(a, b)
    assert [r["verdict"] for r in rows[:9]] == ["no significant difference"] * 9
    assert rows[9]["verdict"] == "B slower" and rows[9]["ratio"] == pytest.approx(1.015 * 1.02, abs=0.004)
    shift = shift_of(rows)
    assert shift.pct == pytest.approx(1.5, abs=0.3) and not shift.significant   # within reruns' noise (RUN_SD)
    same = compare_runs(a, wave_run([1.0] * 10, 0.35, 0.5, seed=50))
    assert not any(r["significant"] for r in same)


def test_diff_of_one_row_allows_for_a_whole_runs_shift():
    """A lone row cannot tell its code from the run's shift: 2% is what reruns make, 10% is not."""
    a = wave_run([1.0], 0.20, 0.0, seed=5, algos=["sha256"])
    (row,) = compare_runs(a, wave_run([1.02], 0.10, 0.3, seed=7, algos=["sha256"]))
    assert row["method"] == "fastest moments" and row["verdict"] == "no significant difference"
    assert shift_of([row]) is None
    (row,) = compare_runs(a, wave_run([1.10], 0.10, 0.3, seed=7, algos=["sha256"]))
    assert row["verdict"] == "B slower" and row["ratio"] == pytest.approx(1.10, abs=0.005)


def test_diff_says_inconclusive_when_every_row_moved_as_much():
    """Every row 6% slower: the machine (or a change to every row) - no row's verdict; one row 12%
    slower than A (6% beyond the rest): that row changed.  The calibration kernel's clock does
    not enter: the shift is read from the rows' own figures."""
    a = wave_run([1.0] * 10, 0.20, 0.0, seed=60)
    b = wave_run([1.06] * 9 + [1.12], 0.20, 0.0, seed=80)
    b.context["clock"] = clock_points([3.0e9] * 10)   # the kernel saw no change
    rows = compare_runs(a, b)
    assert all(r["verdict"] == "inconclusive: every row moved by +6.0%" for r in rows[:9])
    assert rows[9]["verdict"] == "B slower" and shift_of(rows).significant


def test_the_verdicts_are_corrected_across_the_rows():
    """Benjamini-Hochberg: known answer, and the rule's p is the adjusted one."""
    assert verdicts.bh_adjust([0.01, 0.04, 0.03, float("nan")])[:3] == pytest.approx([0.03, 0.04, 0.04])
    rows = [(1.0, 0.001)] * 20 + [(1.006, 0.0005)]   # 0.6%: significant, but under the minimum effect
    shift, out = verdicts.judge(rows, paired=True)
    assert out[-1].p < 1e-6 and out[-1].verdict == "no significant difference"
    # the A/B of docs/performance.md: 8 rows of 40 made 2% slower, their runs' error 0.2% each
    shift, out = verdicts.judge([(1.0, 0.002)] * 32 + [(1.02, 0.002)] * 8)
    assert [c.verdict for c in out] == ["no significant difference"] * 32 + ["B slower"] * 8
    assert shift.log == 0.0
    # one row of 21 1.5% slower: its p, 0.0015 alone, is 21 times that after the correction
    shift, out = verdicts.judge([(1.0, 0.002)] * 20 + [(1.015, 0.002)])
    sd = math.sqrt(0.002 ** 2 + 2 * stats.ROW_SD ** 2)
    alone = 2 * (1 - statistics.NormalDist().cdf(math.log(1.015) / sd))
    assert out[-1].p == pytest.approx(21 * alone) and out[-1].verdict == "no significant difference"
    # paired rounds (compare --rev): no run-to-run noise, the rounds' own error is all
    _, (c,) = verdicts.judge([(1.02, 0.002)], paired=True)
    assert c.verdict == "B slower" and c.p < 1e-6
    _, (c,) = verdicts.judge([(1.0, 0.002)], paired=True)
    assert c.verdict == "no significant difference" and c.p == pytest.approx(1.0)


def test_a_cpu_slower_throughout_weighs_as_much_as_the_faster_in_the_fastest_moments():
    """Pinned in turn to two CPUs that differ: each CPU's median, every CPU alike (as the processes'
    rule does), the spread within CPUs its error - the CPUs' difference is no noise."""
    r = timed(processes([SLOW, FAST, SLOW, FAST, SLOW, FAST], cpus=[0, 1, 0, 1, 0, 1]))
    assert r.per_call == pytest.approx(1000 * math.sqrt(SLOW * FAST), rel=3e-3)
    assert r.extra["within_pct"] < 0.5


def test_too_few_samples_for_the_fastest_moments_take_the_processes_medians():
    r = timed(processes([1.0, 1.1, 0.9], n=5))   # under MIN_PROCESS_SAMPLES each, 15 in all
    assert timer.fastest(r) is None and r.extra["statistic"] == "processes' medians"
    assert r.per_call == pytest.approx(1000 * (1.0 * 1.1 * 0.9) ** (1 / 3), rel=3e-3)


# ---- two figures --------------------------------------------------------------------

def test_the_verdict_does_not_mistake_process_drift_for_a_difference(process_rule):
    """The machine of docs/performance.md: tight samples within a process, 5-10% between
    processes.  The processes are the unit of the within-run error: no verdict."""
    a = timed(processes([1.00, 1.10, 0.95, 1.05, 0.98], seed=1))
    b = timed(processes([1.06, 0.97, 1.12, 1.03, 1.08], seed=2))
    c = compare_timed(a, b)
    assert c.method == "processes" and c.verdict == "no significant difference" and c.p > 0.05
    assert c.lo < 1 < c.hi


def test_the_verdict_finds_a_real_difference_between_processes(process_rule):
    a = timed(processes([1.00, 1.01, 0.99, 1.00, 1.005], seed=3))
    b = timed(processes([1.10, 1.11, 1.09, 1.10, 1.105], seed=4))
    c = compare_timed(a, b)
    assert c.verdict == "B slower" and c.p < 1e-4 and c.ratio == pytest.approx(1.10, rel=0.01) and c.lo > 1.05
    assert compare_timed(b, a).verdict == "B faster"


def test_small_differences_are_never_significant():
    """Under the minimum effect (twice the A/A noise of a row's difference) however small the
    error: 0.8% in paired rounds, p near 0, is no verdict; 1.2 times the minimum is."""
    floor = verdicts.MIN_EFFECT_SDS * math.sqrt(2) * stats.ROW_SD
    assert math.log(1.008) < floor
    _, (c,) = verdicts.judge([(1.008, 1e-5)], paired=True)
    assert c.p < 1e-6 and c.verdict == "no significant difference"
    _, (c,) = verdicts.judge([(math.exp(1.2 * floor), 1e-5)], paired=True)
    assert c.verdict == "B slower"
    # taken apart, against 20 unchanged rows: the same
    _, out = verdicts.judge([(1.0, 1e-5)] * 20 + [(1.008, 1e-5)])
    assert out[-1].verdict == "no significant difference"


# ---- processes pinned to CPUs that differ: the CPU as a stratum -------------------

SLOW, FAST = 1.6, 1.0   # this VM's two vCPUs on throughput-bound code (docs/performance.md)


def test_processes_take_every_cpu_in_turn():
    assert [cpu_of(p, 5, [0, 1]) for p in range(5)] == [0, 1, 0, 1, 0]
    assert cpu_of(0, 1, [0, 1]) is None and cpu_of(3, 5, []) is None


def test_estimate_strata_known_answer():
    groups = {0: [100.0, 102.0, 98.0], 1: [150.0, 153.0, 147.0]}  # three processes on each CPU
    est = stats.estimate_strata(groups)
    logs = {k: [math.log(v) for v in vals] for k, vals in groups.items()}
    means = {k: sum(v) / 3 for k, v in logs.items()}
    var = sum((x - means[k]) ** 2 for k, v in logs.items() for x in v) / 4  # N - S = 4
    se = math.sqrt(var * (1 / 3 + 1 / 3)) / 2
    assert est.value == pytest.approx(math.exp((means[0] + means[1]) / 2))
    assert est.ci_pct == pytest.approx(100 * (math.exp(stats.t_quantile(0.95, 4) * se) - 1))
    # the CPUs' difference is not noise: the unstratified interval is ten times wider
    assert stats.estimate(groups[0] + groups[1]).ci_pct > 10 * est.ci_pct
    # one process per CPU: no variance within CPUs, so no strata
    assert stats.estimate_strata({0: [100.0], 1: [150.0]}) == stats.estimate([100.0, 150.0])


def test_strata_remove_the_luck_of_the_cpu_mix(process_rule):
    """Run A had 4 of 7 processes on the slow CPU, run B 3: unstratified, the mix moves the figure
    by 7%; by CPU, nothing changed, and the verdict says so."""
    a = timed(processes([SLOW, FAST] * 3 + [SLOW], cpus=[0, 1] * 3 + [0], seed=21))
    b = timed(processes([FAST, SLOW] * 3 + [FAST], cpus=[1, 0] * 3 + [1], seed=22))
    flat = [stats.geomean(sum(timer.grouped_values(r).values(), [])) for r in (a, b)]
    assert flat[1] / flat[0] < 0.94
    c = compare_timed(a, b)
    assert c.method == "strata" and c.ratio == pytest.approx(1.0, abs=0.005)
    assert c.verdict == "no significant difference"


def test_strata_find_a_change_the_cpu_mix_hides(process_rule):
    a = timed(processes([SLOW, FAST] * 3, cpus=[0, 1] * 3, seed=23))
    b = timed(processes([1.1 * x for x in [SLOW, FAST] * 3], cpus=[0, 1] * 3, seed=24))
    c = compare_timed(a, b)
    assert c.method == "strata" and c.verdict == "B slower" and c.ratio == pytest.approx(1.1, rel=5e-3)
    # the CPUs taken as one group, their difference is the processes' spread: it swamps 10%
    flat = [sum(timer.grouped_values(r).values(), []) for r in (a, b)]
    assert stats.estimate(flat[0]).ci_pct > 3 * 100 * math.log(1.1)


def test_pinned_results_weigh_every_cpu_alike(process_rule):
    r = timed(processes([SLOW, FAST, SLOW, FAST, SLOW, FAST, SLOW], cpus=[0, 1, 0, 1, 0, 1, 0]))
    assert r.per_call == pytest.approx(1000 * math.sqrt(SLOW * FAST), rel=3e-3)
    assert r.extra["within_pct"] < 1
    assert timer.grouped_values(r).keys() == {0, 1}


def test_diff_of_pinned_runs_is_blocked_by_cpu(process_rule):
    a = run_of([timed(processes([SLOW, FAST] * 3 + [SLOW], cpus=[0, 1] * 3 + [0], seed=11))], 3e9)
    b = run_of([timed(processes([1.05 * x for x in [FAST, SLOW] * 3 + [FAST]], cpus=[1, 0] * 3 + [1],
                                seed=12))], 3e9)
    (row,) = compare_runs(a, b)
    assert row["method"] == "strata" and row["verdict"] == "B slower"
    assert row["ratio"] == pytest.approx(1.05, rel=5e-3)


# ---- the machine's clock: drift within a run, change between runs -------------------

def test_clock_points_drift_and_change():
    rec = {"rec": "clock", "at": "start", "samples": [[262144, 0, 87381], [262144, 0, 87381], [262144, 0, 99999]]}
    p = clock.point(2, rec)
    assert p["process"] == 2 and p["at"] == "start" and p["hz"] == pytest.approx(262144 / 87381 * 1e9)
    s = clock.summary(clock_points([3.0e9, 3.0e9, 2.85e9, 3.0e9]))
    assert s["drift_pct"] == pytest.approx(100 * (3.0 / 2.85 - 1)) and s["points"] == 4
    assert "drift 5.3% during the run" in clock.describe(s)
    assert clock.summary([]) is None
    ra = Run(kind="host", context={"clock": clock_points([3.0e9] * 4)})
    rb = Run(kind="host", context={"clock": clock_points([2.7e9] * 4)})
    assert clock.change_pct(ra, rb) == pytest.approx(-10.0)
    assert clock.change_pct(ra, Run(kind="host")) is None


def run_of(results, hz):
    return Run(kind="host", options={"processes": 5}, context={"cpu": "x", "clock": clock_points([hz] * 10)},
               status="complete", results=results)


def test_diff_of_estimated_cycles_ignores_the_clock():
    def est(levels, seed):
        rng = random.Random(seed)
        samples = [[1000, round(1000 * lvl * (1 + rng.gauss(0, 0.002))), 1, 0, 262144, p, -1]
                   for p, lvl in enumerate(levels) for _ in range(10)]
        return timed(samples, fields=timer.CLOCK_SAMPLE_FIELDS, meter="est-core-cycles",
                     extra={"clock_adds": 262144})
    a = run_of([est([1.00, 1.01, 0.99, 1.00, 1.005], 8)], 3.0e9)
    b = run_of([est([1.05, 1.06, 1.04, 1.05, 1.055], 9)], 2.85e9)
    (row,) = compare_runs(a, b)
    assert row["verdict"] == "B slower"


def test_diff_of_runs_stored_with_one_process_tests_the_samples():
    rng = random.Random(10)
    old = ("iters", "ticks", "ns")
    a = Run(kind="host", results=[timed([[10, 0, 1000 + rng.random()] for _ in range(20)], fields=old)])
    b = Run(kind="host", results=[timed([[10, 0, 1100 + rng.random()] for _ in range(20)], fields=old)])
    (row,) = compare_runs(a, b)
    assert row["method"] == "samples" and row["verdict"] == "B slower" and row["lo"] < row["ratio"] < row["hi"]


# ---- compare --rev: the same rule on paired rounds ----------------------------------

def test_compare_rev_uses_diffs_rule_with_its_minimum_effect():
    from hashbench.flows import revisions
    from hashbench.present.compare import percent
    # 1.0040 [1.0005, 1.0075] over 10 rounds: the interval excludes 1, the change is under the
    # minimum effect: no verdict (it printed "B is slower")
    se = math.log(1.0075 / 1.0040) / stats.t_quantile(0.95, 9)
    o = revisions.Outcome(None, None, 1.0040, 1.0005, 1.0075, exact=False, rounds=10, se_log=se)
    assert o.verdict() == "no significant difference"
    o = revisions.Outcome(None, None, 1.03, 1.02, 1.04, exact=False, rounds=10,
                          se_log=math.log(1.04 / 1.03) / stats.t_quantile(0.95, 9))
    assert o.verdict() == "B is slower"
    assert percent(revisions.Outcome(None, None, 1.0, 1.0, 1.0, exact=True)) == "the same as"
    assert percent(o) == "3.00% more than"


def test_rounds_pinned_put_both_builds_of_a_round_on_one_cpu(monkeypatch):
    from hashbench.targets import host, rounds
    seen = []

    def fake_measure(opts, catalogue, engine, quiet=True):
        seen.append((engine, opts.get("cpu")))
        return types.SimpleNamespace(engine={}, timer={}), [], "complete"
    monkeypatch.setattr(host, "measure", fake_measure)
    monkeypatch.setattr(host, "cpus", lambda: [0, 1])
    builds = {"A": (None, "a"), "B": (None, "b")}
    rounds.measure(builds, {"budget_ms": 40, "processes": 1}, [], 4, quiet=True, pin=True)
    assert sorted(seen) == sorted([("a", 0), ("b", 0), ("a", 1), ("b", 1)] * 2)
    by_round = [seen[i:i + 2] for i in range(0, 8, 2)]
    assert all(x[1] == y[1] for x, y in by_round) and [r[0][1] for r in by_round] == [0, 1, 0, 1]


def test_the_runs_header_names_rows_whose_processes_disagree():
    from hashbench.present.host import disagree_line
    lucky = timed(processes([1.0, 1.01, 0.6, 0.99, 1.0, 1.02], n=20), algo="xor8")
    calm = timed(processes([1.0, 1.01, 0.99, 1.0, 1.005, 1.0], n=20), algo="crc8")
    assert disagree_line([calm]) is None
    line = disagree_line([calm, lucky])
    assert line.startswith("processes disagree: 1 row(s) (XOR8, 70%)") and "median" in line


def test_the_cycles_column_says_reference_cycles_under_the_tsc():
    from hashbench.present.table import cycles_title
    r = timed(processes([1.0] * 6))
    assert r.cycle_unit == "ref-cycles" and "ref-cyc/B" in single_size_table([r])[0]
    r.cycle_unit = "cycles"
    assert cycles_title([r]) == "cyc/B"


# ---- the run-to-run term, measured in each run ---------------------------------------

def shifted_run(shifts_pct, rows=10, cpus=None, slow_cpu=1.0, seed=70):
    """`rows` rows of 6 processes (30 samples each), process p's every row at 1 + shifts_pct[p] %
    (the machine's speed in that process's seconds), a row's own level apart; pinned to cpus[p]
    when given, CPU 1 slow_cpu times slower throughout."""
    out = []
    for i in range(rows):
        levels = [(1 + 0.1 * i) * (1 + c / 100) * (slow_cpu if cpus and cpus[p] == 1 else 1.0)
                  for p, c in enumerate(shifts_pct)]
        out.append(timed(processes(levels, seed=seed + i, cpus=cpus), algo=f"x{i}"))
    return run_of(out, 3e9)


def test_each_run_measures_its_run_to_run_term_from_its_processes_shifts():
    shifts = [0.6, -0.6, 0.3, -0.3, 0.0, 0.0]
    run = shifted_run(shifts)
    noise = run_noise.apply_run_noise(run.results, {"is_cycles": True})
    logs = [math.log1p(c / 100) for c in shifts]
    want = math.sqrt(sum((x - statistics.fmean(logs)) ** 2 for x in logs) / 5)   # 6 processes, 1 CPU
    assert noise["process_shift_sd_pct"] == pytest.approx(100 * want, abs=0.06)
    assert noise["run_sd_pct"] == noise["process_shift_sd_pct"] and noise["processes"] == 6
    assert noise["rows"] == 10
    for r in run.results:   # every row's ± made with it, and says so
        assert r.extra["run_sd_pct"] == noise["run_sd_pct"]
        within = timer.fastest(r).within_log
        assert r.ci_pct == pytest.approx(100 * math.expm1(stats.repeat_half_log(within, run_sd=want)), rel=0.05)
        assert f"measured in this run ({noise['run_sd_pct']:.2f}%)" in r.extra["plus_minus"]
    from hashbench.present.host import figure_line
    assert f"({noise['run_sd_pct']:.2f}%)" in figure_line(run.results, 1000)


def test_a_calm_run_has_the_least_term_and_a_cpu_slower_throughout_is_no_shift():
    calm = shifted_run([0.0] * 6)
    noise = run_noise.apply_run_noise(calm.results)
    assert noise["process_shift_sd_pct"] < 0.1 and noise["run_sd_pct"] == 100 * run_noise.RUN_SD_MIN
    assert calm.results[0].ci_pct < 100 * math.expm1(stats.repeat_half_log(0.0))   # narrower than RUN_SD's
    pinned = shifted_run([0.0] * 6, cpus=[0, 1] * 3, slow_cpu=1.6)
    assert run_noise.apply_run_noise(pinned.results)["process_shift_sd_pct"] < 0.1


def test_a_run_of_few_rows_keeps_the_vms_term():
    run = shifted_run([0.6, -0.6, 0.3, -0.3, 0.0, 0.0], rows=run_noise.MIN_NOISE_ROWS - 1)
    assert run_noise.apply_run_noise(run.results) is None
    r = run.results[0]
    assert "run_sd_pct" not in r.extra and f"{100 * stats.RUN_SD:.1f}%" in r.extra["plus_minus"]
    assert r.ci_pct == pytest.approx(100 * math.expm1(stats.repeat_half_log(timer.fastest(r).within_log)))


def test_the_verdict_takes_each_runs_measured_term():
    """A lone row 2% slower: what reruns make under this VM's busy-hour term (no verdict), beyond what
    two calm runs measured in themselves (0.2% each: B slower).  With 8 rows or more, the A/A noise
    of the common shift is the two runs' terms."""
    _, (c,) = verdicts.judge([(1.02, 0.002)])
    assert c.verdict == "no significant difference"
    _, (c,) = verdicts.judge([(1.02, 0.002)], run_sds=(0.002, 0.002))
    assert c.verdict == "B slower"
    shift, _ = verdicts.judge([(1.0, 0.002)] * 10, run_sds=(0.003, 0.004))
    assert shift.sd == pytest.approx(0.005)
    # one row of 21 moved 2% against the rest: two calm runs call it; two busy ones (2.5% terms) move
    # their rows apart by ROW_OF_RUN of that as well, and an A/A pair of them does too: no verdict
    rows = [(1.0, 0.001)] * 20 + [(1.02, 0.001)]
    assert verdicts.judge(rows, run_sds=(0.003, 0.003))[1][-1].verdict == "B slower"
    busy = verdicts.judge(rows, run_sds=(0.025, 0.025))[1][-1]
    assert busy.verdict == "no significant difference"
    row_sd = verdicts.ROW_OF_RUN * 0.025
    assert row_sd > stats.ROW_SD
    sd = math.sqrt(0.001 ** 2 + 2 * row_sd ** 2)
    assert busy.p == pytest.approx(21 * 2 * (1 - statistics.NormalDist().cdf(math.log(1.02) / sd)))
    # diff reads each run's term from its rows
    a, b = shifted_run([0.0] * 6), shifted_run([0.6, -0.6, 0.3, -0.3, 0.0, 0.0], seed=90)
    for run in (a, b):
        run_noise.apply_run_noise(run.results)
    assert run_sd(a) == pytest.approx(100 * run_noise.RUN_SD_MIN)
    assert run_sd(b) == b.results[0].extra["run_sd_pct"] > 0.3
    assert shift_of(compare_runs(a, b)).sd == pytest.approx(math.hypot(run_sd(a), run_sd(b)) / 100)


# ---- a sweep: net time never falls with size ------------------------------------------

def sweep_rows(ns, ci=5.0, algo="crc8"):
    return [Result(algorithm=algo, implementation="portable", size=size, target="host", build=Build("host"),
                   meter="ns", instrument="tsc", digest="00", verified=True, label=algo.upper(),
                   tier="checksum", ns_per_call=v, per_call=v, ci_pct=ci) for size, v in enumerate(ns)]


def test_a_sweep_flags_net_time_that_falls_with_size_beyond_the_plus_minus():
    from hashbench.present.modes import falls_line, falls_with_size
    # CRC-8 at 0-4 B as the issue saw it: 2 B and 3 B below 1 B beyond their 5% each
    rows = sweep_rows([0.439, 0.445, 0.134, 0.225, 0.458])
    pairs = falls_with_size(rows)
    assert [(a.size, b.size) for a, b in pairs] == [(1, 2), (1, 3)]
    line = falls_line(rows)
    assert "CRC8 0.134 ns at 2 B below 0.445 ns at 1 B" in line and "CRC8 0.225 ns at 3 B" in line
    # within their ± (0.430 against 0.445, 5% each), or another code's rows: nothing
    assert falls_with_size(sweep_rows([0.439, 0.445, 0.430, 0.46])) == []
    assert falls_with_size(sweep_rows([0.445]) + sweep_rows([0.5, 0.2], algo="xor8")[1:]) == []
    # a row below the harness's resolution has no figure to compare, and its table prints none
    rows[2].extra["below_resolution"] = 0.4
    assert [(a.size, b.size) for a, b in falls_with_size(rows)] == [(1, 3)]
    from hashbench.present.modes import small_sweep_table
    _, table, _ = small_sweep_table(rows)
    assert [row[1] for row in table] == ["0.439", "0.445", "< harness", "0.225", "0.458"]


def test_diff_prints_the_terms_the_runs_stored(capsys):
    from hashbench.present.diff import present_diff
    a = wave_run([1.0], 0.20, 0.0, seed=5, algos=["sha256"])
    b = wave_run([1.0], 0.20, 0.3, seed=7, algos=["sha256"])
    a.results[0].extra["run_sd_pct"], b.results[0].extra["run_sd_pct"] = 0.31, 1.47
    a.id, b.id = 1, 2
    present_diff(a, b, compare_runs(a, b))
    assert "allows for a whole run's shift (SD A 0.31%, B 1.47%)" in capsys.readouterr().out
    big_a, big_b = shifted_run([0.0] * 6), shifted_run([0.6, -0.6, 0.3, -0.3, 0.0, 0.0], seed=90)
    for run in (big_a, big_b):
        run_noise.apply_run_noise(run.results)
    big_a.id, big_b.id = 3, 4
    rows = compare_runs(big_a, big_b)
    present_diff(big_a, big_b, rows)
    assert f"(A/A: SD {100 * shift_of(rows).sd:.1f}%)" in capsys.readouterr().out
    assert shift_of(rows).sd == pytest.approx(math.hypot(run_sd(big_a), run_sd(big_b)) / 100)
