# SPDX-License-Identifier: MIT
"""Faults from outside our code (docs/reliability.md): an implementation
folder whose function never returns or crashes, an engine or a program
that dies of a signal, two runs measuring at once, a store whose disk
fills or whose file another writer holds, a PostgreSQL server that stops
mid-run, an emulator killed mid-ROM-run.  Each ends with one clear line
and keeps what was stored before it."""
import os
import signal
import sqlite3
import subprocess
import sys
import time

import pytest
import synthetic
from cli_util import ENV, hb, save

from hashbench.errors import UserError, exit_words, signal_words
from hashbench.paths import BUILD, ROOT
from hashbench.results import records
from hashbench.results.result import Run
from hashbench.storage.store import Store, recording, registry_folder
from hashbench.targets import host as host_target
from hashbench.userimpl import check

FNV = """#include <stddef.h>
#include <stdint.h>
void {fn}(uint8_t *out, const uint8_t *in, size_t len)
{{
    uint32_t h = 0x811C9DC5u;
    size_t i;
    for (i = 0; i < len; i++) {{ h ^= in[i]; h *= 0x01000193u; }}
    if (len == {at}) {{ {fault} }}
    out[0] = (uint8_t)(h >> 24); out[1] = (uint8_t)(h >> 16); out[2] = (uint8_t)(h >> 8); out[3] = (uint8_t)h;
}}
"""


def without_engine_build(err: str) -> str:
    """stderr less the progress line of an engine built on first use (a test may be the first to run it)."""
    return "".join(line for line in err.splitlines(keepends=True) if not line.startswith("building the engine in "))


def faulty_folder(tmp_path, name, fault, at=300):
    d = tmp_path / name
    d.mkdir()
    (d / "fnv.c").write_text(FNV.format(fn=f"{name}_fnv", at=at, fault=fault))
    (d / "hashbench.toml").write_text(f'[implementation]\nname = "{name}"\nalgorithm = "fnv1a32"\n'
                                      f'function = "{name}_fnv"\nsources = ["fnv.c"]\n')
    return d


# ---- implementation folders: hangs and crashes ----------------------------------------------

@pytest.mark.parametrize("fault, signame", [
    ("*(volatile uint8_t *)0 = 1;", "SIGSEGV"),
    ("abort();", "SIGABRT"),
    ("raise(SIGFPE);", "SIGFPE"),
])
def test_a_crashing_folder_names_the_signal_the_check_and_the_length(tmp_path, fault, signame):
    d = faulty_folder(tmp_path, "boom", fault)
    (d / "fnv.c").write_text("#include <signal.h>\n#include <stdlib.h>\n" + (d / "fnv.c").read_text())
    db = tmp_path / "db.sqlite"
    code, out, err = hb("run", "--impl-dir", d, "--db", db, "--quiet")
    assert code == 2 and out == "", err
    assert err.count("\n") == 1 and err.startswith("hashbench: boom (fnv1a32, "), err
    assert f"crashed: {signame} (" in err and "at length 300 (digest against our portable code)" in err, err
    assert "nothing timed, nothing stored" in err and not db.exists()


@pytest.mark.slow
def test_a_folder_that_never_returns_is_stopped_with_one_line_within_a_minute(tmp_path):
    d = faulty_folder(tmp_path, "spin", "while (1) ;", at=5)
    t0 = time.monotonic()
    code, out, err = hb("run", "--impl-dir", d, "--db", tmp_path / "db.sqlite", timeout=90)
    took = time.monotonic() - t0
    assert code == 2 and out == "" and took < 60, (took, err)
    last = err.strip().splitlines()[-1]
    assert last.startswith("hashbench: spin (fnv1a32, ") and "did not return in" in last, err
    assert "at length 5 (digest against our portable code)" in last and "nothing stored" in last, err
    assert "spin: verifying, " in err and "now at length 5" in err      # progress while it waited
    assert not (tmp_path / "db.sqlite").exists()


def test_the_watchdog_limit_follows_our_portable_code_between_a_floor_and_a_ceiling():
    assert check.call_limit_s(0) == check.WATCHDOG_FLOOR_S
    assert check.call_limit_s(20_000) == 20_000 * check.WATCHDOG_SLACK / 1e6 == 20.0
    assert check.call_limit_s(10_000_000) == check.WATCHDOG_CEILING_S < 60


# ---- the engine and the programs we run: signals named --------------------------------------

START = '{"rec":"start","algo":"fnv1a32","impl":"mine","size":4096,"index":0,"total":1}'


def test_a_silent_engine_with_outside_code_is_stopped_and_named(tmp_path):
    stream = host_target.Stream(None, (), cmd=["sh", "-c", f"echo '{START}'; exec sleep 30"], silence_s=1)
    t0 = time.monotonic()
    with pytest.raises(UserError, match=r"mine \(fnv1a32\) at 4096 bytes did not return in [12] s") as exc:
        list(stream)
    assert time.monotonic() - t0 < 5 and stream.proc.returncode == -signal.SIGKILL
    assert "\n" not in str(exc.value)


def test_the_engine_s_limit_grows_with_its_budget_and_its_largest_size():
    small = host_target.silence_limit_s({"budget_ms": 200, "sizes": [1024]})
    assert 45 < small < 46
    assert host_target.silence_limit_s({"budget_ms": 2000, "sizes": [1 << 26]}) == pytest.approx(45 + 8 + 640)


def test_only_engines_with_folders_code_are_watched():
    assert host_target.has_outside_code(BUILD / "impls" / "engines" / "cc-O2-0123" / "hashbench-engine")
    assert not host_target.has_outside_code(BUILD / "hashbench-engine")


def test_an_engine_that_crashes_is_named_with_its_signal_and_what_it_measured():
    stream = host_target.Stream(None, (), cmd=["sh", "-c", f"echo '{START}'; kill -SEGV $$"])
    assert [r["rec"] for r in stream] == ["start"]
    with pytest.raises(UserError, match=r"the engine crashed: SIGSEGV \(.*\) while measuring mine \(fnv1a32\) "
                                        r"at 4096 bytes; what was measured before it is kept"):
        stream.finish()


def test_a_program_killed_by_a_signal_is_named_with_where_its_records_left_off():
    assert signal_words(signal.SIGBUS).startswith("SIGBUS (") and signal_words(signal.SIGILL).startswith("SIGILL (")
    assert exit_words(3) == "exit status 3" and exit_words(-signal.SIGKILL).startswith("killed by SIGKILL")
    text = START + "\n" + START.replace("4096", "8192") + "\n"
    assert records.died_in(-signal.SIGSEGV, text).endswith("after fnv1a32/mine at 8192 bytes")
    assert records.died_in(1, text) == "exit status 1"


# ---- runs that overlap ----------------------------------------------------------------------

def quick_run(command):
    return Run(kind="host", command=command, options={"sizes": [1024]}, context={})


# another process measuring into the same folder's store for a while (argv: db, seconds)
BESIDE = """
import sys, time
sys.path.insert(0, "tests/python")
import synthetic
from hashbench.results.result import Run
from hashbench.storage.store import Store, recording, registry_folder
run = Run(kind="host", command="hashbench run B", options={"sizes": [1024]}, context={})
with recording(Store(sys.argv[1]), run) as rec:
    rec.add(synthetic.timed("fnv1a32"))
    time.sleep(float(sys.argv[2]))
"""


def test_two_overlapping_runs_are_both_stored_flagged_and_diff_says_disturbed(tmp_path, capsys):
    db = tmp_path / "db.sqlite"
    store = Store(db)
    beside = subprocess.Popen([sys.executable, "-c", BESIDE, str(db), "3"], cwd=ROOT, env=ENV,
                              stderr=subprocess.PIPE, text=True)
    folder = registry_folder(store)
    deadline = time.monotonic() + 30
    while not list(folder.glob("*.json")) and time.monotonic() < deadline:
        time.sleep(0.05)
    a = quick_run("hashbench run A")
    with recording(store, a) as rec:
        rec.add(synthetic.timed("fnv1a32"))
    _, beside_err = beside.communicate(timeout=60)
    assert beside.returncode == 0, beside_err
    err = capsys.readouterr().err
    assert f"note: another hashbench is measuring on this machine (pid {beside.pid}: hashbench run B)" in err, err
    assert "another hashbench measured on this machine during this run (pid " in beside_err, beside_err
    runs = {r.command: r for r in (store.load(str(i["id"])) for i in store.runs())}
    a, b = runs["hashbench run A"], runs["hashbench run B"]
    assert a.status == b.status == "complete" and a.results and b.results
    assert [o["command"] for o in a.context["overlapped"]] == ["hashbench run B"]
    assert [o["command"] for o in b.context["overlapped"]] == ["hashbench run A"]
    code, out, _ = hb("diff", str(b.id), str(a.id), "--db", db)
    assert code == 0 and f"disturbed: run {b.id} and run {a.id} measured while another hashbench" in out, out
    code, out, _ = hb("show", str(a.id), "--db", db)
    assert code == 0 and f"note: measured while another hashbench measured on this machine (pid {beside.pid}, " \
        "from " in out and out.rstrip().endswith("hashbench run B): its times are disturbed"), out


def test_a_run_alone_is_not_flagged_and_one_that_ended_before_is_not_either(tmp_path):
    store = Store(tmp_path / "db.sqlite")
    first, second = quick_run("one"), quick_run("two")
    with recording(store, first):
        pass
    with recording(store, second):
        pass
    assert "overlapped" not in store.load(str(first.id)).context
    assert "overlapped" not in store.load(str(second.id)).context


# ---- the store: disk full, locked, server gone ----------------------------------------------

@pytest.fixture
def small_disk(tmp_path):
    """A 2 MiB tmpfs (needs root, as in CI), unmounted at the end."""
    mnt = tmp_path / "small"
    mnt.mkdir()
    proc = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=2m", "tmpfs", str(mnt)], capture_output=True,
                          text=True)
    if proc.returncode:
        pytest.skip(f"cannot mount a small tmpfs here ({proc.stderr.strip() or 'not root'}): the disk-full "
                    "test needs one")
    yield mnt
    subprocess.run(["umount", "-l", str(mnt)], capture_output=True)


def fill(folder):
    """Fills `folder`'s disk -> the file that did it."""
    filler = folder / "filler"
    with open(filler, "wb", buffering=0) as f:
        try:
            while True:
                f.write(b"\0" * 4096)
        except OSError:
            pass
    return filler


def test_a_full_disk_under_the_store_is_one_line_and_keeps_what_was_stored(small_disk):
    db = small_disk / "db.sqlite"
    store = Store(db)
    run = quick_run("hashbench run")
    with pytest.raises(UserError) as exc:
        with recording(store, run) as rec:
            rec.add(synthetic.timed("fnv1a32"))
            fill(small_disk)
            for algo in ("crc32", "md5", "sha256") * 200:
                rec.add(synthetic.timed(algo))
    message = str(exc.value)
    assert "\n" not in message and "the disk under the store is full" in message, message
    (small_disk / "filler").unlink()
    assert [r.algorithm for r in Store(db).load(str(run.id)).results][:1] == ["fnv1a32"]


def test_a_full_disk_refuses_a_new_run_before_it_measures(small_disk):
    db = small_disk / "db.sqlite"
    filled = Store(db)
    save(filled, synthetic.host_run())
    filled.close()
    fill(small_disk)
    code, out, err = hb("run", "-a", "fnv1a32", "--budget", "20", "--processes", "1", "--db", db)
    err = without_engine_build(err)
    assert code == 2 and out == "" and err.count("\n") == 1 and "the disk under the store is full" in err, err
    (small_disk / "filler").unlink()
    assert Store(db).load("1").results and len(Store(db).runs()) == 1


def test_a_store_held_by_another_writer_past_the_busy_timeout_is_one_line(tmp_path, monkeypatch):
    from hashbench.storage import dialects
    monkeypatch.setattr(dialects, "BUSY_TIMEOUT_MS", 300)
    db = tmp_path / "db.sqlite"
    store = Store(db)
    run = quick_run("hashbench run")
    holder = sqlite3.connect(db, isolation_level=None)
    with pytest.raises(UserError) as exc:
        with recording(store, run) as rec:
            rec.add(synthetic.timed("fnv1a32"))
            holder.execute("BEGIN EXCLUSIVE")
            rec.add(synthetic.timed("crc32"))
    holder.execute("ROLLBACK")
    message = str(exc.value)
    assert "\n" not in message and "database is locked" in message, message
    assert "another program held the file for writing longer than 0.3 s" in message
    assert [r.algorithm for r in Store(db).load(str(run.id)).results] == ["fnv1a32"]
    holder.execute("BEGIN EXCLUSIVE")     # held before a run begins: refused before it measures
    with pytest.raises(UserError, match="database is locked: another program held the file"):
        Store(db)
    holder.execute("ROLLBACK")


@pytest.mark.cluster
def test_a_postgresql_server_stopped_mid_run_is_one_line_and_keeps_the_rows_stored():
    pytest.importorskip("psycopg", reason="psycopg is not installed (make setup installs it)")
    from pg_server import Server
    try:
        server = Server()
        server.start()
    except (RuntimeError, OSError, subprocess.SubprocessError) as exc:
        pytest.skip(f"no PostgreSQL server could start here: {exc}")
    try:
        url = server.create_database("hb_gone")
        store = Store(url)
        run = quick_run("hashbench run")
        with pytest.raises(UserError) as exc:
            with recording(store, run) as rec:
                rec.add(synthetic.timed("fnv1a32"))
                server.halt()
                rec.add(synthetic.timed("crc32"))
        message = str(exc.value)
        assert "\n" not in message and "the database server went away; what was stored before is kept" in message, message
        server.resume()
        assert [r.algorithm for r in Store(url).load(str(run.id)).results] == ["fnv1a32"]
        server.halt()
        code, out, err = hb("run", "-a", "fnv1a32", "--budget", "20", "--db", url)   # gone before: refused
        err = without_engine_build(err)
        assert code == 2 and out == "" and err.count("\n") == 1 and "cannot connect to the database" in err, err
    finally:
        server.stop()


# ---- an emulator killed mid-ROM-run ---------------------------------------------------------

@pytest.mark.toolchain
@pytest.mark.emulator
def test_an_emulator_killed_mid_rom_run_keeps_the_rows_done_and_ends_interrupted(tmp_path):
    from rom_cases import CASES, CTRL_C_ROWS, missing_emulator, missing_tools
    why = missing_tools("nucleo-f767") or missing_emulator("nucleo-f767")
    if why:
        pytest.skip(f"nucleo-f767: {why}")
    db = tmp_path / "db.sqlite"
    proc = subprocess.Popen([sys.executable, "-m", "hashbench", "rom", "--target", "nucleo-f767", "-a", CTRL_C_ROWS,
                             "-o", tmp_path / "hb.elf", "--budget", CASES["nucleo-f767"].ctrl_c_budget, "--run",
                             "--db", db], cwd=ROOT, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    seen = []
    for line in proc.stderr:
        seen.append(line)
        done = [int(n) for n in __import__("re").findall(r"(\d+)/\d+ rows", line)]
        if done and done[0] >= 1:
            break
    emulator = children(proc.pid)
    assert emulator, "".join(seen)
    os.kill(emulator[0], signal.SIGKILL)
    out, err = proc.communicate(timeout=120)
    err = "".join(seen) + err
    assert proc.returncode == 130, err
    assert "rom: QEMU stopped (killed by SIGKILL" in err and "the rows done are kept" in err, err
    stored = Store(str(db)).load("last")
    assert stored.status == "interrupted" and stored.results and all(r.verified for r in stored.results)


def children(pid) -> list:
    try:
        return [int(p) for p in open(f"/proc/{pid}/task/{pid}/children").read().split()]
    except OSError:
        return []
