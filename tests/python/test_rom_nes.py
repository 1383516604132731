# SPDX-License-Identifier: MIT
"""The NES ROM image (hashbench rom --target nes), booted headless in
Debian's Nestopia libretro core: the NES 2.0 header and the banks' reset
stubs, every row verified and timed in CPU cycles (frames, and a loop
counted to the next NMI), the timer against code of known cycles, the
figures on the screen (read back with the font) equal to those of the
records in the PRG-RAM, the joypad, the region test (NTSC; PAL and Dendy
through the core's system option), and the command line."""
import shutil

import pytest
import rom_cases

from hashbench import roster
from hashbench.errors import UserError
from hashbench.rom import banked, flow, image, libretro, nes, run, screen

pytestmark = [pytest.mark.toolchain, pytest.mark.emulator,
              pytest.mark.skipif(not (libretro.CORES_DIR / libretro.CORE_FILES["nestopia"]).exists()
                                 or shutil.which("cc65") is None,
                                 reason="needs libretro-nestopia and cc65 (scripts/setup.sh)")]

BUDGET_MS = 20
SIZE = 64


@pytest.fixture(scope="module")
def built():
    return rom_cases.built("nes")   # crc32, md5 and sha256 at 64 B, shared with test_rom_consoles


def play(built, system="ntsc", pages=True):
    p, b = built
    con = nes.CONSOLE.with_options(nestopia_favored_system=system)
    return run.measure(con, b.path, len(p.rows), p.budget_ms, stream=None, pages=pages)


@pytest.fixture(scope="module")
def session(built):
    return rom_cases.session("nes")


def labels(p):
    return {(r.algo.id, r.impl): r.label for r in p.rows}


def test_the_image_has_an_sxrom_nes2_header_and_a_reset_stub_in_every_bank(built):
    _, b = built
    rom = b.path.read_bytes()
    banks = rom[4]
    assert rom[:4] == b"NES\x1a" and len(rom) == 16 + banks * 0x4000 == b.image_bytes
    assert banks in (8, 16) and rom[5] == 0                  # 128 or 256 KiB PRG-ROM, CHR-RAM
    assert rom[6] >> 4 == 1 and rom[7] & 0xF0 == 0 and rom[6] & 0x02   # mapper 1, battery
    assert rom[7] & 0x0C == 0x08                             # NES 2.0
    assert rom[10] == 0x90 and rom[11] == 0x07               # 32 KiB PRG-NVRAM, 8 KiB CHR-RAM
    ends = {rom[16 + (i + 1) * 0x4000 - 16:16 + (i + 1) * 0x4000] for i in range(banks)}
    assert len(ends) == 1                                    # the same stub and vectors everywhere
    end = ends.pop()
    assert end[:6] == bytes([0x78, 0xA9, 0x80, 0x8D, 0x00, 0x80])   # sei; lda #$80; sta $8000
    nmi, reset = end[10] | end[11] << 8, end[12] | end[13] << 8
    assert reset == 0xFFF0 and 0xC000 <= nmi < 0xFFF0


def test_what_does_not_fit_a_bank_is_built_small_and_said(built):
    p, b = built
    assert [(r.algo.id, r.impl) for r in p.rows] == [("crc32", "portable"), ("crc32", "compact"),
                                                     ("md5", "portable"), ("md5", "compact"),
                                                     ("sha256", "compact")]
    assert any(a == "sha256" and i == "portable" and banked.SMALL_DEFINE in why for a, i, why in p.left_out)
    assert all(g.rom_bytes <= nes.BANK_ROOM for g in b.groups) and b.banks_used >= 2


TIMER_RESOLUTION = 30   # cycles: the loop's 11 at a span's end, the NMI wait's 7 at its start, twice


def test_the_joypad_sorts_and_reruns(built):
    p, b = built
    with nes.CONSOLE.open(b.path) as core:
        core.run(30)
        core.press("a")
        recs = run.parse(run.wait_done(core, nes.CONSOLE, len(p.rows), BUDGET_MS, None))
        assert core.seconds < 20            # A started the pass, not the banner's own 5 s
        core.press("a", 2, nes.CONSOLE.settle_frames)
        top = screen.text(core.frame(), nes.CONSOLE.cols, nes.CONSOLE.rows)[1]
        assert top.rstrip().endswith("speed")
        _, lines = run.scroll_pages(core, nes.CONSOLE, len(p.rows))
        assert lines == run.expected_lines(recs, nes.CONSOLE, labels(p), sort="speed")


def check_timer(got):
    """Spans of the burn loop inside a frame and across 8 or 9: the ticks
    equal its known cycles (and the NMIs' inside) to the timer's resolution."""
    checks = got["timer_checks"]
    assert len(checks) == 2 and checks[0][0] < 20000 < 250000 < checks[1][0]
    for expected, ticks in checks:
        assert abs(ticks - expected) <= TIMER_RESOLUTION, (expected, ticks)


def test_the_timer_counts_code_of_known_cycles_to_the_cycle(session):
    check_timer(run.read(session.records))


@pytest.mark.parametrize("system, clock", [("pal", 1662607), ("dendy", 1773448)])
def test_the_region_test_finds_pal_and_dendy_and_times_them(built, system, clock):
    s = play(built, system, pages=False)
    got = run.read(s.records)
    assert (got["engine"]["tick_hz"], got["engine"]["clock_hz"]) == (clock, clock)
    check_timer(got)


def test_the_sweep_writes_records_across_the_prg_ram_banks():
    """More than one 8 KiB PRG-RAM bank of records (they start in bank 1):
    every one whole and verified, none lost at the banks' edges."""
    p = image.plan(roster.select(None, ["checksum", "non-crypto"]), ["portable", "compact"], SIZE, BUDGET_MS,
                   nes.CONSOLE.can_build)
    b = nes.build(p)
    n = len(p.rows)
    with nes.CONSOLE.open(b.path) as core:
        core.run(30)
        core.press("a")
        run.wait_done(core, nes.CONSOLE, n, BUDGET_MS, None)
        core.press("select", 2, nes.CONSOLE.settle_frames)
        text = run.wait_done(core, nes.CONSOLE, n, BUDGET_MS, None, sizes=3)
    got = run.read(run.parse(text))
    assert len(text) > 0x2000 and not got["full"] and got["engine"]["sweep"] is True
    assert len(got["rows"]) == 3 * n and all(r["verified"] for _, r in got["rows"])
    assert all(d is not None for d, _ in got["rows"])


def test_the_6502_assembly_rows_are_verified_and_faster_than_the_c():
    """--impl 6502: the assembly implementations (src/algos/asm/6502/,
    banked by ca65 like the C), each row verified against its reference
    digest and faster by the ROM's own timer than the portable C."""
    algos, impls = flow.select(["xor8,crc32"], None, "portable,6502")
    p = image.plan(algos, impls, SIZE, BUDGET_MS, nes.CONSOLE.can_build, nes.CONSOLE.asm_isas())
    assert sorted((r.algo.id, r.impl, r.label) for r in p.rows) == [
        ("crc32", "6502", "CRC32"), ("crc32", "portable", "CRC32"), ("xor8", "6502", "XOR8"),
        ("xor8", "portable", "XOR8")]
    b = nes.build(p)
    got = run.read(run.measure(nes.CONSOLE, b.path, len(p.rows), p.budget_ms, stream=None).records)
    rows = {(rec["algo"], rec["impl"]): rec for _, rec in got["rows"] if rec["size"] == SIZE}
    assert len(rows) == 4 and all(rec["verified"] for rec in rows.values())
    per_call = {k: rec["ticks"] / rec["iters"] for k, rec in rows.items()}
    for a in ("xor8", "crc32"):
        assert per_call[(a, "6502")] < per_call[(a, "portable")]


def test_no_console_without_an_assembler_takes_the_6502_rows():
    algos, impls = flow.select(["xor8"], None, "6502")
    with pytest.raises(UserError):
        image.plan(algos, impls, SIZE, BUDGET_MS)   # no isa: the assembly is not the image's


def test_the_default_picks_the_cpus_assembly_where_there_is_one():
    algos, impls = flow.select(["xor8,md5,ripemd160"], None, "fastest")
    p = image.plan(algos, impls, SIZE, BUDGET_MS, nes.CONSOLE.can_build, nes.CONSOLE.asm_isas())
    assert sorted((r.algo.id, r.impl) for r in p.rows) == [("md5", "6502"), ("ripemd160", "portable"),
                                                           ("xor8", "6502")]
    p = image.plan(algos, impls, SIZE, BUDGET_MS)   # a console that assembles nothing: the C
    assert sorted((r.algo.id, r.impl) for r in p.rows) == [("md5", "portable"), ("ripemd160", "portable"),
                                                           ("xor8", "portable")]


def test_the_timer_agrees_with_sim65_within_half_a_percent(capsys):
    """The ROM's cycles a call, its loop around an empty function and the
    row's trampoline taken off, against sim65's count less its own
    (studies/rom_nes_crosscheck.py): a byte loop, a braided CRC over the
    page-aligned buffer, a hash, DJB2's multiply tables (page-aligned in
    both: 2% apart before), the 6502 assembly of all four (their
    loops on the same page offsets in both), and two rows the image builds
    small to fit a bank (BLAKE3 alone, HMAC with SHA-256's file), which
    `cross --target nes` measures as its `small` implementation."""
    from studies import rom_nes_crosscheck
    assert rom_nes_crosscheck.main(["-a", "xor8,crc32,md5,djb2,blake3,hmac-sha256", "--impl", "portable,6502",
                                    "--budget", "50"]) == 0
    rows = [line.split("|") for line in capsys.readouterr().out.splitlines() if line.endswith("| yes |")]
    assert [(r[1].strip(), r[2].strip()) for r in rows] == [
        ("XOR8", "portable"), ("XOR8", "6502"), ("CRC32", "portable"), ("CRC32", "6502"), ("DJB2", "portable"),
        ("DJB2", "6502"), ("MD5", "portable"), ("MD5", "6502"), ("BLAKE3", "small"), ("HMACS2", "small")]


def test_run_without_o_builds_in_a_temporary_folder_and_says_each_left_out_row_once():
    from cli_util import hb
    code, out, err = hb("rom", "--target", "nes", "-a", "crc32,sha256", "--impl", "portable,compact", "--size", "64",
                        "--budget", "20ms", "--run", "--no-save")
    assert code == 0, err
    assert out.startswith("a temporary image, removed after the run: nes image, 3 rows")
    assert (out + err).count("sha256/portable") == 1       # left out once (the image holds the compact)
    assert not any(line.startswith("building ") for line in err.splitlines())   # the build's paths only with -v
