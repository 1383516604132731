# SPDX-License-Identifier: MIT
"""Builds and drives the C measuring engine; parses its record stream.

The engine is built by the project's Makefile into build/host/; the front end
asks make to bring it up to date before use (a no-op when it is)."""
import os
import shutil
import subprocess
from pathlib import Path

from . import records
from .errors import UserError

ROOT = Path(__file__).resolve().parent.parent
RECORD_FORMAT = records.FORMAT


def engine_path(build="build/host") -> Path:
    return ROOT / build / "hashbench-engine"


def ensure_built(build="build/host", make_vars=None, quiet=True) -> Path:
    """Runs make for the engine; returns its path.  HASHBENCH_ENGINE overrides."""
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
    for k, v in (make_vars or {}).items():
        cmd.append(f"{k}={v}")
    proc = subprocess.run(cmd, capture_output=True, text=True)
    if proc.returncode != 0:
        raise UserError("building the engine failed:\n" + (proc.stderr or proc.stdout).strip())
    return ROOT / target


def run_json_lines(engine: Path, args) -> list:
    """Runs an engine command that prints records; returns them."""
    proc = subprocess.run([str(engine)] + list(args), capture_output=True, text=True)
    if proc.returncode != 0:
        raise UserError(proc.stderr.strip() or f"engine exited with status {proc.returncode}")
    try:
        return records.read(proc.stdout)
    except records.RecordError as exc:
        raise UserError(f"the engine printed a {exc}") from exc


def catalogue(engine: Path):
    """(algorithms in registry order, backends) from `engine list`."""
    recs = run_json_lines(engine, ["list"])
    algos = [r for r in recs if r["rec"] == "algo"]
    backends = [r for r in recs if r["rec"] == "backend"]
    return algos, backends


class RecordStream:
    """Starts `engine bench ...` and yields its records as they arrive."""

    def __init__(self, engine: Path, args):
        self.proc = subprocess.Popen([str(engine), "bench"] + list(args),
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    def __iter__(self):
        for line in self.proc.stdout:
            try:
                rec = records.parse_line(line)
            except records.RecordError as exc:
                raise UserError(f"the engine printed a {exc}") from exc
            if rec is None:
                continue  # not a record
            if rec.get("rec") == "engine" and rec.get("format") != RECORD_FORMAT:
                raise UserError(f"engine record format {rec.get('format')} is not {RECORD_FORMAT}: rebuild")
            yield rec

    def finish(self) -> int:
        err = self.proc.stderr.read()
        code = self.proc.wait()
        if code == 2:
            raise UserError(err.strip() or "the engine failed")
        return code

    def kill(self):
        if self.proc.poll() is None:
            self.proc.kill()
        self.proc.wait()
