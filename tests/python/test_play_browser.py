# SPDX-License-Identifier: MIT
"""The ROM images in their browser page, in a real browser: Debian's
headless Chromium (through chromium-driver and Selenium) loads the page,
EmulatorJS boots the image in the console's core from npm (mGBA, Gambatte,
Nestopia, Snes9x, melonDS), A starts the pass, and when the records say `done` the
table is read off the core's own frame with the ROM's font and must say
what the records say, row by row; the browser's console holds no error and
no request left 127.0.0.1.  The GBA's page is the one `hashbench rom
--play` serves; the NDS's runs as `rom --run --emulator melonds`, which
checks the same (hashbench.rom.run.measure in webrun.Page) and stores the run.

Each image holds two rows at 50 ms a row: about 10-30 s a console.  Skips,
saying why, where the browser or npm's packages are not installed."""
import re
import signal
import subprocess
import sys

import pytest
from cli_util import ENV, hb

from hashbench.paths import ROOT
from hashbench.rom import console as consoles
from hashbench.rom import flow, play, run, webrun
from hashbench.rom.image import FASTEST
from hashbench.storage.store import Store

pytest.importorskip("selenium.webdriver", reason="selenium is not installed (make setup installs it)")
# the tiers (tests/python/conftest.py): WebAssembly emulators, in Chromium, of images cross-compiled here
pytestmark = [pytest.mark.emulator, pytest.mark.cluster, pytest.mark.toolchain]
ALGOS, BUDGET_MS = "crc32,fnv1a32", 50


def installed(console: str):
    try:
        webrun.browser_paths()
        play.check_installed(consoles.get(console).web)
    except Exception as exc:   # UserError: what to install
        pytest.skip(str(exc))


def image(console: str):
    con = consoles.get(console)
    algos, impls = flow.select([ALGOS], None, "portable")
    p, built = flow.build_image(con, algos, impls, 1024, BUDGET_MS)
    return con, p, built


def pass_in_page(page: webrun.Page, con, p):
    """A, the pass, the table read page by page -> (records, screen lines)."""
    page.run(int(page.fps * run.START_AFTER_S))
    page.press("a")
    text = run.wait_done(page, con, len(p.rows), p.budget_ms, stream=None)
    _pages, lines = run.scroll_pages(page, con, len(p.rows))
    page.collect_logs()
    return run.parse(text), lines


def check(page, con, p, recs, lines):
    labels = {(row.algo.id, row.impl): row.label for row in p.rows}
    assert lines == run.expected_lines(recs, con, labels)
    assert [e["message"] for e in page.errors()] == []
    assert page.off_host() == [] and page.requests            # it did ask for things: all of them here
    assert any(u.endswith("-wasm.data") for u in page.requests)


@pytest.mark.parametrize("console", ["gb", "nes", "snes"])
def test_the_page_boots_the_image_and_shows_the_table(console):
    installed(console)
    con, p, built = image(console)
    with webrun.Page(built.path, con) as page:
        recs, lines = pass_in_page(page, con, p)
    check(page, con, p, recs, lines)


def test_rom_play_serves_the_gba_image_and_its_page_shows_the_table(tmp_path):
    installed("gba")
    out = tmp_path / "hb.gba"
    proc = subprocess.Popen([sys.executable, "-m", "hashbench", "rom", "--target", "gba", "-o", str(out), "-a", ALGOS,
                             "--budget", str(BUDGET_MS), "--play"], cwd=ROOT, env=ENV, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True,
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))   # not inherited ignored
    try:
        line = ""
        while "127.0.0.1" not in line:
            line = proc.stdout.readline()
            assert line, proc.stderr.read()
        url = re.search(r"http://127\.0\.0\.1:\d+/", line).group(0)
        con = consoles.get("gba")
        # the plan of the image `rom --play` built: its default implementations (the ARM assembly where there is one)
        p = flow.build_image(con, *flow.select([ALGOS], None, FASTEST), 1024, BUDGET_MS)[0]
        with webrun.Page(out, con, url=url) as page:
            recs, lines = pass_in_page(page, con, p)
        check(page, con, p, recs, lines)
        proc.send_signal(signal.SIGINT)
        _, err = proc.communicate(timeout=30)
    finally:
        proc.kill()
    assert proc.returncode == 0 and "stopped" in err


def test_rom_run_in_melonds_stores_the_run(tmp_path):
    installed("nds")
    db = tmp_path / "r.sqlite"
    code, out, err = hb("rom", "--target", "nds", "-o", tmp_path / "hb.nds", "-a", ALGOS, "--budget", BUDGET_MS,
                        "--run", "--emulator", "melonds", "--db", db, "-q", timeout=300)
    assert code == 0, err
    assert "nds-rom-melonds:" in out and "2/2 digests verified; the table on the screen equals the records" in out
    stored = Store(db).load_run(1)
    assert {r.target for r in stored.results} == {"nds-rom-melonds"} and all(r.verified for r in stored.results)
    tc = stored.context["targets"]["nds-rom-melonds"]
    assert "melonDS" in tc["runner"] and "EmulatorJS" in tc["runner"] and tc["screen_matches_records"] is True
