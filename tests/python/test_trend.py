# SPDX-License-Identifier: MIT
"""hashbench trend: change points in stored series.  The method's false-alarm
rate and its power on series with known steps (the figures in
docs/performance.md), then the command on a store built from run records
with a known +10% step on one machine and 1% noise everywhere."""
import json
import math
import random

import cli_util
import synthetic

from hashbench import overlap, trend
from hashbench.result import Run


def noisy(n, rnd, sd=0.01, step_at=None, step=1.10, outlier=True):
    values = [(step if step_at is not None and i >= step_at else 1.0) * (1 + rnd.gauss(0, sd)) for i in range(n)]
    if outlier:   # one run in two series of three has a wild figure (a disturbed run)
        if rnd.random() < 0.67:
            values[rnd.randrange(n)] *= rnd.choice((0.7, 1.3, 2.0))
    return values


def test_false_alarm_rate_is_under_one_percent():
    rnd = random.Random(40)
    series = alarms = 0
    for sd in (0.01, 0.03):
        for n in (6, 8, 12, 20, 40):
            for _ in range(150):
                series += 1
                alarms += bool(trend.change_points(noisy(n, rnd, sd)))
    assert series == 1500
    assert alarms / series <= 0.01, f"{alarms} false alarms in {series} series"


def test_a_ten_percent_step_is_found_at_its_run():
    rnd = random.Random(41)
    found = tries = 0
    for n in (8, 12, 20, 40):
        for _ in range(60):
            at = rnd.randrange(trend.MIN_SIDE, n - trend.MIN_SIDE + 1)
            tries += 1
            found += trend.change_points(noisy(n, rnd, step_at=at, outlier=False)) == [at]
    assert found / tries >= 0.9, f"{found} of {tries}"
    # two steps, and a single outlier that is no step
    values = [1.0, 1.01, 1.6, 0.99, 1.0, 1.0, 1.1, 1.11, 1.09, 1.1, 1.1, 0.95, 0.96, 0.94, 0.95]
    assert trend.change_points(values) == [6, 11]


def test_ratio_interval_and_exact_counts():
    values = [100, 101, 99, 100, 100, 110, 111, 109, 110, 110]
    (cut,) = trend.change_points(values)
    ((ratio, lo, hi, stat),) = trend.measure_changes(values, [cut])
    assert cut == 5 and math.isclose(ratio, 1.10, rel_tol=1e-9) and lo < ratio < hi and stat > trend.THRESHOLD
    # an exact count steps at any difference, and holds no false alarm
    assert trend.change_points([500] * 4 + [501] * 4, exact=True) == [4]
    assert trend.change_points([500] * 8, exact=True) == []
    # a step smaller than the minimum effect is no change, however clear
    assert trend.change_points([100.0] * 5 + [101.0] * 5) == []


def store_with_a_step(db, runs_per_machine=10, step_run=6, step_machine="bench-b"):
    """3 machines x runs_per_machine host runs (sha256, md5) with 1% noise;
    on step_machine, sha256 costs 10% more from its run `step_run` (0-based) on."""
    rnd = random.Random(7)
    runs = []
    for i in range(runs_per_machine):
        for m in ("bench-a", "bench-b", "bench-c"):
            run = synthetic.host_run(machine={"hostname": m, "commit": f"c{i:02d}" + "0" * 10}, algos=["sha256", "md5"])
            run.started_at = f"2026-11-{i + 1:02d}T0{ord(m[-1]) - 97}:00:00+00:00"
            for r in run.results:
                f = (1 + rnd.gauss(0, 0.01)) * (1.10 if m == step_machine and r.algorithm == "sha256"
                                                and i >= step_run else 1.0)
                r.per_call *= f
                r.ns_per_call *= f
                r.mb_per_s /= f
            runs.append(run)
    store, runs = cli_util.filled_store(db, runs)
    return store, runs


def test_trend_finds_the_one_step_in_a_store(tmp_path):
    db = tmp_path / "t.sqlite"
    _, runs = store_with_a_step(db)
    step_run = next(r for r in runs if r.context["hostname"] == "bench-b" and r.started_at.startswith("2026-11-07"))
    out_json = tmp_path / "trend.json"
    code, out, err = cli_util.hb("trend", "--db", db, "-o", out_json, "--fail-on-change")
    assert code == 1, err
    doc = json.loads(out_json.read_text())
    assert len(doc["series"]) == 6 and all(len(s["points"]) == 10 for s in doc["series"])
    (change,) = doc["changes"]
    assert (change["machine"], change["algorithm"], change["implementation"], change["size"], change["meter"]) == \
        ("bench-b", "sha256", "portable", 1024, "ns")
    assert change["run"] == step_run.id and change["commit"] == "c06" + "0" * 10
    assert change["lo"] < 1.10 < change["hi"] and abs(change["ratio"] - 1.10) < 0.02
    assert f"{change['run']}" in out and "1 change point in 6 series (60 points)" in out
    # the selectors: another machine has no change; -a and --impl choose series
    code, out, _ = cli_util.hb("trend", "--db", db, "--machine", "bench-a", "--fail-on-change")
    assert code == 0 and "0 change points in 2 series (20 points)" in out
    code, out, _ = cli_util.hb("trend", "--db", db, "-a", "md5", "--impl", "portable", "--series")
    assert code == 0 and "0 change points in 3 series (30 points)" in out and "bench-c" in out
    code, _, err = cli_util.hb("trend", "--db", db, "-o", tmp_path / "t.txt")
    assert code == 2 and ".json" in err


def test_disturbed_runs_never_make_a_change_alone(tmp_path):
    db = tmp_path / "d.sqlite"
    runs = []
    for i in range(10):
        slow = 1.5 if i in (5, 6, 7, 8, 9) else 1.0   # the last five measured while another hashbench ran
        run = synthetic.host_run(scale=slow * (1 + 0.003 * (i % 3)), algos=["sha256"])
        if slow > 1:
            run.context[overlap.CONTEXT_KEY] = [{"pid": 1, "started": "x", "command": "hashbench run"}]
        run.started_at = f"2026-11-{i + 1:02d}T00:00:00+00:00"
        runs.append(run)
    cli_util.filled_store(db, runs)
    code, out, err = cli_util.hb("trend", "--db", db, "--fail-on-change")
    assert code == 0 and "0 change points in 1 series (10 points)" in out, out + err


def test_no_store_measurement_is_said(tmp_path):
    cli_util.filled_store(tmp_path / "e.sqlite", [Run(kind="host", status="complete")])
    code, out, _ = cli_util.hb("trend", "--db", tmp_path / "e.sqlite", "--machine", "x")
    assert code == 0 and "no stored measurement of machine x" in out


def test_runs_in_commit_order_where_the_clone_knows_the_commits(tmp_path):
    """Runs measured out of commit order (an older commit measured later)
    are put in commit order; the step is placed at the commit that made it."""
    import subprocess

    from hashbench.paths import ROOT
    commits = subprocess.run(["git", "-C", str(ROOT), "rev-list", "--first-parent", "--max-count=8", "HEAD"],
                             capture_output=True, text=True).stdout.split()[::-1]   # oldest first
    if len(commits) < 8:
        import pytest
        pytest.skip("this clone holds fewer than 8 commits")
    measured = [0, 5, 1, 6, 2, 7, 3, 4]   # the order the commits were measured in
    runs = []
    for day, i in enumerate(measured):
        run = synthetic.host_run(machine={"commit": commits[i][:12]}, algos=["sha256"],
                                 scale=(1.10 if i >= 4 else 1.0) * (1 + 0.002 * (i % 3)))
        run.started_at = f"2026-11-{day + 1:02d}T00:00:00+00:00"
        runs.append(run)
    db = tmp_path / "c.sqlite"
    cli_util.filled_store(db, runs)
    out_json = tmp_path / "c.json"
    code, _, err = cli_util.hb("trend", "--db", db, "-o", out_json)
    assert code == 0, err
    doc = json.loads(out_json.read_text())
    (series,) = doc["series"]
    assert series["order"] == "commit" and [p["run"] for p in series["points"]] == \
        [runs[measured.index(i)].id for i in range(8)]
    (change,) = doc["changes"]
    assert change["commit"] == commits[4][:12] and change["previous_commit"] == commits[3][:12]
    code, _, err = cli_util.hb("trend", "--db", db, "-o", out_json, "--by-time")
    assert json.loads(out_json.read_text())["series"][0]["order"] == "time"
