# SPDX-License-Identifier: MIT
"""The NDS ROM image (hashbench rom --target nds), booted headless in
Debian's DeSmuME libretro core: the cartridge header and its CRC16s, every
row verified and timed by the ARM9's cascaded timers, the table on the
upper screen equal to the records read from main RAM, the lower screen's
banner, legend and controls, and the command."""
import shutil
import struct
import subprocess

import pytest
import rom_cases

from hashbench import roster
from hashbench.rom import image, libretro, nds, run, screen
from hashbench.toolchain import ndsrom

pytestmark = [pytest.mark.toolchain, pytest.mark.emulator,
              pytest.mark.skipif(not (libretro.CORES_DIR / libretro.CORE_FILES["desmume"]).exists()
                                 or shutil.which("arm-none-eabi-gcc") is None,
                                 reason="needs libretro-desmume and gcc-arm-none-eabi (scripts/setup.sh)")]

BUDGET_MS = 20


@pytest.fixture(scope="module")
def built():
    return rom_cases.built("nds")   # shared with test_rom_consoles


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


def test_the_controls_sort_and_sweep(built):
    """A re-sorts the table (speed), SELECT runs the 64/256/1024 B sweep:
    the DS's buttons through the core's joypad."""
    p, b = built
    n, labels = len(p.rows), {(r.algo.id, r.impl): r.label for r in p.rows}
    with nds.CONSOLE.open(b.path) as core:
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


def test_the_lower_screen_shows_the_banner_the_marks_and_the_controls(built):
    """The lower screen (the sub engine's background, hb_gba2d.c), drawn at
    start-up and kept through the pass: what the image runs, what each mark
    means (the same legend as under the table), what each button does; as
    --run reads it back (run.lower_lines, from the records)."""
    p, b = built
    with nds.CONSOLE.open(b.path) as core:
        core.run(30)
        frame = core.frame()
        assert frame[1] == 2 * nds.CONSOLE.rows * screen.CELL   # the two screens, one above the other
        before = run.lower_text(frame, nds.CONSOLE)
        core.press("a")
        recs = run.parse(run.wait_done(core, nds.CONSOLE, len(p.rows), BUDGET_MS, None))
        core.run(1, capture=True)
        after = run.lower_text(core.frame(), nds.CONSOLE)
    legend = image.legend(nds.CONSOLE.cols, [(r.algo, r.impl) for r in p.rows])
    assert before == after == run.lower_lines(recs, nds.CONSOLE)
    assert after[0] == "hashbench nds" and after[1] == "ARM946E-S 67.03 MHz"
    assert after[3] == f"workload {p.size} B" and after[5] == f"budget {p.budget_ms} ms a row"
    assert after[7] == f"{len(p.rows)} rows, verified first"
    assert after[11:13] == ["tier . checksum  * non-crypto", "     # crypto"]
    assert after[13:13 + len(legend)] == legend and legend[0].startswith("I: ")
    assert after[17:22] == ["A       sort: category, speed,", "        name", "B/START run the pass again",
                            "SELECT  size sweep 64/256/1024 B", "UP/DOWN scroll a row"]


def test_the_arm_assembly_runs_from_the_itcm():
    """nds.ld links the armv4 routines at the instruction TCM's last mirror below main RAM
    (crt0.s copies them there; test_asm's run verifies what they compute), the C in main RAM."""
    p = image.plan(roster.select(["crc32,md5,sha256"]), ["portable", "armv4"], 64, BUDGET_MS,
                   nds.CONSOLE.can_build, nds.CONSOLE.asm_isa())
    b = nds.CONSOLE.build(p)
    out = subprocess.run(["arm-none-eabi-nm", str(b.path.with_name("hashbench.elf"))],
                         capture_output=True, text=True, check=True).stdout
    syms = {f[2]: int(f[0], 16) for f in (line.split() for line in out.splitlines()) if len(f) == 3}
    armv4 = {n: a for n, a in syms.items() if n.endswith("_armv4")}
    assert set(armv4) == {"hb_crc32_armv4", "hb_md5_armv4", "hb_sha256_armv4"}
    assert all(0x01FF8000 <= a < syms["__itcm_end"] <= 0x02000000 for a in armv4.values()), armv4
    assert 0x02000000 <= syms["hb_crc32"] < 0x023E0000   # the portable C
