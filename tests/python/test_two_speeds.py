# SPDX-License-Identifier: MIT
"""Samples at two speeds (hashbench.meters.two_speeds.modes, undisturbed; meters/timer.py; diff; the run's
header), on synthetic samples with known answers: the rule finds two modes where there are two
and none in one wide or skewed mode; leaving the slow mode out makes the figure repeat where the
processes' medians do not; a real 2% change is still found and an A/A diff still finds nothing;
a row with a process at the slow speed throughout is named in the header and never called
changed."""
import math
import random

import pytest

from hashbench.meters import timer, two_speeds
from hashbench.present.host import two_speeds_line
from hashbench.results.result import Build, Result, Run
from hashbench.statistics import stats
from hashbench.statistics.diff import compare_runs

BASE = 2216.0   # ns per call of the fast mode (the DJB2 case of the issue, in ns)


def summarised(samples, algo="djb2"):
    res = Result(algorithm=algo, implementation="portable", size=1024, target="host", build=Build("host"),
                 meter="ns", instrument="tsc", digest="00", verified=True, label=algo.upper(), tier="checksum",
                 sample_fields=timer.SAMPLE_FIELDS, samples=samples, harness=[])
    return timer.summarise(res, {"is_cycles": False, "unit": "ns"})


def two_speed_row(rng, shares, scale=1.0, n=30, cpus=(0, 1)):
    """Samples [iters, ticks, ns, switches, process, cpu] of one row: process p takes its fast
    share shares[p] of samples in a tight fast mode (0.2%), the rest in a slow mode 8-25% slower,
    spread out (the disturbed samples); processes pinned to the CPUs in turn."""
    out = []
    for p, share in enumerate(shares):
        for _ in range(n):
            level = BASE * (1 + rng.gauss(0, 0.002)) if rng.random() < share else BASE * rng.uniform(1.08, 1.25)
            out.append([1000, 0, round(1000 * level * scale), 0, p, cpus[p % len(cpus)]])
    return out


def run_of(results):
    run = Run(kind="host", command="hashbench run", options={"processes": 6}, context={}, status="complete")
    run.results = results
    return run


# ---- the rule -----------------------------------------------------------------------

def test_two_modes_are_found_and_split_at_the_gap():
    rng = random.Random(1)
    vals = [BASE * (1 + rng.gauss(0, 0.0001)) for _ in range(40)] + [rng.uniform(2400, 2700) for _ in range(60)]
    m = two_speeds.modes(vals)
    assert m is not None and m.fast == pytest.approx(BASE, rel=1e-3) and 2500 < m.slow < 2600
    assert m.fast_share == pytest.approx(0.4) and BASE < m.cut < 2400


@pytest.mark.parametrize("make", [
    lambda rng: [1000 * (1 + rng.gauss(0, 0.01)) for _ in range(200)],          # one tight mode
    lambda rng: [1000 * (1 + rng.gauss(0, 0.05)) for _ in range(200)],          # one wide mode
    lambda rng: [1000 * math.exp(rng.gauss(0, 0.08)) for _ in range(200)],      # log-normal
    lambda rng: [1000 * (1 + rng.expovariate(50)) for _ in range(200)],         # a floor and a tail
    lambda rng: [1000.0] * 50,                                                  # all alike
    lambda rng: [1000.0, 2000.0] * 4,                                           # too few to tell
], ids=["tight", "wide", "lognormal", "tail", "constant", "few"])
def test_one_mode_is_not_split(make):
    assert two_speeds.modes(make(random.Random(2))) is None


def test_modes_must_each_hold_a_fifth():
    rng = random.Random(3)
    vals = [1000 * (1 + rng.gauss(0, 0.001)) for _ in range(85)] + [1500.0] * 15   # 15% outliers: no mode
    assert two_speeds.modes(vals) is None


def test_a_process_keeps_its_fast_samples_or_the_row_is_unsettled():
    fast, slow = [100.0, 100.1, 99.9, 100.05], [120.0, 125.0, 130.0, 122.0]
    groups = {0: fast + slow, 1: fast[:3] + slow * 2, 2: fast * 3}
    kept, unsettled = two_speeds.undisturbed(groups)
    assert kept == {0: fast, 1: fast[:3], 2: fast * 3} and unsettled is None
    # a process with too few fast samples is left out, while two others keep theirs
    kept, unsettled = two_speeds.undisturbed({**groups, 3: fast[:2] + slow * 3})
    assert unsettled is None and 3 not in kept and kept[0] == fast
    # with only one process left, nothing is left out and the row is unsettled
    few = {0: fast + slow, 1: fast[:2] + slow * 3, 2: slow * 4}
    kept, unsettled = two_speeds.undisturbed(few)
    assert unsettled is not None and kept == few


def test_quantile_interpolates():
    assert stats.quantile([4, 1, 3, 2], 0.5) == 2.5
    assert stats.quantile([1, 2, 3, 4, 5], 0.25) == 2
    assert stats.quantile([7], 0.1) == 7 and math.isnan(stats.quantile([], 0.5))


# ---- the figure: repeats, stays honest --------------------------------------------

def old_figure(samples):
    """The statistic before: the geometric mean of the processes' medians, every sample kept."""
    by = {}
    for s in samples:
        by.setdefault(s[4], []).append(s[2] / s[0])
    return stats.geomean([stats.median(v) for v in by.values()])


def test_leaving_the_slow_mode_out_makes_consecutive_runs_agree():
    """40 pairs of runs of 6 processes of 30 samples, each process's share of fast samples drawn
    from 20-90%: the processes' medians move with the share, the undisturbed figure does not,
    except where a process drew fewer than MIN_FAST fast samples (the row is then unsettled)."""
    rng = random.Random(4)
    old_ok = new_ok = unsettled = 0
    for _ in range(40):
        a, b = (summarised(two_speed_row(rng, [rng.uniform(0.2, 0.9) for _ in range(6)])) for _ in range(2))
        old_ok += abs(old_figure(b.samples) / old_figure(a.samples) - 1) < 0.02
        new_ok += abs(b.per_call / a.per_call - 1) < 0.02
        for r in (a, b):
            if timer.unsettled(r):
                unsettled += 1
            else:
                assert r.extra["within_pct"] < 1
    assert new_ok >= 36 and old_ok < 20 and unsettled <= 4, (new_ok, old_ok, unsettled)


def test_a_real_two_percent_change_is_still_found_and_a_a_says_nothing():
    """Runs of ten rows at two speeds; in B one row is 2% slower: found in 9 trials of 10 or more,
    and the A/A runs call no row different."""
    rng = random.Random(5)
    found = false_calls = 0

    def rows(last_scale=1.0):
        return run_of([summarised(two_speed_row(rng, [rng.uniform(0.3, 0.9) for _ in range(6)],
                                                scale=last_scale if i == 9 else 1.0), algo=f"x{i}")
                       for i in range(10)])
    for _ in range(10):
        a, again, slower = rows(), rows(), rows(1.02)
        ab = compare_runs(a, slower)
        found += ab[9]["verdict"] == "B slower"
        false_calls += sum(r["significant"] for r in compare_runs(a, again)) + sum(r["significant"] for r in ab[:9])
        assert ab[9]["ratio"] == pytest.approx(1.02, abs=0.005)
    assert found >= 9 and false_calls == 0


def test_a_process_slow_throughout_is_left_out():
    rng = random.Random(8)
    settled = summarised(two_speed_row(rng, [0.6] * 6))
    one_stuck = summarised(two_speed_row(rng, [0.6, 0.6, 0.0, 0.6, 0.6, 0.6]))   # process 2: slow only
    assert not timer.unsettled(one_stuck) and set(timer.process_values(one_stuck)) == {0, 1, 3, 4, 5}
    assert one_stuck.per_call == pytest.approx(settled.per_call, rel=0.005)


def test_a_cpu_slow_throughout_is_named_and_never_a_change(monkeypatch):
    # the processes' medians (a run with too few samples for its fastest moments): a process's luck
    monkeypatch.setattr(timer, "MIN_FAST_SAMPLES", float("inf"))
    monkeypatch.setattr(timer, "MIN_PROCESS_SAMPLES", float("inf"))
    rng = random.Random(6)
    settled = summarised(two_speed_row(rng, [0.6] * 6))
    # processes 2 and 4 (CPU 0, with process 0) at the slow speed only: one left on that CPU
    stuck = summarised(two_speed_row(rng, [0.9, 0.6, 0.0, 0.6, 0.0, 0.6], scale=1.08))
    assert not timer.unsettled(settled) and timer.unsettled(stuck)
    assert two_speeds_line([settled]) is None
    line = two_speeds_line([settled, stuck])
    assert line.startswith("two speeds: 1 row(s) (DJB2)") and "hashbench compare" in line and "\n" not in line
    (row,) = compare_runs(run_of([settled]), run_of([stuck]))
    assert row["verdict"].startswith("inconclusive: samples at two speeds") and not row["significant"]


def test_the_fastest_moments_leave_a_process_stuck_at_the_slow_speed_out_or_name_the_row():
    """The figure is made of each process's own fastest moments: a process that never left the
    slow speed would be one of them.  One such process of a CPU's three is left out (two_speeds);
    two of three leave the row unsettled, named in the run's header."""
    rng = random.Random(6)
    one = summarised(two_speed_row(rng, [0.9, 0.6, 0.0, 0.6, 0.7, 0.6]))
    assert one.per_call == pytest.approx(BASE, rel=0.005) and len(timer.fastest(one).per_process) == 5
    two = summarised(two_speed_row(rng, [0.9, 0.6, 0.0, 0.6, 0.0, 0.6]))
    assert timer.unsettled(two) and two_speeds_line([one, two]).startswith("two speeds: 1 row(s)")


def test_a_cpu_slower_throughout_is_a_stratum_not_a_disturbance():
    """Processes on CPU 0 all 30% slower than on CPU 1: each CPU has one mode, nothing is left out,
    and every CPU weighs the same in the figure (as in the processes' rule)."""
    rng = random.Random(7)
    samples = [[1000, 0, round(1000 * BASE * (1.3 if p % 2 == 0 else 1.0) * (1 + rng.gauss(0, 0.002))), 0, p, p % 2]
               for p in range(6) for _ in range(30)]
    r = summarised(samples)
    assert not timer.unsettled(r)
    # each process's fastest twentieth: about 1.6 jitter SDs (0.3%) under its median
    assert r.per_call == pytest.approx(BASE * math.sqrt(1.3) * (1 - 1.6 * 0.002), rel=2e-3)
    assert len(timer.fastest(r).per_process) == 6


# ---- the sampling: every row in turn within a process --------------------------------

def test_a_run_samples_its_rows_in_turn_and_the_modes_do_not():
    from hashbench.targets.host import engine_args
    plain = {"algos": ["crc32", "djb2"], "impls": ["portable"], "sizes": [1024], "budget_ms": 200, "processes": 6}
    assert "--interleave-rows" in engine_args(plain)
    for mode in ({"latency": True}, {"threads": [1, 2]}, {"aligns": [3]}):
        assert "--interleave-rows" not in engine_args({**plain, **mode})
    compare = engine_args({**plain, "interleave": True})
    assert "--interleave" in compare and "--interleave-rows" not in compare


def test_the_engine_interleaves_rows_and_verifies_each():
    import json
    import subprocess

    from hashbench.toolchain.host import ensure_engine
    engine = str(ensure_engine())
    out = subprocess.run([engine, "bench", "-a", "crc32,djb2,md5", "-s", "64", "-n", "4", "-l", "200",
                          "--interleave-rows"], capture_output=True, text=True, check=True).stdout
    recs = [json.loads(line) for line in out.splitlines()]
    results = [r for r in recs if r["rec"] == "result"]
    assert [r["algo"] for r in results] == ["crc32", "djb2", "md5"]
    assert all(r["verified"] == "reference" and len(r["samples"]) == 4 for r in results)
    # every row verified (its digest record) before any is timed
    kinds = [r["rec"] for r in recs if r["rec"] in ("digest", "result")]
    assert kinds == ["digest"] * 3 + ["result"] * 3
    bad = subprocess.run([engine, "bench", "-a", "crc32", "-L", "--interleave-rows"], capture_output=True, text=True)
    assert bad.returncode == 2 and "plain loop only" in bad.stderr


def test_the_engine_samples_the_harness_beside_the_rows():
    """Two rows or more in turn: the harness is sampled in every round with them (as many samples
    as a row, its record before theirs); one row alone: the harness timed before it, as ever."""
    import json
    import subprocess

    from hashbench.toolchain.host import ensure_engine
    engine = str(ensure_engine())

    def records(algos):
        out = subprocess.run([engine, "bench", "-a", algos, "-s", "64", "-n", "5", "-l", "200", "--interleave-rows"],
                             capture_output=True, text=True, check=True).stdout
        return [json.loads(line) for line in out.splitlines()]
    recs = records("crc32,djb2,md5")
    kinds = [r["rec"] for r in recs if r["rec"] in ("digest", "overhead", "result")]
    assert kinds == ["digest"] * 3 + ["overhead"] + ["result"] * 3
    (over,) = [r for r in recs if r["rec"] == "overhead"]
    assert over["size"] == 64 and len(over["samples"]) == 5
    alone = [r["rec"] for r in records("crc32") if r["rec"] in ("digest", "overhead", "result")]
    assert alone == ["overhead", "digest", "result"]
