# SPDX-License-Identifier: MIT
"""hashbench cross on the QEMU targets: target descriptions, the engine's
and the plugin's records, verify-before-cost, exact repeatable counts under
QEMU, the CLI and its files.  Tests that need a cross toolchain or QEMU skip
when it is missing (scripts/setup.sh installs them: PKGS_CROSS)."""
import functools
import json
import os
import shutil
import sqlite3
from pathlib import Path

import cli_util
import pytest

from hashbench import roster
from hashbench.errors import BuildError, UserError
from hashbench.meters import qemu_insn
from hashbench.paths import ROOT
from hashbench.results.verify import Expected
from hashbench.targets import Job, load_all, read_description, select
from hashbench.targets.qemu import read_run
from hashbench.toolchain.cache import host_cc
from hashbench.toolchain.size import code_sizes

hb = functools.partial(cli_util.hb, timeout=300)

ENV = {k: v for k, v in os.environ.items() if k != "HASHBENCH_ENGINE"}
ENV["NO_COLOR"] = "1"
ALL = load_all()
TARGETS = {n: t for n, t in ALL.items() if t.kind == "qemu"}


def needs(name):
    t = TARGETS.get(name)
    ok = t is not None and not t.missing() and shutil.which(host_cc())
    return pytest.mark.skipif(not ok, reason=f"cross target {name} not installed (PKGS_CROSS)")


class FixedExpected(Expected):
    def __init__(self, table):
        super().__init__()
        self.ref = table


# ---- target descriptions -------------------------------------------------------

def test_every_target_is_described():
    assert list(TARGETS) == ["n64", "nds", "3ds", "cortex-m7", "aarch64", "riscv64", "s390x", "ppc", "i686"]
    for t in TARGETS.values():
        assert t.mode in ("user", "system") and t.runner and t.cc and t.platform and t.meter == "qemu-plugin"
        assert t.packages, f"{t.name}: name the Debian packages"
        for src in t.platform:
            assert (ROOT / src).exists(), src
    assert TARGETS["n64"].runner[:3] == ["qemu-mips64", "-cpu", "R4000"] and TARGETS["n64"].clock_hz == 93750000
    assert "-march=vr4300" in TARGETS["n64"].cflags and TARGETS["n64"].endian == "big"
    assert TARGETS["nds"].runner == ["qemu-arm", "-cpu", "arm946"]
    assert TARGETS["3ds"].runner == ["qemu-arm", "-cpu", "arm1136"]
    assert "mps2-an500" in TARGETS["cortex-m7"].runner and TARGETS["cortex-m7"].thumb
    assert TARGETS["ppc"].cc.startswith("powerpc-linux-gnu") and TARGETS["ppc"].endian == "big"


def test_setup_installs_every_targets_packages():
    text = (ROOT / "scripts" / "setup.sh").read_text()
    listed = set()
    for line in text.splitlines():
        if line.startswith("PKGS_") and "=" in line:
            listed |= set(line.split("=", 1)[1].strip('"').split())
    for t in ALL.values():
        assert set(t.packages) <= listed, (t.name, set(t.packages) - listed)


def test_bad_target_description_is_a_user_error(tmp_path):
    p = tmp_path / "x.toml"
    p.write_text('name = "x"\ntitle = "X"\nkind = "qemu"\n')
    with pytest.raises(UserError, match="missing cc"):
        read_description(p)
    p.write_text(p.read_text() + 'cc = "gcc"\ncflags = []\nldflags = []\nplatform = []\nmode = "user"\n'
                 'runner = ["qemu-x"]\ncolour = "red"\n')
    with pytest.raises(UserError, match="unknown keys colour"):
        read_description(p)
    p.write_text('name = "x"\ntitle = "X"\nkind = "fpga"\n')
    with pytest.raises(UserError, match="kind must be"):
        read_description(p)


def test_target_selection():
    assert select(ALL, ["n64,nds", "n64"], False) == ["n64", "nds"]
    assert select(ALL, ["nes,gb", "z80,gba"], False) == ["nes", "gb", "z80", "gba"]  # one namespace
    assert select(ALL, None, True) == list(ALL)
    with pytest.raises(UserError, match="unknown target 'n65'"):
        select(ALL, ["n65"], False)


# ---- records and verify-before-cost ------------------------------------------------

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


def test_engine_records_and_counts():
    counts = qemu_insn.read_counts(COUNTS)
    assert counts == {0: 40, 1: 1040, 2: 9040}
    run = read_run("n64", ENGINE_OUT, counts)
    assert run["digests"][("crc32", "compact", 64)] == "ffffffff"
    assert [r["index"] for r in run["regions"]] == [0, 1, 2] and run["regions"][0]["algo"] == "-"
    with pytest.raises(BuildError, match="unbalanced"):
        qemu_insn.read_counts(COUNTS.replace('"unmatched":0', '"unmatched":1'))
    with pytest.raises(BuildError, match="no totals"):
        qemu_insn.read_counts(COUNTS.rsplit("\n", 2)[0])
    with pytest.raises(BuildError, match="counted 2 regions"):
        read_run("n64", ENGINE_OUT, {0: 40, 1: 1040})
    with pytest.raises(BuildError, match="engine failed"):
        read_run("n64", ENGINE_OUT.replace('{"rec":"done","regions":3}', ""), counts)


@pytest.mark.toolchain
def test_cost_subtracts_the_harness_and_a_mismatch_has_no_cost():
    run = read_run("n64", ENGINE_OUT, qemu_insn.read_counts(COUNTS))
    good, bad = TARGETS["n64"].results([run], FixedExpected({("crc32", 64): "0a0b0c0d"}), qemu_insn, None)
    assert good.verified and good.per_call == (1040 - 40) // 2 == 500
    assert good.per_byte == pytest.approx(500 / 64) and good.meter == "instructions" and good.unit == "instructions"
    assert good.ns_per_call is None and good.target == "n64" and good.label == "CRC32"
    assert good.samples == [[2, 1040]] and good.harness == [[2, 40]] and good.sample_fields == ("calls", "count")
    assert not bad.verified and bad.expected == "0a0b0c0d" and bad.digest == "ffffffff"
    assert bad.per_call is None and bad.per_byte is None and bad.samples == []


def test_qemu_option_escaping_and_commands():
    t = TARGETS["cortex-m7"]
    cmd = t.command(Path("/x/e.elf"), qemu_insn.plugin_arg(Path("/p/hb.so"), (0x358, 0x364), Path("/c,1.txt")),
                    ["-s", "64,1024"])
    semi = cmd[cmd.index("-semihosting-config") + 1]
    assert "arg=hb-cross,arg=-s,arg=64,,1024" in semi
    assert cmd[cmd.index("-plugin") + 1] == "/p/hb.so,begin=0x358,end=0x364,out=/c,,1.txt"
    assert cmd[-2:] == ["-kernel", "/x/e.elf"]
    u = TARGETS["n64"].command(Path("/e"), qemu_insn.plugin_arg(Path("/p.so"), (1, 2), Path("/c")), ["-k", "2"])
    assert u[:3] == ["qemu-mips64", "-cpu", "R4000"] and u[-3:] == ["/e", "-k", "2"]


def test_engine_options_fit_the_semihosting_command_line():
    """User mode gives every option (a fixed stack start); a semihosting
    guest reads 255 characters of command line, so there the default
    selections are left out, and a longer line is refused, not cut short."""
    every = Job(algos=list(roster.algorithms()), impls=list(roster.OURS), sizes=[1024], expected=None)
    user = TARGETS["n64"].engine_args(every)
    assert user[:2] == ["-s", "1024"] and user[3].split(",") == roster.ids() and user[4:] == ["-i", "portable,compact"]
    assert TARGETS["cortex-m7"].engine_args(every) == ["-s", "1024"]
    some = Job(algos=[roster.find("crc32")], impls=["compact"], sizes=[64], expected=None)
    assert TARGETS["cortex-m7"].engine_args(some) == ["-s", "64", "-a", "crc32", "-i", "compact"]
    many = ["-s", "64", "-a", ",".join(roster.ids()[:-1]), "-k", "1"]
    with pytest.raises(BuildError, match="255"):
        TARGETS["cortex-m7"].command(Path("/e"), "/p.so", many)


def test_only_the_arm_state_targets_build_the_gba_arm_assembly():
    """The NDS's ARMv5TE and the 3DS's ARMv6 run src/algos/asm/armv4/ as it is (`also_runs`); the
    Cortex-M7 (Thumb only), AArch64, x86 and the big-endian targets build no assembly: isa decides."""
    with_asm = {n: sorted({i.name for _, i in t.assembly()}) for n, t in TARGETS.items() if t.assembly()}
    assert with_asm == {"nds": ["armv4"], "3ds": ["armv4"]}
    rows = TARGETS["nds"].assembly()
    assert [a for a, _ in rows] == [a.id for a in roster.algorithms() if "armv4" in a.asm]
    assert {"crc32", "sha256", "sha512", "sha3-256", "keccak-256"} <= {a for a, _ in rows}
    every = Job(algos=[roster.find("crc32")], impls=list(roster.OURS) + ["sm83", "armv4"], sizes=[64], expected=None)
    assert TARGETS["nds"].engine_args(every)[-2:] == ["-i", "portable,compact,armv4"]
    assert TARGETS["ppc"].engine_args(every)[-2:] == ["-i", "portable,compact"]


# ---- real targets under QEMU --------------------------------------------------------

def measure(name, algos, sizes, calls=2, expected=None, check_repeat=False):
    job = Job(algos=[roster.find(a) for a in algos], impls=list(roster.OURS), sizes=sizes, calls=calls,
              expected=expected or Expected(), check_repeat=check_repeat, log=lambda m: None)
    return TARGETS[name].measure(job).results


@pytest.mark.toolchain
@needs("n64")
def test_n64_counts_are_exact_and_repeat():
    r1 = measure("n64", ["crc32", "sha256", "xor8"], [64, 1024], check_repeat=True)
    assert all(r.verified and len(r.samples) == 2 for r in r1), [(r.algorithm, r.digest) for r in r1 if not r.verified]
    # more calls per region, the same cost per call: the harness is subtracted exactly
    r3 = measure("n64", ["crc32", "sha256", "xor8"], [64, 1024], calls=3)
    assert {(r.algorithm, r.implementation, r.size): r.per_call for r in r1} == \
           {(r.algorithm, r.implementation, r.size): r.per_call for r in r3}
    assert all(isinstance(r.per_call, int) for r in r1 + r3)
    xor = {r.size: r.per_call for r in r1 if r.algorithm == "xor8"}
    assert 0 < xor[64] < xor[1024]


@pytest.mark.toolchain
@needs("nds")
def test_a_wrong_digest_is_reported_as_a_mismatch_with_no_cost():
    res = measure("nds", ["crc32"], [64], expected=FixedExpected({("crc32", 64): "deadbeef"}))
    assert res and all(not r.verified and r.per_call is None and r.expected == "deadbeef" for r in res)


@pytest.mark.toolchain
@needs("nds")
def test_nds_measures_the_arm_assembly_beside_the_c():
    """One engine run: every armv4 row of crc32 and sha256 verified at each size and counted exactly,
    after the algorithm's C; fewer instructions than gcc's code at 1 KiB."""
    job = Job(algos=[roster.find(a) for a in ("crc32", "sha256")], impls=list(roster.OURS) + ["armv4"],
              sizes=[1, 64, 1024], calls=2, expected=Expected(), log=lambda m: None)
    res = TARGETS["nds"].measure(job).results
    assert [(r.algorithm, r.implementation) for r in res if r.size == 1024] == [
        ("crc32", "portable"), ("crc32", "compact"), ("crc32", "armv4"),
        ("sha256", "portable"), ("sha256", "compact"), ("sha256", "armv4")]
    assert all(r.verified and isinstance(r.per_call, int) for r in res), [r.digest for r in res if not r.verified]
    cost = {(r.algorithm, r.implementation): r.per_call for r in res if r.size == 1024}
    assert cost[("crc32", "armv4")] < cost[("crc32", "portable")]
    assert cost[("sha256", "armv4")] < cost[("sha256", "portable")]


@pytest.mark.toolchain
@needs("ppc")
def test_big_endian_ppc_matches_the_host():
    res = measure("ppc", ["crc32", "fletcher32", "sha256", "sha512"], [256])
    assert res and all(r.verified for r in res)


@pytest.mark.toolchain
@needs("cortex-m7")
def test_cortex_m7_code_size_probe():
    sizes = code_sizes(TARGETS["cortex-m7"], algos={"crc32", "xor8"})
    assert 0 < sizes[("xor8", "portable")] < sizes[("crc32", "portable")]
    # the table-driven CRC carries its 1 KiB (or more) of tables; the compact one does not
    assert sizes[("crc32", "compact")] < 1024 <= sizes[("crc32", "portable")]


# ---- the command line --------------------------------------------------------------

def test_cli_errors():
    r = hb("cross")
    assert r.returncode == 2 and "--target" in r.stderr
    r = hb("cross", "--target", "gameboyx")
    assert r.returncode == 2 and "unknown target 'gameboyx'" in r.stderr   # 'gameboy' is gb's name in words
    r = hb("cross", "--target", "n64", "--size", "1m", "--no-save")
    assert r.returncode == 2 and "at most 65536" in r.stderr
    r = hb("cross", "--target", "n64", "--impl", "openssl", "--no-save")
    assert r.returncode == 2
    assert "cross runs portable, compact, small, 6502, sm83, armv4 and the --impl-dir folders' code" in r.stderr
    r = hb("cross", "--target", "n64", "-o", "x.xlsx", "--no-save")
    assert r.returncode == 2 and "unknown output format" in r.stderr


def test_cli_list():
    r = hb("cross", "--list")
    assert r.returncode == 0 and "n64" in r.stdout and "qemu-mips64 -cpu R4000" in r.stdout


@pytest.mark.toolchain
@needs("n64")
def test_two_runs_diff_identical_and_share_the_host_schema(tmp_path):
    """Twice n64, then diff says identical; show -o
    x.csv has the header of a host run's CSV; the JSON validates."""
    db, out = tmp_path / "r.sqlite", tmp_path / "cross.json"
    for _ in range(2):
        r = hb("cross", "--target", "n64", "-a", "md5,sha256", "--size", "1k", "--db", str(db), "-o", str(out))
        assert r.returncode == 0, r.stderr
    assert "n64" in r.stdout and "SHA256" in r.stdout and "instructions per byte" in r.stdout
    doc = json.loads(out.read_text())
    assert doc["format_version"] == 2 and doc["kind"] == "cross" and doc["status"] == "complete"
    assert doc["context"]["targets"]["n64"]["runner"].startswith("qemu-mips64")
    assert {(x["algorithm"], x["implementation"]) for x in doc["results"]} == {
        ("md5", "portable"), ("md5", "compact"), ("sha256", "portable"), ("sha256", "compact")}
    for x in doc["results"]:
        assert x["target"] == "n64" and x["meter"] == "instructions" and x["clock_hz"] is None
        assert isinstance(x["per_call"], int) and x["per_call"] > 0 and x["verified"] and x["size"] == 1024
    d = hb("diff", "1", "2", "--db", str(db))
    assert d.returncode == 0, d.stderr
    rows = [line for line in d.stdout.splitlines() if line.startswith(("MD5", "SHA256"))]
    assert len(rows) == 4 and all(row.rstrip().endswith("identical") for row in rows)
    s = hb("show", "1", "--db", str(db), "-o", str(tmp_path / "x.csv"))
    assert s.returncode == 0 and "instructions per byte" in s.stdout
    from hashbench.present.exporters import CSV_COLUMNS
    assert (tmp_path / "x.csv").read_text().splitlines()[0] == ",".join(CSV_COLUMNS)
    con = sqlite3.connect(db)
    assert con.execute("SELECT kind, status FROM runs").fetchall() == [("cross", "complete")] * 2
    t = hb("cross", "--table", "--db", str(db))
    assert t.returncode == 0 and "SHA256" in t.stdout and "n64" in t.stdout
