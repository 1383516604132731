# SPDX-License-Identifier: MIT
"""The Super NES's 65C816 assembly (src/algos/asm/65816/), and the 6502
routines (src/algos/asm/6502/) the image runs where no 65816 routine is,
verified on the console: no simulator of ours runs 65C816 code (sim65 is
a 6502), so each length is an image of its own (`hashbench rom --target
snes --size N`) booted in the bsnes libretro core, every assembly row's
digest of the
workload at N (the image's own size; a 1 ms budget leaves the sweep out)
held against the reference table, else the host engine's portable digest.
The lengths cover each tail's branch: no whole block, one and two; a tail
of 0, 55 (the length in the same block), 56 and 63 bytes (a second padding
block); the largest size the image takes beside the sweep, 2048.  About
3 s an image; HB_SNES_LENGTHS="1-130,2048" names others (a range, or a
length) for a longer check by hand."""
import os
import re
import shutil
import subprocess

import pytest

from hashbench import roster
from hashbench.rom import flow, libretro, run, snes
from hashbench.targets import host

NEEDS_CORE = [pytest.mark.emulator, pytest.mark.toolchain,
              pytest.mark.skipif(not (libretro.CORES_DIR / libretro.CORE_FILES[snes.CONSOLE.emulator]).exists()
                                 or shutil.which("cc65") is None,
                                 reason="needs libretro-bsnes-mercury-accuracy and cc65 (scripts/setup.sh)")]

BUDGET_MS = 1
IMPL = "65816"
DEFAULT_LENGTHS = (1, 55, 56, 63, 64, 65, 119, 120, 127, 128, 2048)
# the 6502 routines' every length is sim65's (tests/python/test_asm.py); here they are checked to run
# on the 65C816 in native mode: a tail alone, a block, many blocks (each of these images holds about
# 30 rows and takes 15-25 s; the 65816 rows alone, 3 s)
LENGTHS_6502 = (1, 64, 2048)


def lengths() -> list:
    text = os.environ.get("HB_SNES_LENGTHS", "")
    if not text:
        return list(DEFAULT_LENGTHS)
    out = []
    for part in text.split(","):
        lo, _, hi = part.partition("-")
        out += range(int(lo), int(hi or lo) + 1)
    return out


def test_the_super_nes_holds_the_65816_assembly_then_the_6502s_and_no_other_console_the_65816s():
    algos = [a for a in roster.algorithms() if IMPL in a.asm]
    assert {"adler32", "crc32", "crc32c", "fletcher32", "md5", "sha1", "sha256"} <= {a.id for a in algos}
    assert snes.CONSOLE.asm_isas() == ("65816", "6502")
    for a in algos:
        assert IMPL in a.impls_on(snes.CONSOLE.asm_isas()) and IMPL not in a.impls_on("6502")
    for a in (a for a in roster.algorithms() if "6502" in a.asm):
        assert "6502" in a.impls_on(snes.CONSOLE.asm_isas())


def test_the_super_nes_image_takes_the_65816_code_by_default_else_the_6502_routine_else_c():
    from hashbench.rom import image
    algos = [roster.find(a) for a in ("crc32", "sha1", "fletcher16", "pjw", "ripemd160")]
    p = image.plan(algos, [image.FASTEST], 1024, 20, snes.CONSOLE.can_build, snes.CONSOLE.asm_isas())
    assert [(r.algo.id, r.impl) for r in p.rows] == [("crc32", "65816"), ("sha1", "65816"), ("fletcher16", "6502"),
                                                     ("pjw", "6502"), ("ripemd160", "portable")]
    p = image.plan(algos, ["portable", "6502", "65816"], 1024, 20, snes.CONSOLE.can_build, snes.CONSOLE.asm_isas())
    assert {(r.algo.id, r.impl) for r in p.rows if r.impl != "portable"} == {
        ("crc32", "65816"), ("crc32", "6502"), ("sha1", "65816"), ("sha1", "6502"), ("fletcher16", "6502"),
        ("pjw", "6502")}


@pytest.mark.parametrize("size", lengths())
@NEEDS_CORE[0]
@NEEDS_CORE[1]
@NEEDS_CORE[2]
def test_every_65816_and_6502_row_gives_the_reference_digest_on_the_super_nes(size):
    """One image a length: every 65816 routine, and at LENGTHS_6502 every 6502
    routine (run by the 65C816 in native mode with 8-bit registers, as the
    image runs them where no 65816 routine is)."""
    impls = [IMPL, "6502"] if size in LENGTHS_6502 or os.environ.get("HB_SNES_LENGTHS") else [IMPL]
    algos = [a for a in roster.algorithms() if any(i in a.asm for i in impls)]
    p, built = flow.build_image(snes.CONSOLE, algos, impls, size, BUDGET_MS)
    session = run.measure(snes.CONSOLE, built.path, len(p.rows), p.budget_ms, pages=False)
    got = run.read(session.records)
    digests = {(d["algo"], d["impl"], d["size"]): d["digest"] for d, _r in got["rows"]}
    want = {(a.id, i) for a in algos for i in impls if i in a.asm}
    assert {(a, i) for a, i, _s in digests} == want
    assert {s for _a, _i, s in digests} == {size}
    expected = host.expected_digests()
    wrong = [(a, i, s) for (a, i, s), d in digests.items() if d.lower() != expected.get(a, s)[0]]
    assert not wrong, f"the assembly's digest differs from the reference at {wrong}"


def test_cross_says_no_cross_target_runs_the_65816_assembly():
    from cli_util import hb
    r = hb("cross", "--target", "nes", "--impl", "65816", "-a", "sha1", "--no-save")
    assert r.returncode == 2 and "65816: no cross target runs this assembly (65816)" in r.stderr



MD_PAD_FILES = ("md5", "sha1", "sha256")


def assembled(src, obj) -> dict:
    """ca65 on one file (as the Super NES image runs it, `-t nes`) -> {segment: bytes, "exports": [...]}."""
    ran = subprocess.run(["ca65", "-t", "nes", "-o", str(obj), str(src)], capture_output=True, text=True)
    assert ran.returncode == 0, ran.stderr
    sizes = subprocess.run(["od65", "--dump-segsize", str(obj)], capture_output=True, text=True).stdout
    names = subprocess.run(["od65", "--dump-exports", str(obj)], capture_output=True, text=True).stdout
    out = {m[0]: int(m[1]) for m in re.findall(r"^\s*(\w+):\s+(\d+)\s*$", sizes, re.M)}
    out["exports"] = re.findall(r'Name:\s*"(\w+)"', names)
    return out


@pytest.mark.toolchain
@pytest.mark.skipif(shutil.which("ca65") is None, reason="needs cc65's ca65 (scripts/setup.sh)")
@pytest.mark.parametrize("algo", MD_PAD_FILES)
def test_a_super_nes_copy_of_each_65816_md_hash_takes_md_pad_in(tmp_path, algo):
    """The Super NES image's banked copy of a 65816 block hash stands alone: md_pad.inc's text
    pasted where the file names it, so ca65 assembles the copy in a folder without the include,
    into the group's segments, with the same bytes of code, constants and variables as the file."""
    from hashbench.paths import ROOT
    from hashbench.rom import banked
    src = f"src/algos/asm/65816/{algo}.s"
    name = f"hb_{algo}_65816"
    g = banked.Group([src], [])
    copy = banked.banked_assembly(src, tmp_path / f"{algo}.s", g.name, [name], g.banked)
    text = copy.read_text()
    assert '"md_pad.inc"' not in text and not (tmp_path / "md_pad.inc").exists()
    assert ".macro\tMD_HASH\tbytes, order" in text and "\tMD_HASH\t" in text
    plain = assembled(ROOT / src, tmp_path / "plain.o")
    copied = assembled(copy, tmp_path / "copy.o")
    assert copied["exports"] == ["_" + g.banked(name)]
    assert plain["CODE"] > 0 and (plain["CODE"], plain.get("RODATA", 0), plain.get("BSS", 0)) == \
        (copied[g.name + "C"], copied.get(g.name + "R", 0), copied.get(g.name + "B", 0))
