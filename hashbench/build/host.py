# SPDX-License-Identifier: MIT
"""The host engine, built by the project's Makefile into build/<name>/
(an installed hashbench: in the user's cache folder, hashbench.paths).
The front end asks make to bring it up to date before each use (a no-op
when it is); HASHBENCH_ENGINE names a prebuilt engine instead (tests)."""
import os
import shutil
import subprocess
import sys
from pathlib import Path

from ..errors import UserError
from ..paths import ROOT

DEFAULT = "build/host"


def engine_path(build=DEFAULT) -> Path:
    return ROOT / build / "hashbench-engine"


def ensure_engine(build=DEFAULT, make_vars=None) -> Path:
    """Runs make for the engine; returns its path."""
    override = os.environ.get("HASHBENCH_ENGINE")
    if override:
        return Path(override)
    if not (ROOT / "Makefile").exists():
        path = engine_path(build)
        if path.exists():
            return path
        raise UserError("the engine is not built and there is no Makefile to build it")
    if shutil.which("make") is None:
        raise UserError("'make' is not installed: run scripts/setup.sh (or 'make setup')")
    target = f"{build}/hashbench-engine"
    cmd = ["make", "-s", "-C", str(ROOT), f"BUILD={build}", target]
    cmd += [f"{k}={v}" for k, v in (make_vars or {}).items()]
    if not (ROOT / target).exists():
        print(f"building the engine in {ROOT / build} (first use: a minute or two)", file=sys.stderr, flush=True)
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise UserError("building the engine failed:\n" + (proc.stderr or proc.stdout).strip())
    return ROOT / target
