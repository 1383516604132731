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
A test with no marker that lasts over SLOW_S is named in the summary."""
import tool_watch

TIERS = {
    "emulator": "runs code under an emulator or simulator (libretro cores, mupen64plus, mGBA, sim65, ucsim, Valgrind)",
    "toolchain": "builds with a cross compiler (arm-none-eabi-gcc, cc65, SDCC, ...) or runs under QEMU",
    "cluster": "starts a server: a Dask scheduler and workers, PostgreSQL, Chromium",
    "install": "builds the package and installs it into a new environment",
    "slow": "needs none of the above but takes more than about 10 s on the 2-core CI machine",
}
# Over this many seconds (setup, call and teardown together), a test without a marker is named in the
# summary: mark it `slow` or make it quicker.  A note, not a failure: a loaded machine stretches every test.
SLOW_S = 10.0


def pytest_addoption(parser):
    group = parser.getgroup("hashbench tiers")
    group.addoption("--quick", action="store_true",
                    help="leave out the tests marked " + ", ".join(TIERS) + " (make test-quick)")
    group.addoption("--no-tool-watch", action="store_true",
                    help="do not check that a test which starts an emulator, a cross toolchain or a server "
                         "carries its marker")


def pytest_configure(config):
    for name, text in TIERS.items():
        config.addinivalue_line("markers", f"{name}: {text}")
    if not config.getoption("--no-tool-watch"):
        config.pluginmanager.register(tool_watch.ToolWatch(), "hashbench-tool-watch")


def tiers_of(item) -> set:
    return {m.name for m in item.iter_markers() if m.name in TIERS}


def pytest_collection_modifyitems(config, items):
    if not config.getoption("--quick"):
        return
    kept, left_out = [], []
    for item in items:
        (left_out if tiers_of(item) else kept).append(item)
    if left_out:
        config.hook.pytest_deselected(items=left_out)
        items[:] = kept


_durations: dict = {}


def pytest_runtest_logreport(report):
    if not any(k in TIERS for k in report.keywords):
        _durations[report.nodeid] = _durations.get(report.nodeid, 0.0) + report.duration


def pytest_terminal_summary(terminalreporter):
    long = sorted(((d, n) for n, d in _durations.items() if d > SLOW_S), reverse=True)
    if long:
        terminalreporter.section("tests with no tier marker that took over %.0f s" % SLOW_S)
        for seconds, nodeid in long:
            terminalreporter.write_line(f"{seconds:6.1f} s  {nodeid}")
        terminalreporter.write_line("(mark them slow, or make them quicker; a loaded machine stretches every test)")
