# SPDX-License-Identifier: MIT
"""compare ALGO --rev A --rev B (hashbench.flows.revisions): in a clone of this
repository whose HEAD makes hb_sha256 slower, B is found slower, by the
exact ratio of the two simulated costs, and --fail-above exits 1.  The clone
is of the committed HEAD: what it measures is the committed code."""
import re
import shutil
import subprocess
import sys

import pytest
from cli_util import ENV, hb

from hashbench.paths import ROOT
from hashbench.storage.store import Store

SLOWER = """    {   /* a slower HEAD: a wasted pass over the input */
        volatile uint32_t waste = 0;
        size_t k;
        for (k = 0; k < len; k++) waste += in[k];
    }
"""
ONE_SHOT = "void hb_sha256(uint8_t *out, const uint8_t *in, size_t len)\n{\n"


def in_git() -> bool:
    return shutil.which("git") is not None and subprocess.run(
        ["git", "-C", str(ROOT), "rev-parse", "HEAD"], capture_output=True).returncode == 0


@pytest.fixture(scope="module")
def clone(tmp_path_factory):
    if not in_git():
        pytest.skip("not a git checkout")
    path = tmp_path_factory.mktemp("rev") / "hashbench"
    subprocess.run(["git", "clone", "-q", str(ROOT), str(path)], check=True)
    src = path / "src" / "algos" / "sha256.c"
    text = src.read_text()
    assert ONE_SHOT in text
    src.write_text(text.replace(ONE_SHOT, ONE_SHOT + SLOWER))
    subprocess.run(["git", "-C", str(path), "-c", "user.email=test@example.org", "-c", "user.name=test",
                    "commit", "-q", "-am", "sha256: slower"], check=True)
    return path


def hb_in(path, *args, timeout=600):
    proc = subprocess.run([sys.executable, "-m", "hashbench", *args], cwd=path, env=ENV, capture_output=True,
                          text=True, timeout=timeout)
    return proc.returncode, proc.stdout, proc.stderr


@pytest.mark.emulator
@pytest.mark.skipif(shutil.which("valgrind") is None, reason="valgrind is not installed")
def test_a_slower_head_fails_with_the_exact_ratio(clone, tmp_path):
    db = tmp_path / "r.sqlite"
    code, out, err = hb_in(clone, "compare", "sha256", "--rev", "HEAD~1", "--rev", "HEAD", "--meter", "est-cycles",
                           "--fail-above", "1", "--db", db)
    assert code == 1, err
    costs = {m.group(1): int(m.group(2).replace(",", ""))
             for m in re.finditer(r"^([AB]) +HEAD\S* +[0-9a-f]{12} +([\d,]+) +cycles$", out, re.M)}
    assert set(costs) == {"A", "B"} and costs["B"] > costs["A"], out
    ratio = float(re.search(r"B/A = ([\d.]+) \(exact\): B is slower", out).group(1))
    assert ratio == pytest.approx(costs["B"] / costs["A"], abs=5e-6)
    assert "fail: B is slower than A by more than 1% (exactly)" in err
    stored = Store(db).latest_results(kind="compare")
    assert sorted(r.build.name.split("@")[0] for r in stored) == ["HEAD", "HEAD~1"]
    code, out, _ = hb("show", "last", "--db", db)   # stored: A and B told apart, and their ratio
    assert code == 0 and re.search(r"^A +HEAD~1@", out, re.M) and re.search(r"^B +HEAD@", out, re.M), out
    assert f"B/A = {ratio:.4f} (exact)" in out and "None" not in out
    # the same two commits, a threshold above the change: exit 0
    code, out, err = hb_in(clone, "compare", "sha256", "--rev", "HEAD~1", "--rev", "HEAD", "--meter", "est-cycles",
                           "--fail-above", str(round((ratio - 1) * 100 + 1)), "--no-save")
    assert code == 0 and "B is slower" in out, err


def test_revisions_are_checked_before_anything_is_built(clone):
    code, out, err = hb_in(clone, "compare", "sha256", "--rev", "HEAD", "--no-save")
    assert code == 2 and "exactly two revisions" in err
    code, out, err = hb_in(clone, "compare", "sha256", "--rev", "HEAD", "--rev", "no-such-branch")
    assert code == 2 and "--rev no-such-branch: not a commit" in err
    code, out, err = hb_in(clone, "compare", "sha256", "--fail-above", "5")
    assert code == 2 and "go with --rev" in err
    for pct in ("nan", "inf", "-1"):   # a threshold no ratio is above would pass every CI run
        code, out, err = hb_in(clone, "compare", "sha256", "--rev", "HEAD", "--rev", "HEAD", "--fail-above", pct,
                               "--no-save")
        assert code == 2 and "--fail-above takes a percentage" in err, err
