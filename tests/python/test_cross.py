# SPDX-License-Identifier: MIT
"""hashbench cross: target descriptions, the engine/plugin line formats,
verify-before-cost, exact repeatable counts under QEMU, the CLI and its
JSON.  Tests that need a cross toolchain or QEMU skip when it is missing
(scripts/setup.sh installs them: PKGS_CROSS)."""
import json
import os
import shutil
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from hashbench import cross
from hashbench.errors import UserError

ROOT = Path(__file__).resolve().parents[2]
ENV = {k: v for k, v in os.environ.items() if k != "HASHBENCH_ENGINE"}
ENV["NO_COLOR"] = "1"
TARGETS = cross.load_targets()


def hb(*args, timeout=600):
    return subprocess.run([sys.executable, "-m", "hashbench", *args], cwd=ROOT, env=ENV,
                          capture_output=True, text=True, timeout=timeout)


def ready(name):
    t = TARGETS.get(name)
    return t is not None and not t.missing() and shutil.which(os.environ.get("CC", "cc"))


def needs(name):
    return pytest.mark.skipif(not ready(name), reason=f"cross target {name} not installed (PKGS_CROSS)")


class FixedExpected:
    """Stands in for cross.Expected: a given digest per (algo, size)."""

    def __init__(self, table, basis="reference"):
        self.table, self.basis = table, basis

    def get(self, algo, size):
        return self.table[(algo, size)], self.basis


# ---- target descriptions -------------------------------------------------------

def test_every_target_of_the_issue_is_described():
    assert list(TARGETS) == ["n64", "nds", "3ds", "cortex-m7", "aarch64", "riscv64", "s390x", "ppc", "i686"]
    for t in TARGETS.values():
        assert t.metric in ("instructions", "cycles")
        assert t.mode in ("user", "system") and t.runner and t.cc and t.platform
        assert t.packages, f"{t.name}: name the Debian packages"
        for src in t.platform:
            assert (ROOT / src).exists(), src
        assert t.clock_hz is None  # instruction counts: no clock converts them to time
    assert TARGETS["n64"].runner[:3] == ["qemu-mips64", "-cpu", "R4000"]
    assert "-march=vr4300" in TARGETS["n64"].cflags and TARGETS["n64"].endian == "big"
    assert TARGETS["nds"].runner == ["qemu-arm", "-cpu", "arm946"]
    assert TARGETS["3ds"].runner == ["qemu-arm", "-cpu", "arm1136"]
    assert "mps2-an500" in TARGETS["cortex-m7"].runner and TARGETS["cortex-m7"].thumb
    assert TARGETS["ppc"].cc.startswith("powerpc-linux-gnu") and TARGETS["ppc"].endian == "big"


def test_setup_installs_every_targets_packages():
    text = (ROOT / "scripts" / "setup.sh").read_text()
    line = next(l for l in text.splitlines() if l.startswith("PKGS_CROSS="))
    listed = set(line.split("=", 1)[1].strip('"').split()) | set(
        next(l for l in text.splitlines() if l.startswith("PKGS_TESTS=")).split("=", 1)[1].strip('"').split())
    for t in TARGETS.values():
        assert set(t.packages) <= listed, (t.name, set(t.packages) - listed)
    assert "$PKGS_CROSS" in next(l for l in text.splitlines() if l.startswith("PKGS="))


def test_bad_target_description_is_a_user_error(tmp_path):
    p = tmp_path / "x.toml"
    p.write_text('name = "x"\ntitle = "X"\n')
    with pytest.raises(UserError, match="missing"):
        cross.load_target(p)
    p.write_text(p.read_text() + 'cc = "gcc"\ncflags = []\nldflags = []\nplatform = []\nmode = "user"\n'
                 'runner = ["qemu-x"]\ncolour = "red"\n')
    with pytest.raises(UserError, match="unknown keys colour"):
        cross.load_target(p)


def test_target_selection():
    assert cross.select_targets(TARGETS, ["n64,nds", "n64"], False) == ["n64", "nds"]
    assert cross.select_targets(TARGETS, None, True) == list(TARGETS)
    with pytest.raises(UserError, match="unknown target 'n65'"):
        cross.select_targets(TARGETS, ["n65"], False)


def test_registry_is_read_from_registry_def():
    reg = {a["id"]: a for a in cross.registry()}
    assert len(reg) == 40
    assert reg["sha256"]["compact"] and not reg["tiger"]["compact"]
    assert reg["sha512"]["width"] == 64 and reg["sha512"]["label"] == "SHA512"
    assert cross.select_algos(["sha*"]) == ["sha1", "sha256", "sha512", "sha3-256", "sha3-512"]


# ---- line formats and verify-before-cost ----------------------------------------

ENGINE_OUT = """junk before
{"rec":"engine","format":2,"engine":"qemu","endian":"big","pointer_bits":64,"u64":true,"calls":2}
{"rec":"region","index":0,"algo":"-","impl":"-","size":64,"calls":2}
{"rec":"digest","algo":"crc32","impl":"portable","size":64,"digest":"0a0b0c0d"}
{"rec":"region","index":1,"algo":"crc32","impl":"portable","size":64,"calls":2}
{"rec":"digest","algo":"crc32","impl":"compact","size":64,"digest":"ffffffff"}
{"rec":"region","index":2,"algo":"crc32","impl":"compact","size":64,"calls":2}
{"rec":"done","regions":3}
"""
COUNTS = ('{"rec":"plugin","name":"hb_insn","begin":16,"end":32}\n'
          '{"rec":"count","region":0,"instructions":40}\n{"rec":"count","region":1,"instructions":1040}\n'
          '{"rec":"count","region":2,"instructions":9040}\n'
          '{"rec":"totals","instructions":99999,"regions":3,"unmatched":0}\n')


def test_parse_engine_and_counts():
    p = cross.parse_engine(ENGINE_OUT)
    assert p["engine"] == {"format": 2, "engine": "qemu", "endian": "big", "pointer_bits": 64, "u64": True,
                           "calls": 2}
    assert not p["errors"]
    assert p["digests"][("crc32", "compact", 64)] == "ffffffff" and p["done"] == 3
    assert [r["index"] for r in p["regions"]] == [0, 1, 2] and p["regions"][0]["algo"] == "-"
    c = cross.parse_counts(COUNTS)
    assert c["counts"] == {0: 40, 1: 1040, 2: 9040} and c["unmatched"] == 0 and c["total"] == 99999
    p = cross.parse_engine('{"rec":"error","kind":"usage","message":"bad size: 9x"}\n{"rec":"engine","format":1}\n'
                           '{"rec":"digest","algo":"crc32"\n')
    assert "bad size: 9x" in p["errors"] and p["done"] is None
    assert any("format 1 is not 2" in e for e in p["errors"]) and any("malformed record" in e for e in p["errors"])


def test_cost_subtracts_the_harness_and_a_mismatch_has_no_cost():
    parsed = cross.parse_engine(ENGINE_OUT)
    parsed["counts"] = cross.parse_counts(COUNTS)["counts"]
    info = {a["id"]: a for a in cross.registry()}
    res = cross.make_results(TARGETS["n64"], parsed, FixedExpected({("crc32", 64): "0a0b0c0d"}), info)
    good, bad = res
    assert good["verified"] and good["per_call"] == (1040 - 40) // 2 == 500
    assert good["per_byte"] == pytest.approx(500 / 64) and good["metric"] == "instructions"
    assert good["clock_hz"] is None and good["target"] == "n64" and good["label"] == "CRC32"
    assert good["harness_count"] == 40 and good["region_count"] == 1040 and good["calls"] == 2
    assert not bad["verified"] and bad["expected"] == "0a0b0c0d" and bad["digest"] == "ffffffff"
    assert bad["per_call"] is None and bad["per_byte"] is None  # no cost beside a mismatch


def test_qemu_option_escaping_and_commands(tmp_path):
    t = TARGETS["cortex-m7"]
    cmd = cross.run_command(t, Path("/x/e.elf"), Path("/p/hb.so"), (0x358, 0x364), Path("/c,1.txt"),
                            ["-s", "64,1024"])
    semi = cmd[cmd.index("-semihosting-config") + 1]
    assert "arg=hb-cross,arg=-s,arg=64,,1024" in semi
    assert cmd[cmd.index("-plugin") + 1] == "/p/hb.so,begin=0x358,end=0x364,out=/c,,1.txt"
    assert cmd[-2:] == ["-kernel", "/x/e.elf"]
    u = cross.run_command(TARGETS["n64"], Path("/e"), Path("/p.so"), (1, 2), Path("/c"), ["-k", "2"])
    assert u[:3] == ["qemu-mips64", "-cpu", "R4000"] and u[-3:] == ["/e", "-k", "2"]


def test_table_shows_mismatch_without_a_number():
    rows = [{"algorithm": "crc32", "implementation": "portable", "size": 1024, "target": "n64",
             "verified": True, "per_byte": 8.74},
            {"algorithm": "crc32", "implementation": "portable", "size": 1024, "target": "nds",
             "verified": False, "per_byte": None}]
    h, body, _ = cross.cross_table(rows)
    assert h == ["ALGO", "n64", "nds"] and body == [["CRC32", "8.74", "MISMATCH"]]


# ---- real targets under QEMU --------------------------------------------------------

def run_one(name, algos, sizes, calls=2, expected=None):
    t = TARGETS[name]
    plugin = cross.build_plugin()
    elf, _, _ = cross.build_target(t)
    args = ["-s", ",".join(map(str, sizes)), "-k", str(calls), "-a", ",".join(algos)]
    parsed = cross.run_target(t, elf, plugin, args)
    info = {a["id"]: a for a in cross.registry()}
    return parsed, cross.make_results(t, parsed, expected or cross.Expected(), info)


@needs("n64")
def test_n64_counts_are_exact_and_repeat():
    p1, r1 = run_one("n64", ["crc32", "sha256", "xor8"], [64, 1024])
    p2, _ = run_one("n64", ["crc32", "sha256", "xor8"], [64, 1024])
    assert p1["counts"] == p2["counts"] and p1["digests"] == p2["digests"]
    assert p1["engine"]["endian"] == "big" and p1["engine"]["pointer_bits"] == 64
    assert all(r["verified"] for r in r1), [(r["algorithm"], r["digest"]) for r in r1 if not r["verified"]]
    # more calls per region, the same cost per call: the harness is subtracted exactly
    _, r3 = run_one("n64", ["crc32", "sha256", "xor8"], [64, 1024], calls=3)
    assert {(r["algorithm"], r["implementation"], r["size"]): r["per_call"] for r in r1} == \
           {(r["algorithm"], r["implementation"], r["size"]): r["per_call"] for r in r3}
    assert all("per_call_remainder" not in r for r in r1 + r3)
    xor = {r["size"]: r["per_call"] for r in r1 if r["algorithm"] == "xor8"}
    assert 0 < xor[64] < xor[1024]


@needs("nds")
def test_a_wrong_digest_is_reported_as_a_mismatch_with_no_cost():
    wrong = FixedExpected({("crc32", 64): "deadbeef"})
    _, res = run_one("nds", ["crc32"], [64], expected=wrong)
    assert res and all(not r["verified"] and r["per_call"] is None and r["expected"] == "deadbeef" for r in res)


@needs("ppc")
def test_big_endian_ppc_matches_the_host():
    p, res = run_one("ppc", ["crc32", "fletcher32", "sha256", "sha512"], [256])
    assert p["engine"]["endian"] == "big" and p["engine"]["pointer_bits"] == 32
    assert res and all(r["verified"] for r in res)


@needs("cortex-m7")
def test_cortex_m7_code_size_probe():
    sizes = cross.code_sizes(TARGETS["cortex-m7"], algos={"crc32", "xor8"})
    assert 0 < sizes[("xor8", "portable")] < sizes[("crc32", "portable")]
    # the table-driven CRC carries its 1 KiB (or more) of tables; the compact one does not
    assert sizes[("crc32", "compact")] < 1024 <= sizes[("crc32", "portable")]


# ---- the command line --------------------------------------------------------------

def test_cli_errors():
    r = hb("cross")
    assert r.returncode == 2 and "--target" in r.stderr
    r = hb("cross", "--target", "gameboy")
    assert r.returncode == 2 and "unknown target 'gameboy'" in r.stderr
    r = hb("cross", "--target", "n64", "--size", "1m", "--no-save")
    assert r.returncode == 2 and "at most 65536" in r.stderr
    r = hb("cross", "--target", "n64", "--impl", "openssl", "--no-save")
    assert r.returncode == 2 and "portable and compact" in r.stderr


def test_cli_list():
    r = hb("cross", "--list")
    assert r.returncode == 0 and "n64" in r.stdout and "qemu-mips64 -cpu R4000" in r.stdout


@needs("n64")
def test_cli_run_store_json_and_table(tmp_path):
    db, out = tmp_path / "r.sqlite", tmp_path / "cross.json"
    r = hb("cross", "--target", "n64", "-a", "crc32,sha256", "--size", "1k", "--db", str(db), "-o", str(out))
    assert r.returncode == 0, r.stderr
    assert "n64" in r.stdout and "CRC32" in r.stdout and "instructions per byte" in r.stdout
    doc = json.loads(out.read_text())
    assert doc["format_version"] == 1 and doc["status"] == "complete"
    assert doc["context"]["targets"]["n64"]["runner"].startswith("qemu-mips64")
    res = doc["results"]
    assert {(x["algorithm"], x["implementation"]) for x in res} == {
        ("crc32", "portable"), ("crc32", "compact"), ("sha256", "portable"), ("sha256", "compact")}
    for x in res:
        assert x["target"] == "n64" and x["metric"] == "instructions" and x["clock_hz"] is None
        assert isinstance(x["per_call"], int) and x["per_call"] > 0 and x["verified"] and x["size"] == 1024
    con = sqlite3.connect(db)
    assert con.execute("SELECT kind, status FROM runs").fetchall() == [("cross", "complete")]
    assert {t for (t,) in con.execute("SELECT DISTINCT target FROM results")} == {"n64"}
    r = hb("cross", "--table", "--db", str(db))
    assert r.returncode == 0 and "SHA256" in r.stdout and "n64" in r.stdout


def test_csv_and_markdown_carry_the_cross_fields(tmp_path):
    run = {"id": 7, "context": {"targets": {"n64": {"title": "N64", "compiler": "gcc", "runner": "qemu-mips64",
                                                     "metric": "instructions"}}},
           "results": [{"algorithm": "crc32", "implementation": "portable", "size": 1024, "target": "n64",
                        "tier": "checksum", "verified": True, "verified_against": "reference", "digest": "7c321b5d",
                        "metric": "instructions", "per_call": 8950, "per_byte": 8.74, "calls": 2, "clock_hz": None}]}
    cross.write_output(str(tmp_path / "r.csv"), run)
    lines = (tmp_path / "r.csv").read_text().splitlines()
    assert lines[0].startswith("target,algorithm,implementation,size") and "per_call" in lines[0]
    assert lines[1].startswith("n64,crc32,portable,1024,checksum,True,reference,7c321b5d,,instructions,8950,")
    cross.write_output(str(tmp_path / "r.md"), run)
    md = (tmp_path / "r.md").read_text()
    assert "# hashbench cross run 7" in md and "| CRC32 | 8.74 |" in md
    with pytest.raises(UserError):
        cross.write_output(str(tmp_path / "r.txt"), run)
