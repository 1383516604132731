# SPDX-License-Identifier: MIT
"""The real `hashbench` entry point, end to end: stdout, stderr, exit codes."""
import functools
import hashlib
import json
import os
import signal
import sqlite3
import subprocess
import sys
import time

import cli_util
import pytest

from hashbench import roster
from hashbench.paths import ROOT
from hashbench.results.verify import reference_table

hb = functools.partial(cli_util.hb, text=False)   # the tests read bytes

ENV = {k: v for k, v in os.environ.items() if k != "HASHBENCH_ENGINE"}
ENV["NO_COLOR"] = "1"


def reference(algo, size):
    return reference_table()[(algo, size)]


def test_list_json_has_the_whole_roster():
    r = hb("list", "--json")
    assert r.returncode == 0
    algos = [json.loads(x) for x in r.stdout.decode().splitlines()]
    ids = {a["id"] for a in algos}
    assert [a["id"] for a in algos] == roster.ids()
    assert {"crc32", "sha3-256", "blake3", "ascon-hash256", "xxh3-64"} <= ids
    crc = next(a for a in algos if a["id"] == "crc32")
    assert crc["tier"] == "checksum" and crc["digest_len"] == 4 and "compact" in crc["impls"]


def test_list_table():
    r = hb("list")
    assert r.returncode == 0 and b"sha512" in r.stdout and b"FIPS 180-4" in r.stdout


def test_hash_files_and_stdin(tmp_path):
    f = tmp_path / "a.bin"
    f.write_bytes(b"hello hashbench\n" * 1000)
    r = hb("hash", "-a", "sha256", str(f))
    assert r.returncode == 0
    assert r.stdout.decode() == f"{hashlib.sha256(f.read_bytes()).hexdigest()}  {f}\n"
    r = hb("hash", "-a", "md5", stdin=b"abc")
    assert r.stdout.decode() == "900150983cd24fb0d6963f7d28e17f72  -\n"


def test_hash_errors():
    r = hb("hash", "-a", "sha265", "README.md")
    assert r.returncode == 2 and b"did you mean" in r.stderr and b"Traceback" not in r.stderr
    r = hb("hash", "-a", "sha256", "/nonexistent/file")
    assert r.returncode != 0 and b"/nonexistent/file" in r.stderr


def test_run_table_and_json_export(tmp_path):
    out = tmp_path / "r.json"
    r = hb("run", "-a", "crc32,sha256", "--budget", "20", "--no-save", "-o", str(out))
    assert r.returncode == 0, r.stderr
    text = r.stdout.decode()
    assert "CRC32" in text and "SHA256" in text and "MB/s" in text
    assert "\x1b[" not in text  # plain text when not a terminal
    umask = os.umask(0o022)
    os.umask(umask)   # the file is as readable as any other the user writes, not the temporary file's 0600
    assert out.stat().st_mode & 0o777 == 0o666 & ~umask
    doc = json.loads(out.read_text())
    assert doc["format_version"] == 2 and doc["kind"] == "host" and doc["context"]["cpu"]
    for res in doc["results"]:
        for field in ("algorithm", "implementation", "size", "verified", "digest", "ns_per_call",
                      "mb_per_s", "spread_pct", "cycles_per_byte", "samples"):
            assert field in res
        assert res["verified"] is True and res["size"] == 1024
        assert res["digest"] == reference(res["algorithm"], 1024)
        assert res["mb_per_s"] > 0 and len(res["samples"]) >= 5


def test_run_sweep_csv_and_markdown(tmp_path):
    r = hb("run", "-a", "xxh32", "--sweep", "--budget", "10", "--no-save", "--units", "KB/s",
           "-o", str(tmp_path / "s.csv"))
    assert r.returncode == 0, r.stderr
    assert "KB/s@64" in r.stdout.decode() and "KB/s@1K" in r.stdout.decode()
    rows = (tmp_path / "s.csv").read_text().splitlines()
    assert rows[0].startswith("algorithm,implementation,size") and len(rows) == 4
    r = hb("run", "-a", "adler32", "--size", "4k", "--budget", "10", "--no-save", "-o", str(tmp_path / "s.md"))
    assert r.returncode == 0 and "| ADL32" in (tmp_path / "s.md").read_text()


def test_run_impl_all_and_compact():
    r = hb("run", "-a", "crc32", "--impl", "all", "--budget", "10", "--no-save")
    assert r.returncode == 0 and b"compact" in r.stdout and b"portable" in r.stdout


@pytest.mark.parametrize("args,needle", [
    (["-a", "sha265"], "did you mean"),
    (["--size", "12q"], "bad size"),
    (["--size", "0"], "bad size"),
    (["--budget", "fast"], "bad budget"),
    (["--units", "GB/h"], "bad unit"),
    (["--impl", "opensssl"], "unknown implementation"),
    (["--impl", "zlib"], "crc8 has no implementation zlib"),   # nothing to measure: not an empty exit 0
    (["-o", "/nonexistent/dir/x.json"], "cannot write"),
    (["-o", "/proc/x.json"], "cannot write"),   # a folder where even root makes no file
    (["-o", "results.xlsx"], "unknown output format"),
    (["--timer", "sundial"], "timer"),
    (["--processes", "0"], "--processes"),
    (["--sort", "size"], "invalid choice"),      # argparse's own checks, also one line
    (["--budget"], "expected one argument"),
    (["--no-such-option"], "unrecognized arguments"),
])
def test_run_bad_input_is_one_line_exit_2(args, needle):
    r = hb("run", "-a", "crc8", "--budget", "5", "--no-save", *args) if "-a" not in args else \
        hb("run", "--budget", "5", "--no-save", *args)
    err = r.stderr.decode()
    assert r.returncode == 2, err
    assert needle in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_corrupt_database_is_a_clear_error(tmp_path):
    db = tmp_path / "bad.sqlite"
    db.write_bytes(b"this is not a database" * 100)
    r = hb("history", "--db", str(db))
    assert r.returncode == 2 and b"not a usable hashbench database" in r.stderr
    r = hb("run", "-a", "crc8", "--budget", "5", "--db", str(db))
    assert r.returncode == 2 and b"Traceback" not in r.stderr


def test_store_history_show_diff(tmp_path):
    db = str(tmp_path / "h.sqlite")
    for _ in range(2):
        r = hb("run", "-a", "crc32,md5", "--budget", "20", "--db", db)
        assert r.returncode == 0, r.stderr
    r = hb("history", "--db", db)
    assert r.returncode == 0 and r.stdout.decode().count("complete") == 2
    r = hb("show", "last", "--db", db)
    assert r.returncode == 0 and b"CRC32" in r.stdout
    assert b"core clock" in r.stdout and b"drift" in r.stdout  # the machine during the run
    r = hb("diff", "last~1", "last", "--db", db)
    assert r.returncode == 0 and b"B/A" in r.stdout and b"95% CI" in r.stdout
    assert b"MD5" in r.stdout and b"CRC32" in r.stdout
    assert b"machine clock (calibration kernel)" in r.stdout and b"timed rows differ significantly" in r.stdout
    r = hb("show", "99", "--db", db)
    assert r.returncode == 2 and b"no run 99" in r.stderr
    con = sqlite3.connect(db)
    data = json.loads(con.execute("SELECT data FROM results LIMIT 1").fetchone()[0])
    assert data["samples"] and data["verified"] is True
    ctx = json.loads(con.execute("SELECT context FROM runs LIMIT 1").fetchone()[0])
    assert ctx["compiler"] and ctx["timer"]["name"] and ctx["commit"]
    # the command line as given (hashbench/cli.py records it; no library module reads sys.argv)
    assert con.execute("SELECT command FROM runs LIMIT 1").fetchone()[0] == f"hashbench run -a crc32,md5 --budget 20 --db {db}"


@pytest.mark.parametrize("sig", [signal.SIGINT, signal.SIGTERM])
def test_ctrl_c_keeps_measured_rows(tmp_path, sig):
    """Ctrl-C, and a kill's SIGTERM alike: the rows measured are kept, the run stored as interrupted."""
    db = tmp_path / "i.sqlite"
    # SIG_DFL in the child: started from a background job of a non-interactive
    # shell (nohup cmd &), the test would inherit SIGINT ignored, and so would Python.
    proc = subprocess.Popen([sys.executable, "-m", "hashbench", "run", "--budget", "400", "--db", str(db)],
                            cwd=ROOT, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.time() + 60
    while time.time() < deadline:
        time.sleep(0.2)
        if db.exists():
            try:
                n = sqlite3.connect(str(db)).execute("SELECT COUNT(*) FROM results").fetchone()[0]
            except sqlite3.Error:
                continue
            if n >= 2:
                break
    proc.send_signal(sig)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert b"interrupted: kept the" in err
    con = sqlite3.connect(str(db))
    assert con.execute("SELECT status FROM runs").fetchone()[0] == "interrupted"
    assert con.execute("SELECT COUNT(*) FROM results").fetchone()[0] >= 2
    assert b"CRC8" in out  # the table of what was measured is still printed


def test_a_killed_run_shows_as_abandoned_with_its_rows(tmp_path):
    """SIGKILL leaves the process no word to say: once it is gone, history
    shows its run abandoned (not running), with the rows it stored."""
    db = tmp_path / "k.sqlite"
    proc = subprocess.Popen([sys.executable, "-m", "hashbench", "run", "--budget", "400", "--db", str(db)],
                            cwd=ROOT, env=ENV, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    rows, deadline = 0, time.time() + 60
    while rows < 1 and time.time() < deadline and proc.poll() is None:
        time.sleep(0.2)
        try:
            rows = sqlite3.connect(str(db)).execute("SELECT COUNT(*) FROM results").fetchone()[0]
        except sqlite3.Error:   # not made yet
            continue
    proc.kill()
    proc.wait(timeout=30)
    assert rows >= 1, "no row was stored before the kill"
    code, out, err = cli_util.hb("history", "--db", db)
    assert code == 0, err
    line = next(x for x in out.splitlines() if x.lstrip().startswith("1 "))
    assert " abandoned " in line and "running" not in line
    stored = sqlite3.connect(str(db)).execute("SELECT COUNT(*) FROM results").fetchone()[0]
    assert f" {stored} " in line and stored >= rows
    code, out, _ = cli_util.hb("show", "last", "--db", db)
    assert code == 0 and "· abandoned ·" in out


def test_ctrl_c_before_any_row_still_exits_130(tmp_path):
    """-o --format has nothing to write: said, not a refusal with exit 2."""
    db, out = tmp_path / "i.sqlite", tmp_path / "bmf.json"
    proc = subprocess.Popen([sys.executable, "-m", "hashbench", "run", "-a", "sha512", "--budget", "5s", "--processes",
                             "1", "--db", str(db), "-o", str(out), "--format", "bencher"],
                            cwd=ROOT, env=ENV, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.time() + 60
    while time.time() < deadline and not db.exists():   # the run has begun: its engine is measuring
        time.sleep(0.05)
    time.sleep(0.3)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    assert proc.returncode == 130, err
    assert b"not written: nothing was measured" in err and not out.exists()


@pytest.mark.parametrize("cmd", ["run", "list", "hash", "history", "show", "diff"])
def test_help_on_every_subcommand(cmd):
    r = hb(cmd, "--help")
    assert r.returncode == 0 and b"example" in r.stdout


def test_no_command_prints_help():
    r = hb()
    assert r.returncode == 2 and b"usage" in r.stdout


def engine_records(*args):
    from hashbench.results.records import parse
    from hashbench.toolchain.host import ensure_engine
    proc = subprocess.run([str(ensure_engine()), *args], capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr
    return parse(proc.stdout)


def test_engine_writes_the_calibration_kernel_at_start_and_end():
    recs = engine_records("bench", "-a", "crc32", "-b", "10")
    kinds = [r["rec"] for r in recs]
    assert kinds[:3] == ["engine", "timer", "clock"] and kinds[-2:] == ["clock", "done"]
    start, end = [r for r in recs if r["rec"] == "clock"]
    assert start["at"] == "start" and end["at"] == "end"
    for rec in (start, end):
        assert len(rec["samples"]) == 15 and all(s[0] == 262144 and s[1] > 0 and s[2] > 0 for s in rec["samples"])
    result = next(r for r in recs if r["rec"] == "result")
    # [iters, ticks, ns, switches]: no kernel around the samples without -c
    assert "clock_adds" not in result and all(len(s) == 4 for s in result["samples"])


def test_engine_puts_the_kernel_around_every_sample_with_c():
    recs = engine_records("bench", "-a", "crc32", "-b", "10", "-c", "-l", "500")
    timer = next(r for r in recs if r["rec"] == "timer")
    result = next(r for r in recs if r["rec"] == "result")
    overhead = next(r for r in recs if r["rec"] == "overhead")
    if timer["unit"] == "cycles":  # perf counts core cycles itself: no kernel needed
        assert "clock_adds" not in result
        return
    assert result["clock_adds"] == 262144
    for s in result["samples"] + overhead["samples"]:
        assert len(s) == 5 and s[4] > 0


def test_engine_clock_checks_three_kernels():
    recs = engine_records("clock", "-n", "3")
    kernels = {r["name"]: r["samples"] for r in recs if r["rec"] == "kernel"}
    assert set(kernels) == {"add-chain", "mul-chain", "two-add-chains"}
    assert all(len(v) == 3 and all(s[0] == 262144 and s[1] > 0 for s in v) for v in kernels.values())


def test_processes_end_to_end(tmp_path):
    import jsonschema
    out = tmp_path / "p.json"
    r = hb("run", "-a", "crc32,md5", "--budget", "30", "--processes", "3", "--no-save", "-o", str(out))
    assert r.returncode == 0, r.stderr
    doc = json.loads(out.read_text())
    jsonschema.validate(doc, json.loads((ROOT / "docs" / "result-schema.json").read_text()))
    assert doc["options"]["processes"] == 3
    for res in doc["results"]:
        assert res["processes"] == 3 and res["meter"] == "ns" and res["ci_pct"] is not None
        assert res["sample_fields"] == ["iters", "ticks", "ns", "switches", "process", "cpu"]
        assert {s[-2] for s in res["samples"]} == {0, 1, 2} == {h[-2] for h in res["harness"]}
        if hasattr(os, "sched_setaffinity"):  # pinned to each allowed CPU in turn
            allowed = sorted(os.sched_getaffinity(0))
            assert {(s[-2], s[-1]) for s in res["samples"]} == {(p, allowed[p % len(allowed)]) for p in range(3)}
    clock = doc["context"]["clock"]
    assert [(c["process"], c["at"]) for c in clock] == [(p, at) for p in range(3) for at in ("start", "end")]
    assert all(c["hz"] > 1e8 for c in clock)
    text = r.stdout.decode()
    assert "3 processes" in text and "core clock" in text and "95% of reruns" in text


def test_meter_cycles_end_to_end(tmp_path):
    out = tmp_path / "c.json"
    r = hb("run", "-a", "crc32", "--budget", "30", "--processes", "2", "--meter", "core-cycles", "--no-save",
           "-o", str(out))
    assert r.returncode == 0, r.stderr
    (res,) = json.loads(out.read_text())["results"]
    assert res["unit"] == "cycles" and res["per_call"] > 0 and res["cycles_per_byte"] > 0
    if res["meter"] == "core-cycles":  # perf_event allowed here
        assert b"core cycles (perf)" in r.stdout
        return
    assert res["meter"] == "est-core-cycles" and res["clock_adds"] == 262144
    assert res["sample_fields"] == ["iters", "ticks", "ns", "switches", "clock_ticks", "process", "cpu"]
    assert all(s[4] > 0 for s in res["samples"]) and res["ns_per_call"] > 0
    assert b"estimated core cycles" in r.stdout


def test_a_build_failure_is_one_line_not_a_traceback(monkeypatch, tmp_path, capsys):
    """A BuildError that reaches the command line (a ROM image whose link fails, say) is said in one
    line with exit 2."""
    from hashbench import cli
    from hashbench.errors import BuildError
    from hashbench.rom import flow

    def failing(*args, **kw):
        raise BuildError("ld: hb.elf: section .text will not fit in region ROM")
    monkeypatch.setattr(flow, "build_image", failing)
    code = cli.main(["rom", "--target", "gba", "-o", str(tmp_path / "hb.gba"), "-a", "crc32"])
    err = capsys.readouterr().err
    assert code == 2
    assert err == "hashbench: build failed: ld: hb.elf: section .text will not fit in region ROM\n"
    assert not (tmp_path / "hb.gba").exists()
