# SPDX-License-Identifier: MIT
"""hashbench cross, part 2 (issue 6): the 8/16-bit console targets - their
descriptions, the program and runner line formats, how cycles per call are
derived (run differences on sim65, mark spans on mGBA and ucsim), the
records and tables, and real runs on the NES and the GBA where cc65,
arm-none-eabi-gcc and libmgba are installed (PKGS_CROSS8 in scripts/setup.sh)."""
import dataclasses
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from hashbench import cross, cross8
from hashbench.cross import BuildError
from hashbench.errors import UserError

ROOT = Path(__file__).resolve().parents[2]
ENV = {k: v for k, v in os.environ.items() if k != "HASHBENCH_ENGINE"}
ENV["NO_COLOR"] = "1"
TARGETS = cross8.load_targets()
INFO = {a["id"]: a for a in cross.registry()}


def ready(name):
    t = TARGETS.get(name)
    return t is not None and not t.missing()


def needs(name):
    return pytest.mark.skipif(not ready(name), reason=f"cross8 target {name} not installed (PKGS_CROSS8)")


class FixedExpected:
    def __init__(self, table):
        self.table = table

    def get(self, algo, size):
        return self.table[(algo, size)], "reference"


# ---- target descriptions ------------------------------------------------------------

def test_the_issues_targets_are_described():
    assert list(TARGETS) == ["nes", "gb", "z80", "gba", "gba-iwram"]
    clocks = {n: t.clock_hz for n, t in TARGETS.items()}
    assert clocks == {"nes": 1789773, "gb": 4194304, "z80": 3579545, "gba": 16777216, "gba-iwram": 16777216}
    for t in TARGETS.values():
        assert t.metric == "cycles" and t.packages
        for src in list(t.platform) + [t.crt0, t.linker_script]:
            assert not src or (ROOT / src).exists(), src
    nes = TARGETS["nes"]
    assert nes.toolchain == "cc65" and not nes.u64 and nes.run == "sim65" and "HB8_ARGV" in nes.defines
    assert TARGETS["gb"].run == "mgba" and "-msm83" in TARGETS["gb"].cflags and TARGETS["gb"].u64
    assert TARGETS["z80"].run == "ucsim" and TARGETS["z80"].runner[0] == "sz80"
    assert "-mcpu=arm7tdmi" in TARGETS["gba"].cflags and "-mthumb" in TARGETS["gba"].cflags
    assert TARGETS["gba"].linker_script.endswith("gba.ld")
    assert TARGETS["gba-iwram"].linker_script.endswith("gba-iwram.ld")


def test_setup_installs_the_packages():
    text = (ROOT / "scripts" / "setup.sh").read_text()
    groups = {}
    for line in text.splitlines():
        if line.startswith("PKGS_") and "=" in line:
            k, v = line.split("=", 1)
            groups[k] = set(v.strip('"').split())
    listed = groups["PKGS_CROSS8"] | groups["PKGS_CROSS"]
    assert {"cc65", "sdcc", "sdcc-ucsim", "libmgba-dev"} <= groups["PKGS_CROSS8"]
    for t in TARGETS.values():
        assert set(t.packages) <= listed, (t.name, set(t.packages) - listed)
    assert "$PKGS_CROSS8" in next(l for l in text.splitlines() if l.startswith("PKGS="))


def test_one_namespace_with_the_qemu_targets():
    every = cross.all_targets()
    assert list(cross.load_targets()) == [n for n in every if n not in TARGETS]  # part 1's list is unchanged
    assert cross.select_targets(every, ["nes,gb", "z80,gba"], False) == ["nes", "gb", "z80", "gba"]


def test_a_bad_description_is_a_user_error(tmp_path):
    p = tmp_path / "x.toml"
    p.write_text('name = "x"\ntitle = "X"\n')
    with pytest.raises(UserError, match="missing"):
        cross8.load_target(p)
    p.write_text('name = "x"\ntitle = "X"\ntoolchain = "tcc"\ncc = "tcc"\ncflags = []\nldflags = []\n'
                 'platform = []\nrun = "sim65"\nrunner = ["sim65"]\nclock_hz = 1\n')
    with pytest.raises(UserError, match="toolchain"):
        cross8.load_target(p)


def test_no_64_bit_algorithm_on_cc65():
    ids = [a["id"] for a in cross8.algorithms(TARGETS["nes"])]
    assert "sha256" in ids and "blake2s" in ids and "pbkdf2-sha256" in ids
    assert "sha512" not in ids and "crc64" not in ids
    assert "sha512" in [a["id"] for a in cross8.algorithms(TARGETS["gb"])]


def test_engine_defines():
    d = cross8.engine_defines(TARGETS["gba"], INFO["sha256"], ["portable", "compact"], [64, 1024])
    assert 'HB8_ID="sha256"' in d and "HB8_FN=hb_sha256" in d and "HB8_FN_COMPACT=hb_sha256_compact" in d
    assert "HB8_SIZES=64,1024" in d and "HB8_DIGEST_LEN=32" in d
    d = cross8.engine_defines(TARGETS["gba"], INFO["xor8"], ["portable", "compact"], [64])
    assert not any(x.startswith("HB8_FN_COMPACT") for x in d)  # the registry says xor8 has no compact


# ---- line formats and cycle arithmetic ----------------------------------------------

MGBA_OUT = """HB8 crc32 4
D portable 64 0a0b0c0d
@1000
@1077
@1100
@4935
@5000
@8835
T portable 64
D compact 64 0a0b0c0d
@9000
@9077
@9100
@9200
@9300
@9401
T compact 64
END
#exit 0 9999
"""


def test_mark_spans_give_the_cost_of_one_call():
    p = cross8.parse_program(MGBA_OUT)
    assert p["algo"] == "crc32" and p["digest_len"] == 4 and p["end"] and p["exit"] == 0
    assert p["spans"][("portable", 64)] == [77, 3835, 3835]
    costs = cross8.spans_to_costs({**p, "digests": {("portable", 64): "0a0b0c0d"}}, "crc32.gba")
    assert costs[("portable", 64)] == ("0a0b0c0d", 3835 - 77, {"spans": [77, 3835, 3835]})
    with pytest.raises(BuildError, match="does not repeat"):  # compact: 100 then 101 cycles
        cross8.spans_to_costs(p, "crc32.gba")


def test_a_missing_mark_is_an_error():
    p = cross8.parse_program("HB8 x 1\nD portable 64 00\n@1\n@2\nT portable 64\nEND\n")
    assert p["errors"] and "2 marks" in p["errors"][0]


def test_sim65_run_differences(monkeypatch):
    totals = {0: 109654, 1: 130946, 2: 152238}

    def fake(t, prog, impl, size, extra):
        return {"digests": {(impl, size): "00"}, "cycles": totals[extra] + size, "end": True}
    monkeypatch.setattr(cross8, "run_sim65", fake)
    out = cross8.measure_sim65(TARGETS["nes"], Path("x.prg"), ["portable"], [64], check_repeat=True)
    assert out[("portable", 64)][:2] == ("00", 21292)
    assert out[("portable", 64)][2] == {"run_cycles": [109718, 131010, 152302]}
    totals[2] += 1  # a second call that costs one cycle more: not exact
    with pytest.raises(BuildError, match="does not repeat"):
        cross8.measure_sim65(TARGETS["nes"], Path("x.prg"), ["portable"], [64], check_repeat=True)


def test_sim65_cycle_line_is_read():
    p = cross8.parse_program("HB8 xor8 1\nD portable 64 00\nEND\n2570907 cycles\n")
    assert p["cycles"] == 2570907 and p["digests"] == {("portable", 64): "00"}


def test_ucsim_console_becomes_marks():
    script = cross8.ucsim_script(0x109, 6)
    assert script.startswith("break 0x109\n") and script.count("run\n") == 7 and script.endswith("quit\n")
    console = ("Simulation started, PC=0x000000\nHB8 xor8 1\nD portable 64 00\n\nStop at 0x000109: (104) "
               "Breakpoint\nTotal time since last reset= 0.0077 sec (85610 clks)\n"
               "Time in isr = 0.000000000000000 sec (0 clks) 0.00%\nT portable 64\nEND\n")
    assert cross8.ucsim_to_program(console) == "HB8 xor8 1\nD portable 64 00\n@85610\nT portable 64\nEND\n"


def test_rom_and_ram_extent():
    ihx = ":0300300002337A1E\n:10010000214601360121470136007EFE09D2190140\n:00000001FF\n"
    assert cross8.ihx_end(ihx) == 0x110
    noi = "DEF s__DATA 0xC000\nDEF l__DATA 0x402\nDEF s__BSS 0xC402\nDEF l__BSS 0x10\n"
    assert cross8.ram_end(noi) == 0xC412


def test_cycles_become_kb_per_s_at_the_real_clock():
    r = cross.cost_result(TARGETS["nes"], "md5", "portable", 64, "ab", "ab", "reference", INFO, 436183, 1,
                          {"run_cycles": [1, 2]})
    assert r["verified"] and r["metric"] == "cycles" and r["clock_hz"] == 1789773 and r["per_call"] == 436183
    assert r["ns_per_call"] == pytest.approx(436183 / 1789773 * 1e9)
    assert r["kb_per_s"] == pytest.approx(64 / (436183 / 1789773) / 1e3)
    bad = cross.cost_result(TARGETS["nes"], "md5", "portable", 64, "ab", "cd", "reference", INFO, 5, 1)
    assert not bad["verified"] and bad["per_call"] is None and bad.get("kb_per_s") is None


def test_instructions_and_cycles_never_share_a_table():
    rs = [{"algorithm": "crc32", "implementation": "portable", "size": 64, "target": "n64",
           "metric": "instructions", "verified": True, "per_byte": 8.5},
          {"algorithm": "crc32", "implementation": "portable", "size": 64, "target": "nes",
           "metric": "cycles", "verified": True, "per_byte": 830.4, "kb_per_s": 2.155}]
    tables = cross.metric_tables(rs)
    assert [t[0].split(" @")[0] for t in tables] == [
        "instructions per byte", "cycles per byte (exact)",
        "KB/s (10^3 B/s) at the CPU's real clock, from exact cycles"]
    assert tables[0][1] == ["ALGO", "n64"] and tables[1][1] == ["ALGO", "nes"]
    assert tables[1][2] == [["CRC32", "830.4"]] and tables[2][2] == [["CRC32", "2.15"]]


# ---- real runs -------------------------------------------------------------------------

def run8(name, algos, sizes, impls=("portable", "compact"), expected=None, check_repeat=True):
    t = TARGETS[name]
    return cross8.run_target8(t, sizes, algos, list(impls), expected or cross.Expected(), INFO,
                              check_repeat=check_repeat)


@needs("nes")
def test_nes_digests_match_and_cycles_are_exact():
    ctx, res, notes = run8("nes", ["xor8", "crc32"], [64])
    assert not notes and ctx["run"] == "sim65"
    got = {(r["algorithm"], r["implementation"]): r for r in res}
    assert set(got) == {("xor8", "portable"), ("crc32", "portable"), ("crc32", "compact")}
    assert all(r["verified"] and r["per_call"] > 0 for r in res)
    # the bitwise CRC costs more than the table-driven one; XOR-8 least of all
    assert got[("xor8", "portable")]["per_call"] < got[("crc32", "portable")]["per_call"] \
        < got[("crc32", "compact")]["per_call"]
    _, again, _ = run8("nes", ["xor8", "crc32"], [64])
    assert [r["per_call"] for r in again] == [r["per_call"] for r in res]


@needs("nes")
def test_nes_wrong_digest_has_no_cost():
    _, res, _ = run8("nes", ["xor8"], [64], ["portable"], FixedExpected({("xor8", 64): "ff"}), False)
    assert len(res) == 1 and not res[0]["verified"] and res[0]["per_call"] is None


@needs("gba")
def test_gba_rom_costs_more_than_iwram():
    _, rom, _ = run8("gba", ["crc32"], [256], ["portable"])
    _, iwram, _ = run8("gba-iwram", ["crc32"], [256], ["portable"])
    assert rom[0]["verified"] and iwram[0]["verified"]
    assert rom[0]["per_call"] > 2 * iwram[0]["per_call"]


def test_cli_lists_the_console_targets():
    r = subprocess.run([sys.executable, "-m", "hashbench", "cross", "--list"], cwd=ROOT, env=ENV,
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0
    assert "nes" in r.stdout and "cycles @ 1,789,773 Hz" in r.stdout and "gba-iwram" in r.stdout


@needs("nes")
def test_cli_nes_run(tmp_path):
    db = tmp_path / "r.sqlite"
    r = subprocess.run([sys.executable, "-m", "hashbench", "cross", "--target", "nes", "-a", "xor8,adler32",
                        "--size", "64", "--db", str(db)], cwd=ROOT, env=ENV, capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 0, r.stderr
    assert "cycles per byte (exact) @ 64 B" in r.stdout and "KB/s" in r.stdout and "ADL32" in r.stdout
    r = subprocess.run([sys.executable, "-m", "hashbench", "cross", "--table", "--db", str(db)], cwd=ROOT,
                       env=ENV, capture_output=True, text=True, timeout=120)
    assert r.returncode == 0 and "nes" in r.stdout and "instructions per byte" not in r.stdout


@pytest.mark.skipif(shutil.which("cc") is None or not cross8.MGBA_HEADER.exists(), reason="no libmgba")
def test_mgba_runner_builds():
    assert cross8.build_mgba_runner().exists()


def test_each_implementation_alone_when_both_do_not_fit(monkeypatch, tmp_path):
    calls = []

    def fake(t, a, impls, sizes, lib, log=None, small=False):
        calls.append(list(impls))
        if impls == ["portable", "compact"] or impls == ["portable"]:
            raise BuildError("crc32.ihx: 900 bytes too large for the ROM")
        return tmp_path / "crc32.gb", ["sdcc"]
    monkeypatch.setattr(cross8, "build_program", fake)
    notes = {}
    out = cross8._build_each(TARGETS["gb"], INFO["crc32"], ["portable", "compact"], [1024], None, notes,
                             lambda m: None)
    assert calls == [["portable", "compact"], ["portable"], ["compact"]]
    assert [o[2] for o in out] == [["compact"]] and "too large" in notes["crc32/portable"]


def test_the_small_build_when_written_out_rounds_do_not_fit(monkeypatch, tmp_path):
    """z80: RIPEMD-160 does not fit with its written-out rounds; its sources
    are built again with HB_NO_PORTABLE_TABLES and only compact is measured
    (portable would run the same code).  Without a compact (BLAKE2s) the
    small portable is measured and marked."""
    t = dataclasses.replace(TARGETS["z80"], no_portable_tables=[])  # as if it did not list ripemd160.c
    assert not t.source_defines("src/algos/ripemd160.c") and t.source_defines("src/algos/md5.c", small=True)
    calls, libs = [], []

    def fake_program(t, a, impls, sizes, lib, log=None, small=False):
        calls.append((list(impls), small))
        if not small:
            raise BuildError("x.ihx: 2157 bytes too large for the ROM")
        return tmp_path / "x.ihx", ["sdcc"]

    def fake_library(t, sources, log=None, small_for=None):
        libs.append((sources, small_for))
        return tmp_path / "lib.lib", {}
    monkeypatch.setattr(cross8, "build_program", fake_program)
    monkeypatch.setattr(cross8, "build_library", fake_library)
    notes = {}
    out = cross8._build_each(t, INFO["ripemd160"], ["portable", "compact"], [1024], None, notes, lambda m: None)
    assert calls == [(["portable", "compact"], False), (["portable"], False), (["compact"], False),
                     (["compact"], True)]
    assert libs == [(["src/algos/ripemd160.c"], "ripemd160")]
    assert [(o[2], o[3]) for o in out] == [(["compact"], True)]
    assert "it runs the compact code" in notes["ripemd160/portable"] and "too large" in notes["ripemd160/portable"]
    calls.clear()
    out = cross8._build_each(t, INFO["blake2s"], ["portable"], [1024], None, notes, lambda m: None)
    assert calls == [(["portable"], False), (["portable"], True)] and [(o[2], o[3]) for o in out] == [(["portable"], True)]
    calls.clear()  # crc32.c has no small form: no second try
    cross8._build_each(t, INFO["crc32"], ["portable"], [1024], None, notes, lambda m: None)
    assert calls == [(["portable"], False)] and "too large" in notes["crc32/portable"]


def test_a_target_can_list_sources_that_are_always_small(monkeypatch, tmp_path):
    t = TARGETS["gb"]
    assert "sha256" in t.no_portable_tables and t.source_defines("src/algos/sha256.c") == ["HB_NO_PORTABLE_TABLES"]
    assert cross8.small_sources(["src/algos/sha256.c", "src/algos/crc32.c"]) == ["src/algos/sha256.c"]
    calls = []
    monkeypatch.setattr(cross8, "build_program",
                        lambda t, a, impls, sizes, lib, log=None, small=False:
                        calls.append(list(impls)) or (tmp_path / "x.gb", ["sdcc"]))
    notes = {}
    out = cross8._build_each(t, INFO["hmac-sha256"], ["portable"], [1024], "lib", notes, lambda m: None)
    assert calls == [["portable"]] and out[0][3] is True  # no compact: the small portable, marked
    out = cross8._build_each(t, INFO["sha256"], ["portable", "compact"], [1024], "lib", notes, lambda m: None)
    assert calls[1:] == [["compact"]] and "builds its sources with HB_NO_PORTABLE_TABLES" in notes["sha256/portable"]
    flags = lambda src: cross8.compile_cmd(t, f"src/algos/{src}.c", cross8.ROOT / "build" / "x.rel")  # noqa: E731
    assert "--max-allocs-per-node" in flags("sha1") and "--max-allocs-per-node" not in flags("sha256")
    p = tmp_path / "x.toml"
    p.write_text(t.path.read_text().replace('"sha1",', '"sha-1",'))
    with pytest.raises(UserError, match="sha-1"):
        cross8.load_target(p)


def test_an_overflowing_program_is_refused(tmp_path):
    ihx = tmp_path / "x.ihx"
    ihx.write_text(":10800000000000000000000000000000000000000070\n:00000001FF\n")  # 16 bytes at 0x8000
    with pytest.raises(BuildError, match="too large for the ROM"):
        cross8.check_fit(TARGETS["gb"], ihx)
    ihx.write_text(":020000040001F9\n:10000000000000000000000000000000000000000000\n:00000001FF\n")  # past 64 KiB
    with pytest.raises(BuildError, match="64 KiB address space"):
        cross8.check_fit(TARGETS["gb"], ihx)
    ihx.write_text(":10100000000000000000000000000000000000000000\n:00000001FF\n")
    (tmp_path / "x.noi").write_text("DEF s__DATA 0xC000\nDEF l__DATA 0x1E00\n")  # into the stack's room
    with pytest.raises(BuildError, match="RAM and stack"):
        cross8.check_fit(TARGETS["gb"], ihx)


def test_only_the_needed_sources_are_built():
    need = cross8.needed_sources
    assert need([INFO["pbkdf2-sha256"]]) == ["src/algos/hmac_sha256.c", "src/algos/pbkdf2_sha256.c",
                                             "src/algos/sha256.c"]
    assert need([INFO["crc32"]], ["compact"]) == ["src/algos/crc_compact.c"]
    assert need([INFO["sha3-256"]]) == ["src/algos/keccak.c"]  # defined through a macro there
