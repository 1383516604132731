# SPDX-License-Identifier: MIT
"""Tests by cost.  Each test that needs more than Python, the host's C
compiler and the host engine carries one marker per thing it needs (a test
that builds a GBA ROM and runs it under mGBA is both `toolchain` and
`emulator`):

    emulator   runs code under an emulator or simulator: libretro cores,
               mupen64plus, mGBA, sim65, ucsim, Valgrind (Callgrind)
    toolchain  builds with a cross compiler (arm-none-eabi-gcc, cc65, SDCC,
               mips64-linux-gnuabi64-gcc, ...) or runs under QEMU
    cluster    starts a server: a Dask scheduler and workers, PostgreSQL,
               Chromium
    install    builds the package and installs it into a new environment
    slow       none of the above, and still more than about 10 s on the
               2-core CI machine

`--quick` (what `make test-quick` runs) leaves out every test that carries
one.  Markers are written in the test files (`pytestmark = ...` for a whole
module, a decorator, or `pytest.param(..., marks=...)`), where a reader sees
them; `--strict-markers` (pyproject.toml) refuses a misspelt one.

tool_watch.py checks the markers while the tests run: a test that starts one
of the tools above without its marker fails, naming the tool and the marker.
A test with no marker that takes more than SLOW_CPU_S of CPU, or SLOW_S on
the clock, is named in the summary; each test's figures are also in
--junitxml's properties (wall_s, cpu_s)."""
import os
import re
import resource
import tempfile
import time

import pytest
import tool_watch

TIERS = {
    "emulator": "runs code under an emulator or simulator (libretro cores, mupen64plus, mGBA, sim65, ucsim, Valgrind)",
    "toolchain": "builds with a cross compiler (arm-none-eabi-gcc, cc65, SDCC, ...) or runs under QEMU",
    "cluster": "starts a server: a Dask scheduler and workers, PostgreSQL, Chromium",
    "install": "builds the package and installs it into a new environment",
    "slow": "needs none of the above but takes more than about 10 s on the 2-core CI machine",
}
# Over either (setup, call and teardown together), a test without a marker is named in the summary: mark
# it `slow` or make it quicker.  A note, not a failure.  The CPU time (the test process's and that of
# the programs it ran and waited for) is the one a busy machine hardly stretches; the clock catches waits.
SLOW_CPU_S = 5.0
SLOW_S = 30.0


def pytest_addoption(parser):
    group = parser.getgroup("hashbench tiers")
    group.addoption("--quick", action="store_true",
                    help="leave out the tests marked " + ", ".join(TIERS) + " (make test-quick)")
    group.addoption("--no-tool-watch", action="store_true",
                    help="do not check that a test which starts an emulator, a cross toolchain or a server "
                         "carries its marker")


def pytest_configure(config):
    # The tests' stores live in a folder of the session's, never in the user's data folder: a
    # command run without --db (and its overlap registry) would otherwise write to the user's
    # results and read whatever schema another checkout left there.  Workers inherit it.
    if "HB_TEST_DATA_HOME" not in os.environ:
        os.environ["HB_TEST_DATA_HOME"] = tempfile.mkdtemp(prefix="hashbench-test-data-")
    os.environ["XDG_DATA_HOME"] = os.environ["HB_TEST_DATA_HOME"]
    for name, text in TIERS.items():
        config.addinivalue_line("markers", f"{name}: {text}")
    if not config.getoption("--no-tool-watch"):
        config.pluginmanager.register(tool_watch.ToolWatch(), "hashbench-tool-watch")


def tiers_of(item) -> set:
    return {m.name for m in item.iter_markers() if m.name in TIERS}


# Files whose tests build console ROMs: they build the same images (rom_cases' selections, one build
# folder each) and each console's algorithm objects, so on two workers one would wait on the other's
# build locks or build the same thing beside it.  Under `pytest -n N --dist loadfile` (scripts/test.sh)
# they go to one worker as one unit, ROM_UNIT, one after the other; every other file goes whole to a
# worker (its module fixtures built once).
ROM_FILES = re.compile(r"test_(rom|play)")
ROM_UNIT = "the ROM builds"


# The heaviest units first (CPU seconds on a fresh clone, 2 workers, November 2026: the ROM builds 210,
# test_cluster 130, test_asm 63, ...): a worker that took one of them last would run alone at the end.
# The rest follow in pytest-xdist's order (most tests first).  Only an order: a file missing here or
# grown heavy costs time, never a result.
HEAVY_FIRST = [ROM_UNIT, "test_cluster.py", "test_asm.py", "test_userimpl.py", "test_install.py",
               "test_code_size.py", "test_builds.py", "test_differential.py", "test_cycle_model.py", "test_cli.py"]


@pytest.hookimpl(optionalhook=True)   # a hook of pytest-xdist, where it is installed
def pytest_xdist_make_scheduler(config, log):
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    class RomFilesTogether(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            path = super()._split_scope(nodeid)
            return ROM_UNIT if ROM_FILES.match(path.rpartition("/")[2]) else path

        def schedule(self) -> None:
            if self.collection is None and self.collection_is_completed:
                self._heavy_first = True   # the first call: order the units before the first are handed out
            super().schedule()

        def _assign_work_unit(self, node) -> None:
            if getattr(self, "_heavy_first", False):
                self._heavy_first = False
                rank = {name: k for k, name in enumerate(HEAVY_FIRST)}
                for scope in sorted(self.workqueue, key=lambda scope: rank.get(scope.rpartition("/")[2], len(rank))):
                    self.workqueue.move_to_end(scope)   # sorted() is stable: the rest keep xdist's order
            super()._assign_work_unit(node)
    return RomFilesTogether(config, log)


def pytest_collection_modifyitems(config, items):
    if not config.getoption("--quick"):
        return
    kept, left_out = [], []
    for item in items:
        (left_out if tiers_of(item) else kept).append(item)
    if left_out:
        config.hook.pytest_deselected(items=left_out)
        items[:] = kept


def cpu_seconds() -> float:
    here, waited = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return here.ru_utime + here.ru_stime + waited.ru_utime + waited.ru_stime


START = pytest.StashKey[tuple]()


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item):
    item.stash[START] = (time.monotonic(), cpu_seconds())


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    # on the teardown's report, which pytest-xdist carries back from its workers
    if call.when == "teardown" and START in item.stash:
        wall0, cpu0 = item.stash[START]
        item.user_properties += [("wall_s", round(time.monotonic() - wall0, 2)),
                                 ("cpu_s", round(cpu_seconds() - cpu0, 2))]
    return (yield)


_long: list = []


def pytest_runtest_logreport(report):
    spent = dict(p for p in report.user_properties if p[0] in ("wall_s", "cpu_s"))
    if report.when == "teardown" and spent and not any(k in TIERS for k in report.keywords):
        if spent["cpu_s"] > SLOW_CPU_S or spent["wall_s"] > SLOW_S:
            _long.append((spent["cpu_s"], spent["wall_s"], report.nodeid))


def pytest_terminal_summary(terminalreporter):
    if _long:
        terminalreporter.section(f"tests with no tier marker over {SLOW_CPU_S:.0f} s of CPU or {SLOW_S:.0f} s")
        for cpu, wall, nodeid in sorted(_long, reverse=True):
            terminalreporter.write_line(f"{cpu:6.1f} s CPU {wall:6.1f} s  {nodeid}")
        terminalreporter.write_line("(mark them slow, or make them quicker)")
