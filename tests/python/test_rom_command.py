# SPDX-License-Identifier: MIT
"""`hashbench rom`'s progress and output, without a toolchain: -o needed
unless --run alone (which builds in a temporary folder), the build's
per-file lines only with -v (a count otherwise), and the run's progress
line's estimate of the time left."""
from cli_util import hb

from hashbench.rom import console, flow, run


def test_o_is_needed_unless_run_alone():
    for extra in ([], ["--play"], ["--run", "--play"]):
        code, out, err = hb("rom", "--target", "nes", "-a", "crc32", *extra)
        assert code == 2 and len(err.strip().splitlines()) == 1 and "-o FILE" in err, (extra, err)


def test_the_build_lines_are_counted_unless_verbose(monkeypatch):
    said = []
    verbose = flow.build_log(said.append, True)
    verbose("building build/x.o")
    assert said == ["building build/x.o"]
    said.clear()
    clock = iter(range(0, 1000, 6))
    monkeypatch.setattr(flow.time, "monotonic", lambda: next(clock))
    log = flow.build_log(said.append, False)
    for i in range(6):
        log(f"building build/x{i}.o")
    log("rom: linking the image")
    # one count line every BUILD_PROGRESS_EVERY_S (15 s: the fake clock steps 6 s a call), never a path
    assert said == ["rom: building: 3 files compiled or linked so far", "rom: building: 6 files compiled or linked so far",
                    "rom: linking the image"]


def test_the_run_line_estimates_the_time_left_from_the_rows_done():
    assert run.time_left(10.0, 2, 8) == "about 30 s left"
    assert run.time_left(60.0, 1, 4) == "about 3 min left"


def test_every_console_names_its_image_file():
    assert {c.name: c.image_suffix() for c in console.all_consoles()} == {
        "nes": ".nes", "snes": ".sfc", "gb": ".gb", "gbc": ".gb", "gba": ".gba", "nds": ".nds", "n64": ".z64",
        "nucleo-f767": ".elf"}


def test_the_game_boy_page_says_what_its_core_runs_the_image_as():
    from pathlib import Path

    from hashbench.rom import play
    assert b"x.gb (GBC) in Gambatte" in play.page("gb", Path("x.gb"))   # a Color-compatible header: a Color
    assert b"x.nes (NES) in Nestopia" in play.page("nes", Path("x.nes"))
