# SPDX-License-Identifier: MIT
"""The GBA ROM image (hashbench rom --target gba), booted headless in
Debian's mGBA libretro core: every row verified, the figures on the screen
(read back with the font) equal to those of the records in save RAM, the
controls, a wrong reference digest shown as a mark with no speed, the
header, and the command line."""
import dataclasses
import shutil
import subprocess

import pytest
import rom_cases
from cli_util import ROOT, hb

from hashbench import roster
from hashbench.errors import BuildError
from hashbench.results.result import Build
from hashbench.results.verify import Expected
from hashbench.rom import console, gba, image, libretro, run, screen
from hashbench.toolchain import gbarom

pytestmark = [pytest.mark.toolchain, pytest.mark.emulator,
              pytest.mark.skipif(not (libretro.CORES_DIR / libretro.CORE_FILES["mgba"]).exists()
                                 or shutil.which("arm-none-eabi-gcc") is None,
                                 reason="needs libretro-mgba and gcc-arm-none-eabi (scripts/setup.sh)")]

BUDGET_MS = 20


def small_plan(**kw):
    algos = roster.select(["crc32,md5,sha256"])
    return image.plan(algos, ["portable", "compact"], kw.get("size", 1024), BUDGET_MS, gba.CONSOLE.can_build)


@pytest.fixture(scope="module")
def built():
    return rom_cases.built("gba")   # small_plan's image, shared with test_rom_consoles


def labels(p):
    return {(r.algo.id, r.impl): r.label for r in p.rows}


def test_the_image_has_the_gba_header_the_save_tag_and_whole_chip_padding(built):
    _, b = built
    rom = b.path.read_bytes()
    assert rom[0xB2] == 0x96 and rom[0xBD] == gbarom.complement(rom)
    assert rom[0xA0:0xAC] == b"HASHBENCH   "
    assert b"SRAM_V" in rom[:0x100]                   # mGBA gives such a cartridge SRAM
    assert len(rom) == b.image_bytes >= 256 * 1024 and len(rom) & (len(rom) - 1) == 0
    assert rom[b.used_bytes:] == b"\xff" * (len(rom) - b.used_bytes)


def test_a_blank_screen_reads_as_no_text():
    frame = (240, 160, [[(0, 0, 0)] * 240 for _ in range(160)])
    assert set("".join(screen.text(frame, 30, 20))) == {" "}


def test_the_controls_sort_sweep_and_rerun(built):
    p, b = built
    n = len(p.rows)
    with libretro.Core("mgba", b.path) as core:
        core.run(30)
        core.press("a")
        text = run.wait_done(core, gba.CONSOLE, n, BUDGET_MS, None)
        recs = run.parse(text)
        for sort in ("speed", "name"):
            core.press("a")
            pages, lines = run.scroll_pages(core, gba.CONSOLE, n)
            assert lines == run.expected_lines(recs, gba.CONSOLE, labels(p), sort=sort), sort
        # each row's I mark, through the legend on the screen, names the implementation its records store
        legend = pages[-1][1][-2].rstrip()
        named = dict(w.split("=") for w in legend.removeprefix("I: ").split())
        assert legend.startswith("I: ") and named == {"c": "compact", "p": "portable"}
        assert {(ln[1:7].strip(), named[ln[8]]) for ln in lines} == \
            {(image.short_label(roster.find(r["algo"])), r["impl"]) for _, r in run.read(recs)["rows"]}
        core.press("select")   # the sweep: every row at 64, 256 and 1024 B
        recs = run.parse(run.wait_done(core, gba.CONSOLE, n, BUDGET_MS, None, sizes=3))
        got = run.read(recs)
        assert got["engine"]["sweep"] is True and sorted(got["harness"]) == [64, 256, 1024]
        assert sorted({r["size"] for _, r in got["rows"]}) == [64, 256, 1024] and len(got["rows"]) == 3 * n
        assert all(r["verified"] for _, r in got["rows"])
        _, lines = run.scroll_pages(core, gba.CONSOLE, n)
        assert lines == run.expected_lines(recs, gba.CONSOLE, labels(p), sort="name")
        core.press("b")        # again, the sweep still on
        assert run.read(run.parse(run.wait_done(core, gba.CONSOLE, n, BUDGET_MS, None, sizes=3)))["engine"]["sweep"]


def test_a_wrong_reference_digest_shows_a_mark_and_no_speed(monkeypatch):
    real = image.reference_table()
    wrong = dict(real)
    wrong[("md5", 1024)] = "00" * 16
    monkeypatch.setattr(image, "reference_table", lambda: wrong)
    p = small_plan()
    b = gba.build(p)
    s = run.measure(gba.CONSOLE, b.path, len(p.rows), p.budget_ms, stream=None)
    rows = {(r["algo"], r["impl"]): r for _, r in run.read(s.records)["rows"]}
    assert rows[("md5", "portable")]["verified"] is False and rows[("md5", "portable")]["iters"] == 0
    assert rows[("sha256", "portable")]["verified"] is True
    assert s.screen_lines == run.expected_lines(s.records, gba.CONSOLE, labels(p))
    assert any(ln.startswith("#MD5    p BAD DIGEST") for ln in s.screen_lines)
    with pytest.raises(BuildError, match="disagree"):   # the ROM's check against ours: never a silent cost
        run.results(s.records, gba.CONSOLE, Expected(), Build("gba-rom"))


def test_help_names_every_console_s_stored_target():
    code, stdout, _ = hb("rom", "--help")
    assert code == 0
    for name in console.available():
        assert console.get(name).run_target in stdout, name


@pytest.mark.parametrize("args, message", [
    (["--target", "psx"], "unknown target"),
    (["--target", "gba", "--screenshot", "x.png"], "goes with --run"),
    (["--target", "gba", "--size", "8192"], "--size must be"),
    (["--target", "gba", "--impl", "fast"], "unknown implementation"),
    (["--target", "gba", "-a", "crc32", "-o", "/"], "is a folder"),
    (["--target", "gba", "-a", "crc32", "-o", "/proc/hb.gba"], "cannot write there"),   # a folder no one writes
    (["--target", "nucleo-f767", "-a", "crc32", "-o", "TMP/hb.bin"], "name the ELF"),
])
def test_bad_input_is_one_line_and_exit_2(tmp_path, args, message):
    code, _, stderr = hb("rom", "-o", tmp_path / "x.gba", *(a.replace("TMP", str(tmp_path)) for a in args))
    assert code == 2 and message in stderr and len(stderr.strip().splitlines()) == 1


@pytest.mark.parametrize("compiler", ["cc65", "sdcc"])
def test_the_shared_application_builds_with_the_8_bit_compilers(tmp_path, compiler):
    """The NES and Game Boy platforms compile the same file: C89, no 64-bit."""
    if shutil.which(compiler) is None:
        pytest.skip(f"{compiler} not installed")
    (tmp_path / "hb_rom_config.h").write_text(
        '#define HB_ROM_COLS 20\n#define HB_ROM_ROWS 18\n#define HB_ROM_TARGET "gb"\n'
        '#define HB_ROM_CPU "SM83"\n#define HB_ROM_CLOCK_HZ 4194304UL\n')
    image.write_generated(small_plan(), tmp_path, gba.CONSOLE)
    inc = [f"-I{tmp_path}"] + [f"-I{ROOT / d}" for d in image.INCLUDES]
    src = str(ROOT / "src/engine/rom/hb_rom_app.c")
    cmd = ([compiler, "-t", "nes", "-O"] + inc + [src, "-o", str(tmp_path / "app.s")] if compiler == "cc65" else
           [compiler, "-msm83", "-c"] + inc + [src, "-o", str(tmp_path / "app.rel")])
    proc = subprocess.run(cmd, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


def test_a_pass_that_outgrows_the_save_ram_ends_its_records_cleanly():
    """The platform cuts the stream after its last whole record and says so
    (built here with a 1,200-byte limit in place of the cartridge's 32 KiB);
    the pass itself goes on to the end, on the screen."""
    p = small_plan()
    b = gba.build(p, save_bytes=1200)
    s = run.measure(gba.CONSOLE, b.path, len(p.rows), p.budget_ms, stream=None)
    assert len(s.text) <= 1200 and s.text.endswith('{"rec":"done","save_ram_full":true}\n')
    got = run.read(s.records)
    assert got["full"] and 0 < len(got["rows"]) < len(p.rows)
    assert all(r.verified for r in run.results(s.records, gba.CONSOLE, Expected(), Build("gba-rom")))
    assert len(s.screen_lines) == len(p.rows) and not any(ln.strip() == "" for ln in s.screen_lines)


@pytest.mark.parametrize("cols, rows, decimal", [(30, 20, True), (20, 18, False), (32, 30, False)])
def test_the_application_s_arithmetic_at_a_60_s_budget_of_gba_cycles(tmp_path, cols, rows, decimal):
    """The shared application on the host (tests/c/rom/host_platform.c): rows
    of 100, 3,000 and 5,000,000 cycles a call at 16.78 MHz and the largest
    budget, so that counts reach 10^9 and the table's columns overflow into
    k and M; the screen must equal what the records say, in the GBA's layout
    (its figures with a decimal: HB_ROM_DECIMAL), the NES's and the Game
    Boy's 20 columns, every line within the screen's columns, and the legend
    of the I column above the status line."""
    if shutil.which("gcc") is None:
        pytest.skip("gcc not installed")
    (tmp_path / "hb_rom_config.h").write_text(
        f'#define HB_ROM_COLS {cols}\n#define HB_ROM_ROWS {rows}\n#define HB_ROM_TARGET "host"\n'
        '#define HB_ROM_CPU "fake"\n#define HB_ROM_CLOCK_HZ 16777216UL\n'
        + ("#define HB_ROM_DECIMAL 1\n" if decimal else ""))
    (tmp_path / "hb_rom_sizes.h").write_text(
        "#define HB_ROM_ENTRIES 3\n#define HB_ROM_NSIZES 3\n#define HB_ROM_STD 2\n#define HB_ROM_BUF 1024\n"
        "#define HB_ROM_LEGEND_LINES 1\n")
    fake = {"crc32": ("fake_fast", 4, 0), "md5": ("fake_mid", 16, 2), "pbkdf2-sha256": ("fake_slow", 32, 2)}
    digest = ", ".join(str((i * 7 + 1) & 0xFF) for i in range(64))
    legend, = image.legend(cols, [(roster.find(a), "portable") for a in fake])
    (tmp_path / "roster.c").write_text(
        '#include "hb_rom_image.h"\n' + "".join(f"void {fn}(uint8_t *, const uint8_t *, size_t);\n"
                                                  for fn, _, _ in fake.values())
        + f"static const uint8_t d[64] = {{{digest}}};\n"
        + "const hb_rom_entry hb_rom_roster[HB_ROM_ENTRIES] = {\n"
        + "".join(f'    {{"{a}", "portable", "{roster.find(a).label[:6]}", \'p\', {tier}, {n}, {fn}, {{d, d, d}}}},\n'
                  for a, (fn, n, tier) in fake.items())
        + f'}};\nconst char *const hb_rom_legend[HB_ROM_LEGEND_LINES] = {{"{legend}"}};\n'
        + "const uint16_t hb_rom_sizes[HB_ROM_NSIZES] = {64, 256, 1024};\n"
        + "const uint8_t hb_rom_in_sweep[HB_ROM_NSIZES] = {1, 1, 1};\nconst uint16_t hb_rom_budget_ms = 60000;\n")
    exe = tmp_path / "app"
    src = ["src/engine/rom/hb_rom_app.c", "src/engine/hb_record.c", "src/engine/hb_workload.c",
           "tests/c/rom/host_platform.c", str(tmp_path / "roster.c")]
    inc = [f"-I{tmp_path}"] + [f"-I{d}" for d in image.INCLUDES]
    proc = subprocess.run(["gcc", "-std=c89", "-pedantic", "-Wall", "-Wextra", "-Werror", "-Wno-long-long", "-O1"]
                          + inc + src + ["-o", str(exe)], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    out = subprocess.run([str(exe)], capture_output=True, text=True, timeout=60).stdout.splitlines()
    recs = run.parse("\n".join(ln for ln in out if not ln.startswith("|")))
    shown = [ln[1:-1] for ln in out if ln.startswith("|")]
    got = run.read(recs)
    assert [r["iters"] for _, r in got["rows"]][0] == 524288   # the fast row reaches the iteration cap
    assert max(r["ticks"] for _, r in got["rows"]) > 10 ** 9 // 2
    host = dataclasses.replace(gba.CONSOLE, screen=(cols, rows), decimal=decimal)
    assert all(len(ln) == cols for ln in shown) and shown[-2].rstrip() == legend == "I: p=portable"
    lines = shown[run.TITLE_LINES:run.TITLE_LINES + 3]
    labels_of = {(a, "portable"): roster.find(a).label[:6] for a in fake}
    assert lines == run.expected_lines(recs, host, labels_of)
    assert any("k" in ln for ln in lines)   # the overflowing columns were exercised
    assert any("." in ln for ln in lines)   # and the slow row's B/s with a decimal, not a 0
    assert all(ln[8] == "p" for ln in lines)   # the I column: portable


@pytest.mark.parametrize("bytes_per_s, width, shown", [
    (12345678, 5, "  12M"), (123456, 5, " 123k"), (12345, 5, "12345"), (999, 5, "  999"), (10, 5, "   10"),
    (9.5, 5, "  9.5"), (0.42, 5, "  0.4"), (8123456, 4, "  8M"), (12345678, 4, " 12M"), (123456, 4, "123k"),
    (12345, 4, " 12k"), (9999, 4, "9999"), (0.42, 4, " 0.4")])
def test_a_slow_row_s_speed_is_never_a_bare_zero(bytes_per_s, width, shown):
    """The table's speed column (hb_rom_app.c, put_speed): one unit, bytes
    a second (k and M where the digits do not fit), a decimal below 10."""
    tick_hz = 1000000
    ticks = tick_hz * 1000   # 1,000 s, so that iters x size is bytes_per_s x 1,000
    assert screen.fmt_speed(1, ticks, int(bytes_per_s * 1000), tick_hz, width) == shown


def test_the_gba_placements_run_the_same_rows_faster_in_iwram():
    """--place: each of the cross targets' GBA placements builds, verifies
    and times every row; the default copies each row's ARM code into IWRAM
    (SHA-256 at least twice as fast as Thumb from ROM at the power-on wait
    states), and CRC-64's tables, too big for the overlay, run from ROM."""
    p = image.plan(roster.select(["crc64,sha256"]), ["portable"], 64, 20, lambda a: None)
    cycles = {}
    for place in gba.PLACEMENTS:
        b = gba.build(p, place=place)
        assert b.placement == place
        s = run.measure(gba.CONSOLE, b.path, len(p.rows), p.budget_ms, stream=None, pages=False)
        got = run.read(s.records)
        assert got["engine"]["placement"] == place
        assert all(r.verified for r in run.results(s.records, gba.CONSOLE, Expected(), Build("gba-rom")))
        cycles[place] = {r["algo"]: r["ticks"] / r["iters"] for _d, r in got["rows"]}
        assert [a for a, _i, _w in b.from_rom] == (["crc64"] if gba.PLACEMENTS[place][0] else [])
    sha = {place: c["sha256"] for place, c in cycles.items()}
    assert sha["gba-iwram-arm"] < sha["gba-iwram"] < sha["gba-prefetch"] < sha["gba"]
    assert sha["gba"] > 2 * sha["gba-iwram-arm"]
    assert gba.PLACEMENTS[next(iter(gba.PLACEMENTS))] == gba.PLACEMENTS[gba.DEFAULT_PLACEMENT]


def test_place_is_the_gba_s_only(tmp_path):
    r = hb("rom", "--target", "nes", "-o", tmp_path / "x.nes", "--place", "gba")
    assert r.returncode == 2 and "--place: the nes has no placements" in r.stderr and not (tmp_path / "x.nes").exists()
