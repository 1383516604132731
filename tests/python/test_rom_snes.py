# SPDX-License-Identifier: MIT
"""The Super NES ROM image (hashbench rom --target snes), booted headless
in Debian's bsnes-mercury (accuracy) libretro core: the LoROM header and
its checksum, every row verified and timed in master cycles by the PPU's
latched H/V counters (finer than a frame), the figures on the screen (read
back with the font) equal to those of the records in the SRAM, the
joypad, PAL's clock, and the command line.  The core runs at about real
time: three short sessions of two rows at 20 ms."""
import shutil

import pytest
import rom_cases

from hashbench.results.result import Build
from hashbench.results.verify import Expected
from hashbench.rom import libretro, run, screen, snes

pytestmark = [pytest.mark.emulator, pytest.mark.toolchain,
              pytest.mark.skipif(not (libretro.CORES_DIR / libretro.CORE_FILES[snes.CONSOLE.emulator]).exists()
                                 or shutil.which("cc65") is None,
                                 reason="needs libretro-bsnes-mercury-accuracy and cc65 (scripts/setup.sh)")]

BUDGET_MS = 20
SIZE = 64
FRAME_MC = 262 * 1364 - 2   # an NTSC frame in master cycles (crt0.s)


@pytest.fixture(scope="module")
def built():
    return rom_cases.built("snes")   # shared with test_rom_consoles


def labels(p):
    return {(r.algo.id, r.impl): r.label for r in p.rows}


def test_the_image_has_a_lorom_fastrom_header_with_its_checksum(built):
    _, b = built
    rom = b.path.read_bytes()
    h = snes.check_header(rom)          # sizes and checksum against the image itself
    assert (h["title"], h["map_mode"], h["chipset"], h["sram_kib"], h["country"]) == ("HASHBENCH", 0x30, 0x02, 32, 1)
    assert len(rom) == b.image_bytes == 256 * 1024 and h["complement"] == h["checksum"] ^ 0xFFFF
    reset = rom[0x7FFC] | rom[0x7FFD] << 8      # the emulation-mode reset vector, in bank $00
    nmi = rom[0x7FEA] | rom[0x7FEB] << 8        # the native-mode NMI
    assert reset >= 0x8000 and nmi >= 0x8000
    assert rom[reset - 0x8000:reset - 0x8000 + 3] == bytes([0x78, 0x18, 0xFB])   # sei; clc; xce
    assert rom[nmi - 0x8000] == 0x5C and rom[nmi - 0x8000 + 3] == 0x80          # jml $80xxxx: FastROM
    # bank 1 starts with the rows' entry stubs: phb, phk, plb, jsr, plb, rtl
    assert rom[0x8000:0x8003] == bytes([0x8B, 0x4B, 0xAB]) and rom[0x8006:0x8008] == bytes([0xAB, 0x6B])


def test_a_pass_is_verified_timed_finer_than_a_frame_shown_and_sorted_by_the_joypad(built):
    p, b = built
    with libretro.Core(snes.CONSOLE.emulator, b.path) as core:
        core.run(30)
        core.press("a")
        recs = run.parse(run.wait_done(core, snes.CONSOLE, len(p.rows), BUDGET_MS, None))
        assert core.seconds < 15            # A started the pass, not the banner's own 5 s
        _, lines = run.scroll_pages(core, snes.CONSOLE, len(p.rows))
        assert lines == run.expected_lines(recs, snes.CONSOLE, labels(p))
        core.press("a", 2, snes.CONSOLE.settle_frames)
        core.run(1, capture=True)
        assert screen.text(core.frame(), snes.CONSOLE.cols, snes.CONSOLE.rows)[1].rstrip().endswith("speed")
        _, lines = run.scroll_pages(core, snes.CONSOLE, len(p.rows))
        assert lines == run.expected_lines(recs, snes.CONSOLE, labels(p), sort="speed")
    got = run.read(recs)
    eng = got["engine"]
    assert (eng["target"], eng["cpu"], eng["timer"], eng["tick_hz"], eng["clock_hz"]) == \
        ("snes", "65816", "master cycles", 21477273, 3579545)
    results = run.results(recs, snes.CONSOLE, Expected(), Build("snes-rom"))
    assert len(results) == len(p.rows) and all(r.verified for r in results)
    # md5's calls take more than a budget: the span is one call, measured to the master cycle
    # (a frame counter would give a multiple of 357,366)
    assert all(r.extra["iters"] >= 1 and r.per_call > 1000 for r in results)
    assert any(r.extra["ticks"] % FRAME_MC not in (0, FRAME_MC - 1) for r in results)
    # the span of no call: two readings of the timer, a few hundred CPU cycles, not a frame
    assert 0 < got["empty"][SIZE] < FRAME_MC // 20


def test_on_a_pal_console_the_timer_counts_pal_s_master_clock(built):
    """bsnes's region option: the ROM reads the region from STAT78 and
    reports PAL's master clock (21,281,370 Hz) and its 312-line frames."""
    p, b = built
    with libretro.Core(snes.CONSOLE.emulator, b.path, {"bsnes_region": "pal"}) as core:
        assert round(core.fps) == 50
        core.run(30)
        core.press("a")
        got = run.read(run.parse(run.wait_done(core, snes.CONSOLE, len(p.rows), BUDGET_MS, None)))
    assert (got["engine"]["tick_hz"], got["engine"]["clock_hz"]) == (21281370, 3546895)
    assert len(got["rows"]) == len(p.rows) and all(r["verified"] for _d, r in got["rows"])


