# SPDX-License-Identifier: MIT
"""The Super NES's 65C816 assembly (src/algos/asm/65816/), verified on the
console: no simulator of ours runs 65C816 code (sim65 is a 6502), so each
length is an image of its own (`hashbench rom --target snes --size N`)
booted in the bsnes libretro core, every 65816 row's digest of the
workload at N (the image's own size; a 1 ms budget leaves the sweep out)
held against the reference table, else the host engine's portable digest.
The lengths cover each tail's branch: no whole block, one and two; a tail
of 0, 55 (the length in the same block), 56 and 63 bytes (a second padding
block); the largest size the image takes beside the sweep, 2048.  About
3 s an image; HB_SNES_LENGTHS="1-130,2048" names others (a range, or a
length) for a longer check by hand."""
import os
import shutil

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


def lengths() -> list:
    text = os.environ.get("HB_SNES_LENGTHS", "")
    if not text:
        return list(DEFAULT_LENGTHS)
    out = []
    for part in text.split(","):
        lo, _, hi = part.partition("-")
        out += range(int(lo), int(hi or lo) + 1)
    return out


def test_the_super_nes_holds_the_65816_assembly_and_no_other_console_does():
    algos = [a for a in roster.algorithms() if IMPL in a.asm]
    assert {"crc32", "md5", "sha1", "sha256"} <= {a.id for a in algos}
    assert snes.CONSOLE.asm_isa() == "65816"
    for a in algos:
        assert IMPL in a.impls_on(snes.CONSOLE.asm_isa()) and IMPL not in a.impls_on("6502")


def test_the_super_nes_image_takes_the_65816_code_by_default_and_never_the_6502_routines():
    from hashbench.rom import image
    algos = [roster.find(a) for a in ("crc32", "sha1", "adler32")]
    p = image.plan(algos, [image.FASTEST], 1024, 20, snes.CONSOLE.can_build, snes.CONSOLE.asm_isa())
    assert [(r.algo.id, r.impl) for r in p.rows] == [("crc32", "65816"), ("sha1", "65816"), ("adler32", "portable")]
    p = image.plan(algos, ["portable", "6502", "65816"], 1024, 20, snes.CONSOLE.can_build, snes.CONSOLE.asm_isa())
    assert "6502" not in {r.impl for r in p.rows}


@pytest.mark.parametrize("size", lengths())
@NEEDS_CORE[0]
@NEEDS_CORE[1]
@NEEDS_CORE[2]
def test_every_65816_row_gives_the_reference_digest_on_the_super_nes(size):
    algos = [a for a in roster.algorithms() if IMPL in a.asm]
    p, built = flow.build_image(snes.CONSOLE, algos, [IMPL], size, BUDGET_MS)
    session = run.measure(snes.CONSOLE, built.path, len(p.rows), p.budget_ms, pages=False)
    got = run.read(session.records)
    digests = {(d["algo"], d["size"]): d["digest"] for d, _r in got["rows"]}
    assert {a for a, _s in digests} == {a.id for a in algos}
    assert {s for _a, s in digests} == {size}
    expected = host.expected_digests()
    wrong = [(a, s) for (a, s), d in digests.items() if d.lower() != expected.get(a, s)[0]]
    assert not wrong, f"the 65816 code's digest differs from the reference at {wrong}"


def test_cross_says_no_cross_target_runs_the_65816_assembly():
    from cli_util import hb
    r = hb("cross", "--target", "nes", "--impl", "65816", "-a", "sha1", "--no-save")
    assert r.returncode == 2 and "65816: no cross target runs this assembly (65816)" in r.stderr
