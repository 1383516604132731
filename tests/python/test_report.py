# SPDX-License-Identifier: MIT
"""hashbench report through the real entry point, and the page it writes:
self-contained (nothing fetched, no script run), one mark per figure, ids
unique, meters never sharing a map.  The browser test (test_report_browser)
checks the same page as Chromium renders it."""
import re
from collections import Counter

import pytest
import synthetic
from cli_util import filled_store, hb

from hashbench.report import data
from hashbench.report.page import render


def expected_marks(runs) -> dict:
    """Plot key -> marks it must hold, counted from the stored runs here,
    without the report's own selection code."""
    out = {}
    for run in runs:
        timed = [r for r in run.results if not r.exact]
        sizes = {r.size for r in timed}
        if len(sizes) == 1:
            out[f"r{run.id}-speed"] = sum(1 for r in timed if r.verified and r.mb_per_s)
        lines = Counter((r.algorithm, r.implementation, r.build.name) for r in timed if r.verified)
        if len(sizes) > 1:
            out[f"r{run.id}-throughput"] = out[f"r{run.id}-per-call"] = sum(1 for n in lines.values() if n > 1)
        groups = Counter((r.algorithm, r.size, r.build.name) for r in run.results if r.verified)
        ranked = sum(n for n in groups.values() if n > 1 and run.kind == "compare")
        if ranked:
            out[f"r{run.id}-ranking"] = ranked
        for meter in {r.meter for r in run.results if r.exact}:
            rs = [r for r in run.results if r.meter == meter]
            top = max(r.size for r in rs)
            out[f"r{run.id}-heat-{meter}"] = sum(1 for r in rs if r.size == top and r.verified)
        builds = {}
        for r in run.results:
            builds.setdefault((r.target, r.meter, r.algorithm, r.implementation, r.size), set()).add(r.build.name)
        if any(len(b) > 1 for b in builds.values()):
            out[f"r{run.id}-builds-host-ns"] = len(run.results)
    return out


@pytest.fixture
def stored(tmp_path):
    db = tmp_path / "r.sqlite"
    store, runs = filled_store(db)
    return db, store, runs


def test_page_is_self_contained_and_marks_match(stored):
    _, store, runs = stored
    runs = [store.load_run(n) for n in range(1, 6)]
    page = render(runs)
    assert "<script src" not in page and "<link" not in page and "@import" not in page
    assert not re.search(r"<script(?! type='application/json')", page)  # the runs' JSON is data, never run
    urls = set(re.findall(r"https?://[^\s\"')<]+", page))
    assert urls <= {"http://www.w3.org/2000/svg", "http://www.w3.org/1999/xlink"}, urls  # namespaces only
    ids = re.findall(r'\bid="([^"]+)"', page)
    assert len(ids) == len(set(ids)), [i for i, n in Counter(ids).items() if n > 1][:5]
    claimed = dict(re.findall(r'data-plot="([^"]+)" data-marks="(\d+)"', page))
    want = expected_marks(runs)
    want["machines"] = 6 + 3 + 6  # at 1 KiB, bench-a: six algorithms and its comparison's three libraries;
    # bench-b: six algorithms
    assert {k: int(v) for k, v in claimed.items()} == want
    for key, n in want.items():
        assert len(re.findall(rf'id="{re.escape(key)}-mark-\d+"', page)) == n, key


def test_meters_never_share_a_map():
    grids = data.exact_grids(synthetic.cross_run().results)
    assert [g.key for g in grids] == ["heat-instructions", "heat-exact-cycles"]
    assert {r.meter for g in grids for r in g.cells.values()} == {"instructions", "exact-cycles"}
    for g in grids:
        assert len({r.meter for r in g.cells.values()}) == 1
    assert grids[1].cols == ["nes", "gba"] or set(grids[1].cols) == {"nes", "gba"}


def test_machine_identity_and_table():
    a = synthetic.host_run()
    b = synthetic.host_run(machine={"hostname": "bench-a", "kernel": "6.12"}, scale=2)  # same name, other kernel
    c = synthetic.host_run(machine={"hostname": "bench-c"}, scale=0.5)
    for n, r in enumerate((a, b, c), 1):
        r.id, r.started_at = n, f"2026-11-0{n}"
    grid = data.machine_grid([a, b, c])
    assert len(grid.cols) == 3 and grid.cols[0] == "bench-a" and grid.cols[1].startswith("bench-a (")
    assert grid.marks == 18
    assert data.machine_grid([a]) is None


@pytest.mark.slow
def test_cli_report_default_last_and_errors(stored, tmp_path):
    db, _, _ = stored
    out = tmp_path / "report.html"
    code, stdout, err = hb("report", "--db", db, "-o", out)
    assert code == 0 and stdout == "" and err == f"wrote {out} (1 run)\n"
    page = out.read_text()
    assert 'id="run-5"' in page and 'id="run-4"' not in page and "r5-builds-host-ns" in page
    code, _, err = hb("report", "1", "2", "last", "--db", db, "-o", out)
    assert code == 0 and "(3 runs)" in err and 'id="machines"' in out.read_text()
    for args, message in ((["42"], "no run 42 in"), (["last~9"], "no run 'last~9'"), (["x1"], "bad run reference"),
                          (["-o", tmp_path / "r.pdf"], "name it .html"),
                          (["-o", tmp_path / "missing" / "r.html"], "cannot write there")):
        code, stdout, err = hb("report", "--db", db, *([] if "-o" in args else ["-o", out]), *args)
        assert code == 2 and stdout == "" and err.count("\n") == 1 and message in err, (args, err)
    code, _, err = hb("report", "--db", tmp_path / "empty.sqlite", "-o", out)
    assert code == 2 and "no run 'last'" in err


def test_threads_plot_without_a_measured_figure_still_draws():
    """A threads row below the harness's resolution has no MB/s: the scaling
    plot leaves its point out (a log axis of zeros made the report fail)."""
    from types import SimpleNamespace

    from hashbench.report import plots

    unmeasured = [SimpleNamespace(threads=t, mb_per_s=None, aggregate_mb_per_s=None) for t in (1, 2)]
    measured = [SimpleNamespace(threads=1, mb_per_s=500.0, aggregate_mb_per_s=None),
                SimpleNamespace(threads=2, mb_per_s=480.0, aggregate_mb_per_s=960.0)]
    for series in ([data.Series("xor8", "checksum", unmeasured)],
                   [data.Series("xor8", "checksum", unmeasured), data.Series("sha256", "crypto", measured)]):
        svg = plots.scaling(series, "t")
        assert svg.count('id="t-mark-') == len(series)
