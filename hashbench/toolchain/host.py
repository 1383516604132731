# SPDX-License-Identifier: MIT
"""The host engine, built by the project's Makefile into build/<name>/
(an installed hashbench: in the user's cache folder, hashbench.paths).
The front end runs make before using it unless nothing it is made of changed
since the last make (a quick start); HASHBENCH_ENGINE names a prebuilt engine
instead (tests)."""
import os
import sys
import time
from pathlib import Path

from ..enginestamp import DEFAULT, stamp_text
from ..enginestamp import up_to_date as stamp_up_to_date
from ..errors import UserError
from ..paths import ROOT
from ..results import records


def engine_path(build=DEFAULT) -> Path:
    return ROOT / build / "hashbench-engine"


def up_to_date(build=DEFAULT) -> bool:
    """True when nothing the engine of `build` is made of changed since its last make
    (hashbench.enginestamp)."""
    return stamp_up_to_date(str(ROOT), str(build))


def ensure_engine(build=DEFAULT, make_vars=None, use_override=True) -> Path:
    """Builds the engine if it is out of date; returns its path.
    use_override=False: an engine with more in it than the default
    (implementation folders) is built even where HASHBENCH_ENGINE names one."""
    override = os.environ.get("HASHBENCH_ENGINE") if use_override else None
    if override:
        return Path(override)
    if not make_vars and up_to_date(build):
        return engine_path(build)
    if not (ROOT / "Makefile").exists():
        path = engine_path(build)
        if path.exists():
            return path
        raise UserError("the engine is not built and there is no Makefile to build it")
    import shutil  # here, not at the top, as subprocess: the path of an
    import subprocess  # engine that is up to date imports neither (a quick start)
    if shutil.which("make") is None:
        raise UserError("'make' is not installed: run scripts/setup.sh (or 'make setup')")
    target = f"{build}/hashbench-engine"
    cmd = ["make", "-s", "-C", str(ROOT), f"BUILD={build}", target, f"{target}.inputs"]
    cmd += [f"{k}={v}" for k, v in (make_vars or {}).items()]
    if not (ROOT / target).exists():
        print(f"building the engine in {ROOT / build} (first use: a minute or two)", file=sys.stderr, flush=True)
    from . import cache  # two processes making one folder take turns (the second finds it made)
    with cache.file_lock(ROOT / build):
        started = time.time()
        proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise UserError("building the engine failed:\n" + (proc.stderr or proc.stdout).strip())
    if not make_vars:
        write_stamp(engine_path(build).with_name("hashbench-engine.stamp"), started)
    return ROOT / target


def write_stamp(stamp: Path, started: float):
    """The stamp holds make's environment and the engine's date, and is
    dated when make started (a file changed while it ran is seen next time)."""
    engine = stamp.with_name("hashbench-engine")
    tmp = stamp.with_name(f"{stamp.name}.{os.getpid()}")
    tmp.write_text(stamp_text(engine.stat().st_mtime_ns))
    os.utime(tmp, (started, started))
    os.replace(tmp, stamp)


def catalogue(engine: Path, skip=()):
    """(algorithm records in registry order, backend records) from `engine
    list`: the implementations this engine has, backends included, less the
    backends in `skip` (listed as not available)."""
    import subprocess
    proc = subprocess.run([str(engine), "list"] + (["-x", ",".join(skip)] if skip else []),
                          capture_output=True, text=True)
    if proc.returncode != 0:
        raise UserError(proc.stderr.strip() or f"the engine exited with status {proc.returncode}")
    recs = records.parse(proc.stdout)
    return records.of_kind(recs, "algo"), records.of_kind(recs, "backend")
