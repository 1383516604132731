# SPDX-License-Identifier: MIT
"""The report in a real browser: Debian's headless Chromium driven through
chromium-driver and Selenium opens the page `hashbench report` wrote and
checks that nothing went wrong in the console, that every plot drew the
marks the stored runs call for, that every figure in a table equals the
stored run's, and that the tables read with JavaScript turned off.  Skips,
saying why, only where the browser cannot start."""
import math
import shutil

import pytest
from cli_util import filled_store, hb
from test_report import expected_marks

from hashbench.present.table import fmt_num

pytestmark = pytest.mark.cluster   # a browser, like a server: a process of its own to start and stop
webdriver = pytest.importorskip("selenium.webdriver", reason="selenium is not installed (make setup installs it)")


def start_browser(javascript=True):
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
    binary = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    if not binary or not driver:
        pytest.skip("headless Chromium is not installed (Debian packages chromium and chromium-driver; "
                    "scripts/setup.sh installs them)")
    opts = Options()
    opts.binary_location = binary
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--window-size=1300,900"):
        opts.add_argument(arg)
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    if not javascript:
        opts.add_experimental_option("prefs", {"profile.managed_default_content_settings.javascript": 2})
    try:
        return webdriver.Chrome(service=Service(driver), options=opts)  # the driver named: nothing downloaded
    except WebDriverException as exc:
        pytest.skip(f"headless Chromium could not start here: {str(exc).strip().splitlines()[0]}")


@pytest.fixture(scope="module")
def report(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("report")
    store, _ = filled_store(tmp / "r.sqlite")
    out = tmp / "report.html"
    code, _, err = hb("report", "1", "2", "3", "4", "5", "--db", tmp / "r.sqlite", "-o", out)
    assert code == 0, err
    return out, [store.load_run(n) for n in range(1, 6)]


@pytest.fixture(scope="module")
def browser():
    b = start_browser()
    yield b
    b.quit()


def test_no_console_errors_and_every_plot_drawn(browser, report):
    from selenium.webdriver.common.by import By
    path, runs = report
    browser.get(path.as_uri())
    assert browser.title == "hashbench report"
    problems = [e for e in browser.get_log("browser") if e["level"] in ("SEVERE", "WARNING")]
    assert problems == []
    want = expected_marks(runs)
    want["machines"] = 15
    figures = browser.find_elements(By.CSS_SELECTOR, "figure[data-plot]")
    assert sorted(f.get_attribute("data-plot") for f in figures) == sorted(want)
    for fig in figures:
        key = fig.get_attribute("data-plot")
        marks = fig.find_elements(By.CSS_SELECTOR, f'[id^="{key}-mark-"]')
        assert len(marks) == want[key] == int(fig.get_attribute("data-marks")), key
        svg = fig.find_element(By.TAG_NAME, "svg")
        assert svg.size["width"] > 200 and svg.size["height"] > 100, key  # laid out, not an empty box
        drawn = browser.execute_script(
            "return Array.from(arguments[0]).filter(e => { const b = e.getBBox(); return b.width > 0 || "
            "b.height > 0; }).length;", marks)
        assert drawn == want[key], key  # every mark has a size in the rendered SVG


def test_tables_hold_the_stored_figures(browser, report):
    from selenium.webdriver.common.by import By
    path, runs = report
    browser.get(path.as_uri())
    by_run = {str(r.id): r for r in runs}
    checked = 0
    for table in browser.find_elements(By.CSS_SELECTOR, "table[data-table]"):
        run = by_run.get(table.get_attribute("data-run"))
        if run is None:  # the machine table spans runs: checked below
            continue
        for cell in table.find_elements(By.CSS_SELECTOR, "td[data-field]"):
            field = cell.get_attribute("data-field")
            if field == "relative":
                continue
            key = {k: cell.get_attribute(f"data-{k}") for k in ("algorithm", "implementation", "size", "target",
                                                                 "build", "meter")}
            stored = [r for r in run.results if (r.algorithm, r.implementation, str(r.size), r.target, r.build.name,
                                                 r.meter) == tuple(key.values())]
            assert len(stored) == 1, key
            value = float(cell.get_attribute("data-value"))
            assert value == getattr(stored[0], field), (field, key)
            assert cell.text == fmt_num(value)
            checked += 1
    assert checked > 150
    machine = browser.find_element(By.CSS_SELECTOR, 'table[data-table="machines"]')
    rows = machine.find_elements(By.CSS_SELECTOR, "tbody tr")
    crc = next(r for r in rows if r.get_attribute("data-algorithm") == "crc32")
    a, b = [float(c.get_attribute("data-value")) for c in crc.find_elements(By.CSS_SELECTOR, "td[data-field]")]
    stored_a = next(r.mb_per_s for r in runs[0].results if r.algorithm == "crc32")
    stored_b = next(r.mb_per_s for r in runs[1].results if r.algorithm == "crc32" and r.size == 1024)
    assert math.isclose(a, stored_a, rel_tol=0) and math.isclose(b, stored_b, rel_tol=0)
    mismatch = browser.find_elements(By.CSS_SELECTOR, "td.bad")
    assert [c.text for c in mismatch] == ["MISMATCH"]  # the NES's wrong MD5 digest has no cost


def test_readable_without_javascript(report):
    from selenium.webdriver.common.by import By
    path, runs = report
    b = start_browser(javascript=False)
    try:
        b.get(path.as_uri())
        tables = b.find_elements(By.CSS_SELECTOR, "table[data-table]")
        assert tables and all(t.is_displayed() for t in tables)
        assert b.find_element(By.CSS_SELECTOR, 'table[data-table="speed"] td[data-field="mb_per_s"]').text
        assert len(b.find_elements(By.CSS_SELECTOR, "figure svg")) == len(expected_marks(runs)) + 1  # + machines
    finally:
        b.quit()


def test_overview_of_many_runs_opens_without_errors(browser, tmp_path):
    """The summary page of 30 runs from three machines (test_report_overview
    reads its figures): no console error, every sparkline laid out, the one
    change point drawn."""
    from selenium.webdriver.common.by import By
    from test_trend import store_with_a_step
    store_with_a_step(tmp_path / "many.sqlite")
    out = tmp_path / "many.html"
    code, _, err = hb("report", "--all", "--db", tmp_path / "many.sqlite", "-o", out, "--detail", "last")
    assert code == 0, err
    browser.get(out.as_uri())
    assert [e for e in browser.get_log("browser") if e["level"] in ("SEVERE", "WARNING")] == []
    sparks = browser.find_elements(By.CSS_SELECTOR, 'table[data-table="summary"] svg.spark')
    assert len(sparks) == 6 and all(s.size["width"] == 64 and s.size["height"] == 16 for s in sparks)
    ticks = browser.find_elements(By.CSS_SELECTOR, 'table[data-table="summary"] svg.spark line.chg')
    assert len(ticks) == 1
    assert browser.find_element(By.ID, "machine-bench-b").is_displayed()
    assert browser.find_elements(By.CSS_SELECTOR, "section[id^='run-'] figure[data-plot] svg")  # --detail: drawn
