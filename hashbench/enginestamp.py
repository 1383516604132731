# SPDX-License-Identifier: MIT
"""Whether the host engine is up to date, with `os` alone: the check every command makes before
it runs the engine (hashbench.toolchain.host), and the first thing `hashbench hash` does, before
anything slow to import (pathlib, json, and with them re and enum) is loaded.

The stamp beside the engine holds make's environment and the engine's date, and is dated when
make started; the engine is up to date while the stamp is newer than every file make lists as an
input and every folder holding one (a file added), with the same environment and engine."""
import os

DEFAULT = "build/host"
# what make reads from the environment, beside the files: a change runs make
MAKE_ENV = ("CC", "OPT", "EXTRA_CFLAGS", "EXTRA_LDFLAGS", "HB_")


def make_env() -> dict:
    return {k: v for k, v in sorted(os.environ.items()) if k.startswith(MAKE_ENV) and k != "HB_CONSOLE_JOBS"}


def stamp_text(engine_mtime_ns: int) -> str:
    """The stamp's text: the engine's date, then make's environment, a line each."""
    return f"engine_mtime_ns {engine_mtime_ns}\n" + "".join(f"env {k}={v}\n" for k, v in make_env().items())


def up_to_date(root: str, build: str = DEFAULT) -> bool:
    """True when the last make of `build` (under `root`, or an absolute path) came after every
    file the engine is made of and every folder holding one, with the same environment, and
    left the engine that is there."""
    folder = os.path.join(root, build)
    engine = os.path.join(folder, "hashbench-engine")
    try:
        stamp = os.path.join(folder, "hashbench-engine.stamp")
        made = os.stat(stamp).st_mtime
        with open(stamp) as f:
            if f.read() != stamp_text(os.stat(engine).st_mtime_ns):
                return False   # another environment, or an engine that some other make wrote
        with open(os.path.join(folder, "hashbench-engine.inputs")) as f:
            inputs = f.read().split()
    except (OSError, ValueError):
        return False
    for path in set(inputs) | {os.path.dirname(p) for p in inputs}:
        try:
            if os.stat(os.path.join(root, path)).st_mtime >= made:
                return False
        except OSError:
            return False
    return True


def clone_engine():
    """The default engine of the source checkout this package runs from, when it is up to date
    (its path as a string); None otherwise, or for an installed package (hashbench.paths then
    finds its tree, and hashbench.toolchain.host makes the engine)."""
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    if not (os.path.isfile(os.path.join(root, "Makefile")) and os.path.isdir(os.path.join(root, "src", "engine"))):
        return None
    return os.path.join(root, DEFAULT, "hashbench-engine") if up_to_date(root) else None
