# SPDX-License-Identifier: MIT
"""The report of many runs (hashbench/report/overview.py): it opens on the
machine x algorithm summary, with each series' newest figure (read back
against the store) and its sparkline, the change point marked where
`hashbench trend` finds it; then one section per machine; runs in full only
with --detail.  Chromium opens it in test_report_browser.py."""
import json
import re

import cli_util
from test_trend import store_with_a_step


def overview(tmp_path, *extra):
    db = tmp_path / "many.sqlite"
    store, runs = store_with_a_step(db)
    out = tmp_path / "many.html"
    code, _, err = cli_util.hb("report", "--all", "--db", db, "-o", out, *extra)
    assert code == 0, err
    return out.read_text(), store, runs


def cells(page, table):
    body = re.search(rf'<table data-table="{table}".*?</table>', page, re.S).group(0)
    return [dict(re.findall(r'data-([a-z]+)="([^"]*)"', td)) for td in re.findall(r"<td[^>]*data-field[^>]*>", body)]


def test_summary_holds_the_newest_figure_and_marks_the_step(tmp_path):
    page, store, runs = overview(tmp_path)
    assert "<script src" not in page and not re.search(r"<script(?! type='application/json')", page)
    assert page.index('id="summary"') < page.index('id="machine-bench-a"') < page.index('id="machine-bench-c"')
    assert 'id="run-' not in page   # no run in full unless asked
    summary = cells(page, "summary")
    assert len(summary) == 6   # md5 and sha256 on three machines
    newest = {}
    for run in runs:   # oldest first: the last one of each machine is its newest
        for r in run.results:
            newest[(run.context["hostname"], r.algorithm)] = (run.id, r.mb_per_s)
    for c in summary:
        run_id, mb = newest[(c["machine"], c["algorithm"])]
        assert int(c["run"]) == run_id and float(c["value"]) == mb
    sparks = re.findall(r'<td[^>]*data-machine="([^"]+)" data-algorithm="([^"]+)"[^>]*data-field="mb_per_s"[^>]*>'
                        r'[^<]*<svg class="spark"[^>]*data-points="(\d+)" data-changes="(\d+)"', page)
    assert sorted(sparks) == sorted((m, a, "10", "1" if (m, a) == ("bench-b", "sha256") else "0")
                                    for m in ("bench-a", "bench-b", "bench-c") for a in ("md5", "sha256"))
    payload = json.loads(re.search(r"id='hashbench-series'>(.*?)</script>", page, re.S).group(1))
    (change,) = [c for s in payload["series"] for c in s["changes"]]
    step = next(r for r in runs if r.context["hostname"] == "bench-b" and r.started_at.startswith("2026-11-07"))
    assert change["run"] == step.id and change["machine"] == "bench-b" and change["algorithm"] == "sha256"
    stored = {r.algorithm: r.per_call for r in store.load_run(step.id).results}
    s = next(s for s in payload["series"] if (s["machine"], s["algorithm"]) == ("bench-b", "sha256"))
    assert dict(s["points"])[step.id] == stored["sha256"]
    assert f"run {step.id}: x1.1" in page   # the machine's series table names the change


def test_detail_draws_the_runs_asked_for(tmp_path):
    page, _, runs = overview(tmp_path, "--detail", "last", "--detail", "1")
    assert 'id="run-1"' in page and f'id="run-{runs[-1].id}"' in page
    assert len(re.findall(r'<section id="run-', page)) == 2


def test_selectors_and_errors(tmp_path):
    db = tmp_path / "many.sqlite"
    store_with_a_step(db)
    out = tmp_path / "b.html"
    code, _, err = cli_util.hb("report", "--machine", "bench-b", "-a", "sha256", "--overview", "--db", db, "-o", out)
    assert code == 0, err
    page = out.read_text()
    assert len(cells(page, "summary")) == 1 and 'id="machine-bench-a"' not in page
    code, _, err = cli_util.hb("report", "3", "--all", "--db", db, "-o", out)
    assert code == 2 and "not both" in err
    code, _, err = cli_util.hb("report", "3", "--detail", "2", "--db", db, "-o", out)
    assert code == 2 and "--detail goes with the summary" in err
    code, _, err = cli_util.hb("report", "--machine", "nowhere", "--db", db, "-o", out)
    assert code == 2 and "no run of machine nowhere" in err
