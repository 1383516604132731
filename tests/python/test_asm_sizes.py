# SPDX-License-Identifier: MIT
"""docs/assembly.md's sizes of the 6502 and 65C816 routines, read again from
their objects: each routine's file assembled by ca65 (its code: CODE and
ALGOCODE; its constants: RODATA and PAGED, and the C table files it links,
compiled by cc65; its variables: BSS and ALGOBSS) and the bytes of the
console's scratch it uses (hb6502_zp, hb65816_dp: the expression its
.assert bounds, evaluated with the scratch at 0).  Each table's row must
say what the objects hold."""
import re
import shutil
import subprocess

import pytest

from hashbench import roster
from hashbench.paths import ROOT
from hashbench.toolchain import assembly_text

pytestmark = [pytest.mark.toolchain,
              pytest.mark.skipif(shutil.which("ca65") is None or shutil.which("cc65") is None,
                                 reason="needs cc65 (scripts/setup.sh)")]

DOC = ROOT / "docs" / "assembly.md"
SCRATCH = {"6502": "hb6502_zp", "65816": "hb65816_dp"}
# the header of each size table, and the column its scratch has; "6502-snes": the Super NES
# image's table of the 6502 routines it holds where no 65816 routine is
TABLES = {"6502": "| algo | code B | constants B | variables B | zero page B |",
          "65816": "| algo | cc65 portable c/B | 65816 c/B | master clocks a byte | gain |",
          "6502-snes": "| algo | cc65 portable c/B | 6502 routine c/B | master clocks a byte | gain |"}
SCRATCH_COLUMN = {"6502": "zero page B", "65816": "direct page B", "6502-snes": "zero page B"}


def table_algos(table: str) -> list:
    """The routines a table lists: the CPU's (the Super NES's 6502 table: those with no 65816 routine)."""
    if table == "6502-snes":
        return [a for a in roster.algorithms() if "6502" in a.asm and "65816" not in a.asm]
    return [a for a in roster.algorithms() if table in a.asm]


def segments(obj) -> dict:
    out = subprocess.run(["od65", "--dump-segsize", str(obj)], capture_output=True, text=True, check=True).stdout
    return {m[0]: int(m[1]) for m in re.findall(r"^\s*(\w+):\s+(\d+)\s*$", out, re.M)}


def ca65(text: str, folder, stem: str):
    """(segment sizes, what .out printed) of `text` assembled in `folder`."""
    src = folder / f"{stem}.s"
    src.write_text(text)
    ran = subprocess.run(["ca65", "-t", "sim6502", "-o", str(src.with_suffix(".o")), str(src)],
                         capture_output=True, text=True)
    assert ran.returncode == 0, ran.stderr
    return segments(src.with_suffix(".o")), ran.stdout + ran.stderr


def table_bytes(c_file: str, folder) -> int:
    asm = folder / (c_file.replace("/", "_") + ".s")
    subprocess.run(["cc65", "-t", "sim6502", "-O", "-I", str(ROOT / "src/algos"), "-o", str(asm), str(ROOT / c_file)],
                   check=True, capture_output=True)
    subprocess.run(["ca65", "-t", "sim6502", "-o", str(asm.with_suffix(".o")), str(asm)], check=True, capture_output=True)
    sizes = segments(asm.with_suffix(".o"))
    assert sizes.get("CODE", 0) == 0 and sizes.get("BSS", 0) == 0, c_file
    return sizes.get("RODATA", 0)


def sizes_of(algo, isa: str, folder) -> dict:
    """{code, constants, variables, scratch} of one routine, in bytes."""
    src, *tables = algo.code(isa).sources
    text = assembly_text(src)        # its .include files pasted in, so it assembles anywhere
    seg, _ = ca65(text, folder, f"{algo.id}-{isa}")
    scratch = SCRATCH[isa]
    bound = re.search(rf"^\s*\.assert\s+(.+?)\s+-\s+{scratch}\s+<=", text, re.M)
    used = 0
    if bound:
        probe = re.sub(rf"^\s*\.importzp\s+{scratch}\b.*$", f"{scratch} = $00", text, count=1, flags=re.M)
        _, said = ca65(probe + f'\n.out .sprintf("scratch %d", {bound[1]} - {scratch})\n', folder,
                       f"{algo.id}-{isa}-probe")
        used = int(re.search(r"scratch (\d+)", said)[1])
    return {"code": seg.get("CODE", 0) + seg.get("ALGOCODE", 0),
            "constants": seg.get("RODATA", 0) + seg.get("PAGED", 0) + sum(table_bytes(t, folder) for t in tables),
            "variables": seg.get("BSS", 0) + seg.get("ALGOBSS", 0), "scratch": used}


def doc_rows(table: str) -> dict:
    """{label: {column: text}} of the size table `table` (TABLES) in docs/assembly.md."""
    lines = DOC.read_text().splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith(TABLES[table]))
    head = [c.strip() for c in lines[at].strip("|").split("|")]
    rows = {}
    for line in lines[at + 2:]:
        if not line.startswith("|"):
            break
        cells = [c.strip() for c in line.strip("|").split("|")]
        rows[cells[0]] = dict(zip(head, cells))
    return rows


@pytest.mark.parametrize("table", ["6502", "65816", "6502-snes"])
def test_the_size_tables_say_what_each_routine_s_object_holds(tmp_path, table):
    rows = doc_rows(table)
    algos = table_algos(table)
    assert set(rows) == {a.label for a in algos}
    isa = table.split("-")[0]
    wrong = []
    for a in algos:
        got = sizes_of(a, isa, tmp_path)
        said = rows[a.label]
        for key, column in (("code", "code B"), ("constants", "constants B"), ("variables", "variables B"),
                            ("scratch", SCRATCH_COLUMN[table])):
            if int(said[column].replace(",", "")) != got[key]:
                wrong.append(f"{a.label} {column}: the table says {said[column]}, the object {got[key]:,}")
    assert not wrong, "docs/assembly.md: " + "; ".join(wrong)


def print_rows(isa: str):
    """The rows as the tables have them (python -c 'from test_asm_sizes import print_rows; ...')."""
    import tempfile
    from pathlib import Path
    with tempfile.TemporaryDirectory() as d:
        for a in (a for a in roster.algorithms() if isa in a.asm):
            s = sizes_of(a, isa, Path(d))
            print(f"| {a.label} | {s['code']:,} | {s['constants']:,} | {s['variables']:,} | {s['scratch']:,} |")
