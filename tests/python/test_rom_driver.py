# SPDX-License-Identifier: MIT
"""The measured pass (run.measure) over the driver protocol
(hashbench/rom/driver.py), without a console's emulator: a process of its
own that prints records as an image's serial port would
(headless.Serial, as QEMU's for the NUCLEO), declared as a console's
driver.  The pass ends at the `done` record's line, an emulator that
stops early keeps the rows done and ends the pass interrupted, and one
that never finishes is stopped at its limit."""
import sys
from dataclasses import replace

import pytest

from hashbench.errors import BuildError
from hashbench.results import records
from hashbench.rom import headless, nucleo, run

ENGINE = records.write({"rec": "engine", "format": records.FORMAT, "engine": "rom", "target": "t", "cpu": "c",
                        "clock_hz": 1000, "tick_hz": 1000})
ROW = records.write({"rec": "rom_result", "algo": "xor8", "impl": "portable", "size": 64, "iters": 10,
                     "ticks": 20, "verified": True})
DONE = records.write({"rec": "done"})


class Printer(headless.Serial):
    """`lines` on stdout, then an exit with `code` (None: it keeps running)."""

    def __init__(self, lines, code, limit_s):
        script = f"import sys, time; sys.stdout.write({''.join(lines)!r}); sys.stdout.flush(); " + \
                 ("time.sleep(60)" if code is None else f"sys.exit({code})")
        super().__init__("printer", [sys.executable, "-c", script], limit_s)

    @property
    def seconds(self) -> float:
        return float(self.text.count(b"\n"))


def console(lines, code=None, limit_s=None):
    return replace(nucleo.CONSOLE, driver=lambda con, image, log, limit: Printer(lines, code, limit_s or limit))


def test_a_pass_ends_at_its_done_record():
    s = run.measure(console([ENGINE, ROW, DONE, "after the pass\n"]), "image", 1, 200, stream=None)
    assert not s.interrupted and s.text == ENGINE + ROW + DONE
    assert [r["rec"] for r in s.records] == ["engine", "rom_result", "done"]
    assert s.emulated_s == 4.0 and not s.screen_complete and s.pages == []   # the driver's seconds: its lines


def test_an_emulator_that_stops_early_keeps_the_rows_done(capsys):
    s = run.measure(console([ENGINE, ROW, '{"rec":"rom_res'], code=3), "image", 2, 200, stream=None)
    assert s.interrupted and [r["rec"] for r in s.records] == ["engine", "rom_result"]
    err = capsys.readouterr().err
    assert "rom: printer stopped (exit status 3) with 1 rows written" in err and "the rows done are kept" in err


def test_an_emulator_past_its_limit_is_stopped():
    with pytest.raises(BuildError, match=r"the pass did not end in 1 s of printer \(wall clock\)"):
        run.measure(console([ENGINE], limit_s=1.0), "image", 1, 200, stream=None)
