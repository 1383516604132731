# SPDX-License-Identifier: MIT
"""The loop's modes (docs/records.md, "Modes"): --sweep small, --latency,
--threads, --align, through the real engine and CLI, each stored in the
results and carried by the JSON export; the chain and the offset checked
against Python's own hashing of the same bytes."""
import csv
import hashlib
import json
import sqlite3
import subprocess

import jsonschema
import pytest
from cli_util import ROOT, hb

from hashbench.storage import migrations
from hashbench.storage.store import Store
from hashbench.toolchain.host import ensure_engine

xxhash = pytest.importorskip("xxhash")

SCHEMA = json.loads((ROOT / "docs" / "result-schema.json").read_text())
FAST = ("--budget", "1", "--processes", "1", "-q")
ORACLES = {"xxh64": lambda b: xxhash.xxh64(b).digest(), "sha256": lambda b: hashlib.sha256(b).digest(),
           "crc32": lambda b: __import__("zlib").crc32(b).to_bytes(4, "big")}


def workload(n) -> bytearray:
    return bytearray((i * 31 + 7) & 0xFF for i in range(n))


def run_mode(tmp_path, *args):
    """`run ARGS` stored and exported -> (stored results, exported results)."""
    db, out = tmp_path / "r.sqlite", tmp_path / "r.json"
    code, _, err = hb("run", *args, *FAST, "--db", db, "-o", out, timeout=300)
    assert code == 0, err
    doc = json.loads(out.read_text())
    jsonschema.validate(doc, SCHEMA)
    return Store(db).load("last").results, doc["results"]


def report(tmp_path) -> str:
    page = tmp_path / "r.html"
    code, _, err = hb("report", "--db", tmp_path / "r.sqlite", "-o", page)
    assert code == 0, err
    return page.read_text()


@pytest.mark.slow
def test_sweep_small_is_every_length(tmp_path):
    stored, exported = run_mode(tmp_path, "-a", "xxh64,sha256", "--sweep", "small")
    assert sorted(r.size for r in stored if r.algorithm == "xxh64") == list(range(129))
    assert all(r.verified and r.ns_per_call > 0 and r.mode == (1, False, 0) for r in stored)
    assert sorted(r["size"] for r in exported if r["algorithm"] == "sha256") == list(range(129))
    assert all(r["threads"] == 1 and r["latency"] is False and r["align"] == 0 for r in exported)
    page = report(tmp_path)
    # one line per algorithm, ns per call at every length, in the plot and its table
    assert 'data-plot="r1-small" data-marks="2"' in page and 'data-table="small"' in page
    assert page.count('data-field="ns_per_call"') == 2 * 129


def test_sweep_small_n_and_bad_sweeps():
    assert hb("run", "--sweep", "small:300", "--no-save")[0] == 2
    for bad in ("long:3", "small:", "long:"):   # a colon with nothing after it is not the whole sweep
        code, _, err = hb("run", "--sweep", bad, "--no-save")
        assert code == 2 and len(err.strip().splitlines()) == 1 and "bad sweep" in err, bad


def test_latency_beside_throughput(tmp_path):
    stored, exported = run_mode(tmp_path, "-a", "xxh64,sha256", "--latency", "--size", "16")
    got = {(r.algorithm, r.latency): r for r in stored}
    assert set(got) == {("xxh64", False), ("xxh64", True), ("sha256", False), ("sha256", True)}
    for algo in ("xxh64", "sha256"):
        lat, thru = got[(algo, True)], got[(algo, False)]
        assert lat.verified and thru.verified and lat.ns_per_call > 0 and thru.ns_per_call > 0
        assert lat.extra["chain"] == len(ORACLES[algo](b"")) and "chain" not in thru.extra
    assert {(r["algorithm"], r["latency"]) for r in exported} == set(got)
    # the chained calls were really chained: Python chains the oracle from the same workload
    for algo in ("xxh64", "sha256"):
        r = got[(algo, True)]
        buf, digest = workload(16), b""
        for _ in range(r.extra["chain_calls"]):
            digest = ORACLES[algo](bytes(buf))
            buf[:len(digest)] = digest[:16]
        assert r.extra["chain_digest"] == digest.hex()


def test_engine_chain_matches_the_oracle_at_every_kind_of_length():
    """The digest after 16 chained calls, for a digest longer than the input
    (crc32 at 2 B: only 2 bytes copied) and shorter than it."""
    engine = ensure_engine()
    out = subprocess.run([str(engine), "bench", "-a", "crc32,sha256", "-s", "2,100", "-b", "1", "-L"],
                         capture_output=True, text=True, check=True).stdout
    results = [json.loads(line) for line in out.splitlines() if line.startswith('{"rec":"result"')]
    chained = [r for r in results if "chain" in r]
    assert len(results) == 8 and len(chained) == 4     # each implementation's calls independent and chained
    for rec in chained:
        oracle, size = ORACLES[rec["algo"]], rec["size"]
        buf, digest = workload(size), b""
        for _ in range(rec["chain_calls"]):
            digest = oracle(bytes(buf))
            n = min(size, len(digest))
            buf[:n] = digest[:n]
        assert rec["chain"] == len(digest) and rec["chain_digest"] == digest.hex(), rec["algo"]


def test_threads_store_aggregate_and_per_thread(tmp_path):
    stored, exported = run_mode(tmp_path, "-a", "xxh64", "--threads", "2")
    by = {r.threads: r for r in stored}
    assert set(by) == {1, 2} and all(r.verified for r in stored)
    two = by[2]
    assert "thread" in two.sample_fields
    threads = {s[two.sample_fields.index("thread")] for s in two.samples}
    assert threads == {0, 1}
    each = two.extra["thread_mb_per_s"]
    assert len(each) == 2 and all(v > 0 for v in each)
    assert two.aggregate_mb_per_s == pytest.approx(sum(each))
    assert {r["threads"] for r in exported} == {1, 2}
    assert 'data-plot="r1-threads" data-marks="1"' in report(tmp_path)


def test_align_is_verified_and_stored(tmp_path):
    stored, exported = run_mode(tmp_path, "-a", "xxh64", "--impl", "all", "--align", "3")
    assert {(r.implementation, r.align) for r in stored} >= {("portable", 0), ("portable", 3)}
    assert all(r.verified and r.verified_against == "reference" for r in stored)
    assert {r["align"] for r in exported} == {0, 3}
    code, _, err = hb("show", "last", "--db", tmp_path / "r.sqlite", "-o", tmp_path / "r.csv")
    assert code == 0, err
    rows = list(csv.DictReader((tmp_path / "r.csv").open()))
    assert {(r["implementation"], r["align"], r["threads"], r["latency"]) for r in rows} >= {
        ("portable", "0", "1", "False"), ("portable", "3", "1", "False")}


def test_engine_hashes_the_bytes_at_the_offset():
    """Each offset's digest is of the workload placed there, and verified
    before it is timed: Python's own XXH64 of the same 100 bytes."""
    engine = ensure_engine()
    out = subprocess.run([str(engine), "bench", "-a", "xxh64", "-i", "all", "-s", "100", "-b", "1", "-A", "0,1,5,63"],
                         capture_output=True, text=True, check=True).stdout
    recs = [json.loads(line) for line in out.splitlines() if line.startswith("{")]
    digests = [r for r in recs if r["rec"] == "digest"]
    assert {r.get("align", 0) for r in digests} == {0, 1, 5, 63}
    assert all(r["digest"] == xxhash.xxh64(bytes(workload(100))).hexdigest() for r in digests)
    assert sum(r["rec"] == "result" for r in recs) == len(digests)


@pytest.mark.parametrize("mode", [("--threads", "2"), ("--latency",), ("--align", "3")])
def test_sim_refuses_modes(mode):
    code, out, err = hb("run", "--meter", "est-cycles", *mode, "--no-save")
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and mode[0] in err and "--meter est-cycles" in err


@pytest.mark.parametrize("mode", [("--threads", "2"), ("--latency",)])
def test_cross_refuses_modes(mode):
    code, out, err = hb("cross", "--target", "n64", *mode, "--no-save")
    assert code == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and mode[0] in err and "cross target" in err


@pytest.mark.parametrize("args", [("--threads", "0"), ("--threads", "65"), ("--align", "64"), ("--align", "x"),
                                  ("--threads", ""), ("--align", "")])
def test_bad_modes(args):
    code, _, err = hb("run", *args, "--no-save")
    assert code == 2 and len(err.strip().splitlines()) == 1


def test_diff_compares_like_with_like(tmp_path):
    db = tmp_path / "d.sqlite"
    for extra in ((), ("--latency",)):
        assert hb("run", "-a", "xxh64", "--size", "64", *extra, *FAST, "--db", db)[0] == 0
    code, out, err = hb("diff", "last~1", "last", "--db", db)
    assert code == 0
    assert out.count("XXH64") == 1      # the plain results against each other; the chained one has no like
    assert "latency" in err


def test_schema_3_results_get_the_plain_mode(tmp_path):
    db = tmp_path / "old.sqlite"
    Store(db)
    con = sqlite3.connect(db)
    con.execute("INSERT INTO runs (started_at, kind, status, context, notes) VALUES ('x', 'host', 'complete', '{}', '[]')")
    con.execute("INSERT INTO results (run_id, algorithm, implementation, size, data) VALUES (1, 'md5', 'portable', 64, ?)",
                (json.dumps({"algorithm": "md5", "implementation": "portable", "size": 64, "target": "host",
                             "meter": "ns", "instrument": "tsc", "digest": "", "verified": True}),))
    con.execute("UPDATE meta SET value='3' WHERE key='schema'")
    con.commit()
    con.close()
    r = Store(db).load("1").results[0]
    assert r.mode == (1, False, 0)
    data = json.loads(sqlite3.connect(db).execute("SELECT data FROM results").fetchone()[0])
    assert (data["threads"], data["latency"], data["align"]) == (1, False, 0)
    assert sqlite3.connect(db).execute("SELECT value FROM meta WHERE key='schema'").fetchone()[0] == str(
        migrations.LATEST)
