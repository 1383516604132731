# SPDX-License-Identifier: MIT
"""One version: pyproject.toml's, printed by `hashbench --version`, in every
run's header and stored context, and by the engine the Makefile builds."""
import subprocess
import tomllib

from cli_util import ROOT, hb

from hashbench.toolchain.host import ensure_engine

VERSION = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]["version"]


def test_the_cli_the_run_header_and_the_engine_print_pyprojects_version(tmp_path):
    code, out, _ = hb("--version")
    assert code == 0 and out.strip() == f"hashbench {VERSION}"
    code, out, err = hb("run", "-a", "crc32", "--size", "64", "--budget", "5", "--processes", "1", "--no-save")
    assert code == 0, err
    assert out.splitlines()[0].startswith(f"hashbench {VERSION} · ")
    engine = subprocess.run([str(ensure_engine()), "--version"], capture_output=True, text=True, check=True)
    assert engine.stdout.strip() == f"hashbench-engine {VERSION}"
    assert (ROOT / "build" / "host" / "version").read_text().strip() == VERSION
