# SPDX-License-Identifier: MIT
"""The NDS ROM image (hashbench rom --target nds), booted headless in
Debian's DeSmuME libretro core: the cartridge header and its CRC16s, every
row verified and timed by the ARM9's cascaded timers, the table on the
upper screen equal to the records read from main RAM, and the command."""
import shutil
import struct

import pytest
from cli_util import hb

from hashbench import roster
from hashbench.build import ndsrom
from hashbench.result import Build
from hashbench.rom import image, libretro, nds, run
from hashbench.store import Store
from hashbench.verify import Expected

pytestmark = [pytest.mark.toolchain, pytest.mark.emulator,
              pytest.mark.skipif(not (libretro.CORES_DIR / libretro.CORE_FILES["desmume"]).exists()
                                 or shutil.which("arm-none-eabi-gcc") is None,
                                 reason="needs libretro-desmume and gcc-arm-none-eabi (scripts/setup.sh)")]

BUDGET_MS = 20


@pytest.fixture(scope="module")
def built():
    p = image.plan(roster.select(["crc32,md5,sha256"]), ["portable"], 1024, BUDGET_MS, nds.CONSOLE.can_build)
    return p, nds.build(p)


@pytest.fixture(scope="module")
def session(built):
    p, b = built
    return run.play(nds.CONSOLE, b.path, len(p.rows), p.budget_ms, stream=None)


def test_the_crc16_is_gbatek_s():
    # the BIOS CRC16 (0xA001 reflected, from 0xFFFF) is CRC-16/MODBUS, whose check value this is
    assert ndsrom.crc16(b"123456789") == 0x4B37


def test_the_header_places_both_binaries_and_carries_its_checksums(built):
    _, b = built
    rom = b.path.read_bytes()
    assert ndsrom.check(rom) == []
    assert rom[:12] == b"HASHBENCH\0\0\0" and rom[0x0C:0x12] == b"HBNE00"
    arm9 = struct.unpack_from("<4I", rom, 0x20)
    arm7 = struct.unpack_from("<4I", rom, 0x30)
    assert arm9[:3] == (0x8000, 0x02000000, 0x02000000) and arm9[3] == b.used_bytes
    assert arm7[1:] == (0x037F8000, 0x037F8000, 4) and rom[arm7[0]:arm7[0] + 4] == b"\xfe\xff\xff\xea"
    assert 128 * 1024 << rom[0x14] >= len(rom) and (rom[0x14] == 0 or len(rom) > 64 * 1024 << rom[0x14])
    broken = bytearray(rom)
    broken[0x0C] ^= 1
    assert ndsrom.check(bytes(broken)) == ["header CRC16 (0x15E) wrong"]


def test_every_row_is_verified_and_timed_by_the_arm9_timers(built, session):
    p, _ = built
    got = run.read(session.records)
    eng = got["engine"]
    assert (eng["target"], eng["cpu"], eng["timer"], eng["tick_hz"], eng["clock_hz"]) == \
        ("nds", "ARM946E-S", "bus-cycles", 33513982, 67027964)
    assert [r["algo"] for _, r in got["rows"]] == [r.algo.id for r in p.rows]
    results = run.results(session.records, nds.CONSOLE, Expected(), Build("nds-rom"))
    assert len(results) == 3 and all(r.verified for r in results)
    for res, (_, rec) in zip(results, got["rows"]):
        assert rec["ticks"] >= 33513982 * BUDGET_MS // 1000 // 2 or rec["iters"] == 1
        assert res.per_call == rec["ticks"] * 2 / rec["iters"]   # two ARM9 cycles a bus cycle
    iters, ticks = got["harness"][1024]
    assert 2 < 2 * ticks / iters < 100   # the timed loop around an empty function, in ARM9 cycles


def test_the_upper_screen_shows_the_records_figures(built, session):
    p, _ = built
    page = session.pages[0][1]
    assert page[0].startswith("hashbench nds ARM946E-S")
    assert session.screen_lines == run.expected_lines(session.records, nds.CONSOLE,
                                                      {(r.algo.id, r.impl): r.label for r in p.rows})
    assert any(ln.startswith("#SHA256 ") for ln in session.screen_lines)


def test_the_command_builds_runs_stores_and_screenshots(tmp_path):
    out, shot, db = tmp_path / "hb.nds", tmp_path / "shot.png", tmp_path / "db.sqlite"
    code, stdout, stderr = hb("rom", "--target", "nds", "-o", out, "-a", "crc32,md5", "--budget", "20ms", "--run",
                              "--screenshot", shot, "--db", db)
    assert code == 0, stderr
    assert "2/2 digests verified; the table on the screen equals the records" in stdout
    assert "DeSmuME" not in stdout + stderr   # the core's own printing is kept out
    assert ndsrom.check(out.read_bytes()) == []
    stored = Store(str(db)).load(str(Store(str(db)).runs()[0]["id"]))
    assert {(r.target, r.meter, r.verified) for r in stored.results} == {("nds-rom", "console-timer", True)}
    from PIL import Image
    assert Image.open(shot).size == (512, (3 + 2 + 1) * 16)


def test_the_controls_sort_and_sweep(built):
    """A re-sorts the table (speed), SELECT runs the 64/256/1024 B sweep:
    the DS's buttons through the core's joypad."""
    p, b = built
    n, labels = len(p.rows), {(r.algo.id, r.impl): r.label for r in p.rows}
    with libretro.Core("desmume", b.path, nds.CONSOLE.emulator_options) as core:
        core.run(30)
        core.press("a")
        recs = run.parse(run.wait_done(core, nds.CONSOLE, n, BUDGET_MS, None))
        core.press("a")
        _, lines = run.scroll_pages(core, nds.CONSOLE, n)
        assert lines == run.expected_lines(recs, nds.CONSOLE, labels, sort="speed")
        core.press("select")
        recs = run.parse(run.wait_done(core, nds.CONSOLE, n, BUDGET_MS, None, sizes=3))
        got = run.read(recs)
        assert got["engine"]["sweep"] is True and len(got["rows"]) == 3 * n
        assert all(r["verified"] for _, r in got["rows"])
        _, lines = run.scroll_pages(core, nds.CONSOLE, n)
        assert lines == run.expected_lines(recs, nds.CONSOLE, labels, sort="speed")
