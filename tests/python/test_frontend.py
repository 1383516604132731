# SPDX-License-Identifier: MIT
"""The front end against recorded engine output (a fake engine replays
tests/python/fixtures): statistics, tables, exports and failure paths,
deterministic whatever the machine is doing."""
import json
import math
import os
from pathlib import Path

import pytest
from cli_util import fake_engine, hb

from hashbench.meters import timer as timer_rule
from hashbench.statistics import stats
from hashbench.targets.host import cpu_of, cpus

FIX = Path(__file__).resolve().parent / "fixtures"


@pytest.fixture
def fake_env(tmp_path):
    env = dict(os.environ, HASHBENCH_ENGINE=fake_engine(tmp_path), NO_COLOR="1")
    return env


def calm(samples):
    """The samples no context switch interrupted (4th member), when there are 3."""
    kept = [s for s in samples if not s[3]]
    return kept if len(kept) >= 3 else samples


def records(name):
    return [json.loads(x) for x in (FIX / name).read_text().splitlines() if x.strip()]


def test_json_export_derives_figures_from_the_raw_samples(fake_env, tmp_path):
    out = tmp_path / "r.json"
    r = hb("run", "--no-save", "-o", str(out), env=fake_env)
    assert r.returncode == 0, r.stderr
    doc = json.loads(out.read_text())
    recs = records("engine-bench.jsonl")
    overhead = next(x for x in recs if x["rec"] == "overhead")["samples"]
    timer = next(x for x in recs if x["rec"] == "timer")
    got = {x["algorithm"]: x for x in doc["results"]}
    # format 2: the digest record precedes each result, the front end joins them
    digests = {(x["algo"], x["impl"], x["size"]): x["digest"] for x in recs if x["rec"] == "digest"}
    assert recs[0]["rec"] == "engine" and recs[0]["format"] == 2 and recs[0]["engine"] == "host"
    n = doc["options"]["processes"]
    for rec in (x for x in recs if x["rec"] == "result"):
        res = got[rec["algo"]]
        # the run's fastest moments: its twentieth fastest sample (every process replays the same
        # ones), less the harness's; with fewer samples than that rule needs, the processes' median
        per_call = sorted(s[2] / s[0] for s in calm(rec["samples"]) for _ in range(n))
        harness = sorted(s[2] / s[0] for s in calm(overhead) for _ in range(n))
        if len(rec["samples"]) * n >= timer_rule.MIN_FAST_SAMPLES:
            raw = per_call[int(timer_rule.FAST_QUANTILE * len(per_call))]
            over = harness[int(timer_rule.FAST_QUANTILE * len(harness))]
        else:
            raw, over = stats.median(per_call), stats.median(harness)
        want = max(raw - over, raw * 0.1)
        assert res["ns_per_call"] == pytest.approx(want)
        assert res["mb_per_s"] == pytest.approx(1024 / want * 1e3)
        # every process (the fake engine replays one) adds its samples, each tagged with its process
        # and the CPU it was pinned to (every CPU in turn; -1 where processes cannot be pinned)
        cpu = [-1 if c is None else c for c in (cpu_of(p, n, cpus()) for p in range(n))]
        assert res["samples"] == [s + [p, cpu[p]] for p in range(n) for s in rec["samples"]]
        assert res["processes"] == n
        assert res["sample_fields"] == ["iters", "ticks", "ns", "switches", "process", "cpu"]
        assert res["digest"] == digests[(rec["algo"], rec["impl"], rec["size"])]
        if timer["is_cycles"]:
            assert res["cycles_per_byte"] > 0
        else:
            assert res["cycles_per_byte"] is None
    assert doc["context"]["timer"]["name"] == timer["name"]


def test_table_sorted_by_speed_and_by_name(fake_env):
    r = hb("run", "--no-save", "--sort", "speed", "-q", env=fake_env)
    rows = [line.split()[1] for line in r.stdout.splitlines()[2:] if line.strip()]
    doc_speed = {x["algo"]: x for x in records("engine-bench.jsonl") if x["rec"] == "result"}
    assert len(rows) == len(doc_speed)
    r = hb("run", "--no-save", "--sort", "name", "-q", env=fake_env)
    names = [line.split()[1] for line in r.stdout.splitlines()[2:] if line.strip()]
    assert names == sorted(names, key=str.lower) or names == ["CRC32", "MD5", "SHA256", "XXH64"]


def test_sweep_table_has_a_column_per_size(fake_env):
    env = dict(fake_env, HB_FAKE_BENCH="engine-sweep.jsonl")
    r = hb("run", "--no-save", "--sweep", "-a", "crc32,xxh64", env=env)
    assert r.returncode == 0, r.stderr
    head = next(line for line in r.stdout.splitlines() if "ALGO" in line)
    assert "MB/s@64" in head and "MB/s@256" in head and "MB/s@1K" in head


def test_digest_mismatch_is_an_error_never_a_speed(fake_env, tmp_path):
    env = dict(fake_env, HB_FAKE_BENCH="engine-bench-mismatch.jsonl")
    out = tmp_path / "m.json"
    r = hb("run", "--no-save", "-o", str(out), env=env)
    assert r.returncode == 1
    bad = next(x for x in records("engine-bench-mismatch.jsonl") if x["rec"] == "error")
    assert f"digest {bad['digest']} does not match the reference digest {bad['expected']}" in r.stderr
    row = next(line for line in r.stdout.splitlines() if "SHA256" in line)
    assert "MISMATCH" in row and not any(c.isdigit() for c in row.split("MISMATCH")[1].split()[:-4])
    bad_res = next(x for x in json.loads(out.read_text())["results"] if x["algorithm"] == "sha256")
    assert bad_res["verified"] is False and bad_res["per_call"] is None and bad_res["mb_per_s"] is None
    assert bad_res["expected"] == bad["expected"] and bad_res["samples"] == []


def test_mismatch_run_is_stored_as_failed(fake_env, tmp_path):
    env = dict(fake_env, HB_FAKE_BENCH="engine-bench-mismatch.jsonl")
    db = tmp_path / "f.sqlite"
    hb("run", "--db", str(db), env=env)
    r = hb("history", "--db", str(db), env=env)
    assert "failed" in r.stdout


def test_markdown_export_names_the_machine(fake_env, tmp_path):
    out = tmp_path / "r.md"
    assert hb("run", "--no-save", "-o", str(out), env=fake_env).returncode == 0
    text = out.read_text()
    assert text.startswith("# hashbench run") and "| MD5" in text and "Timer:" in text


def test_output_file_is_replaced_atomically(fake_env, tmp_path):
    out = tmp_path / "r.csv"
    out.write_text("old contents\n")
    assert hb("run", "--no-save", "-o", str(out), env=fake_env).returncode == 0
    assert out.read_text().startswith("algorithm,implementation,size")
    assert not [p for p in tmp_path.iterdir() if p.name.endswith(".tmp")]


def test_compare_ranks_every_implementation_by_relative_time(fake_env, tmp_path):
    env = dict(fake_env, HB_FAKE_BENCH="engine-compare.jsonl")
    out = tmp_path / "c.json"
    r = hb("compare", "md5", "--no-save", "-o", str(out), env=env)
    assert r.returncode == 0, r.stderr
    results = json.loads(out.read_text())["results"]
    recorded = [x for x in records("engine-compare.jsonl") if x["rec"] == "result"]
    assert len(results) == len(recorded) >= 3
    assert f"MD5 @ 1024 B: {len(recorded)} implementations, each verified" in r.stdout
    # The table: fastest first, its own time 1.00 ± 0.00, the others the ratio
    # of their (overhead-subtracted) median to the fastest one's.
    first = r.stdout.split("each verified", 1)[1].split("\n\n", 1)[0]   # the default/native table follows
    rows = [line.split() for line in first.splitlines() if line[:1].isdigit() and "." in line[:4]]
    # a row: rank, time, ±, spread, implementation, MB/s, cyc/B, version
    assert [row[4] for row in rows] == [x["implementation"] for x in
                                        sorted(results, key=lambda x: x["ns_per_call"])]
    best = min(x["ns_per_call"] for x in results)
    ns = {x["implementation"]: x["ns_per_call"] for x in results}
    assert rows[0][1:4] == ["1.00", "±", "0.00"]
    for row in rows:
        assert float(row[1]) == pytest.approx(ns[row[4]] / best, abs=0.006)
    versions = {x["impl"]: x.get("impl_version") for x in recorded}
    for row in rows:
        assert (versions[row[4]] or "ours").split()[0] == row[7]


def test_estimated_core_cycles_from_the_recorded_kernel(fake_env, tmp_path):
    env = dict(fake_env, HB_FAKE_BENCH="engine-bench-cycles.jsonl")
    out = tmp_path / "c.json"
    r = hb("run", "--no-save", "--meter", "core-cycles", "--processes", "2", "-o", str(out), env=env)
    assert r.returncode == 0, r.stderr
    assert "estimated core cycles" in r.stdout and "core clock" in r.stdout
    doc = json.loads(out.read_text())
    recs = records("engine-bench-cycles.jsonl")
    over = next(x for x in recs if x["rec"] == "overhead")["samples"]
    got = {x["algorithm"]: x for x in doc["results"]}
    for rec in (x for x in recs if x["rec"] == "result"):
        res, adds = got[rec["algo"]], rec["clock_adds"]
        est = stats.median([s[1] * adds / s[4] / s[0] for s in calm(rec["samples"])])
        harness = stats.median([s[1] * adds / s[4] / s[0] for s in calm(over)])
        assert res["meter"] == "est-core-cycles" and res["unit"] == "cycles"
        assert res["per_call"] == pytest.approx(max(est - harness, est * 0.1))
        assert res["cycles_per_byte"] == pytest.approx(res["per_call"] / 1024)
        # the fake engine replays one process twice: no spread within the run; the ± is then the
        # run-to-run shift alone (stats.repeat_half_log)
        assert res["within_pct"] == pytest.approx(0.0, abs=1e-9)
        assert res["ci_pct"] == pytest.approx(100 * math.expm1(stats.repeat_half_log(0.0)))
    # the clock records of both processes, start and end, are in the context
    assert [(c["process"], c["at"]) for c in doc["context"]["clock"]] == [(0, "start"), (0, "end"),
                                                                          (1, "start"), (1, "end")]


def test_compare_shows_the_default_and_native_builds_side_by_side(fake_env, tmp_path):
    env = dict(fake_env, HB_FAKE_BENCH="engine-compare.jsonl")
    r = hb("compare", "md5", "--no-save", env=env)
    assert r.returncode == 0, r.stderr
    table = r.stdout.split("in bench-keccak256's form", 1)[1]
    assert "DEFAULT (rel.)" in table and "NATIVE (rel.)" in table and "portable (ours)" in table
    assert "md-5" in table and "corresponds to default" in table and "-march=native" in table
