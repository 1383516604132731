# SPDX-License-Identifier: MIT
"""The store on SQLite and on a real PostgreSQL server (started and stopped
by the test, tests/python/pg_server.py): the same schema, migrations and
behaviour through one dialect layer; --db URL and HASHBENCH_DB from the CLI;
a database that cannot be reached is one line and exit 2."""
import os
import socket
import sqlite3
import subprocess
import threading

import pytest
import synthetic
from cli_util import filled_store, hb, save
from pg_server import pg_server, pg_url  # noqa: F401 (fixtures)

from hashbench import dialects, migrations
from hashbench.errors import UserError
from hashbench.store import Store, recording


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.cluster)])
def target(request, tmp_path):
    if request.param == "sqlite":
        return str(tmp_path / "s.sqlite")
    return request.getfixturevalue("pg_url")


def test_runs_round_trip(target):
    store, runs = filled_store(target)
    assert [r["id"] for r in store.runs()] == [5, 4, 3, 2, 1]
    for n, run in enumerate(runs, 1):
        back = store.load(str(n))
        assert back.to_dict() == run.to_dict()
    assert store.resolve("last~1") == 4
    with pytest.raises(UserError, match="no run 9"):
        store.resolve("9")
    assert {r.target for r in store.latest_results(kind="cross")} == {"n64", "gba", "nes"}
    version = store.db.execute("SELECT value FROM meta WHERE key='schema'").fetchone()[0]
    assert version == str(migrations.LATEST)


def test_reopening_keeps_the_schema_and_runs(target):
    filled_store(target, [synthetic.host_run()])
    again = Store(target)
    assert len(again.runs()) == 1 and again.load("last").context["run_uuid"]


def test_a_replaced_context_keeps_the_run_uuid(target):
    store = Store(target)
    run = synthetic.host_run()
    store.begin_run(run)
    ident = run.context["run_uuid"]
    run.context = {"cpu": "from the engine's record"}  # as host_run.Recorder does when the engine starts
    store.update_context(run)
    run.context = {"cpu": "again"}
    store.end_run(run)
    assert store.load("last").context["run_uuid"] == ident == store.db.execute("SELECT uuid FROM runs").fetchone()[0]


def test_a_run_whose_process_is_gone_reads_as_abandoned(target):
    """The recorder stores the host and process measuring a run: 'running'
    while that process lives, abandoned once it is gone (a SIGKILL could
    not say), with the rows it stored; another machine's run keeps its word."""
    store = Store(target)
    run = synthetic.host_run()
    measured, run.results = run.results, []
    with recording(store, run) as rec:
        rec.add(measured[0])
        assert store.runs()[0]["status"] == "running" and store.load("last").status == "running"
        gone = subprocess.Popen(["true"])
        gone.wait()
        store.db.execute("UPDATE runs SET pid=? WHERE id=?", (gone.pid, run.id))
        listed = store.runs()[0]
        assert (listed["status"], listed["results"]) == ("abandoned", 1) and store.load("last").status == "abandoned"
        store.db.execute("UPDATE runs SET host=? WHERE id=?", ("another-machine", run.id))
        assert store.runs()[0]["status"] == "running"     # not ours to judge
        store.db.execute("UPDATE runs SET host=?, pid=?, pid_started=? WHERE id=?",
                         (socket.gethostname(), os.getpid(), "1", run.id))
        assert store.runs()[0]["status"] == "abandoned"   # this pid, but another process that had it before
        raise KeyboardInterrupt
    assert run.status == "interrupted" and store.runs()[0]["status"] == "interrupted"
    assert len(store.load("last").results) == 1 and run.elapsed_s > 0


def test_a_recording_that_fails_ends_the_run_failed(target):
    store = Store(target)
    run = synthetic.host_run()
    measured, run.results = run.results, []
    with pytest.raises(UserError, match="went wrong"):
        with recording(store, run) as rec:
            rec.add(measured[0])
            raise UserError("went wrong")
    assert store.load("last").status == "failed" and len(store.load("last").results) == 1
    run = synthetic.host_run()
    measured[0].verified = False
    with recording(store, run):    # results kept in the run are stored as it ends
        run.results = measured
    assert run.status == "failed" and len(store.load("last").results) == len(measured)


def test_import_is_atomic_and_recognises_duplicates(target):
    store, runs = filled_store(target, [synthetic.compare_run()])
    assert store.import_run(runs[0]) == (1, True)
    run = synthetic.cross_run()
    run.results.append("not a result")  # fails mid-way, after some rows went in
    with pytest.raises(AttributeError):
        store.import_run(run)
    assert len(store.runs()) == 1 and store.db.execute("SELECT COUNT(*) FROM results").fetchone()[0] == 5
    run.results.pop()
    new_id, duplicate = store.import_run(run)  # (PostgreSQL does not hand a rolled-back id out again)
    assert not duplicate and len(store.load(str(new_id)).results) == 12


def test_schema_2_gets_uuids(tmp_path):
    db = tmp_path / "v2.sqlite"
    con = sqlite3.connect(db)
    schema_2 = migrations.SCHEMA.replace("{id}", "INTEGER PRIMARY KEY AUTOINCREMENT").replace("uuid TEXT,", "")
    con.executescript(schema_2.replace("CREATE UNIQUE INDEX IF NOT EXISTS runs_uuid ON runs(uuid);", ""))
    con.execute("INSERT INTO meta VALUES ('schema', '2')")
    con.execute("INSERT INTO runs (started_at, kind, context, status, notes) "
                "VALUES ('2026', 'host', '{}', 'complete', '[]')")
    con.commit()
    con.close()
    run = Store(db).load("1")
    assert len(run.context["run_uuid"]) == 36
    assert sqlite3.connect(db).execute("SELECT uuid FROM runs").fetchone()[0] == run.context["run_uuid"]


@pytest.mark.cluster
def test_two_machines_open_a_new_postgres_store_at_once(pg_url):  # noqa: F811
    errors = []

    def open_and_write(n):
        try:
            save(Store(pg_url), synthetic.host_run(machine={"hostname": f"m{n}"}))
        except Exception as exc:  # noqa: BLE001 - reported below
            errors.append(exc)
    threads = [threading.Thread(target=open_and_write, args=(n,)) for n in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == [] and len(Store(pg_url).runs()) == 4


@pytest.mark.cluster
def test_cli_with_a_postgres_url_and_the_environment(tmp_path, pg_url):  # noqa: F811
    filled_store(tmp_path / "a.sqlite")
    assert hb("export", "2", "--db", tmp_path / "a.sqlite", "-o", tmp_path / "2.json")[0] == 0
    code, _, err = hb("import", tmp_path / "2.json", "--db", pg_url)
    assert code == 0 and "stored as run 1" in err
    code, out, err = hb("history", env={"HASHBENCH_DB": pg_url})
    assert code == 0 and "Other CPU 2" in out, err
    code, _, err = hb("report", "--db", pg_url, "-o", tmp_path / "r.html")
    assert code == 0 and (tmp_path / "r.html").read_text().count("<svg") == 2


def test_unreachable_database_is_one_line(tmp_path):
    import socket
    with socket.socket() as s:  # a port nothing listens on
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    url = f"postgresql://bench:secret@127.0.0.1:{port}/hashbench"
    for args in (["history", "--db", url], ["report", "-o", tmp_path / "r.html"]):
        code, out, err = hb(*args, env={"HASHBENCH_DB": url})
        assert code == 2 and out == "" and err.count("\n") == 1, err
        assert "cannot connect to the database" in err and "secret" not in err and "bench:***@" in err


def test_sqlite_path_that_cannot_be_made(tmp_path):
    (tmp_path / "file").write_text("")
    code, _, err = hb("history", "--db", tmp_path / "file" / "x.sqlite")
    assert code == 2 and err.startswith("hashbench: ") and err.count("\n") == 1


def test_redact():
    assert dialects.redact("postgresql://u:pw@h:5432/db") == "postgresql://u:***@h:5432/db"
    assert dialects.redact("postgresql://u@h/db") == "postgresql://u@h/db"
    assert dialects.split_statements("CREATE TABLE a (x TEXT); -- c; d\nCREATE INDEX i ON a(x);") == \
        ["CREATE TABLE a (x TEXT)", "CREATE INDEX i ON a(x)"]


def index_names(store) -> set:
    if isinstance(store.db, dialects.SQLite):
        rows = store.db.execute("SELECT name FROM sqlite_master WHERE type='index'").fetchall()
    else:
        rows = store.db.execute("SELECT indexname FROM pg_indexes WHERE tablename IN ('runs', 'results')").fetchall()
    return {r[0] for r in rows}


def test_selectors_and_trend_on_both_stores(target):
    """history's selectors and trend's series read the same from SQLite and
    PostgreSQL, over the indexes they use (schema 6)."""
    from test_trend import store_with_a_step

    from hashbench.selection import Selection
    from hashbench.trend import build_series
    store, runs = store_with_a_step(target, runs_per_machine=8, step_run=4)
    assert {"runs_started", "runs_kind", "results_algorithm"} <= index_names(store)
    b = [r.id for r in runs if r.context["hostname"] == "bench-b"]
    assert store.run_ids(Selection(machines=("bench-b",), algorithms=("sha256",), kinds=("host",))) == b[::-1]
    assert store.run_ids(Selection(since="2026-11-05T00:00:00+00:00", machines=("bench-b",))) == b[:3:-1]
    series = build_series(store.series_rows(Selection(algorithms=("sha256",))))
    assert len(series) == 3 and [len(s.points) for s in series] == [8, 8, 8]
    (changed,) = [s for s in series if s.changes]
    assert changed.machine == "bench-b" and changed.points[changed.changes[0].index].run == b[4]


def test_schema_5_gets_the_indexes(tmp_path):
    db = tmp_path / "v5.sqlite"
    Store(db).close()
    con = sqlite3.connect(db)
    for name in ("runs_started", "runs_kind", "results_algorithm"):
        con.execute(f"DROP INDEX {name}")
    con.execute("UPDATE meta SET value='5' WHERE key='schema'")
    con.commit()
    con.close()
    assert {"runs_started", "runs_kind", "results_algorithm"} <= index_names(Store(db))
