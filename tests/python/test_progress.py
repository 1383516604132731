# SPDX-License-Identifier: MIT
"""Progress lines of long build steps: the ticker (hashbench.progress) and
the per-file compile times the console targets estimate from; the Rust
build script's progress line."""
import io
import os
import subprocess
import time

from hashbench.paths import ROOT
from hashbench.progress import Ticker, about, mmss
from hashbench.targets.console import CompileTimes, current


def test_formats():
    assert mmss(70) == "1:10" and mmss(5) == "0:05"
    assert about(180) == "about 3 min" and about(40) == "about 40 s" and about(0.2) == "about 1 s"


def test_ticker_writes_lines_to_a_log_and_nothing_for_a_short_step():
    log = io.StringIO()
    with Ticker("compiling 12 files with sdcc for gb", 540, 2, stream=log, every_s=1, quiet_s=0):
        time.sleep(2.5)
    lines = log.getvalue().splitlines()
    assert lines and lines[0].startswith("compiling 12 files with sdcc for gb (about 9 min on 2 cores; 0:0")
    assert lines[-1].endswith("so far)")
    quiet = io.StringIO()
    with Ticker("cached", 540, 2, stream=quiet, quiet_s=2):
        time.sleep(0.3)
    assert quiet.getvalue() == ""


def test_compile_times_estimate_from_what_was_measured(tmp_path):
    t = CompileTimes(tmp_path / "b" / "compile-seconds.json", 15.0)
    assert t.estimate(["a.c", "b.c"]) == 30.0
    assert t.timed("a.c", lambda x: time.sleep(0.6) or x, 7) == 7
    assert t.timed("b.c", lambda: None) is None  # a cache hit: not recorded
    t.save()
    again = CompileTimes(tmp_path / "b" / "compile-seconds.json", 15.0)
    assert 0.5 < again.estimate(["a.c"]) < 5 and again.estimate(["b.c"]) == 15.0
    src, obj = tmp_path / "x.c", tmp_path / "x.rel"
    src.write_text("")
    assert not current(src, obj)
    obj.write_text("")
    os.utime(src, (time.time() - 10, time.time() - 10))
    assert current(src, obj)


def test_rust_build_script_shows_progress(tmp_path):
    fake = tmp_path / "cargo"
    fake.write_text("#!/bin/sh\nsleep 2\nwhile [ $# -gt 0 ]; do [ \"$1\" = --target-dir ] && d=$2; shift; done\n"
                    "mkdir -p \"$d/release\" && touch \"$d/release/libhb_rust.so\"\n")
    fake.chmod(0o755)
    proc = subprocess.run(["sh", "backends/rust/build.sh", str(fake), "", str(tmp_path / "t"), str(tmp_path / "o")],
                          cwd=ROOT, capture_output=True, text=True, timeout=60,
                          env=dict(os.environ, HB_RUST_PROGRESS_EVERY_S="1"))
    assert proc.returncode == 0, proc.stderr
    assert "Rust crates, default build (about" in proc.stderr and "so far)" in proc.stderr
    assert (tmp_path / "o" / "libhb_rust-native.so").exists()
