# SPDX-License-Identifier: MIT
"""studies/reference_code.py and the core's hook under it (hashbench.targets.
Substitute): a tiny synthetic "seed" written here - a correct DJB2, a
correct CRC-32 written low byte first as the family writes it, a wrong
SDBM, a harness file that must be left out - built by a target's own
compiler in place of our code, its digests checked by the real machinery."""
import shutil
import subprocess

import pytest

from hashbench.meters import DEFAULT
from hashbench.targets import Substitute, load_all
from studies import reference_code

HEADER = """#ifndef HASHES_H
#define HASHES_H
#include <stdint.h>
void hash_djb2(const uint8_t *data, uint16_t len, uint8_t out[4]);
void hash_sdbm(const uint8_t *data, uint16_t len, uint8_t out[4]);
void hash_crc32(const uint8_t *data, uint16_t len, uint8_t out[4]);
#endif
"""
SOURCE = """#include "hashes.h"
void hash_djb2(const uint8_t *data, uint16_t len, uint8_t out[4]) {
    uint32_t h = 5381u;
    uint16_t i;
    for (i = 0; i < len; i++) h = h * 33u + data[i];
    out[0] = (uint8_t)(h >> 24); out[1] = (uint8_t)(h >> 16); out[2] = (uint8_t)(h >> 8); out[3] = (uint8_t)h;
}
void hash_sdbm(const uint8_t *data, uint16_t len, uint8_t out[4]) {
    (void)data; (void)len;   /* deliberately wrong */
    out[0] = 1; out[1] = 2; out[2] = 3; out[3] = 4;
}
void hash_crc32(const uint8_t *data, uint16_t len, uint8_t out[4]) {
    uint32_t crc = 0xFFFFFFFFu;
    uint16_t i;
    int k;
    for (i = 0; i < len; i++) {
        crc ^= data[i];
        for (k = 0; k < 8; k++) crc = (crc >> 1) ^ (0xEDB88320u & (0u - (crc & 1u)));
    }
    crc = ~crc;
    out[0] = (uint8_t)crc; out[1] = (uint8_t)(crc >> 8); out[2] = (uint8_t)(crc >> 16); out[3] = (uint8_t)(crc >> 24);
}
"""
IDS = ["crc32", "djb2", "sdbm"]


@pytest.fixture()
def seed_dir(tmp_path):
    (tmp_path / "include").mkdir()
    (tmp_path / "source").mkdir()
    (tmp_path / "include" / "hashes.h").write_text(HEADER)
    (tmp_path / "source" / "x.c").write_text(SOURCE)
    (tmp_path / "source" / "main.c").write_text("#include <nds.h>\nint main(void) { return 0; }\n")
    (tmp_path / "source" / "menu.c").write_text('#include <gba.h>\nint menu;\n')
    return tmp_path


def test_finds_the_seeds_functions_and_leaves_the_harness_out(seed_dir):
    files, left, funcs = reference_code.seed_files(seed_dir)
    assert [p.name for p in files] == ["x.c"]
    assert left == {"main.c": "harness", "menu.c": "includes a console SDK header"}
    assert funcs == {"hash_djb2": "x.c", "hash_sdbm": "x.c", "hash_crc32": "x.c"}


def test_every_seed_name_maps_to_a_roster_id():
    from hashbench import roster
    assert set(reference_code.SEED_NAMES.values()) <= set(roster.ids())
    assert len(set(reference_code.SEED_NAMES.values())) == len(reference_code.SEED_NAMES)


@pytest.mark.skipif(shutil.which("cc") is None, reason="no host C compiler")
def test_the_shim_is_strict_c99(seed_dir, tmp_path):
    sub = reference_code.substitute(seed_dir, IDS, name="seed-test")
    shim = sub.sources[0]
    assert "hb_seed_crc32(uint8_t *out, const uint8_t *in, size_t len)" in shim.read_text()
    proc = subprocess.run(["cc", "-std=c99", "-pedantic", "-Wall", "-Wextra", "-Werror", "-I", str(seed_dir / "include"),
                           "-c", str(shim), "-o", str(tmp_path / "shim.o")], capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr
    assert sub.functions == {"crc32": "hb_seed_crc32", "djb2": "hb_seed_djb2", "sdbm": "hb_seed_sdbm"}


def test_substitute_replaces_only_the_portable_implementation():
    from hashbench import roster
    sub = Substitute(name="x", functions={"crc32": "f"}, sources=("a.c",))
    (a,) = sub.algorithms([roster.find("crc32"), roster.find("md5")])
    assert a.id == "crc32" and list(a.impls) == ["portable"]
    assert a.impls["portable"].symbol == "f" and a.impls["portable"].sources == ("a.c",)


def test_reverse_hex_and_statuses():
    assert reference_code.reverse_hex("7c321b5d") == "5d1b327c"


def ready(name):
    t = load_all().get(name)
    return t is not None and not t.missing()


@pytest.mark.parametrize("target", [pytest.param("gba", marks=[pytest.mark.toolchain, pytest.mark.emulator]),
                                    pytest.param("n64", marks=pytest.mark.toolchain)])
def test_seed_code_runs_on_a_target(seed_dir, target):
    """The real machinery, on a console program (gba: mGBA) and the QEMU
    engine (n64: instructions): DJB2 verified, CRC-32 verified in the
    seed's byte order, SDBM a mismatch with no cost; our code beside."""
    if not ready(target):
        pytest.skip(f"{target} not installed")
    sub = reference_code.substitute(seed_dir, IDS, name="seed-test")
    seed, ours, notes = reference_code.run_both([target], IDS, sub, DEFAULT)
    got = reference_code.index(seed, reference_code.NAME)
    djb2, crc, sdbm = (got[(target, a, reference_code.NAME)] for a in ("djb2", "crc32", "sdbm"))
    assert {r.implementation for r in seed} == {"seed-test"}
    assert djb2.verified and djb2.digest == "358b5305" and djb2.per_call > 0
    assert reference_code.digest_status(djb2) == "ok"
    assert crc.verified and crc.digest == "5d1b327c" and reference_code.digest_status(crc) == "ok LE"
    assert not sdbm.verified and sdbm.digest == "01020304" and sdbm.per_call is None
    assert reference_code.digest_status(sdbm).startswith("MISMATCH (01020304, want 8faf7e00")
    # a bitwise CRC costs more than our table-driven one on the same target
    ours_crc = reference_code.index(ours)[(target, "crc32", "portable")]
    assert ours_crc.verified and crc.per_call > ours_crc.per_call
    assert not notes
