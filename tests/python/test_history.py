# SPDX-License-Identifier: MIT
"""history's selectors (--machine, -a, --since, --kind, --limit), and show and
diff reading 'last' among the runs they select."""
import cli_util
import synthetic

from hashbench.selection import Selection, parse_since


def _store(tmp_path):
    db = tmp_path / "h.sqlite"
    runs = [synthetic.host_run(machine={"hostname": "bench-a"}, algos=["crc32", "md5"]),
            synthetic.host_run(machine={"hostname": "bench-b"}, algos=["sha256"]),
            synthetic.cross_run(),
            synthetic.host_run(machine={"hostname": "bench-a"}, algos=["sha256"], scale=1.1)]
    runs[0].started_at = "2026-10-01T10:00:00+00:00"
    runs[2].context["hostname"] = "lab-x"
    store, _ = cli_util.filled_store(db, runs)
    return db, store, runs


def _ids(out):
    return [int(line.split()[0]) for line in out.splitlines()[2:] if line.split() and line.split()[0].isdigit()]


def test_store_selection(tmp_path):
    _, store, runs = _store(tmp_path)
    ids = [r.id for r in runs]
    assert [r["id"] for r in store.runs(None, selection=Selection(machines=("bench-a",)))] == [ids[3], ids[0]]
    assert [r["id"] for r in store.runs(None, selection=Selection(algorithms=("sha256",)))] == [ids[3], ids[2], ids[1]]
    assert [r["id"] for r in store.runs(1, selection=Selection(machines=("bench-*",), algorithms=("md5",)))] == [ids[0]]
    assert [r["id"] for r in store.runs(None, selection=Selection(kinds=("cross",)))] == [ids[2]]
    assert ids[0] not in store.run_ids(Selection(since="2026-11-01T00:00:00+00:00"))
    assert store.resolve("last~1", Selection(machines=("bench-a",))) == ids[0]


def test_history_filters_on_the_command_line(tmp_path):
    db, _, runs = _store(tmp_path)
    ids = [r.id for r in runs]
    code, out, err = cli_util.hb("history", "--db", db, "--machine", "bench-a")
    assert code == 0, err
    assert _ids(out) == [ids[3], ids[0]]
    code, out, _ = cli_util.hb("history", "--db", db, "-a", "sha*", "--kind", "host", "--limit", "1")
    assert _ids(out) == [ids[3]]
    code, out, _ = cli_util.hb("history", "--db", db, "--since", "2026-11-01")
    assert ids[0] not in _ids(out) and ids[3] in _ids(out)
    code, out, _ = cli_util.hb("history", "--db", db, "--machine", "nowhere")
    assert code == 0 and "no run of machine nowhere" in out
    code, _, err = cli_util.hb("history", "--db", db, "--since", "last tuesday")
    assert code == 2 and "bad --since" in err and len(err.strip().splitlines()) == 1
    code, _, err = cli_util.hb("history", "--db", db, "-a", "sha257")
    assert code == 2 and "unknown algorithm" in err


def test_show_and_diff_count_last_among_the_selected(tmp_path):
    db, _, runs = _store(tmp_path)
    code, out, err = cli_util.hb("show", "last~1", "--db", db, "--machine", "bench-a")
    assert code == 0, err
    assert out.startswith(f"run {runs[0].id} ")
    code, out, err = cli_util.hb("diff", "last~1", "last", "--db", db, "-a", "sha256", "--kind", "host")
    assert code == 0, err
    assert "SHA-256" in out or "sha256" in out.lower()
    code, _, err = cli_util.hb("show", "last~5", "--db", db, "--machine", "bench-b")
    assert code == 2 and "1 of them" in err


def test_parse_since():
    import datetime
    now = datetime.datetime(2026, 11, 29, 12, 0, tzinfo=datetime.UTC)
    assert parse_since("2d", now) == "2026-11-27T12:00:00+00:00"
    assert parse_since("2026-11-01") == "2026-11-01T00:00:00+00:00"
    assert parse_since("2026-11-01T05:00+02:00") == "2026-11-01T03:00:00+00:00"
