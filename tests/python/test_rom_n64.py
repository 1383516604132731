# SPDX-License-Identifier: MIT
"""The N64 ROM image (hashbench rom --target n64): its header and checksum
words, our boot code in place, and, where Debian's mupen64plus is
installed, the image booted headless: every row verified and timed by COP0
Count, the screen's characters (copied to SRAM by the ROM) equal to what
the records say, and the command."""
import shutil
import struct
from pathlib import Path

import pytest
from cli_util import ctrl_c_once, hb

from hashbench import roster
from hashbench.build import n64rom
from hashbench.result import Build
from hashbench.rom import image, n64, run
from hashbench.store import Store
from hashbench.verify import Expected

pytestmark = [pytest.mark.toolchain,
              pytest.mark.skipif(shutil.which("mips64-linux-gnuabi64-gcc") is None,
                                 reason="needs gcc-mips64-linux-gnuabi64 (scripts/setup.sh)")]
needs_emulator = pytest.mark.skipif(not Path(n64.EMULATOR).exists(),
                                    reason="needs mupen64plus-ui-console (scripts/setup.sh)")
BUDGET_MS = 20


@pytest.fixture(scope="module")
def built():
    p = image.plan(roster.select(["crc32,md5,sha256"]), ["portable"], 1024, BUDGET_MS, n64.CONSOLE.can_build)
    return p, n64.build(p)


@pytest.fixture(scope="module")
def session(built):
    p, b = built
    return n64.play(n64.CONSOLE, b.path, len(p.rows), p.budget_ms, stream=None)


def test_the_header_checksums_and_boot_code(built):
    _, b = built
    rom = b.path.read_bytes()
    assert n64rom.check(rom) == []
    assert rom[:4] == b"\x80\x37\x12\x40" and rom[0x20:0x34] == b"HASHBENCH".ljust(20)
    assert rom[0x3B:0x3F] == b"NHBE"
    assert struct.unpack_from(">I", rom, 0xFFC)[0] == b.used_bytes
    assert rom[0x40:0x44] == bytes.fromhex("4080e000")   # boot.S's first instruction: mtc0 $0, TagLo
    assert len(rom) == b.image_bytes >= 2 * 1024 * 1024
    broken = bytearray(rom)
    broken[0x2000] ^= 1
    assert n64rom.check(bytes(broken)) == ["checksum words (0x10, 0x14) wrong"]


def test_the_checksum_follows_its_definition():
    """A megabyte of zeros leaves the sums at the seed: CRC1 = seed ^ 0 ^ seed (t6 ^ t4 ^ t3)."""
    crc1, _ = n64rom.checksum(bytes(0x101000))
    assert crc1 == n64rom.SEED_6102 ^ n64rom.SEED_6102 ^ n64rom.SEED_6102


@pytest.mark.emulator
@needs_emulator
def test_every_row_is_verified_and_timed_by_cop0_count(built, session):
    p, _ = built
    got = run.read(session.records)
    eng = got["engine"]
    assert (eng["target"], eng["cpu"], eng["timer"], eng["tick_hz"], eng["clock_hz"], eng["endian"]) == \
        ("n64", "VR4300", "count", 46875000, 93750000, "big")
    results = run.results(session.records, n64.CONSOLE, Expected(), Build("n64-rom"))
    assert [r.algorithm for r in results] == [r.algo.id for r in p.rows] and all(r.verified for r in results)
    for res, (_, rec) in zip(results, got["rows"]):
        assert rec["ticks"] >= 46875000 * BUDGET_MS // 1000 // 2 or rec["iters"] == 1
        assert res.per_call == rec["ticks"] * 2 / rec["iters"]
    assert 5.0 < session.emulated_s < 30.0   # the banner's 5 s, then three rows of 20 ms


@pytest.mark.emulator
@needs_emulator
def test_the_screen_shows_the_records_figures(built, session):
    p, _ = built
    assert session.pages[0][1][0].startswith("hashbench n64 VR4300")
    assert session.screen_complete
    assert session.screen_lines == run.expected_lines(session.records, n64.CONSOLE,
                                                      {(r.algo.id, r.impl): r.label for r in p.rows})


@pytest.mark.emulator
@needs_emulator
def test_the_command_builds_runs_stores_and_screenshots(tmp_path):
    out, shot, db = tmp_path / "hb.z64", tmp_path / "shot.png", tmp_path / "db.sqlite"
    code, stdout, stderr = hb("rom", "--target", "n64", "-o", out, "-a", "crc32", "--budget", "20ms", "--run",
                              "--screenshot", shot, "--db", db)
    assert code == 0, stderr
    assert "1/1 digests verified; the table on the screen equals the records" in stdout
    assert n64rom.check(out.read_bytes()) == []
    stored = Store(str(db)).load(str(Store(str(db)).runs()[0]["id"]))
    assert {(r.target, r.meter, r.verified) for r in stored.results} == {("n64-rom", "console-timer", True)}
    assert shot.stat().st_size > 0


@pytest.mark.emulator
@needs_emulator
def test_ctrl_c_keeps_the_rows_done_and_exits_130(tmp_path):
    db = tmp_path / "db.sqlite"
    code, _, err = ctrl_c_once(["rom", "--target", "n64", "-o", tmp_path / "hb.z64", "--budget", "1s", "--run",
                                "--db", db])
    assert code == 130, err
    stored = Store(str(db)).load(str(Store(str(db)).runs()[0]["id"]))
    assert stored.status == "interrupted" and stored.results and all(r.verified for r in stored.results)
    assert stored.context["targets"]["n64-rom"]["emulated_s"] > 0   # the emulated time up to Ctrl-C
