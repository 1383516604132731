# SPDX-License-Identifier: MIT
"""Sees which costly tools each test starts, and fails a test that starts
one without the tier marker it calls for (conftest.py lists the tiers).

Two ways in, both without touching the code under test:
- for every process, however deep (the tests run `python -m hashbench`,
  which runs make, compilers and emulators): a folder of shims put first in
  PATH, one per watched program found in PATH, each appending its name to a
  log and exec-ing the real program (same arguments, same process);
- in the test process itself: an audit hook (sys.addaudithook) on
  subprocess.Popen, for programs started by absolute path (PostgreSQL's,
  mupen64plus, the mGBA runner, the Dask processes), and on ctypes.dlopen,
  for the libretro cores that hashbench.rom loads in process.

What it cannot see (a core loaded, or a program started by absolute path,
in a child process) passes unseen: the check can miss, never accuse.  A
cached build is still seen, since hashbench asks each compiler its version
once per process (hashbench/toolchain/cache.py tool_version)."""
import fnmatch
import os
import shlex
import shutil
import sys
import sysconfig
import tempfile
from pathlib import Path

import pytest

# tier -> name patterns of the programs (and, for "libretro", the shared libraries) that call for it
WATCHED = {
    "emulator": ["sim65", "s51", "sz80", "ucsim*", "mupen64plus*", "valgrind", "mgba-run", "*_libretro.so"],
    "toolchain": ["qemu-*", "arm-none-eabi-*", "*-linux-gnu-*", "*-linux-gnueabi-*", "*-linux-gnueabihf-*",
                  "*-linux-gnuabi64-*", "cc65", "ca65", "ld65", "cl65", "ar65", "sdcc", "sdas*", "sdld*", "sdar",
                  "sdcpp", "makebin"],
    "cluster": ["chromium*", "chromedriver", "initdb", "pg_ctl", "postgres", "dask*"],
}
# the host's own tools (x86_64-linux-gnu-gcc is the host's gcc): never watched
HOST_PREFIX = (sysconfig.get_config_var("MULTIARCH") or "") + "-"
# programs that start the program named after their "--" (pg_server.py runs PostgreSQL as its user)
WRAPPERS = {"runuser", "env", "nice", "timeout"}
# arguments of a Python process started from the tests that call for a tier
PYTHON_ARGS = {"cluster": ["distributed.cli.*"], "install": ["build", "venv", "pip"]}
# the variable the shims read: not HB_*, which the engine's quick-start check counts as make's environment
LOG_VAR = "TESTS_TOOL_LOG"


def tier_of(name: str):
    if name.startswith(HOST_PREFIX):
        return None
    for tier, patterns in WATCHED.items():
        if any(fnmatch.fnmatchcase(name, p) for p in patterns):
            return tier
    return None


def _write_shims(folder: Path, log: Path) -> int:
    """One shim per watched program in PATH (the first of each name, as the shell would find it)."""
    made = set()
    for d in os.environ.get("PATH", "").split(os.pathsep):
        if "hb-tool-watch-" in d:   # a watch around this one (pytest-xdist's controller): the real program is further on
            continue
        try:
            names = os.listdir(d)
        except OSError:
            continue
        for name in names:
            real = os.path.join(d, name)
            if name in made or tier_of(name) is None or not os.access(real, os.X_OK) or os.path.isdir(real):
                continue
            shim = folder / name
            shim.write_text(f'#!/bin/sh\necho {name} >> "${{{LOG_VAR}:-/dev/null}}"\nexec {shlex.quote(real)} "$@"\n')
            shim.chmod(0o755)
            made.add(name)
    return len(made)


class ToolWatch:
    """The pytest plugin: shims and hook at the start; per test, the tools
    seen in its setup and its call (a module's or session's fixture counts
    for the test that first asked for it).  Not in its teardown: there the
    last test of a module or of the session also runs the finalizers of
    fixtures it never asked for (pg_server.py stopping PostgreSQL)."""

    def __init__(self):
        self.seen: list = []
        self.folder = Path(tempfile.mkdtemp(prefix="hb-tool-watch-"))
        self.log = self.folder / f"log-{os.getpid()}"
        self.log.touch()
        shims = self.folder / "bin"
        shims.mkdir()
        _write_shims(shims, self.log)
        os.environ[LOG_VAR] = str(self.log)
        os.environ["PATH"] = f"{shims}{os.pathsep}{os.environ.get('PATH', '')}"
        sys.addaudithook(self._audit)

    def _audit(self, event, args):
        if event == "subprocess.Popen":
            program, argv = args[0], args[1]
            argv = [argv] if isinstance(argv, (str, bytes)) else list(argv or [])
            name = os.path.basename(str(program or (argv[0] if argv else "")))
            if name in WRAPPERS and "--" in argv[:-1]:
                argv = argv[argv.index("--") + 1:]
                name = os.path.basename(str(argv[0]))
            tier = tier_of(name)
            if tier:
                self.seen.append((tier, name))
            elif name.startswith("python") and len(argv) > 2 and argv[1] == "-m":
                for tier, modules in PYTHON_ARGS.items():
                    if any(fnmatch.fnmatchcase(str(argv[2]), m) for m in modules):
                        self.seen.append((tier, f"python -m {argv[2]}"))
        elif event == "ctypes.dlopen" and args and args[0]:
            name = os.path.basename(str(args[0]))
            tier = tier_of(name)
            if tier:
                self.seen.append((tier, name))

    def _from_log(self) -> list:
        with open(self.log, "r+") as fh:
            names = fh.read().split()
            fh.seek(0)
            fh.truncate()
        return [(tier_of(n), n) for n in names]

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_setup(self, item):
        self._from_log()
        self.seen.clear()
        return (yield)

    @pytest.hookimpl(wrapper=True)
    def pytest_runtest_teardown(self, item, nextitem):
        seen = self.seen + self._from_log()
        result = yield
        self._from_log()
        self.seen = []
        marked = {m.name for m in item.iter_markers()}
        missing: dict = {}
        for tier, name in seen:
            if tier not in marked:
                missing.setdefault(tier, set()).add(name)
        if missing:
            said = "; ".join(f"{', '.join(sorted(names))} (mark it {tier})" for tier, names in sorted(missing.items()))
            pytest.fail(f"{item.nodeid} started {said}: tests/python/conftest.py lists the tiers", pytrace=False)
        return result

    def pytest_unconfigure(self, config):
        shutil.rmtree(self.folder, ignore_errors=True)
