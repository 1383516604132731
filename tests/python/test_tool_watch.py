# SPDX-License-Identifier: MIT
"""The tiers' check (tool_watch.py), on a small test file run by a pytest of
its own: a test that starts a watched program (a stand-in named like QEMU,
put in PATH) or loads a libretro core without its marker fails, naming
both; with the marker it passes; a program of the host does not count."""
import os
import subprocess
import sys
import textwrap
from pathlib import Path

HERE = Path(__file__).resolve().parent

TESTS = '''
import ctypes
import subprocess

import pytest


def run_qemu():
    subprocess.run(["qemu-hbtest"], check=True)


def test_unmarked_qemu():
    run_qemu()


@pytest.mark.toolchain
def test_marked_qemu():
    run_qemu()


def test_unmarked_core():
    try:
        ctypes.CDLL("/nonexistent/hbtest_libretro.so")
    except OSError:
        pass


def test_host_tools_are_free():
    subprocess.run(["true"], check=True)
'''

CONFTEST = '''
import tool_watch


def pytest_configure(config):
    for name in ("toolchain", "emulator"):
        config.addinivalue_line("markers", name)
    config.pluginmanager.register(tool_watch.ToolWatch(), "tool-watch")
'''


def test_a_tool_started_without_its_marker_fails_the_test(tmp_path):
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    (bin_dir / "qemu-hbtest").write_text("#!/bin/sh\nexit 0\n")
    (bin_dir / "qemu-hbtest").chmod(0o755)
    (tmp_path / "conftest.py").write_text(CONFTEST)
    (tmp_path / "test_sample.py").write_text(textwrap.dedent(TESTS))
    (tmp_path / "pytest.ini").write_text("[pytest]\n")
    env = dict(os.environ, PATH=f"{bin_dir}{os.pathsep}{os.environ['PATH']}", PYTHONPATH=str(HERE))
    proc = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-rE"], cwd=tmp_path,
                          env=env, capture_output=True, text=True, timeout=120)
    out = proc.stdout
    assert proc.returncode == 1, out + proc.stderr
    assert "4 passed, 2 errors" in out, out
    assert "test_sample.py::test_unmarked_qemu started qemu-hbtest (mark it toolchain)" in out, out
    assert "test_sample.py::test_unmarked_core started hbtest_libretro.so (mark it emulator)" in out, out
    assert "test_marked_qemu started" not in out and "test_host_tools_are_free started" not in out, out
