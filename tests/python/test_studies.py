# SPDX-License-Identifier: MIT
"""The studies are a package run as `python -m studies.NAME`: each answers --help, and their
options are spelled as the command line spells them."""
import pkgutil
import re
import subprocess
import sys

import pytest

import studies
from hashbench.paths import ROOT

RUNNABLE = sorted(m.name for m in pkgutil.iter_modules(studies.__path__)
                  if "__main__" in (ROOT / "studies" / f"{m.name}.py").read_text())
# the CLI's spellings: --target, -a/--algo, --run/--no-run, -o/--output
NOT_THE_CLI = ("--targets", "--algos", "--stdout", "--markdown", "--out ", "--ab-algos")


def test_listed_reads_repeated_comma_lists():
    assert studies.listed(["nes,gb", " gba ", ""]) == ["nes", "gb", "gba"]
    assert studies.listed(None, ["z80"]) == ["z80"]


def test_write_replaces_the_file_whole(tmp_path, capsys):
    out = tmp_path / "page.md"
    out.write_text("old")
    studies.write("new\n", out)
    assert out.read_text() == "new\n" and not list(tmp_path.glob("*.tmp"))
    studies.write("to stdout\n", "-")
    assert capsys.readouterr().out == "to stdout\n"


@pytest.mark.parametrize("name", RUNNABLE)
def test_help_and_spellings(name):
    p = subprocess.run([sys.executable, "-m", f"studies.{name}", "--help"], cwd=ROOT, capture_output=True,
                       text=True, timeout=120, env={"COLUMNS": "200", "PATH": "/usr/bin:/bin"})
    assert p.returncode == 0, p.stderr
    options = " ".join(re.findall(r"--[a-z-]+ ?", p.stdout))
    assert not [s for s in NOT_THE_CLI if s in options], options
    if "target" in options:
        assert "--target " in options, options


def test_call_speeds_names_each_speed_held_once_in_order():
    from studies.call_speeds import stretches
    values = [21.2] * 5 + [16.1] * 2 + [20.9] * 5 + [15.8] * 6 + [21.0] * 4
    assert stretches(values, 5) == [21, 16]   # the second 21 repeats the first; the last held only 4
    assert stretches(values, 2) == [21, 16, 21, 16, 21]
    assert stretches([3.0, 4.0, 3.0], 2) == []
