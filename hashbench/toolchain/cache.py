# SPDX-License-Identifier: MIT
"""Cached build steps: a step runs again only when its command, a tool's
version or one of its input files changed.  The key (a SHA-256 of all
three) sits beside the output as OUT.key; the command and its messages as
OUT.log."""
import contextlib
import fcntl
import functools
import hashlib
import json
import os
import subprocess
import threading
from pathlib import Path

from ..errors import BuildError
from ..paths import BUILD, PACKAGE, ROOT


def run(cmd, **kw):
    """Runs a command in the project root, capturing its text output."""
    return subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, **kw)


@functools.cache
def tool_version(prog: str, flag: str = "--version") -> str:
    """The first line a tool prints about its version, on stdout or stderr
    (cl65 and sim65 use stderr); 'unknown' when it cannot say."""
    try:
        proc = run([prog, flag], timeout=30)
    except (OSError, subprocess.SubprocessError):
        return "unknown"
    text = (proc.stdout + proc.stderr).strip()
    return text.splitlines()[0].strip() if text else "unknown"


def host_cc() -> str:
    """The host's C compiler: $CC, as make takes it, else (unset or empty) cc."""
    return os.environ.get("CC") or "cc"


def rel(path) -> str:
    """A path as the build commands name it: relative to the project root."""
    p = Path(path)
    return str(p.relative_to(ROOT)) if p.is_absolute() else str(p)


# the headers any C build of the core may read: a change rebuilds every cached step that lists them
CORE_HEADERS = ("src/algos/*.h", "src/algos/*.def", "src/engine/*.h", "src/platform/guest/*.h",
                "src/platform/guest/*/include/*.h")


def core_headers() -> list:
    """CORE_HEADERS, as paths relative to the project root, sorted."""
    return sorted(rel(p) for pat in CORE_HEADERS for p in ROOT.glob(pat))


def _digest_files(h, paths):
    for p in sorted(set(paths)):
        h.update(p.encode() + b"\0")
        h.update(source(p).read_bytes())


def source(p: str) -> Path:
    """A build input named relative to the project root; a module of the
    front end (hashbench/..., a build step written in Python) is read from
    the package, which an installed hashbench keeps apart from its tree."""
    if Path(p).parts[:1] == (PACKAGE.name,):
        return PACKAGE.parent / p
    return ROOT / p


_LOCKS: dict = {}
_LOCKS_GUARD = threading.Lock()


def _lock(out: Path) -> threading.Lock:
    with _LOCKS_GUARD:
        return _LOCKS.setdefault(str(out), threading.Lock())


@contextlib.contextmanager
def file_lock(out: Path):
    """build/locks/out-<digest of the path>.lock, held while one process builds `out` (a file, or a
    folder make builds into): processes (a test suite's workers, two commands in one tree) take
    turns as threads do."""
    folder = BUILD / "locks"
    folder.mkdir(parents=True, exist_ok=True)
    name = hashlib.sha1(str(Path(out).resolve()).encode()).hexdigest()[:16]
    with open(folder / f"out-{name}.lock", "w") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


def cached(out: Path, cmd: list, inputs: list, extra: str = "", log=lambda m: None) -> bool:
    """Runs `cmd` (which writes `out`) unless the stamp says the same inputs
    already built it.  Returns True when the cached file was used; raises
    BuildError with the tool's last lines when the step fails.  Threads and
    processes building the same file take turns: the second finds it built."""
    with _lock(out), file_lock(out):
        return _cached(out, cmd, inputs, extra, log)


def _cached(out: Path, cmd: list, inputs: list, extra: str, log) -> bool:
    h = hashlib.sha256()
    h.update(json.dumps(cmd).encode())
    h.update(extra.encode())
    _digest_files(h, inputs)
    key = h.hexdigest()
    stamp = out.with_name(out.name + ".key")
    if out.exists() and stamp.exists() and stamp.read_text() == key:
        return True
    out.parent.mkdir(parents=True, exist_ok=True)
    log(f"building {rel(out)}")
    proc = run(cmd)
    (out.parent / (out.name + ".log")).write_text(" ".join(cmd) + "\n" + proc.stdout + proc.stderr)
    if proc.returncode != 0 or not out.exists():
        if stamp.exists():
            stamp.unlink()
        msg = (proc.stderr or proc.stdout).strip().splitlines()
        raise BuildError(f"{rel(out)}: build failed:\n  " + "\n  ".join(msg[-15:]))
    stamp.write_text(key)
    return False


def why(exc) -> str:
    """The telling line of a failed build: an undefined symbol, an overflowed
    region, a compiler error; else the last line."""
    lines = [x.strip() for x in str(exc).splitlines() if x.strip()]
    for pat in ("undefined reference", "overflowed", "too large", "unresolved", "Error", "error:"):
        hit = next((x for x in lines if pat in x and "collect2" not in x and "build failed" not in x), None)
        if hit:
            return hit
    return lines[-1] if lines else "unknown"


@contextlib.contextmanager
def target_lock(name: str, log=lambda m: None):
    """Holds build/locks/<name>.lock while one process builds and runs a
    target: two `hashbench cross` runs (or report tools) on one tree would
    otherwise write the same objects and programs at once.  A second process
    waits for the first, and says so."""
    folder = BUILD / "locks"
    folder.mkdir(parents=True, exist_ok=True)
    with open(folder / f"{name}.lock", "w") as fh:
        try:
            fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            log(f"{name}: waiting for another process that is building or running it")
            fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)
