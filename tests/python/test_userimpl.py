# SPDX-License-Identifier: MIT
"""Implementation folders (hashbench.userimpl, docs/your-code.md): a bad
manifest is one line and exit 2; the checker finds each kind of wrong code
and names the check, the length and both digests; a correct FNV-1a 32
(tests/impls/fnv1a32-good) is verified and measured by run, compare,
matrix, size and cross on the N64 and the GBA; one wrong above 100 bytes
(tests/impls/fnv1a32-wrong-above-100) is refused with nothing stored."""
import shutil
import sqlite3

import pytest
from cli_util import hb

from hashbench import userimpl
from hashbench.errors import UserError
from hashbench.paths import ROOT
from hashbench.targets import load_all
from hashbench.userimpl import check

GOOD = ROOT / "tests" / "impls" / "fnv1a32-good"
WRONG = ROOT / "tests" / "impls" / "fnv1a32-wrong-above-100"
FNV = """#include <stddef.h>
#include <stdint.h>
#include <string.h>
void {fn}(uint8_t *out, const uint8_t *in, size_t len)
{{
    uint32_t h = 0x811C9DC5u;
    size_t i;
    {before}
    for (i = 0; i < len; i++) {{ h ^= in[i]; h *= 0x01000193u; }}
    out[0] = (uint8_t)(h >> 24); out[1] = (uint8_t)(h >> 16); out[2] = (uint8_t)(h >> 8); out[3] = (uint8_t)h;
    {after}
}}
"""


def folder(tmp_path, manifest=None, before="", after="", name="t", fn="t_fnv", extra=""):
    d = tmp_path / name
    d.mkdir()
    (d / "fnv.c").write_text(FNV.format(fn=fn, before=before, after=after))
    (d / "hashbench.toml").write_text(manifest if manifest is not None else
                                      f'[implementation]\nname = "{name}"\nalgorithm = "fnv1a32"\n'
                                      f'function = "{fn}"\nsources = ["fnv.c"]\n{extra}')
    return d


@pytest.mark.parametrize("manifest, says", [
    ("[implementation\nname=", "not readable TOML"),
    ('[implementation]\nname = "x"\nalgorithm = "fnv1a32"\nsources = ["fnv.c"]\n', "missing function"),
    ('[implementation]\nname = "x"\nalgorithm = "fnv1a32"\nfunction = "f"\nsources = ["nope.c"]\n',
     "source 'nope.c' is not there"),
    ('[implementation]\nname = "x"\nalgorithm = "fnv2"\nfunction = "f"\nsources = ["fnv.c"]\n',
     "unknown algorithm 'fnv2'"),
    ('[implementation]\nname = "x"\nalgorithm = "fnv1a32"\nfunction = "my-fnv"\nsources = ["fnv.c"]\n',
     "'my-fnv' is not a C identifier"),
    ('[implementation]\nname = "portable"\nalgorithm = "fnv1a32"\nfunction = "f"\nsources = ["fnv.c"]\n',
     "name 'portable'"),
    ('[implementation]\nname = "x"\nalgorithm = "fnv1a32"\nfunction = "f"\nsources = ["fnv.c"]\nspeed = 1\n',
     "unknown keys speed"),
])
def test_a_bad_manifest_is_one_line_and_exit_2(tmp_path, manifest, says):
    d = folder(tmp_path, manifest)
    code, out, err = hb("run", "--impl-dir", d, "--no-save")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("hashbench: ") and says in err, err


def test_folders_come_from_the_option_and_the_environment(tmp_path):
    a, b = folder(tmp_path, name="a"), folder(tmp_path, name="b")
    assert userimpl.folders([str(b)], {"HASHBENCH_IMPLS": f"{a}:{b}"}) == [a, b]
    same = folder(tmp_path, name="c", manifest='[implementation]\nname = "a"\nalgorithm = "fnv1a32"\n'
                                               'function = "t_fnv"\nsources = ["fnv.c"]\n')
    with pytest.raises(UserError, match="two implementation folders are named 'a'"):
        userimpl.load_all([str(a), str(same)], {})


@pytest.mark.parametrize("before, after, check_name, length", [
    ("", "out[4] = 0;", "guard bytes", "0"),
    ("", "if (len) ((uint8_t *)in)[0] ^= 1;", "input left unchanged", "1"),
    ("static unsigned calls; h ^= (uint32_t)(calls++ & 1);", "", "second call", "0"),
    ("if (((size_t)in & 3) && len > 7) h ^= 1;", "", "unaligned input", "8"),
])
def test_the_checker_names_the_first_failing_check(tmp_path, before, after, check_name, length):
    impl = userimpl.load(folder(tmp_path, before=before, after=after))
    with pytest.raises(UserError) as exc:
        check.verify(impl)
    msg = str(exc.value)
    assert check_name in msg and f"at length {length}:" in msg and "nothing timed, nothing stored" in msg, msg


def test_a_correct_folder_passes_every_check():
    n = check.verify(userimpl.load(GOOD))
    known = len(check.vector_lines("fnv1a32")) + len(check.reference_lines("fnv1a32"))
    assert known > 200
    # every length 0..2048 and the random ones: five calls each (aligned twice, three unaligned)
    assert n == (2049 + check.RANDOM_LENGTHS) * 5 + known


def test_code_wrong_above_100_bytes_is_refused_and_nothing_stored(tmp_path):
    db = tmp_path / "r.sqlite"
    code, out, err = hb("run", "--impl-dir", WRONG, "--db", db)
    assert code == 2 and out == ""
    assert "at length 101:" in err and "offfnv gives f8a545a0, expected b52c11eb" in err, err
    assert not db.exists() or sqlite3.connect(db).execute("select count(*) from runs").fetchone()[0] == 0


# refused before the engine with the folder in it is built (that build takes a minute of CPU)
@pytest.mark.parametrize("command", [["run"], ["compare", "sha256"], ["matrix"], ["cross", "--target", "n64"]])
def test_the_folder_s_name_on_another_algorithm_is_refused(command):
    """--impl myfnv -a sha256: nothing to measure, one line and exit 2 (not an empty table, or a traceback)."""
    algo = [] if command[0] == "compare" else ["-a", "sha256"]
    code, out, err = hb(*command, *algo, "--impl-dir", GOOD, "--impl", "myfnv", "--no-save", timeout=60)
    assert code == 2 and out == "", err
    assert err.strip().splitlines()[-1].startswith("hashbench: sha256 has no implementation myfnv"), err
    assert "Traceback" not in err


def test_hash_help_says_what_hash_does_with_a_folder():
    code, out, _ = hb("hash", "--help")
    assert code == 0 and "--impl name hashes the files" in out and "measured" not in out


@pytest.mark.emulator
def test_run_and_compare_measure_the_folder_beside_ours(tmp_path):
    db = tmp_path / "r.sqlite"
    code, out, err = hb("run", "--impl-dir", GOOD, "--budget", "20", "--processes", "1", "--db", db, timeout=300)
    assert code == 0, err
    rows = {line.split()[2] for line in out.splitlines() if line.startswith("*  FNV1A")}
    assert rows == {"portable", "myfnv"}, out
    assert "myfnv: verified" in err
    code, out, err = hb("compare", "fnv1a32", "--meter", "est-cycles", "--no-save", env={"HASHBENCH_IMPLS": str(GOOD)},
                        timeout=300)
    assert code == 0, err
    ranked = [line.split() for line in out.splitlines() if line[:3] in ("1. ", "2. ")]
    assert {r[2] for r in ranked} == {"portable", "myfnv"}, out
    # the same loop: the same instructions; Callgrind's branch predictor is indexed by the code's
    # address, so a miss a call may move between the two copies (10 cycles of ~6,000)
    assert ranked[0][4] == ranked[1][4], out
    assert all(float(r[1]) < 1.005 for r in ranked), out
    code, out, _ = hb("hash", "-a", "fnv1a32", "--impl", "myfnv", "--impl-dir", GOOD, stdin="abc")
    assert code == 0 and out.split()[0] == "1a47e90b"


@pytest.mark.slow
def test_matrix_and_size_build_it_with_each_flag_set(tmp_path):
    code, out, err = hb("matrix", "--flags=-O1,-O2", "--impl-dir", GOOD, "--rounds", "1", "--budget", "20",
                        "--no-code-size", "--no-save", timeout=300)
    assert code == 0, err
    assert "FNV1A (myfnv)" in out and "gcc-O1" in out and "gcc-O2" in out, out
    code, out, err = hb("size", "--flags=-Os", "--impl-dir", GOOD, "--json")
    assert code == 0, err
    assert '"implementation": "myfnv"' in out and '"build": "gcc-Os"' in out


def ready(*names):
    targets = load_all()
    return all(not targets[n].missing() for n in names)


@pytest.mark.toolchain
@pytest.mark.emulator
@pytest.mark.skipif(not ready("n64", "gba"), reason="the N64 and GBA toolchains are not installed")
def test_cross_measures_the_same_c_on_the_n64_and_the_gba():
    code, out, err = hb("cross", "--target", "n64,gba", "--impl-dir", GOOD, "--size", "64", "--no-save", timeout=300)
    assert code == 0, err
    assert "n64 (myfnv): " in err and "gba (myfnv): " in err and "1/1 digests match" in err, err
    mine = [line.split() for line in out.splitlines() if line.startswith("FNV1A  myfnv")]
    # n64: instructions; gba: exact cycles, and KB/s at its clock; each table one figure per target
    assert "instructions per byte" in out and "cycles per byte (exact)" in out, out
    assert len(mine) == 3 and all(len(r) == 3 and float(r[2].replace(",", "")) > 0 for r in mine), out


@pytest.mark.toolchain
@pytest.mark.skipif(not shutil.which("cl65"), reason="cc65 is not installed")
def test_a_64_bit_only_folder_is_skipped_on_the_6502_with_a_reason(tmp_path):
    d = folder(tmp_path, name="wide", extra="needs_u64 = true\n")
    code, out, err = hb("cross", "--target", "nes", "--impl-dir", d, "--impl", "wide", "--size", "64", "--no-save")
    assert "nes has no 64-bit integers" in err and "needs_u64" in err, err
    assert err.count("nes has no 64-bit integers") == 1, err   # said once, when it was found


@pytest.mark.toolchain
@pytest.mark.skipif(not shutil.which("cl65"), reason="cc65 is not installed")
def test_size_on_the_6502_counts_the_folders_object_file():
    code, out, err = hb("size", "--target", "nes", "--impl-dir", GOOD, "--json")
    assert code == 0, err
    mine = [line for line in out.splitlines() if '"implementation": "myfnv"' in line]
    assert len(mine) == 1 and '"target": "nes"' in mine[0] and '"code_bytes": ' in mine[0], out
