# SPDX-License-Identifier: MIT
"""hashbench cross on the 8/16-bit console targets: their descriptions, the
programs' and instruments' records, how cycles per call are made (run
differences on sim65, mark spans on mGBA and ucsim), small builds, fit
checks, and real runs on the NES and the GBA where cc65, arm-none-eabi-gcc
and libmgba are installed (PKGS_CONSOLE in scripts/setup.sh)."""
import dataclasses
import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from cli_util import hb

from hashbench import roster
from hashbench.errors import BuildError, UserError
from hashbench.meters import NotRepeatable, exact_per_call, mgba, sim65, ucsim
from hashbench.meters.exact import read_console, spans_measured
from hashbench.paths import ROOT
from hashbench.present.crosstab import meter_tables
from hashbench.results import records
from hashbench.results.verify import Expected
from hashbench.targets import Job, load_all, read_description
from hashbench.targets import console as console_mod
from hashbench.toolchain import sdcc

ENV = {k: v for k, v in os.environ.items() if k != "HASHBENCH_ENGINE"}
ENV["NO_COLOR"] = "1"
TARGETS = {n: t for n, t in load_all().items() if t.kind == "console"}
A = roster.find


def needs(name):
    t = TARGETS.get(name)
    return pytest.mark.skipif(t is None or bool(t.missing()), reason=f"console target {name} not installed (PKGS_CONSOLE)")


class FixedExpected(Expected):
    def __init__(self, table):
        super().__init__()
        self.ref = table


# ---- target descriptions ------------------------------------------------------------

def test_the_console_targets_are_described():
    assert list(TARGETS) == ["nes", "gb", "z80", "gba", "gba-prefetch", "gba-iwram", "gba-iwram-arm"]
    clocks = {n: t.clock_hz for n, t in TARGETS.items()}
    assert clocks == {"nes": 1789773, "gb": 4194304, "z80": 3579545, "gba": 16777216,
                      "gba-prefetch": 16777216, "gba-iwram": 16777216, "gba-iwram-arm": 16777216}
    for t in TARGETS.values():
        assert t.packages
        for src in list(t.platform) + [t.crt0, t.linker_script]:
            assert not src or (ROOT / src).exists(), src
    nes = TARGETS["nes"]
    assert nes.toolchain == "cc65" and not nes.u64 and nes.meter == "sim65"
    assert TARGETS["gb"].meter == "mgba" and "-msm83" in TARGETS["gb"].cflags and TARGETS["gb"].u64
    assert TARGETS["z80"].meter == "ucsim" and TARGETS["z80"].runner[0] == "sz80"
    assert "-mcpu=arm7tdmi" in TARGETS["gba"].cflags and "-mthumb" in TARGETS["gba"].cflags
    assert TARGETS["gba"].linker_script.endswith("gba.ld")
    assert TARGETS["gba-iwram"].linker_script.endswith("gba-iwram.ld")
    arm = TARGETS["gba-iwram-arm"]
    assert arm.linker_script == TARGETS["gba-iwram"].linker_script
    assert "-marm" in arm.cflags and "-mthumb" not in arm.cflags


def test_a_bad_description_is_a_user_error(tmp_path):
    p = tmp_path / "x.toml"
    p.write_text('name = "x"\ntitle = "X"\nkind = "console"\n')
    with pytest.raises(UserError, match="missing"):
        read_description(p)
    p.write_text('name = "x"\ntitle = "X"\nkind = "console"\nsystem = "nes"\ntoolchain = "tcc"\ncc = "tcc"\n'
                 'cflags = []\nldflags = []\nplatform = []\nmeter = "sim65"\nrunner = ["sim65"]\nclock_hz = 1\n')
    with pytest.raises(UserError, match="toolchain"):
        read_description(p)
    p.write_text(p.read_text().replace('"tcc"', '"cc65"').replace('meter = "sim65"', 'meter = "stopwatch"'))
    with pytest.raises(UserError, match="meter must be"):
        read_description(p)


def test_no_64_bit_algorithm_on_cc65():
    ids = [a.id for a in TARGETS["nes"].algorithms(roster.algorithms())]
    assert "sha256" in ids and "blake2s" in ids and "pbkdf2-sha256" in ids
    assert "sha512" not in ids and "crc64" not in ids
    assert "sha512" in [a.id for a in TARGETS["gb"].algorithms(roster.algorithms())]


def test_engine_defines():
    d = console_mod.engine_defines(TARGETS["gba"], A("sha256"), ["portable", "compact"], [64, 1024])
    assert 'HB_CONSOLE_ID="sha256"' in d and "HB_CONSOLE_FN=hb_sha256" in d and "HB_CONSOLE_FN_COMPACT=hb_sha256_compact" in d
    assert "HB_CONSOLE_SIZES=64,1024" in d and "HB_CONSOLE_DIGEST_LEN=32" in d
    d = console_mod.engine_defines(TARGETS["gba"], A("xor8"), ["portable", "compact"], [64])
    assert not any(x.startswith("HB_CONSOLE_FN_COMPACT") for x in d)  # the roster says xor8 has no compact


def test_only_the_needed_sources_are_built():
    need = console_mod.needed_sources
    assert need([A("pbkdf2-sha256")]) == ["src/algos/hmac_sha256.c", "src/algos/pbkdf2_sha256.c",
                                          "src/algos/sha256.c"]
    assert need([A("crc32")], ["compact"]) == list(A("crc32").impls["compact"].sources)
    assert need([A("sha3-256")]) == ["src/algos/keccak.c"]
    assert console_mod.shrinks("src/algos/sha256.c") and not console_mod.shrinks("src/algos/xxhash.c")


# ---- records and cycle arithmetic ----------------------------------------------

def rec(rec_kind, **fields):
    return records.write({"rec": rec_kind, **fields}).rstrip("\n")


def marks(*cycles):
    return "".join(rec("mark", cycles=c) + "\n" for c in cycles)


MGBA_OUT = (rec("engine", format=2, engine="console", endian="little", pointer_bits=32, u64=True, algo="crc32",
                digest_len=4) + "\n"
            + rec("digest", algo="crc32", impl="portable", size=64, digest="0a0b0c0d") + "\n"
            + marks(1000, 1077, 1100, 4935, 5000, 8835)
            + rec("span", algo="crc32", impl="portable", size=64) + "\n"
            + rec("digest", algo="crc32", impl="compact", size=64, digest="0a0b0c0d") + "\n"
            + marks(9000, 9077, 9100, 9200, 9300, 9401)
            + rec("span", algo="crc32", impl="compact", size=64) + "\n"
            + rec("done") + "\n" + rec("exit", status=0, cycles=9999) + "\n")


def test_mark_spans_give_the_cost_of_one_call():
    p = read_console(records.parse(MGBA_OUT))
    assert p["engine"]["algo"] == "crc32" and p["done"] and p["exit"] == 0 and not p["errors"]
    got = spans_measured(p, "crc32.gba")
    assert got[("portable", 64)].samples == [[1, 3835], [1, 3835]] and got[("portable", 64)].harness == [[0, 77]]
    assert exact_per_call(got[("portable", 64)].samples, got[("portable", 64)].harness) == 3835 - 77
    with pytest.raises(NotRepeatable):  # compact: 100 then 101 cycles
        exact_per_call(got[("compact", 64)].samples, got[("compact", 64)].harness)


def test_a_missing_mark_is_an_error():
    p = read_console(records.parse(rec("digest", algo="x", impl="portable", size=64, digest="00") + "\n"
                                   + marks(1, 2) + rec("span", algo="x", impl="portable", size=64) + "\n"))
    with pytest.raises(BuildError, match="2 marks, not 6"):
        spans_measured(p, "x.gb")


def test_runner_and_program_errors_are_reported():
    bad = []
    text = (rec("error", kind="usage", message="size too large") + "\n" + rec("timeout", cycles=20000000001) + "\n"
            + '{"rec":"digest","algo"\n')
    p = read_console(records.parse(text, bad), bad)
    assert "size too large" in p["errors"] and any("cycle limit (20000000001" in e for e in p["errors"])
    assert any("malformed record" in e for e in p["errors"])


def test_sim65_run_differences(monkeypatch):
    totals = {0: 109654, 1: 130946, 2: 152238}

    def fake(t, prog, impl, size, extra):
        return {"digests": {(impl, size): "00"}, "cycles": totals[extra] + size, "done": True}
    monkeypatch.setattr(sim65, "run", fake)
    out = sim65.measure(TARGETS["nes"], Path("x.prg"), ["portable"], [64], check_repeat=True)[("portable", 64)]
    assert out.digest == "00" and out.samples == [[1, 131010], [2, 152302]] and out.harness == [[0, 109718]]
    assert exact_per_call(out.samples, out.harness) == 21292
    totals[2] += 1  # a second call that costs one cycle more: not exact
    out = sim65.measure(TARGETS["nes"], Path("x.prg"), ["portable"], [64], check_repeat=True)[("portable", 64)]
    with pytest.raises(NotRepeatable):
        exact_per_call(out.samples, out.harness)


def test_sim65_total_becomes_a_record():
    digest = rec("digest", algo="xor8", impl="portable", size=64, digest="00")
    recs = sim65.to_records(digest + "\n" + rec("done") + "\n2570907 cycles\n")
    assert recs[-1] == {"rec": "total", "cycles": 2570907}
    p = read_console(recs)
    assert p["cycles"] == 2570907 and p["digests"] == {("portable", 64): "00"} and p["done"]


def test_the_meters_measure_the_empty_function_too(monkeypatch):
    """console.c measures its empty function after the implementations at
    each size: ucsim stops at six more marks a size, sim65 runs it too."""
    asked = []
    monkeypatch.setattr(ucsim, "run", lambda t, prog, marks: asked.append(marks) or {"digests": {}, "marks": {}})
    ucsim.measure(TARGETS["z80"], Path("x.ihx"), ["portable", "compact"], [64, 1024])
    assert asked == [6 * 3 * 2]
    runs = []
    monkeypatch.setattr(sim65, "run", lambda t, prog, impl, size, extra: runs.append((impl, extra)) or
                        {"digests": {(impl, size): "ab"}, "cycles": 1000 + 100 * extra})
    got = sim65.measure(TARGETS["nes"], Path("x.prg"), ["portable"], [64])
    assert sorted(set(runs)) == [("empty", 0), ("empty", 1), ("portable", 0), ("portable", 1)]
    assert set(got) == {("portable", 64), ("empty", 64)}


def test_ucsim_console_becomes_marks():
    script = ucsim.script(0x109, 6)
    assert script.startswith("break 0x109\n") and script.count("run\n") == 7 and script.endswith("quit\n")
    digest = rec("digest", algo="xor8", impl="portable", size=64, digest="00")
    span = rec("span", algo="xor8", impl="portable", size=64)
    console = ("Simulation started, PC=0x000000\n" + digest + "\n\nStop at 0x000109: (104) "
               "Breakpoint\nTotal time since last reset= 0.0077 sec (85610 clks)\n"
               "Time in isr = 0.000000000000000 sec (0 clks) 0.00%\n" + span + "\n" + rec("done") + "\n")
    assert [r["rec"] for r in ucsim.to_records(console)] == ["digest", "mark", "span", "done"]
    assert ucsim.to_records(console)[1] == {"rec": "mark", "cycles": 85610}


def test_the_addresses_a_program_shares_with_its_instrument_are_given_once():
    """mGBA's mailbox and ucsim's interface byte live in their meter modules:
    the platform file is built with them, the instrument started with them."""
    gb, gba, z80, nes = (TARGETS[n] for n in ("gb", "gba", "z80", "nes"))
    assert mgba.platform_defines(gb) == ["HB_MAILBOX=0xFF80"] and mgba.mailbox(gb) == 0xFF80
    assert mgba.platform_defines(gba) == ["HB_MAILBOX=0x203FFF0"]
    assert mgba.platform_defines(TARGETS["gba-iwram"]) == mgba.platform_defines(gba)
    assert ucsim.platform_defines(z80) == ["HB_SIMIF=0xFFFF"] and sim65.platform_defines(nes) == []
    assert sim65.engine_defines(nes) == ["HB_CONSOLE_ARGV", "HB_CONSOLE_BUF_ALIGN=256"]
    for src in ("src/platform/guest/mgba.c", "src/meters/mgba_run.c", "src/platform/guest/ucsim.c",
                "src/platform/guest/gb/crt0.s", "src/platform/guest/z80/crt0.s"):
        text = (ROOT / src).read_text().lower()
        assert "0xff80" not in text and "0x0203fff0" not in text and "0xffff" not in text, src


def test_rom_and_ram_extent():
    ihx = ":0300300002337A1E\n:10010000214601360121470136007EFE09D2190140\n:00000001FF\n"
    assert sdcc.ihx_end(ihx) == 0x110
    noi = "DEF s__DATA 0xC000\nDEF l__DATA 0x402\nDEF s__BSS 0xC402\nDEF l__BSS 0x10\n"
    assert sdcc.ram_end(noi) == 0xC412


def test_an_overflowing_program_is_refused(tmp_path):
    flat = dataclasses.replace(TARGETS["gb"], cartridge={})  # a 32 KiB ROM without MBC (banks: test_cartridge.py)
    ihx = tmp_path / "x.ihx"
    ihx.write_text(":10800000000000000000000000000000000000000070\n:00000001FF\n")  # 16 bytes at 0x8000
    with pytest.raises(BuildError, match="too large for the ROM") as exc:
        sdcc.check_fit(flat, ihx)
    assert exc.value.data == {"bytes_over": 16}
    ihx.write_text(":020000040001F9\n:10000000000000000000000000000000000000000000\n:00000001FF\n")  # past 64 KiB
    with pytest.raises(BuildError, match="64 KiB address space"):
        sdcc.check_fit(flat, ihx)
    ihx.write_text(":10100000000000000000000000000000000000000000\n:00000001FF\n")
    (tmp_path / "x.noi").write_text("DEF s__DATA 0xC000\nDEF l__DATA 0x1E00\n")  # into the stack's room
    with pytest.raises(BuildError, match="RAM and stack"):
        sdcc.check_fit(flat, ihx)


def test_cycles_become_kb_per_s_and_never_share_a_table_with_instructions():
    from hashbench.meters import fill_exact
    from hashbench.results.result import Build
    from hashbench.results.verify import checked
    exp = FixedExpected({("md5", 64): "ab", ("crc32", 64): "cd"})
    r = fill_exact(checked(A("md5"), "portable", 64, "ab", exp, target="nes", build=Build("nes"), meter="exact-cycles",
                           instrument="sim65", samples=[[1, 436283]], harness=[[0, 100]]), 1789773)
    assert r.verified and r.clock_hz == 1789773 and r.per_call == 436183
    assert r.ns_per_call == pytest.approx(436183 / 1789773 * 1e9)
    assert r.kb_per_s == pytest.approx(64 / (436183 / 1789773) / 1e3)
    q = fill_exact(checked(A("crc32"), "portable", 64, "cd", exp, target="n64", build=Build("n64"), meter="instructions",
                           instrument="qemu-plugin", samples=[[2, 1100]], harness=[[2, 100]]), 93750000)
    assert q.ns_per_call is None and q.clock_hz is None  # instructions are never time
    tables = meter_tables([r, q])
    assert [t[0].split(" @")[0] for t in tables] == ["instructions per byte", "cycles per byte (exact)",
                                                     "KB/s (10^3 B/s) at the CPU's real clock"]
    assert tables[0][1] == ["ALGO", "n64"] and tables[1][1] == ["ALGO", "nes"]


# ---- building: one program, one per implementation, the small build ----------------------

def test_each_implementation_alone_when_both_do_not_fit(monkeypatch, tmp_path):
    calls = []

    def fake(self, a, impls, sizes, lib, log=None, small=False):
        calls.append(list(impls))
        if "portable" in impls:
            raise BuildError("crc32.ihx: 900 bytes too large for the ROM", bytes_over=900)
        return tmp_path / "crc32.gb", ["sdcc"]
    monkeypatch.setattr(console_mod.ConsoleTarget, "program", fake)
    notes = []
    out = TARGETS["gb"].build_each(A("crc32"), ["portable", "compact"], [1024], None, notes, lambda m: None)
    assert calls == [["portable", "compact"], ["portable"], ["compact"]]
    assert [o[2] for o in out] == [["compact"]]
    assert notes[0].reason == "not-built" and notes[0].data["bytes_over"] == 900 and notes[0].data["implementation"] == "portable"


def test_the_small_build_when_written_out_rounds_do_not_fit(monkeypatch, tmp_path):
    """z80: RIPEMD-160 does not fit with its written-out rounds; its sources
    are built again with HB_NO_PORTABLE_TABLES and only compact is measured
    (portable would run the same code).  Without a compact (BLAKE2s) the
    small portable is measured and marked.  xxhash.c has no small form: no
    second try."""
    t = dataclasses.replace(TARGETS["z80"], no_portable_tables=[])  # as if it did not list ripemd160.c
    assert not t.source_defines("src/algos/ripemd160.c") and t.source_defines("src/algos/md5.c", small=True)
    calls, libs = [], []

    def fake_program(self, a, impls, sizes, lib, log=None, small=False):
        calls.append((list(impls), small))
        if not small:
            raise BuildError("x.ihx: 2157 bytes too large for the ROM", bytes_over=2157)
        return tmp_path / "x.ihx", ["sdcc"]

    def fake_library(self, sources, log=None, small_for=None):
        libs.append((sources, small_for))
        return tmp_path / "lib.lib", {}
    monkeypatch.setattr(console_mod.ConsoleTarget, "program", fake_program)
    monkeypatch.setattr(console_mod.ConsoleTarget, "library", fake_library)
    notes = []
    out = t.build_each(A("ripemd160"), ["portable", "compact"], [1024], None, notes, lambda m: None)
    assert calls == [(["portable", "compact"], False), (["portable"], False), (["compact"], False),
                     (["compact"], True)]
    assert libs == [(["src/algos/ripemd160.c"], "ripemd160")]
    assert [(o[2], o[3]) for o in out] == [(["compact"], True)]
    assert [n.reason for n in notes] == ["same-as-compact"] and "too large" in notes[0].detail
    calls.clear()
    out = t.build_each(A("blake2s"), ["portable"], [1024], None, notes, lambda m: None)
    assert calls == [(["portable"], False), (["portable"], True)] and [(o[2], o[3]) for o in out] == [(["portable"], True)]
    calls.clear()
    t.build_each(A("xxh32"), ["portable"], [1024], None, notes, lambda m: None)
    assert calls == [(["portable"], False)] and notes[-1].reason == "not-built"


def test_a_small_portable_is_stored_as_small_never_as_portable(monkeypatch):
    """The portable code built with HB_NO_PORTABLE_TABLES is other code (the
    rolled rounds): stored under its own name, roster.SMALL, with its define."""
    from hashbench.meters.exact import Measured
    from hashbench.results.result import Build
    monkeypatch.setattr(console_mod.ConsoleTarget, "build",
                        lambda self, defines=(): Build(self.name, "sdcc", " ".join(defines)))
    meter = type("M", (), {"METER": "exact-cycles", "NAME": "mgba"})
    costs = {("portable", 64): Measured("ab", [[1, 1100], [1, 1100]], [[0, 100]])}
    exp = FixedExpected({("blake2s", 64): "ab"})
    got, = TARGETS["gb"].results(A("blake2s"), ["portable"], [64], costs, True, exp, [], meter)
    assert got.implementation == roster.SMALL and got.extra["defines"] == ["HB_NO_PORTABLE_TABLES"]
    assert got.per_call == 1000
    plain, = TARGETS["gb"].results(A("blake2s"), ["portable"], [64], costs, False, exp, [], meter)
    assert plain.implementation == "portable" and "defines" not in plain.extra


def test_a_target_can_list_sources_that_are_always_small(monkeypatch, tmp_path):
    t = TARGETS["gb"]
    assert "sha256" in t.no_portable_tables and t.source_defines("src/algos/sha256.c") == ["HB_NO_PORTABLE_TABLES"]
    calls = []
    monkeypatch.setattr(console_mod.ConsoleTarget, "program",
                        lambda self, a, impls, sizes, lib, log=None, small=False:
                        calls.append(list(impls)) or (tmp_path / "x.gb", ["sdcc"]))
    notes = []
    out = t.build_each(A("hmac-sha256"), ["portable"], [1024], "lib", notes, lambda m: None)
    assert calls == [["portable"]] and out[0][3] is True  # no compact: the small portable, marked
    out = t.build_each(A("sha256"), ["portable", "compact"], [1024], "lib", notes, lambda m: None)
    assert calls[1:] == [["compact"]] and "builds its sources with HB_NO_PORTABLE_TABLES" in notes[-1].detail
    w = dataclasses.replace(t, source_cflags={"sha1": ["--max-allocs-per-node", "100"]})  # a workaround's flags
    flags = lambda src: w.tc.compile_cmd(w, f"src/algos/{src}.c", ROOT / "build" / "x.rel",  # noqa: E731
                                         flags=w.source_cflags.get(src, []))
    assert "--max-allocs-per-node" in flags("sha1") and "--max-allocs-per-node" not in flags("sha256")
    p = tmp_path / "x.toml"
    p.write_text(t.path.read_text().replace('"sha1",', '"sha-1",'))
    with pytest.raises(UserError, match="sha-1"):
        read_description(p)


# ---- real runs -------------------------------------------------------------------------

def measure(name, algos, sizes, impls=roster.OURS, expected=None, check_repeat=True):
    job = Job(algos=[A(a) for a in algos], impls=list(impls), sizes=sizes, expected=expected or Expected(),
              check_repeat=check_repeat, log=lambda m: None)
    return TARGETS[name].measure(job)


@pytest.mark.toolchain
@pytest.mark.emulator
@needs("nes")
def test_nes_digests_match_and_cycles_are_exact():
    out = measure("nes", ["xor8", "crc32"], [64])
    assert not out.notes and out.context["instrument"] == "sim65"
    got = {(r.algorithm, r.implementation): r for r in out.results}
    assert set(got) == {("xor8", "portable"), ("crc32", "portable"), ("crc32", "compact")}
    assert all(r.verified and r.per_call > 0 and r.meter == "exact-cycles" for r in out.results)
    # the bitwise CRC costs more than the table-driven one; XOR-8 least of all
    assert got[("xor8", "portable")].per_call < got[("crc32", "portable")].per_call \
        < got[("crc32", "compact")].per_call
    again = measure("nes", ["xor8", "crc32"], [64])
    assert [r.per_call for r in again.results] == [r.per_call for r in out.results]


@pytest.mark.toolchain
@pytest.mark.emulator
@needs("nes")
def test_nes_measures_as_small_what_its_image_builds_small():
    """The NES image builds BLAKE3 small to fit a bank and holds it as
    `small`: `cross --target nes` asks the image's own fit which algorithms
    those are and measures that build too, stored as `small` beside the
    written-out portable (other code, fewer bytes), both verified; an
    algorithm the image holds as written does not get one."""
    from hashbench.rom import flow, image, nes
    p, _built = flow.build_image(nes.CONSOLE, *flow.select(None, None, image.FASTEST), image.DEFAULT_SIZE,
                                 image.DEFAULT_BUDGET_MS)
    held_small = {r.algo.id for r in p.rows if r.impl == roster.SMALL}
    assert "blake3" in held_small and TARGETS["nes"].small_rows() == held_small
    out = measure("nes", ["blake3", "crc8"], [64], list(roster.OURS) + [roster.SMALL], check_repeat=False)
    got = {(r.algorithm, r.implementation): r for r in out.results}
    assert set(got) == {("blake3", "portable"), ("blake3", roster.SMALL), ("crc8", "portable"), ("crc8", "compact")}
    assert all(r.verified and r.per_call > 0 for r in out.results)
    small, full = got[("blake3", roster.SMALL)], got[("blake3", "portable")]
    assert small.extra["defines"] == ["HB_NO_PORTABLE_TABLES"] and "defines" not in full.extra
    assert small.per_call != full.per_call
    assert [r.implementation for r in measure("nes", ["blake3"], [64], ["portable"], check_repeat=False).results] \
        == ["portable"]
    code, _out, err = hb("cross", "--target", "nes", "-a", "crc8", "--impl", "small", "--size", "64", "--no-save")
    assert code == 2 and "crc8 has no implementation small" in err


@pytest.mark.toolchain
@pytest.mark.emulator
@needs("nes")
def test_nes_wrong_digest_has_no_cost():
    out = measure("nes", ["xor8"], [64], ["portable"], FixedExpected({("xor8", 64): "ff"}), False)
    assert len(out.results) == 1 and not out.results[0].verified and out.results[0].per_call is None


@pytest.mark.toolchain
@pytest.mark.emulator
@needs("gb")
def test_gb_runs_a_64_bit_algorithm_rolled():
    """Ascon-Hash256 on the Game Boy: written out, ascon.c's permutation is
    48 KiB of SM83 code, larger than the ROM; the target builds it with
    HB_NO_PORTABLE_TABLES, where `portable` runs the compact code (one round,
    rolled: 9 KiB, seconds of SDCC): measured once, as `compact`, the
    portable row noted as the same code; verified byte for byte like every
    result."""
    gb = TARGETS["gb"]
    assert {"keccak", "tiger", "ascon", "xxh3"} <= set(gb.no_portable_tables)
    out = measure("gb", ["ascon-hash256"], [64])
    assert [(r.algorithm, r.implementation) for r in out.results] == [("ascon-hash256", "compact")]
    assert [(n.reason, n.data["implementation"]) for n in out.notes] == [("same-as-compact", "portable")]
    r = out.results[0]
    assert r.verified and r.per_call > 0


@pytest.mark.toolchain
@pytest.mark.emulator
@needs("gba")
def test_gba_rom_costs_more_than_iwram():
    rom = measure("gba", ["crc32"], [256], ["portable"]).results
    iwram = measure("gba-iwram", ["crc32"], [256], ["portable"]).results
    assert rom[0].verified and iwram[0].verified
    assert rom[0].per_call > 2 * iwram[0].per_call


@pytest.mark.toolchain
@pytest.mark.emulator
@needs("gba")
def test_gba_placements_order_as_the_bus_says():
    """WAITCNT's prefetch bit, set at start-up, is seen by mGBA: the same ROM
    code costs fewer cycles, still more than Thumb code from IWRAM; ARM code
    in IWRAM (32-bit bus, no wait states, the barrel shifter in every
    instruction) costs fewer still."""
    places = ("gba", "gba-prefetch", "gba-iwram", "gba-iwram-arm")
    got = {t: measure(t, ["md4"], [256], ["portable"]).results[0] for t in places}
    assert all(r.verified for r in got.values())
    cycles = [got[t].per_call for t in places]
    assert cycles == sorted(cycles, reverse=True) and len(set(cycles)) == 4, cycles


def test_cli_lists_the_console_targets():
    r = hb("cross", "--list")
    assert r.returncode == 0
    assert "nes" in r.stdout and "@ 1,789,773 Hz" in r.stdout and "gba-iwram" in r.stdout


def test_cli_a_selection_the_6502_cannot_build_is_one_line():
    r = hb("cross", "--target", "nes", "-a", "sha512", "--no-save")   # it was a failed build: "No object files"
    assert r.returncode == 2 and r.stderr.strip() == "hashbench: nes builds none of the selected algorithms (sha512)"


@pytest.mark.toolchain
@pytest.mark.emulator
@needs("nes")
def test_cli_nes_run(tmp_path):
    db = tmp_path / "r.sqlite"
    r = hb("cross", "--target", "nes", "-a", "xor8,adler32", "--size", "64", "--db", db, "-o", tmp_path / "n.json",
           timeout=300)
    assert r.returncode == 0, r.stderr
    assert "cycles per byte (exact) @ 64 B" in r.stdout and "KB/s" in r.stdout and "ADL32" in r.stdout
    doc = json.loads((tmp_path / "n.json").read_text())
    assert all(x["meter"] == "exact-cycles" and x["clock_hz"] == 1789773 for x in doc["results"])
    r = hb("cross", "--table", "--db", db)
    assert r.returncode == 0 and "nes" in r.stdout and "instructions per byte" not in r.stdout


@pytest.mark.emulator
@pytest.mark.skipif(shutil.which("cc") is None or not Path(mgba.HEADER).exists(), reason="no libmgba")
def test_mgba_runner_builds():
    runner = mgba.prepare(TARGETS["gba"], lambda m: None)
    r = subprocess.run([str(runner), "x.gba"], capture_output=True, text=True, timeout=60)
    assert r.returncode == 2 and "--mailbox ADDR" in r.stderr  # the address is the caller's, always


def test_cross_refuses_an_assembly_no_chosen_target_runs():
    """`--impl armv4` on the NES measured nothing and stored an empty run (exit 0): now one line, exit 2,
    naming the targets that do run it; before anything is built."""
    r = hb("cross", "--target", "nes", "--impl", "armv4", "-a", "crc32", "--no-save")
    assert r.returncode == 2, r.stderr
    line, = r.stderr.strip().splitlines()
    runs = [n for n, t in load_all().items() if roster.isa_of("armv4") in t.isas]
    assert "nes runs no" in line and "gba-iwram-arm" in runs and all(n in line for n in runs)
