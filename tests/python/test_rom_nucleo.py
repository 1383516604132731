# SPDX-License-Identifier: MIT
"""The NUCLEO-F767ZI firmware (hashbench rom --target nucleo-f767): the
board's image (vector table in flash, stack at the top of DTCM, the .bin
beside the ELF), and the same firmware on QEMU's mps2-an500 behind its own
UART and timer: every row verified, the serial records stored, and a
capture of them imported as a run, once."""
import re
import shutil
import struct

import pytest
import rom_cases
from cli_util import hb

from hashbench.rom import nucleo
from hashbench.storage.store import Store

pytestmark = [pytest.mark.toolchain,
              pytest.mark.skipif(shutil.which("arm-none-eabi-gcc") is None or shutil.which("qemu-system-arm") is None,
                                 reason="needs gcc-arm-none-eabi and qemu-system-arm (scripts/setup.sh)")]
BUDGET_MS = 20


@pytest.fixture(scope="module")
def built():
    return rom_cases.built("nucleo-f767")   # shared with test_rom_consoles


@pytest.fixture(scope="module")
def session(built):
    return rom_cases.session("nucleo-f767")


def test_the_board_image_boots_from_flash_with_its_stack_in_dtcm(built):
    _, b = built
    raw = b.path.with_suffix(".bin").read_bytes()
    sp, reset = struct.unpack_from("<II", raw, 0)
    assert sp == 0x20020000                                   # the top of the 128 KiB of DTCM
    assert reset & 1 and 0x08000000 <= reset - 1 < 0x08000000 + len(raw)   # Thumb, in flash
    assert len(raw) == b.used_bytes < 2 * 1024 * 1024
    assert nucleo.qemu_elf(b.path).exists()


def test_the_command_writes_elf_and_bin_and_refuses_a_budget_past_the_counter_s_wrap(tmp_path):
    out = tmp_path / "hb.elf"
    code, _, stderr = hb("rom", "--target", "nucleo-f767", "-o", out, "-a", "crc32", "--budget", "20ms")
    assert code == 0, stderr
    assert out.read_bytes()[:4] == b"\x7fELF" and out.with_suffix(".bin").stat().st_size > 1000
    code, _, stderr = hb("rom", "--target", "nucleo-f767", "-o", out, "--budget", "10s")
    assert code == 2 and "at most 9 s" in stderr


def test_a_serial_capture_imports_as_a_run_once(tmp_path, session):
    capture = tmp_path / "capture.txt"
    # as a terminal saves it: CR LF line ends, whatever was on the line before the firmware started
    capture.write_bytes(b"\x00garbage from the reset\r\n" + session.text.replace("\n", "\r\n").encode())
    db = tmp_path / "db.sqlite"
    code, _, stderr = hb("import", capture, "--db", db)
    assert code == 0 and "stored as run 1 (3 results)" in stderr, stderr
    code, _, stderr = hb("import", capture, "--db", db)
    assert code == 0 and "already stored as run 1" in stderr
    stored = Store(str(db)).load("1")
    assert stored.kind == "rom" and all(r.verified for r in stored.results)
    bad = tmp_path / "bad.txt"
    bad.write_text(session.text.replace("7c321b5d", "00000000"))
    code, _, stderr = hb("import", bad, "--db", db)
    assert code == 2 and "disagree" in stderr
    # a garbled or hand-made capture: one line, nothing stored, never a negative or infinite speed
    for broken in (re.sub(r'"ticks":\d+', '"ticks":-5', session.text, count=1),
                   re.sub(r'"iters":\d+', '"iters":"x"', session.text, count=1),
                   session.text.replace('"tick_hz":25000000', '"tick_hz":0')):
        bad.write_text(broken)
        code, _, stderr = hb("import", bad, "--db", db)
        assert code == 2 and len(stderr.strip().splitlines()) == 1 and "Traceback" not in stderr, stderr
    assert len(Store(str(db)).runs()) == 1


def test_a_capture_from_the_board_is_stored_under_the_board_s_target(tmp_path, session):
    """The board's firmware names itself nucleo-f767 (hb_rom_config.h without
    HB_ROM_EMULATED) and counts cycles at 216 MHz: its records are stored as
    target nucleo-f767.  No board here, so the QEMU pass's records stand in,
    renamed as the board's build names them."""
    board = session.text.replace('"target":"nucleo-f767-qemu"', '"target":"nucleo-f767"')
    board = board.replace('"clock_hz":25000000', '"clock_hz":216000000').replace('"tick_hz":25000000',
                                                                                 '"tick_hz":216000000')
    capture = tmp_path / "board.txt"
    capture.write_text(board)
    db = tmp_path / "db.sqlite"
    code, _, stderr = hb("import", capture, "--db", db)
    assert code == 0, stderr
    stored = Store(str(db)).load("1")
    assert {r.target for r in stored.results} == {"nucleo-f767"}
    assert "NUCLEO-F767ZI" in stored.context["targets"]["nucleo-f767"]["title"]
