# SPDX-License-Identifier: MIT
"""Builds side by side (`hashbench matrix`): build configurations (names, dedup, bad
input), the code-size probe on a fixture whose size is known, relative
figures, the bench-keccak256 table, and `hashbench matrix` / `size` end to
end on the host and, where its toolchain is installed, on the Cortex-M7."""
import functools
import json
import os
import re
import shutil

import cli_util
import jsonschema
import pytest

from hashbench.errors import UserError
from hashbench.paths import ROOT
from hashbench.present.native import native_table
from hashbench.results.result import Build, Result
from hashbench.statistics import relative
from hashbench.targets import load_all
from hashbench.toolchain import configs, size

hb = functools.partial(cli_util.hb, timeout=300)

ENV = {k: v for k, v in os.environ.items() if k != "HASHBENCH_ENGINE"}
ENV["NO_COLOR"] = "1"
FIXTURE = "tests/python/fixtures/size_probe.c"


# ---- build configurations -----------------------------------------------------------

def names(*args, **kw):
    return [c.name for c in configs.parse(*args, **kw)]


def test_names_are_derived_stable_and_readable():
    assert names(["gcc,clang"], ["-O2,-O3 -march=native"]) == \
        ["gcc-O2", "gcc-O3-march=native", "clang-O2", "clang-O3-march=native"]
    assert names(["gcc"], ["-O2 -flto"]) == ["gcc-O2-flto"]
    assert names(["/usr/bin/clang-14"], ["-Os"]) == ["clang-14-Os"]
    assert names(None, None) == ["gcc-O2"]          # the project's default build
    assert names(["gcc"], ["-O2 -DX='a b'"]) == ["gcc-O2-DX=a_b"]   # a folder name too
    c = configs.parse(["gcc"], ["-O3 -march=native"])[0]
    assert c.flags == ("-O3", "-march=native") and c.to_dict() == \
        {"name": "gcc-O3-march=native", "compiler": "gcc", "flags": "-O3 -march=native"}


def test_flag_sets_split_on_commas_but_not_inside_wl():
    assert configs.split_flag_sets(["-O2,-O3", "-Os"]) == [("-O2",), ("-O3",), ("-Os",)]
    # a -Wl takes every comma after it (ld has its own -O1): a set after it needs its own --flags
    assert configs.split_flag_sets(["-O2 -Wl,--gc-sections,-O1", "-Os"]) == [("-O2", "-Wl,--gc-sections,-O1"), ("-Os",)]
    assert configs.split_flag_sets(["-O2 -Wl,-z,now"]) == [("-O2", "-Wl,-z,now")]


def test_duplicates_are_one_build():
    assert names(["gcc,gcc", "gcc"], ["-O2,-O2", " -O2 "]) == ["gcc-O2"]
    assert names(["gcc"], ["-O2,-O3,-O2"]) == ["gcc-O2", "gcc-O3"]


def test_bad_build_input():
    with pytest.raises(UserError, match="no flag set"):
        configs.parse(["gcc"], [","])
    with pytest.raises(UserError, match="cannot read"):
        configs.parse(["gcc"], ["-DX='unbalanced"])
    with pytest.raises(UserError, match="both be named gcc-O2"):
        configs.parse(["gcc", "/usr/bin/gcc"], ["-O2"])
    assert configs.check(configs.parse(["no-such-cc-hb"], ["-O2"])[0]) == \
        "build no-such-cc-hb-O2: compiler 'no-such-cc-hb' not found"


@pytest.mark.skipif(shutil.which("gcc") is None, reason="gcc not installed")
def test_a_rejected_flag_names_the_build_and_quotes_the_compiler():
    msg = configs.check(configs.parse(["gcc"], ["-O2 -fno-such-flag-hb"])[0])
    assert msg.startswith("build gcc-O2-fno-such-flag-hb: gcc rejects '-O2 -fno-such-flag-hb': ")
    assert "error" in msg and "no-such-flag-hb" in msg and "\n" not in msg
    assert configs.check(configs.parse(["gcc"], ["-O2"])[0]) is None


@pytest.mark.toolchain
def test_a_cross_target_builds_with_its_own_compiler():
    m7, nes = load_all()["cortex-m7"], load_all()["nes"]
    assert names(None, None, target=m7) == ["gcc-O2"]                 # its own -O level
    assert names(None, ["-Os,-O3"], target=m7) == ["gcc-Os", "gcc-O3"]
    assert names(None, None, target=nes) == ["cc65-O"]
    with pytest.raises(UserError, match="builds with its own compiler"):
        configs.parse(["clang"], ["-O2"], target=m7)
    assert configs.replace_opt(m7.cflags, ("-O3",))[-1] == "-O3" and "-O2" not in configs.replace_opt(m7.cflags, ())
    t = m7.with_build(configs.parse(None, ["-Os"], target=m7)[0])
    assert t.build().name == "gcc-Os" and "-Os" in t.cflags and t.build_dir.name == "gcc-Os"
    assert configs.parse(None, ["-O2 -march=native"])[0].folder == "gcc-O2-march_native"   # make-safe
    assert m7.build().name == "cortex-m7" and m7.build_dir.name == "cortex-m7"   # the plain cross build


# ---- code size ---------------------------------------------------------------------

def fixture_bytes(cc, flags, symbol="hb_fixture_table"):
    cfg = configs.parse([cc], [flags])[0]
    p = size.Probe(cc, list(cfg.flags), [], ROOT / "build" / "test-size" / cfg.name, version=configs.version(cfg))
    p.folder.mkdir(parents=True, exist_ok=True)
    objs = size.compile_all(p, [FIXTURE], lambda m: None)
    return size.linked_bytes(p, symbol, [objs[FIXTURE]], lambda m: None) - size.linked_bytes(p, None, [], lambda m: None)


@pytest.mark.parametrize("cc,flags", [("gcc", "-O2"), ("gcc", "-Os -flto"), ("clang", "-O2")])
def test_code_size_of_a_fixture_is_its_table_and_a_few_instructions(cc, flags):
    if shutil.which(cc) is None:
        pytest.skip(f"{cc} not installed")
    n = fixture_bytes(cc, flags)
    # 4096 bytes of table, its code and unwind entry; never the unused 8 KiB table
    assert 4096 < n < 4096 + 160, n
    assert 8192 < fixture_bytes(cc, flags, "hb_fixture_unused") < 8192 + 160


@pytest.mark.skipif(shutil.which("gcc") is None, reason="gcc not installed")
def test_roster_code_sizes_on_the_host():
    sizes = size.sizes_of(None, configs.parse(["gcc"], ["-Os"])[0], {"xor8", "crc32"})
    assert 0 < sizes[("xor8", "portable")] < 256
    assert sizes[("crc32", "compact")] < 1024 <= sizes[("crc32", "portable")]


# ---- relative figures ----------------------------------------------------------------

def timed(build, per_call, rounds_ns=None, spread=1.0, impl="portable"):
    r = Result(algorithm="sha256", implementation=impl, size=1024, target="host", build=Build(build),
               meter="ns", instrument="tsc", digest="00", verified=True, per_call=per_call, spread_pct=spread)
    if rounds_ns:
        r.extra["rounds_ns"] = rounds_ns
    return r


def test_relative_figures_pair_rounds():
    # b is 20% slower in every round though the machine halves its speed in round 3
    a = timed("a", 100, [100, 100, 200, 100, 100])
    b = timed("b", 130, [120, 120, 240, 120, 120])
    out = relative.ranked([b, a])
    assert [x.result.build.name for x in out] == ["a", "b"]
    assert out[0].text == "1.00 ± 0.00" and out[1].text == "1.20 ± 0.00" and out[1].rounds == 5


def test_relative_figures_of_exact_counts_and_without_rounds():
    exact = [Result(algorithm="md5", implementation="portable", size=64, target="n64", build=Build(n), meter="instructions",
                    instrument="qemu-plugin", digest="00", verified=True, per_call=c) for n, c in (("O2", 900), ("O3", 750))]
    assert [x.text for x in relative.ranked(exact)] == ["1.00 ± 0.00", "1.20 ± 0.00"]
    bad = Result(algorithm="md5", implementation="portable", size=64, target="n64", build=Build("Os"),
                 meter="instructions", instrument="qemu-plugin", digest="11", verified=False)
    assert len(relative.ranked(exact + [bad])) == 2       # a wrong digest has no cost
    out = relative.ranked([timed("x", 100, spread=3), timed("y", 150, spread=4)])
    assert out[1].text == "1.50 ± 0.08"                    # 1.5 * sqrt(0.03^2 + 0.04^2) = 1.5 * 0.05


def test_native_table_in_bench_keccak256_form():
    rs = [timed("host", t, impl=i) for i, t in (("rust-sha3", 120), ("rust-sha3-native", 100), ("portable", 130),
                                               ("rust-tiny-keccak", 100), ("rust-tiny-keccak-native", 110),
                                               ("openssl", 50))]
    h, rows, _ = native_table(rs)
    assert h[1].startswith("DEFAULT") and h[3].startswith("NATIVE")
    assert rows[0][1:] == ["1.00 ± 0.00", "tiny-keccak", "1.00 ± 0.00", "sha3"]
    assert rows[2][1:3] == ["1.30 ± 0.02", "portable (ours)"] and rows[2][3:] == ["", ""]
    assert native_table([timed("host", 1, impl="portable")]) is None


# ---- the commands, end to end ----------------------------------------------------------

SCHEMA = json.loads((ROOT / "docs" / "result-schema.json").read_text())


@pytest.mark.slow
def test_matrix_two_builds_two_algorithms_on_the_host(tmp_path):
    db, out = str(tmp_path / "m.sqlite"), tmp_path / "m.json"
    r = hb("matrix", "--flags=-O0,-O1", "-a", "crc32,xor8", "--budget", "20", "--rounds", "2", "--db", db,
           "-o", str(out))
    assert r.returncode == 0, r.stderr
    text = r.stdout
    assert "2 builds on this machine" in text and "CODE B:" in text
    for algo in ("CRC32 (portable)", "XOR8 (portable)"):
        block = text.split(algo, 1)[1].split("\n\n", 1)[0]
        assert "median of 2 paired rounds" in block and "1.00 ± 0.00" in block
        assert "gcc-O0" in block and "gcc-O1" in block and "MB/s" in block and "CODE B" in block
    assert "GEOMEAN" in text
    # a log's progress: one line per round, with the rounds done and the time left
    assert re.search(r"round 1: 2 builds measured · 1/2 done, \d+:\d\d so far, about \d+ (s|min) left", r.stderr), r.stderr
    assert "round 2: 2 builds measured · 2/2 done" in r.stderr
    doc = json.loads(out.read_text())
    jsonschema.validate(doc, SCHEMA)
    assert doc["kind"] == "matrix" and set(doc["context"]["builds"]) == {"gcc-O0", "gcc-O1"}
    assert doc["options"]["rounds"] == 2 and doc["options"]["builds"][0]["flags"] == "-O0"
    res = doc["results"]
    assert sorted((x["build"]["name"], x["algorithm"]) for x in res) == \
        [("gcc-O0", "crc32"), ("gcc-O0", "xor8"), ("gcc-O1", "crc32"), ("gcc-O1", "xor8")]
    for x in res:
        assert x["verified"] and x["code_bytes"] > 0 and len(x["rounds_ns"]) == 2
        i = x["sample_fields"].index("process")  # the round each sample came from
        assert x["sample_fields"][:3] == ["iters", "ticks", "ns"] and {s[i] for s in x["samples"]} == {0, 1}
        assert x["build"]["flags"] in ("-O0", "-O1") and x["build"]["compiler"].startswith("gcc")
    r = hb("show", "last", "--db", db)
    assert r.returncode == 0 and "matrix" in r.stdout and "gcc-O1" in r.stdout and "1.00 ± 0.00" in r.stdout
    r = hb("diff", "last", "last", "--db", db)
    assert r.returncode == 0 and "BUILD" in r.stdout and "gcc-O0" in r.stdout


@pytest.mark.slow
def test_matrix_bad_builds():
    r = hb("matrix", "--cc", "no-such-cc-hb", "-a", "xor8", "--no-save")
    assert r.returncode == 2 and r.stderr.strip() == \
        "hashbench: build no-such-cc-hb-O2: compiler 'no-such-cc-hb' not found"
    r = hb("matrix", "--flags=-fno-such-flag-hb", "-a", "xor8", "--no-save")
    assert r.returncode == 2 and "build gcc-fno-such-flag-hb: gcc rejects '-fno-such-flag-hb'" in r.stderr
    assert len(r.stderr.strip().splitlines()) == 1 and "Traceback" not in r.stderr
    # one bad build of two: it is named, the other still runs
    r = hb("matrix", "--flags=-O1,-fno-such-flag-hb", "-a", "xor8", "--budget", "10", "--rounds", "2",
           "--no-save", "--no-code-size")
    assert r.returncode == 1 and "gcc-fno-such-flag-hb" in r.stderr and "not built: gcc-fno-such-flag-hb" in r.stdout
    assert "XOR8 (portable)" in r.stdout and "gcc-O1" in r.stdout


@pytest.mark.parametrize("command", ["size", "matrix"])
def test_a_target_that_builds_none_of_the_selection_is_one_line(command):
    """The 6502 has no 64-bit integers: -a sha512 leaves nothing (size listed every algorithm instead)."""
    r = hb(command, "--target", "nes", "-a", "sha512", "--no-save" if command == "matrix" else "-q")
    assert r.returncode == 2 and r.stdout == "", r.stdout
    assert r.stderr.strip() == "hashbench: nes builds none of the selected algorithms (sha512)"


def test_size_command_on_the_host():
    r = hb("size", "--flags=-Os,-O2", "-a", "crc32", "-q")
    assert r.returncode == 0, r.stderr
    assert "gcc-Os" in r.stdout and "gcc-O2" in r.stdout and "compact" in r.stdout and "--gc-sections" in r.stdout
    r = hb("size", "--flags=-O2", "-a", "xor8", "--json", "-q")
    d = json.loads(r.stdout.splitlines()[0])
    assert d["build"] == "gcc-O2" and d["target"] == "host" and d["code_bytes"] > 0
    assert d["c_library"] is None   # shared, not counted


@pytest.mark.toolchain
@pytest.mark.skipif(bool(load_all()["cortex-m7"].missing()), reason="cortex-m7 not installed")
def test_size_command_names_the_c_library_on_the_cortex_m7():
    """The probes link newlib-nano, as a CubeMX firmware does, and say so."""
    r = hb("size", "--target", "cortex-m7", "--flags=-Os", "-a", "md5", "--json", "-q")
    assert r.returncode == 0, r.stderr
    d = json.loads(r.stdout.splitlines()[0])
    assert d["c_library"] == "newlib-nano" and d["code_bytes"] > 1000
    assert "newlib-nano's routines counted" in hb("size", "--target", "cortex-m7", "--flags=-Os", "-a", "md5", "-q").stdout


M7 = load_all()["cortex-m7"]


@pytest.mark.toolchain
@pytest.mark.skipif(bool(M7.missing()), reason="cortex-m7 not installed (gcc-arm-none-eabi, qemu-system-arm)")
def test_matrix_on_the_cortex_m7(tmp_path):
    db = str(tmp_path / "c.sqlite")
    r = hb("matrix", "--target", "cortex-m7", "--flags=-Os,-O2", "-a", "xor8,crc32", "--size", "64", "--db", db)
    assert r.returncode == 0, r.stderr
    assert "2 builds on Cortex-M7" in r.stdout and "instructions (exact)" in r.stdout and "INSNS (rel.)" in r.stdout
    run = json.loads(hb("show", "last", "--db", db, "-o", str(tmp_path / "c.json")).stdout and
                     (tmp_path / "c.json").read_text())
    jsonschema.validate(run, SCHEMA)
    assert run["kind"] == "matrix" and "cortex-m7" in run["context"]["targets"]
    res = {(x["build"]["name"], x["algorithm"]): x for x in run["results"]}
    assert set(res) == {(b, a) for b in ("gcc-Os", "gcc-O2") for a in ("xor8", "crc32")}
    assert all(x["meter"] == "instructions" and x["target"] == "cortex-m7" and x["verified"] for x in res.values())
    assert "-Os" in res[("gcc-Os", "xor8")]["build"]["flags"] and "-O2" not in res[("gcc-Os", "xor8")]["build"]["flags"]
    # -Os is never larger for XOR-8 here, and the flags did change the code
    assert res[("gcc-Os", "xor8")]["code_bytes"] <= res[("gcc-O2", "xor8")]["code_bytes"]
    assert res[("gcc-Os", "xor8")]["per_call"] != res[("gcc-O2", "xor8")]["per_call"]


@pytest.mark.parametrize("cmd", ["matrix", "size"])
def test_help_has_examples(cmd):
    r = hb(cmd, "--help")
    assert r.returncode == 0 and "examples:" in r.stdout and "--flags" in r.stdout


def test_the_best_build_is_never_slower_round_by_round_than_another():
    # b is faster than a in three rounds of five, though slower by more in the other two: b is the best
    a, b = timed("a", 100, [100, 100, 100, 100, 100]), timed("b", 105, [90, 120, 95, 130, 92])
    c = timed("c", 200, [200, 210, 190, 205, 199])
    out = relative.ranked([a, b, c])
    assert [x.result.build.name for x in out] == ["b", "a", "c"]
    assert out[0].text == "1.00 ± 0.00" and all(x.ratio >= 1 for x in out)


def test_a_target_is_built_by_one_process_at_a_time():
    """Two cross runs of one target take turns (build/locks/<target>.lock):
    the second waits for the first, says so, and goes on when it is done."""
    import threading
    import time

    from hashbench.toolchain.cache import target_lock
    name = f"test-lock-{os.getpid()}"
    held, release = threading.Event(), threading.Event()

    def first():
        with target_lock(name):
            held.set()
            release.wait(10)

    t = threading.Thread(target=first)
    t.start()
    assert held.wait(10)
    said = []
    threading.Timer(0.3, release.set).start()
    t0 = time.monotonic()
    with target_lock(name, said.append):
        waited = time.monotonic() - t0
    t.join()
    assert waited >= 0.25
    assert said == [f"{name}: waiting for another process that is building or running it"]
    with target_lock(name, said.append):   # free again: no wait, nothing said
        pass
    assert len(said) == 1
    (ROOT / "build" / "locks" / f"{name}.lock").unlink()
