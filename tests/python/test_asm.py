# SPDX-License-Identifier: MIT
"""The hand-written assembly of src/algos/asm/ (one CPU each), verified as
strictly as C: under the CPU's simulator (mGBA for the Game Boy's SM83 and
for the GBA's ARM7TDMI in the ARM state, sim65 for the 6502; qemu-arm for the
same ARM code on the NDS's ARM946E-S and the 3DS's ARM11), one run of src/engine/guest/lengths.c per
implementation gives its digest at every length 0..2048 (the input moving
against the 256-byte pages) and of short messages; each must equal the
independent reference (tests/oracles, itself checked against the official
vectors), the output's next byte untouched and the input unchanged.  The
roster knows each implementation only on its CPU."""
import pytest

from hashbench import roster
from hashbench import toolchain as build
from hashbench.targets import load_all
from hashbench.targets.lengths import check_lengths
from tests.oracles import all_oracles

ALL = load_all()
TARGETS = {n: t for n, t in ALL.items() if t.kind == "console"}
ORACLES = all_oracles()
MESSAGES = ["", "a", "abc", "123456789", "message digest", "abcdefghijklmnopqrstuvwxyz"]
MAX_LEN = 2048
# the consoles' simulators (`emulator`), then the QEMU targets whose CPU runs another's assembly (nds, 3ds)
CASES = [pytest.param(name, a.id, impl, marks=[pytest.mark.emulator] if ALL[name].kind == "console" else [])
         for name in ("gb", "nes", "gba-iwram-arm", "nds", "3ds") if name in ALL
         for a in roster.algorithms() for impl in a.asm if a.asm[impl].isa in ALL[name].isas]


def xorshift_bytes(n: int) -> bytes:
    """lengths.c's input: the low byte of each step of a 16-bit xorshift (7, 9, 8) from 1."""
    x, out = 1, bytearray()
    for _ in range(n):
        x ^= (x << 7) & 0xFFFF
        x ^= x >> 9
        x ^= (x << 8) & 0xFFFF
        out.append(x & 0xFF)
    return bytes(out)


def expected_sums(algo_id: str) -> dict:
    """{to: sum hex}: lengths.c's running s1/s2 over the reference digests."""
    buf, fn, s1, s2, out = xorshift_bytes(MAX_LEN + 8), ORACLES[algo_id], 0, 0, {}
    for n in range(MAX_LEN + 1):
        start = n & 7
        for b in fn(buf[start:start + n]):
            s1 = (s1 + b) & 0xFFFF
            s2 = (s2 + s1) & 0xFFFF
        if n & 63 == 63 or n == MAX_LEN:
            out[n] = f"{s1:04x}{s2:04x}"
    return out


def test_every_assembly_line_names_a_cpu_and_its_files():
    names = roster.asm_names()
    assert "sm83" in names
    for a in roster.algorithms():
        for name, impl in a.asm.items():
            assert impl.symbol == f"hb_{a.id.replace('-', '_')}_{name}" or impl.symbol.endswith("_" + name)
            assert impl.sources[0].endswith(".s") and f"/asm/{name}/" in impl.sources[0]
            assert name not in a.impls   # never in the C implementations: absent off its CPU
            assert a.impls_on(impl.isa)[name] is impl and name not in a.impls_on("")


@pytest.mark.toolchain
@pytest.mark.parametrize("target,algo_id,impl", CASES)
def test_assembly_at_every_length(target, algo_id, impl):
    t = ALL[target]
    if t.missing():
        pytest.skip(f"{target} not installed: {', '.join(t.missing())}")
    recs = check_lengths(t, roster.find(algo_id), impl)
    got = {r["to"]: r["sum"] for r in recs if r["rec"] == "lengths"}
    want = expected_sums(algo_id)
    first_bad = next((n for n in sorted(want) if got.get(n) != want[n]), None)
    assert first_bad is None, f"{target}/{algo_id}/{impl}: wrong at a length in {first_bad - 63}..{first_bad}"
    vectors = {r["msg"]: r["digest"] for r in recs if r["rec"] == "vector"}
    assert vectors == {m: ORACLES[algo_id](m.encode()).hex() for m in MESSAGES}
    integrity = next(r for r in recs if r["rec"] == "integrity")
    assert integrity["guard"] and integrity["input"], integrity


@pytest.mark.toolchain
@pytest.mark.emulator
def test_compare_on_a_target_ranks_c_and_the_assembly_by_exact_cycles():
    from cli_util import hb
    t = TARGETS.get("gb")
    if t is None or t.missing():
        pytest.skip("gb not installed")
    ran = hb("compare", "crc32", "--target", "gb", "--no-save", "-q", timeout=600)
    assert ran.returncode == 0, ran.stderr
    rows = [line.split() for line in ran.stdout.splitlines() if line[:1].isdigit()]
    assert [r[1] for r in rows] == ["sm83", "portable", "compact"]   # exact counts, fastest first
    counts = [int(r[2].replace(",", "")) for r in rows]
    assert counts == sorted(counts) and rows[0][4] == "1.00x"


def test_assembly_is_absent_off_its_cpu():
    from cli_util import hb
    ran = hb("compare", "crc32", "--target", "nes", "--impl", "sm83", "--no-save", "-q")
    assert ran.returncode == 2 and "none of sm83" in ran.stderr


def test_the_gba_image_takes_the_arm_assembly_where_its_rows_run_in_the_arm_state():
    from hashbench.rom import gba, image
    algos = [roster.find(a) for a in ("crc32", "md5", "adler32")]

    def chosen(place):
        p = image.plan(algos, [image.FASTEST], 1024, 20, gba.CONSOLE.can_build, gba.CONSOLE.asm_isas(place))
        return [(r.algo.id, r.impl) for r in p.rows]
    # the default placement, gba-iwram-arm: ARM code in IWRAM, so the armv4 rows where there are some
    assert chosen(None) == chosen("gba-iwram-arm") == [("crc32", "armv4"), ("md5", "armv4"), ("adler32", "portable")]
    assert {impl for _, impl in chosen("gba-iwram")} == {"portable"}   # Thumb code: C only


def test_the_nds_image_takes_the_same_arm_assembly():
    from hashbench.rom import image, nds
    algos = [roster.find(a) for a in ("crc32", "adler32")]
    p = image.plan(algos, [image.FASTEST], 1024, 20, nds.CONSOLE.can_build, nds.CONSOLE.asm_isas())
    assert [(r.algo.id, r.impl) for r in p.rows] == [("crc32", "armv4"), ("adler32", "portable")]


@pytest.mark.toolchain
@pytest.mark.emulator
@pytest.mark.parametrize("console,algos", [("gba", ("crc32", "md5", "sha1")), ("nds", ("crc32", "md5"))])
def test_the_rom_runs_and_verifies_the_arm_assembly(console, algos, tmp_path):
    from cli_util import hb
    from rom_cases import missing_emulator, missing_tools

    from hashbench.storage.store import Store
    why = missing_tools(console) or missing_emulator(console)
    if why:
        pytest.skip(f"{console}: {why}")
    db = tmp_path / "db.sqlite"
    ran = hb("rom", "--target", console, "-o", tmp_path / f"x.{console}", "-a", ",".join(algos), "--budget", "20ms",
             "--run", "--db", db, timeout=600)
    assert ran.returncode == 0, ran.stderr
    assert f"{len(algos)}/{len(algos)} digests verified" in ran.stdout
    stored = Store(str(db)).load(str(Store(str(db)).runs()[0]["id"]))
    assert {(r.algorithm, r.implementation, r.verified) for r in stored.results if r.size == 1024} == \
        {(a, "armv4", True) for a in algos}


def test_gcc_is_shown_the_folder_of_the_includes_an_arm_file_names():
    """GNU as finds armv4/md_frame.inc only through -I (ca65 and sdasgb look beside the file): the
    ROM builds' gcc commands name each including file's folder once, and the include as an input."""
    flags, incs = build.assembly_search(["src/algos/asm/armv4/sha1.s", "src/algos/asm/armv4/md5.s",
                                         "src/algos/sha1.c", "src/algos/asm/armv4/crc32.s"])
    assert flags == ["-Isrc/algos/asm/armv4"]
    assert incs == ["src/algos/asm/armv4/md_frame.inc"] * 2
    assert build.assembly_search(["src/algos/sha1.c"]) == ([], [])


def test_a_nes_copy_of_the_md_hashes_takes_md_pad_in():
    """The NES image's banked copy of md5.s stands alone: md_pad.inc's text pasted where it is named."""
    text = build.assembly_text("src/algos/asm/6502/md5.s")
    assert '.include\t"md_pad.inc"' not in text
    assert ".macro\tMD_HASH\tbytes, order" in text and "\tMD_HASH\t16, LITTLE" in text
