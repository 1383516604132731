# SPDX-License-Identifier: MIT
"""hashbench export and import through the real entry point: whole runs
between stores without loss, duplicates recognised, bad files refused with
one line and exit 2, nothing half-imported."""
import json

import jsonschema
import pytest
from cli_util import ROOT, filled_store, hb

from hashbench.results.result import Run
from hashbench.storage.store import Store

SCHEMA = json.loads((ROOT / "docs" / "result-schema.json").read_text())


def without_id(d):
    return {k: v for k, v in d.items() if k != "run_id"}


@pytest.fixture
def source(tmp_path):
    db = tmp_path / "a.sqlite"
    filled_store(db)
    return db


def test_round_trip_loses_nothing(tmp_path, source):
    dest = tmp_path / "b.sqlite"
    for ref in ("1", "2", "4"):
        code, out, err = hb("export", ref, "--db", source, "-o", tmp_path / f"{ref}.json")
        assert code == 0 and out == "" and f"wrote run {ref} to" in err
        jsonschema.validate(json.loads((tmp_path / f"{ref}.json").read_text()), SCHEMA)
    code, out, err = hb("import", tmp_path / "4.json", tmp_path / "1.json", "--db", dest)
    assert code == 0, err
    assert "4.json: stored as run 1 (12 results)" in err and "1.json: stored as run 2 (6 results)" in err
    a, b = Store(source), Store(dest)
    for src_id, dest_id in (("4", "1"), ("1", "2")):
        ra, rb = a.load(src_id).to_dict(), b.load(dest_id).to_dict()
        assert without_id(ra) == without_id(rb)  # context (uuid, machine), notes, every sample
        assert rb["context"]["run_uuid"] == ra["context"]["run_uuid"]
    # and back out again: the same file but for the local id
    hb("export", "1", "--db", dest, "-o", tmp_path / "again.json")
    assert without_id(json.loads((tmp_path / "again.json").read_text())) == \
        without_id(json.loads((tmp_path / "4.json").read_text()))


def test_duplicate_is_recognised(tmp_path, source):
    f = tmp_path / "r.json"
    hb("export", "last", "--db", source, "-o", f)
    code, _, err = hb("import", f, "--db", source)
    assert code == 0 and "already stored as run 5" in err and "skipped" in err
    assert len(Store(source).runs()) == 5


def test_export_to_stdout_and_import_from_stdin(tmp_path, source):
    code, out, _ = hb("export", "3", "--db", source, "-o", "-")
    assert code == 0 and Run.from_dict(json.loads(out)).kind == "compare"
    code, _, err = hb("import", "-", "--db", tmp_path / "c.sqlite", stdin=out)
    assert code == 0 and "stored as run 1 (5 results)" in err


@pytest.mark.parametrize("content, message", [
    ("{\"format_version\": 2, \"results\": [", "malformed JSON"),
    ("[1, 2, 3]", "no format_version and results"),
    (json.dumps({"name": "left-pad", "version": "1.3.0"}), "no format_version and results"),
    (json.dumps({"format_version": 1, "results": []}), "format 1 is not 2"),
    (json.dumps({"format_version": 2, "kind": "host", "results": [{"algorithm": "md5"}]}), "not a hashbench result"),
    (json.dumps({"format_version": 2, "kind": "host", "results": [7]}), "not a hashbench result"),
    (json.dumps({"format_version": 2, "results": []}), "not a hashbench run"),
    ("\udcff", "not UTF-8"),
])
def test_bad_files_are_refused_whole(tmp_path, source, content, message):
    good = tmp_path / "good.json"
    hb("export", "1", "--db", source, "-o", good)
    bad = tmp_path / "bad.json"
    bad.write_bytes(content.encode("utf-8", "surrogateescape"))
    dest = tmp_path / "d.sqlite"
    code, out, err = hb("import", good, bad, "--db", dest)
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith(f"hashbench: {bad}: ") and message in err, err
    assert not dest.exists() or Store(dest).runs() == []  # the good file before it was not stored either


def test_an_import_is_one_transaction(tmp_path, source, monkeypatch):
    run = Store(source).load("4")
    dest = Store(tmp_path / "e.sqlite")
    calls = []

    def failing(self, run, result):
        calls.append(result)
        if len(calls) == 5:
            raise OSError("disk on fire")
        return original(self, run, result)
    original = Store.add_result
    monkeypatch.setattr(Store, "add_result", failing)
    with pytest.raises(OSError):
        dest.import_run(run)
    monkeypatch.undo()
    assert dest.runs() == [] and dest.db.execute("SELECT COUNT(*) FROM results").fetchone()[0] == 0
    assert dest.import_run(run)[1] is False and len(dest.load("last").results) == 12


def test_export_errors(tmp_path, source):
    assert hb("export", "9", "--db", source, "-o", tmp_path / "x.json")[0] == 2
    code, _, err = hb("export", "1", "--db", source, "-o", tmp_path / "x.csv")
    assert code == 2 and "name it .json" in err
    code, _, err = hb("export", "1", "--db", source, "-o", tmp_path / "nowhere" / "x.json")
    assert code == 2 and "cannot write there" in err


def test_help_explains_with_examples():
    for cmd in ("export", "import", "report"):
        code, out, _ = hb(cmd, "--help")
        assert code == 0 and "examples:" in out and "--db" in out
