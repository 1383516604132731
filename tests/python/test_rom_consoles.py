# SPDX-License-Identifier: MIT
"""What every console ROM of the registry (hashbench/rom/console.py) must
do, one parametrised suite (the cases: tests/python/rom_cases.py): its
image, run headless in its emulator, verifies and times every row by the
console's own timer; the table on its screen says what its records say;
`hashbench rom --run` builds, runs and stores it (and screenshots it); a
Ctrl-C keeps the rows done.  What only one console does (its header, its
banks, its controls) is in its own file, test_rom_<console>.py."""
import pytest
from cli_util import ctrl_c_once, hb
from rom_cases import CASES, CTRL_C_ROWS, built, labels, missing_emulator, missing_tools, session

from hashbench.result import Build
from hashbench.rom import console, run
from hashbench.store import Store
from hashbench.verify import Expected

pytestmark = [pytest.mark.toolchain, pytest.mark.emulator]


def needs(name: str):
    why = missing_tools(name) or missing_emulator(name)
    if why:
        pytest.skip(f"{name}: {why}")


# (The GBA case once failed here, MD5's own check saying no where its digest was right: test_rom.py's
# wrong-reference test built the same rows into the same folder with MD5's digest spoiled, and the
# case then ran that image. The build folder's key holds the reference digests now, and images are
# written whole: hashbench/rom/image.py.)


def cycles_a_call(span, ticks, iters, irq) -> float:
    """CPU cycles a call of a span of `ticks`: its set-up (a span of no
    call), its recorded interrupts (`irq` ticks) and its timer's own
    (con.timer_irq) left out.  span: (console, engine record, empty span's ticks)."""
    con, eng, set_up = span
    cycles = eng["clock_hz"] / eng["tick_hz"]
    every, irq_cycles = con.timer_irq or (1, 0)
    return (ticks - set_up - irq - ticks // every * irq_cycles / cycles) * cycles / iters


@pytest.mark.parametrize("name", list(CASES))
def test_every_row_is_verified_and_timed_by_the_console_s_own_timer(name):
    needs(name)
    p, _ = built(name)
    s = session(name)
    got = run.read(s.records)
    eng = got["engine"]
    assert eng["engine"] == "rom" and not got["full"]
    assert (eng["target"], eng["cpu"], eng["timer"], eng["tick_hz"], eng["clock_hz"]) == CASES[name].engine
    assert [(r["algo"], r["impl"]) for _, r in got["rows"]] == [(r.algo.id, r.impl) for r in p.rows]
    con = console.get(name)
    results = run.results(s.records, con, Expected(), Build(con.run_target))
    assert len(results) == len(p.rows) and all(r.verified for r in results)
    for res, (_, rec) in zip(results, got["rows"]):
        assert res.meter == "console-timer" and rec["iters"] >= 1 and rec["ticks"] >= 1
        # the timer's ticks in CPU cycles, less the harness's (the cost of a call beyond an empty
        # call), each span's set-up (a span of no call) and interrupts (the NES's NMIs, recorded; the
        # Game Boy's TIMA overflows, every 256 ticks) left out
        h_iters, h_ticks = got["harness"][rec["size"]]
        span = (con, eng, got["empty"][rec["size"]])
        empty = cycles_a_call(span, h_ticks, h_iters, got["harness_irq"][rec["size"]])
        assert res.extra["empty_call"] == pytest.approx(empty, rel=1e-12)
        assert res.per_call == pytest.approx(cycles_a_call(span, rec["ticks"], rec["iters"], rec.get("irq_ticks", 0))
                                             - empty, rel=1e-12)
        # a span holds about the budget, or one call longer than it
        assert rec["ticks"] >= eng["tick_hz"] * CASES[name].budget_ms // 1000 // 2 or rec["iters"] == 1
    h_iters, h_ticks = got["harness"][CASES[name].size]   # the same loop around an empty function
    assert h_iters >= 1 and h_ticks >= 1
    if CASES[name].loop_cycles:
        low, high = CASES[name].loop_cycles
        assert low < h_ticks * eng["clock_hz"] / eng["tick_hz"] / h_iters < high


@pytest.mark.parametrize("name", [n for n in CASES if console.get(n).has_screen])
def test_the_screen_shows_the_records_figures(name):
    needs(name)
    p, _ = built(name)
    s = session(name)
    target, cpu = CASES[name].engine[:2]
    page = s.pages[0][1]
    assert page[0].startswith(f"hashbench {target} {cpu}")
    gap = " " if console.get(name).cols >= 30 else ""   # 20 columns: "1024B 200ms category", whole
    assert page[1].rstrip() == f"{CASES[name].size}{gap}B {CASES[name].budget_ms}{gap}ms category"
    expected = run.expected_lines(s.records, console.get(name), labels(p))
    assert s.screen_lines == (expected if s.screen_complete else expected[:len(s.screen_lines)])
    assert s.screen_lines and all(ln.strip() for ln in s.screen_lines)


@pytest.mark.parametrize("name", list(CASES))
def test_the_command_builds_runs_and_stores_the_run(name, tmp_path):
    needs(name)
    c, con = CASES[name], console.get(name)
    out, shot, db = tmp_path / f"hb{c.image_suffix}", tmp_path / "shot.png", tmp_path / "db.sqlite"
    args = ["rom", "--target", name, "-o", out, *c.command, "--budget", f"{c.budget_ms}ms", "--run", "--db", db]
    code, stdout, stderr = hb(*args, *(["--screenshot", shot] if con.has_screen else []))
    assert code == 0, stderr
    assert "DeSmuME" not in stdout + stderr and "Traceback" not in stderr   # the emulator's own printing kept out
    n = c.rows_shown
    assert f"{n}/{n} digests verified; the table on the screen " + \
        ("equals the records" if con.has_screen else "does not exist (no screen)") in stdout
    assert out.stat().st_size > 1000
    stored = Store(str(db)).load(str(Store(str(db)).runs()[0]["id"]))
    assert stored.kind == "rom" and {(r.target, r.meter, r.verified) for r in stored.results} == \
        {(con.run_target, "console-timer", True)}
    assert stored.context["targets"][con.run_target]["title"] == con.title
    if con.has_screen:
        from PIL import Image
        img = Image.open(shot)
        assert c.screenshot is None or img.size == c.screenshot
        assert not c.two_colours or len(img.getcolors(1 << 16)) == 2
    code, stdout, _ = hb("show", "last", "--db", db)
    assert code == 0 and con.run_target in stdout


@pytest.mark.parametrize("name", [n for n in CASES if CASES[n].ctrl_c_budget])
def test_ctrl_c_keeps_the_rows_done_and_exits_130(name, tmp_path):
    needs(name)
    c, con = CASES[name], console.get(name)
    db = tmp_path / "db.sqlite"
    code, _, err = ctrl_c_once(["rom", "--target", name, "-a", CTRL_C_ROWS, "-o", tmp_path / f"hb{c.image_suffix}",
                                "--budget", c.ctrl_c_budget, "--run", "--db", db])
    assert code == 130, err
    stored = Store(str(db)).load(str(Store(str(db)).runs()[0]["id"]))
    assert stored.status == "interrupted" and stored.results and all(r.verified for r in stored.results)
    assert stored.context["targets"][con.run_target]["emulated_s"] > 0   # the emulated time up to Ctrl-C
