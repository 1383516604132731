# SPDX-License-Identifier: MIT
"""The measurement model without engines: the record reader, the Result
type and its JSON form, exact figures, the schema of exports, the store's
migration from schema 1."""
import json
import sqlite3

import jsonschema
import pytest

from hashbench import roster
from hashbench.errors import UserError
from hashbench.meters import timer as timer_meter
from hashbench.meters.exact import NotRepeatable, exact_per_call, fill_exact, read_console, spans_measured
from hashbench.paths import ROOT
from hashbench.present import exporters
from hashbench.results import records
from hashbench.results.result import Build, Note, Result, Run
from hashbench.results.verify import Expected, checked
from hashbench.storage import migrations
from hashbench.storage.store import Store

SCHEMA = json.loads((ROOT / "docs" / "result-schema.json").read_text())


# ---- records ----------------------------------------------------------------------

def test_records_skip_noise_and_check_fields():
    text = ('hello from the C library\n{"rec":"engine","format":2,"engine":"qemu","endian":"big"}\n'
            '{"rec":"digest","algo":"crc32","impl":"portable","size":64,"digest":"0a0b0c0d"}\n'
            '12345 cycles\n{"rec":"done","regions":3}\n')
    recs = records.parse(text)
    assert [r["rec"] for r in recs] == ["engine", "digest", "done"]
    with pytest.raises(records.RecordError, match="digest record without size"):
        records.parse('{"rec":"digest","algo":"crc32","impl":"portable","digest":"00"}')
    with pytest.raises(records.RecordError, match="format 1 is not 2"):
        records.parse('{"rec":"engine","format":1,"engine":"host"}')
    with pytest.raises(records.RecordError, match="malformed"):
        records.parse('{"rec":"digest","algo":')


def test_record_writer_round_trip():
    rec = {"rec": "count", "region": 3, "instructions": 1040}
    assert records.write(rec) == '{"rec":"count","region":3,"instructions":1040}\n'
    assert records.parse_line(records.write(rec)) == rec


# ---- exact figures ----------------------------------------------------------------

def test_exact_figure_subtracts_the_harness_and_must_repeat():
    assert exact_per_call([[2, 1040]], [[2, 40]]) == 500
    assert exact_per_call([[1, 900], [1, 900]], [[0, 100]]) == 800
    assert exact_per_call([[1, 170], [2, 240]], [[0, 100]]) == 70  # sim65: totals of 0, 1, 2 calls
    with pytest.raises(NotRepeatable):
        exact_per_call([[1, 900], [1, 903]], [[0, 100]])


def test_console_marks_become_spans():
    lines = ['{"rec":"engine","format":2,"engine":"console","algo":"crc32","digest_len":4}',
             '{"rec":"digest","algo":"crc32","impl":"portable","size":64,"digest":"0a0b0c0d"}']
    lines += [records.write({"rec": "mark", "cycles": c}).strip() for c in (100, 110, 200, 910, 1000, 1700)]
    lines += ['{"rec":"span","algo":"crc32","impl":"portable","size":64}', '{"rec":"done"}']
    prog = read_console(records.parse("\n".join(lines)))
    got = spans_measured(prog, "crc32.gb")[("portable", 64)]
    assert got.samples == [[1, 710], [1, 700]] and got.harness == [[0, 10]]
    with pytest.raises(NotRepeatable):
        exact_per_call(got.samples, got.harness)


# ---- results and exports -----------------------------------------------------------

class FixedExpected(Expected):
    def __init__(self, table):
        super().__init__()
        self.ref = table


def exact_result(digest="7c321b5d", target="n64"):
    algo = roster.find("crc32")
    res = checked(algo, "portable", 1024, digest, FixedExpected({("crc32", 1024): "7c321b5d"}), target=target,
                  build=Build(target, "gcc 12", "-O2"), meter="instructions", instrument="qemu-plugin",
                  sample_fields=("calls", "count"), samples=[[2, 17940]], harness=[[2, 40]])
    return fill_exact(res)


def host_result():
    algo = roster.find("md5")
    res = Result(algorithm="md5", implementation="portable", size=1024, target="host", build=Build("host", "gcc", "-O2"),
                 meter="ns", instrument="tsc", digest="63b2177a7af739b5cc52ab1d1c714702", verified=True,
                 label=algo.label, tier=algo.tier, sample_fields=timer_meter.SAMPLE_FIELDS,
                 samples=[[1000, 4_000_000, 1_600_000], [1000, 4_100_000, 1_650_000], [1000, 3_900_000, 1_580_000]],
                 harness=[[100000, 400_000, 170_000]])
    return timer_meter.summarise(res, {"name": "tsc", "unit": "ref-cycles", "is_cycles": True})


def test_exact_and_mismatched_results():
    good = exact_result()
    assert good.verified and good.per_call == 8950 and good.per_byte == pytest.approx(8950 / 1024)
    assert good.ns_per_call is None and good.unit == "instructions" and good.exact
    bad = exact_result(digest="ffffffff")
    assert not bad.verified and bad.per_call is None and bad.expected == "7c321b5d" and bad.samples == []


def test_host_figures_from_samples():
    r = host_result()
    assert r.per_call == pytest.approx(1600 - 1.7) and r.ns_per_call == r.per_call
    assert r.mb_per_s == pytest.approx(1024 / r.per_call * 1e3)
    assert r.cycles_per_byte == pytest.approx((4000 - 4) / 1024) and r.cycle_unit == "ref-cycles"


def test_result_json_round_trip_and_one_schema_for_every_kind(tmp_path):
    host = Run(kind="host", options={"sizes": [1024]}, context={"cpu": "x"}, status="complete",
               results=[host_result()])
    cross = Run(kind="cross", context={"targets": {"n64": {"title": "N64"}}}, status="failed",
                results=[exact_result(), exact_result(digest="ffffffff", target="nds")],
                notes=[Note("target-failed", "nds: no compiler", {"target": "nds"})])
    for run in (host, cross):
        doc = json.loads(exporters.to_json(run))
        jsonschema.validate(doc, SCHEMA)
        back = Run.from_dict(doc)
        assert [r.to_dict() for r in back.results] == [r.to_dict() for r in run.results]
        assert back.notes == run.notes
    bad = json.loads(exporters.to_json(cross))
    bad["results"][1]["per_call"] = 12  # a cost beside a wrong digest
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(bad, SCHEMA)
    h = exporters.to_csv(host).splitlines()[0]
    c = exporters.to_csv(cross).splitlines()[0]
    assert h == c and h.startswith("algorithm,implementation,size,target,build,meter")
    assert "| CRC32 | 8.74 | MISMATCH |" in exporters.to_markdown(cross)


def test_foreign_json_is_a_user_error():
    with pytest.raises(UserError):
        Run.from_dict({"format_version": 1, "results": []})
    with pytest.raises(UserError):
        Result.from_dict({"algorithm": "x"})


# ---- the store ------------------------------------------------------------------------

def test_store_keeps_every_kind(tmp_path):
    store = Store(tmp_path / "s.sqlite")
    run = Run(kind="cross", context={"targets": {}})
    store.begin_run(run)
    for r in (exact_result(), exact_result(digest="ffffffff")):
        run.results.append(r)
        store.add_result(run, r)
    run.status = "failed"
    run.notes.append(Note("target-missing", "3ds: not installed", {"target": "3ds"}))
    store.end_run(run)
    back = store.load("last")
    assert back.kind == "cross" and back.status == "failed" and back.notes == run.notes
    assert [r.to_dict() for r in back.results] == [r.to_dict() for r in run.results]


def test_schema_1_database_is_migrated(tmp_path):
    db = tmp_path / "old.sqlite"
    con = sqlite3.connect(db)
    con.executescript("""
        CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT);
        INSERT INTO meta VALUES ('schema', '1');
        CREATE TABLE runs (id INTEGER PRIMARY KEY AUTOINCREMENT, started_at TEXT NOT NULL, kind TEXT NOT NULL,
                           command TEXT, options TEXT, context TEXT, status TEXT NOT NULL);
        CREATE TABLE results (id INTEGER PRIMARY KEY AUTOINCREMENT, run_id INTEGER NOT NULL, algorithm TEXT NOT NULL,
                              implementation TEXT NOT NULL, size INTEGER NOT NULL, target TEXT NOT NULL DEFAULT 'host',
                              data TEXT NOT NULL);""")
    host = {"algorithm": "md5", "implementation": "portable", "size": 1024, "verified": True, "digest": "63b2",
            "verified_against": "reference", "tier": "crypto", "label": "MD5", "target": "host",
            "samples": [[10, 40, 16]], "ns_per_call": 1.5, "mb_per_s": 682.0, "spread_pct": 1.0,
            "cycles_per_byte": 0.004, "cycle_unit": "ref-cycles", "overhead_ns": 0.1}
    cross = {"algorithm": "md5", "implementation": "compact", "size": 64, "target": "nes", "tier": "crypto",
             "label": "MD5", "digest": "ab", "verified_against": "reference", "metric": "cycles",
             "clock_hz": 1789773, "ns_per_call": 1e6, "mb_per_s": 0.064, "cycles_per_byte": 100.0,
             "verified": True, "per_call": 6400, "per_byte": 100.0, "spread_pct": 0.0, "calls": 1,
             "run_cycles": [1000, 7400], "samples": [], "kb_per_s": 64.0}
    con.execute("INSERT INTO runs VALUES (1, '2026-11-01', 'host', 'run', '{}', ?, 'complete')",
                (json.dumps({"timer": {"name": "tsc"}, "compiler": "gcc 12", "cflags": "-O2 "}),))
    con.execute("INSERT INTO runs VALUES (2, '2026-11-02', 'cross', 'cross', '{}', ?, 'complete')",
                (json.dumps({"targets": {"nes": {"run": "sim65", "compiler": "cl65"}}}),))
    insert = "INSERT INTO results (run_id, algorithm, implementation, size, target, data) VALUES (?, 'md5', ?, ?, ?, ?)"
    con.execute(insert, (1, "portable", 1024, "host", json.dumps(host)))
    con.execute(insert, (2, "compact", 64, "nes", json.dumps(cross)))
    con.commit()
    con.close()
    store = Store(db)
    h = store.load("1").results[0]
    assert h.meter == "ns" and h.instrument == "tsc" and h.per_call == 1.5 and h.build.flags == "-O2"
    c = store.load("2").results[0]
    assert c.meter == "exact-cycles" and c.instrument == "sim65" and c.per_call == 6400
    assert c.samples == [[1, 7400]] and c.harness == [[0, 1000]]
    assert sqlite3.connect(db).execute("SELECT value FROM meta WHERE key='schema'").fetchone()[0] == str(migrations.LATEST)


def test_newer_database_is_refused(tmp_path):
    db = tmp_path / "new.sqlite"
    Store(db)
    con = sqlite3.connect(db)
    con.execute("UPDATE meta SET value='9' WHERE key='schema'")
    con.commit()
    with pytest.raises(UserError, match="newer than this hashbench"):
        Store(db)
