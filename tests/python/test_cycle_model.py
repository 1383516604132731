# SPDX-License-Identifier: MIT
"""The cycle-model meter (est-cycles): the CPU model files
(hashbench/meters/cpu_models.py), the ELF reader, the plugin's records and
per-call figures (hashbench/meters/cycle_model.py), the plugin's build and
its instruction decoder (src/meters/qemu_cycles_isa.c, through ctypes), and -
where QEMU, arm-none-eabi-gcc and libmgba are installed - the CI-sized check
of the GBA model against mGBA's exact cycles, through `hashbench cross`'s
own machinery."""
import ctypes
import shutil
import struct
import subprocess
import time
import tomllib
from pathlib import Path

import pytest
from cli_util import hb

from hashbench.errors import BuildError
from hashbench.meters import CYCLE_MODEL, NotRepeatable, cycle_model
from hashbench.meters import cpu_models as cm
from hashbench.paths import ROOT
from hashbench.results.result import Build, Result
from hashbench.targets import load_all
from hashbench.toolchain.elf import read_elf


# ---- model files ----------------------------------------------------------------------
def test_every_model_cites_every_figure():
    """Every number a model file sets names its document and where in it,
    variants included; every source it names exists."""
    assert cm.available_models(), "no model files"
    for name in cm.available_models():
        with open(cm.model_path(name), "rb") as f:
            raw = tomllib.load(f)
        assert cm.uncited_figures(raw) == [], name
        for var in raw.get("variants", {}):
            assert cm.uncited_figures({"sources": raw["sources"], **raw["variants"][var]}) == [], (name, var)


def test_targets_name_their_models():
    """The targets with a model say so; its clock is theirs."""
    targets = load_all()
    named = {n: t.cycle_model for n, t in targets.items() if t.cycle_model}
    assert named == {"n64": "vr4300-n64", "nds": "arm946e-s-nds", "3ds": "arm11-3ds",
                     "cortex-m7": "cortex-m7-stm32f767", "gba": "arm7tdmi-gba", "gba-iwram": "arm7tdmi-gba",
                     "gba-iwram-arm": "arm7tdmi-gba"}
    for n, model in named.items():
        assert cm.load_model(model).clock_hz == targets[n].clock_hz, n
    assert set(named.values()) == set(cm.available_models())


def test_every_model_becomes_a_model_file():
    for name in cm.available_models():
        m = cm.load_model(name)
        text = cm.model_file_text(m)
        assert f"name {name}" in text and "core " in text and "default " in text
        for var in m.variants():
            cm.model_file_text(cm.load_model(name, var))


def test_gba_model_file():
    text = cm.model_file_text(cm.load_model("arm7tdmi-gba"))
    lines = text.splitlines()
    assert "core bus" in lines and "isa arm" in lines
    assert "kind rom width=2 n=5 s=3 wn=5 ws=3 fetch_n_after_i=1" in lines
    assert "kind iwram width=4 n=1 s=1 wn=1 ws=1" in lines
    assert "map 0x8000000 0xa000000 rom" in lines
    assert "default iwram" in lines
    assert "set mul_m 4" in lines


def test_variant_overrides_only_what_it_names():
    base = cm.model_file_text(cm.load_model("cortex-m7-stm32f767"))
    off = cm.model_file_text(cm.load_model("cortex-m7-stm32f767", "nocache-sram"))
    assert "set icache.on 1" in base and "set icache.on 0" in off
    assert "default dtcm" in base and "default sram1" in off
    assert base.count("\n") == off.count("\n")
    with pytest.raises(cm.ModelError):
        cm.load_model("cortex-m7-stm32f767", "no-such-variant")


def test_unknown_keys_are_rejected(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('[cpu]\nname="bad"\ncore="pipe"\nisa="arm"\nclock_hz={v=1,src="s",at="x"}\n'
                   '[sources.s]\ntitle="t"\n[kinds.ram]\nwidth={v=4,src="s",at="x"}\n'
                   '[params]\nbranch.takne={v=1,src="s",at="x"}\n')
    with pytest.raises(cm.ModelError, match="takne"):
        cm.model_file_text(cm.load_model(bad))


def test_uncited_figure_is_reported():
    doc = {"sources": {"a": {}}, "params": {"x": {"v": 1, "src": "a", "at": "p. 1"},
                                            "y": {"v": 2, "src": "b", "at": "p. 2"},
                                            "z": {"v": 3, "src": "a"}}}
    assert cm.uncited_figures(doc) == ["params.y", "params.z"]


# ---- ELF reading and the memory map ----------------------------------------------------------
def make_elf32(path: Path, sections, symbols, big=False):
    """A minimal ELF32 with the given (name, addr, size, flags) sections and
    (name, value, type) symbols - enough for read_elf."""
    e = ">" if big else "<"
    names = [""] + [s[0] for s in sections] + [".symtab", ".strtab", ".shstrtab"]
    shstr = b"\0" + b"".join(n.encode() + b"\0" for n in names[1:])
    off_of = {}
    pos = 1
    for n in names[1:]:
        off_of[n] = pos
        pos += len(n) + 1
    strtab = b"\0"
    syms = [b"\0" * 16]
    for name, value, typ in symbols:
        syms.append(struct.pack(e + "IIIBBH", len(strtab), value, 0, typ, 0, 1))
        strtab += name.encode() + b"\0"
    symtab = b"".join(syms)
    body = symtab + strtab + shstr
    data_off = 52
    shoff = data_off + len(body)
    nsec = len(names)
    hdr = bytearray(52)
    hdr[:6] = b"\x7fELF\x01" + (b"\x02" if big else b"\x01")
    struct.pack_into(e + "I", hdr, 0x20, shoff)
    struct.pack_into(e + "HHH", hdr, 0x2E, 40, nsec, nsec - 1)
    shdrs = [b"\0" * 40]
    for name, addr, size, flags in sections:
        shdrs.append(struct.pack(e + "IIIIIIIIII", off_of[name], 8, flags, addr, 0, size, 0, 0, 4, 0))
    i_str = len(sections) + 2
    shdrs.append(struct.pack(e + "IIIIIIIIII", off_of[".symtab"], 2, 0, 0, data_off, len(symtab), i_str, 1, 4, 16))
    shdrs.append(struct.pack(e + "IIIIIIIIII", off_of[".strtab"], 3, 0, 0, data_off + len(symtab), len(strtab), 0, 0, 1, 0))
    shdrs.append(struct.pack(e + "IIIIIIIIII", off_of[".shstrtab"], 3, 0, 0, data_off + len(symtab) + len(strtab),
                             len(shstr), 0, 0, 1, 0))
    path.write_bytes(bytes(hdr) + body + b"".join(shdrs))
    return path


def test_read_elf_sections_and_symbols(tmp_path):
    elf = make_elf32(tmp_path / "a.elf", [(".text", 0x1000, 0x200, 6), (".data", 0x4000, 0x40, 3)],
                     [("hb_cross_begin", 0x1011, 2), ("table", 0x4000, 1)])
    e = read_elf(elf)
    assert [(s.name, s.addr, s.size, s.alloc, s.execute) for s in e.sections if s.alloc] == [
        (".text", 0x1000, 0x200, True, True), (".data", 0x4000, 0x40, True, False)]
    assert e.symbol("hb_cross_begin") == 0x1011
    assert e.symbol("hb_cross_begin", clear_thumb=True) == 0x1010
    assert "hb_cross_begin" in e.functions and "table" not in e.functions
    with pytest.raises(BuildError):
        e.symbol("missing")


def test_memory_map_from_sections(tmp_path):
    elf = make_elf32(tmp_path / "m7.elf", [(".text", 0x0, 0x800, 6), (".data", 0x20000000, 0x100, 3),
                                           (".bss", 0x20000100, 0x400, 3)], [], big=False)
    base = cm.memory_map(cm.load_model("cortex-m7-stm32f767"), elf)
    assert base == [(0x0, 0x800, "flash"), (0x20000000, 0x20000100, "dtcm"), (0x20000100, 0x20000500, "dtcm")]
    sram = cm.memory_map(cm.load_model("cortex-m7-stm32f767", "sram"), elf)
    assert sram[1:] == [(0x20000000, 0x20000100, "sram1"), (0x20000100, 0x20000500, "sram1")]
    text = cm.model_file_text(cm.load_model("cortex-m7-stm32f767"), elf, shifts=[(0x100, 0x200, 4096)])
    assert "map 0x0 0x800 flash" in text and "shift 0x100 0x200 4096" in text


# ---- records and figures ----------------------------------------------------------------------
RECORDS = """\
{"rec":"plugin","name":"hb_cycles","model":"vr4300-n64","core":"pipe","begin":268436000,"end":268436016}
noise from the guest
{"rec":"count","region":0,"instructions":7,"cycles":52,"issue_cycles":50,"icache_misses":1,"unknown_instructions":0}
{"rec":"count","region":1,"instructions":107,"cycles":452,"issue_cycles":400,"icache_misses":3,"unknown_instructions":0}
{"rec":"totals","instructions":1000,"cycles":5000,"regions":2,"unmatched":0,"unknown_instructions":0}
"""


def test_read_counts():
    counts = cycle_model.read_counts(RECORDS)
    assert sorted(counts) == [0, 1] and counts[1]["cycles"] == 452 and counts[1]["icache_misses"] == 3
    assert cycle_model.difference(counts[0], counts[1]) == {"instructions": 100, "cycles": 400, "issue_cycles": 350,
                                                             "icache_misses": 2, "unknown_instructions": 0}


def test_read_counts_refuses_bad_runs():
    with pytest.raises(BuildError, match="totals"):
        cycle_model.read_counts(RECORDS.rsplit("\n", 2)[0])
    with pytest.raises(BuildError, match="unbalanced"):
        cycle_model.read_counts(RECORDS.replace('"unmatched":0', '"unmatched":1'))
    with pytest.raises(BuildError, match="order"):
        cycle_model.read_counts(RECORDS.replace('"region":1', '"region":5'))


def test_steady_per_call():
    """Runs of 1 and 3 calls, the harness region's difference subtracted:
    the first call of a region (cold caches) cancels."""
    samples, harness = [[1, 1300], [3, 3700]], [[1, 100], [3, 200]]
    assert cycle_model.steady_per_call(samples, harness) == 1150
    assert cycle_model.steady_per_call(samples * 2, harness * 2) == 1150
    with pytest.raises(NotRepeatable):
        cycle_model.steady_per_call(samples + [[1, 1300], [3, 3702]], harness * 2)
    with pytest.raises(BuildError):
        cycle_model.steady_per_call(samples[:1], harness[:1])
    counters = cycle_model.counters_per_call(
        [{"cycles": 1300, "instructions": 500, "icache_misses": 9}, {"cycles": 3700, "instructions": 1300, "icache_misses": 11}],
        [{"cycles": 100, "instructions": 40, "icache_misses": 0}, {"cycles": 200, "instructions": 80, "icache_misses": 0}], 2)
    assert counters == {"instructions": 380, "icache_misses": 1}


def test_fill_converts_at_the_targets_clock():
    t = load_all()["n64"]
    r = Result(algorithm="md5", implementation="portable", size=1024, target="n64", build=Build("n64"),
               meter=cycle_model.METER, instrument=cycle_model.NAME, digest="x", verified=True,
               sample_fields=cycle_model.SAMPLE_FIELDS, samples=[[1, 93750 + 100], [3, 3 * 93750 + 200]],
               harness=[[1, 100], [3, 200]])
    cycle_model.fill(r, t)
    assert r.per_call == 93750 and r.unit == "cycles" and r.exact and r.clock_hz == 93750000
    assert r.ns_per_call == pytest.approx(1e6) and r.kb_per_s == pytest.approx(1024)


def test_variant_is_part_of_the_key():
    def res(variant):
        return Result(algorithm="md5", implementation="portable", size=64, target="cortex-m7", build=Build("cortex-m7"),
                      meter="est-cycles", instrument=cycle_model.NAME, digest="x", verified=True, variant=variant)
    assert res(None).key != res("nocache-sram").key
    assert res("nocache-sram").where == "cortex-m7:nocache-sram" and res(None).where == "cortex-m7"
    assert Result.from_dict(res("sram").to_dict()).variant == "sram"
    assert "variant" not in res(None).to_dict()


def test_plugin_arg():
    arg = cycle_model.plugin_arg("/p/hb_cycles.so", "m.model", "/o,x.txt", mark=0x8002068)
    assert arg == "/p/hb_cycles.so,model=m.model,out=/o,,x.txt,mark=0x8002068"
    arg = cycle_model.plugin_arg("p.so", "m", "o", begin=0x10, end=0x20)
    assert arg.endswith("begin=0x10,end=0x20")
    with pytest.raises(Exception, match="mark"):
        cycle_model.plugin_arg("p.so", "m", "o")


# ---- the plugin: builds warning-free; its decoder, through ctypes ----------------------------------
@pytest.mark.parametrize("cc", ["gcc", "clang"])
def test_plugin_builds_without_warnings(tmp_path, cc):
    if shutil.which(cc) is None:
        pytest.skip(f"no {cc}")
    proc = subprocess.run([cc, "-std=gnu11", "-O2", "-Wall", "-Wextra", "-Werror", "-fPIC", "-shared",
                           "-fvisibility=hidden", "-DHB_RECORD_U64", "-Isrc/engine", *cycle_model.PLUGIN_SRC,
                           "-o", str(tmp_path / "hb_cycles.so")], cwd=ROOT, capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


class Decoded(ctypes.Structure):
    _fields_ = [("cls", ctypes.c_uint8), ("nregs", ctypes.c_uint8), ("flags", ctypes.c_uint16),
                ("src", ctypes.c_uint64), ("early", ctypes.c_uint64), ("late", ctypes.c_uint64),
                ("dst", ctypes.c_uint64), ("dst_late", ctypes.c_uint64), ("target", ctypes.c_uint64),
                ("wop", ctypes.c_uint8), ("wd", ctypes.c_uint8), ("wa", ctypes.c_uint8), ("wb", ctypes.c_uint8),
                ("wimm", ctypes.c_uint32), ("mreg", ctypes.c_uint8)]


@pytest.fixture(scope="module")
def isa(tmp_path_factory):
    if shutil.which("cc") is None:
        pytest.skip("no host C compiler")
    so = tmp_path_factory.mktemp("isa") / "isa.so"
    subprocess.run(["cc", "-std=gnu11", "-O1", "-fPIC", "-shared", str(ROOT / "src/meters/qemu_cycles_isa.c"),
                    "-o", str(so)], check=True)
    lib = ctypes.CDLL(str(so))
    lib.hbc_class_name.restype = ctypes.c_char_p

    def arm(text, size=4, data=b"\0\0\0\0"):
        d = Decoded()
        rc = lib.hbc_decode_arm(text.encode(), data, ctypes.c_size_t(size), ctypes.byref(d))
        return rc, d, lib.hbc_class_name(d.cls).decode()

    def mips(word):
        d = Decoded()
        rc = lib.hbc_decode_mips(struct.pack(">I", word), ctypes.c_size_t(4), 1, ctypes.byref(d))
        return rc, d, lib.hbc_class_name(d.cls).decode()
    return arm, mips


def regs(mask):
    return {i for i in range(64) if mask >> i & 1}


HBF_COND, HBF_BR_COND, HBF_BR_IND, HBF_BR_LINK, HBF_BR_RET = 0x1, 0x2, 0x4, 0x8, 0x10
HBF_LOADPC, HBF_LIKELY, HBF_THUMB, HBF_SCALED = 0x400, 0x80, 0x100, 0x2000


def test_decode_arm_mnemonics(isa):
    arm, _ = isa
    rc, d, cls = arm("subshs r0, r1, #1")
    assert rc == 0 and cls == "alu" and d.flags & HBF_COND and regs(d.dst) == {0, 16} and 1 in regs(d.src)
    rc, d, cls = arm("bls #0x8000154")
    assert cls == "branch" and d.flags & HBF_BR_COND and d.target == 0x8000154 and not d.flags & HBF_BR_LINK
    rc, d, cls = arm("bleq #0x8000154")
    assert cls == "branch" and d.flags & HBF_BR_LINK and d.flags & HBF_BR_COND
    rc, d, cls = arm("bx lr")
    assert d.flags & HBF_BR_RET and d.flags & HBF_BR_IND
    rc, d, cls = arm("pop {r4, r5, r6, r7, pc}")
    assert cls == "ldm" and d.nregs == 5 and d.flags & HBF_LOADPC and d.flags & HBF_BR_RET
    rc, d, cls = arm("push {r4, lr}", 2, b"\x10\xb5")
    assert cls == "stm" and d.nregs == 2 and regs(d.late) == {4, 14} and d.flags & HBF_THUMB


def test_decode_arm_operands(isa):
    arm, _ = isa
    rc, d, cls = arm("ldr r2, [r5, #4]!")
    assert cls == "load" and regs(d.dst) == {2, 5} and regs(d.early) == {5}
    rc, d, cls = arm("ldrb r3, [r1], #1")
    assert cls == "loadbh" and regs(d.dst) == {3, 1}
    rc, d, cls = arm("str r0, [sp, #8]")
    assert cls == "store" and regs(d.late) == {0} and regs(d.early) == {13} and d.dst == 0
    rc, d, cls = arm("ldr r0, [r1, r2, lsl #2]")
    assert d.flags & HBF_SCALED and regs(d.early) == {1, 2}
    rc, d, cls = arm("add r0, r1, r2, lsl r3")
    assert cls == "shiftr" and regs(d.early) == {2, 3} and regs(d.src) == {1}
    rc, d, cls = arm("rors r2, r1", 2, b"\xca\x41")
    assert cls == "shiftr" and regs(d.src) == {1, 2}
    rc, d, cls = arm("lsrs r3, r0, #16", 2, b"\x03\x0c")
    assert cls == "alu" and regs(d.early) == {0}
    rc, d, cls = arm("umull r0, r1, r2, r3")
    assert cls == "mull" and regs(d.dst) == {0} and regs(d.dst_late) == {1} and d.mreg == 3
    rc, d, cls = arm("muls r5, r4, r5", 2, b"\x65\x43")
    assert cls == "mul" and d.mreg == 5
    rc, d, cls = arm("mov pc, lr")
    assert cls == "branch" and d.flags & HBF_BR_RET
    rc, d, cls = arm("bl #0x80002d2", 4, b"\x00\xf0\x00\xf8")
    assert d.flags & HBF_THUMB, "a Thumb BL pair is 4 bytes of Thumb"
    rc, d, cls = arm("frobnicate r0, r1")
    assert rc == -1 and cls == "alu"


def test_decode_mips(isa):
    _, mips = isa
    # lw v0, 8(sp): op 35, rs 29, rt 2
    rc, d, cls = mips(35 << 26 | 29 << 21 | 2 << 16 | 8)
    assert rc == 0 and cls == "load" and regs(d.dst) == {2} and regs(d.early) == {29}
    # daddu a0, a1, a2
    rc, d, cls = mips(45 | 5 << 21 | 6 << 16 | 4 << 11)
    assert cls == "alu" and regs(d.dst) == {4} and regs(d.src) == {5, 6}
    # multu a0, a1 -> HI/LO, and waits for the unit (HI/LO read)
    rc, d, cls = mips(25 | 4 << 21 | 5 << 16)
    assert cls == "mul" and regs(d.dst) == {32, 33} and regs(d.src) == {4, 5, 32, 33}
    # ddivu
    assert mips(31 | 4 << 21 | 5 << 16)[2] == "ddiv"
    # beql a0, zero: branch-likely with a delay slot
    rc, d, cls = mips(20 << 26 | 4 << 21)
    assert cls == "branch" and d.flags & HBF_LIKELY and d.flags & HBF_BR_COND
    # jr ra: a return
    rc, d, cls = mips(8 | 31 << 21)
    assert d.flags & HBF_BR_RET
    # nop
    assert mips(0)[2] == "nop"


# ---- the CI-sized check against mGBA --------------------------------------------------------------------
def gba_ready() -> bool:
    targets = load_all()
    return (all(shutil.which(p) for p in ("qemu-arm", "cc")) and not targets["gba"].missing()
            and not targets["gba-iwram"].missing())


@pytest.mark.toolchain
@pytest.mark.emulator
@pytest.mark.skipif(not gba_ready(), reason="needs qemu-arm, arm-none-eabi-gcc and libmgba")
def test_gba_model_against_mgba_ci():
    """A few algorithms, ROM, IWRAM (Thumb) and IWRAM (ARM), 64 and 1024 B, through `hashbench
    cross`'s machinery (--meter default: mGBA; --meter cycle-model): every
    digest verified, every estimate within 10% of mGBA's exact cycles (the
    method's goal; studies/validate_cycle_model.py gba gives every row: the
    worst, SHA-256's written-out rounds in ROM, +6.1% since sha256.c nests
    its sigmas, is the manual's rule for register shifts in ROM where mGBA
    charges less), and the
    model run twice gives the same counts (--check-repeat)."""
    from studies import validate_cycle_model as tool
    t0 = time.monotonic()
    rows, problems, (exact, est) = tool.validate_gba(["crc32", "sha256", "xxh64", "md5"], check_repeat=True)
    assert not problems, problems
    assert len(rows) == 3 * 2 * (4 + 3)   # 3 placements, 2 sizes; crc32, sha256 and md5 have a compact too
    for row in rows:
        assert abs(tool.error_pct(row)) <= 10, row
    assert all(r.meter == "est-cycles" and r.instrument == cycle_model.NAME and r.clock_hz == 16777216
               for r in est.results)
    assert {r.meter for r in exact.results} == {"exact-cycles"}
    assert est.context["targets"]["gba"]["cycle_model"] == "arm7tdmi-gba"
    print(f"GBA model against mGBA: {len(rows)} rows in {time.monotonic() - t0:.0f} s")


def cli(*args, db):
    return hb(*args, "--db", db, timeout=300)


@pytest.mark.toolchain
@pytest.mark.skipif(not (shutil.which("qemu-system-arm") and shutil.which("arm-none-eabi-gcc")
                         and (ROOT / ".venv" / "bin" / "hashbench").exists()), reason="needs the cortex-m7 target")
def test_estimates_are_results_like_any(tmp_path):
    """--meter cycle-model through the CLI: stored, shown, exported, tabled
    and diffed like any result; two runs identical; a variant is kept apart."""
    db = tmp_path / "r.sqlite"
    base = ["cross", "--target", "cortex-m7", "--meter", CYCLE_MODEL, "-a", "crc32", "--impl", "portable",
            "--size", "64", "-q"]
    for extra in ([], [], ["--model-variant", "nocache-sram"]):
        p = cli(*base, *extra, db=db)
        assert p.returncode == 0, p.stderr
        assert "estimated cycles per byte (cost model)" in p.stdout
    p = cli("diff", "1", "2", db=db)
    assert p.returncode == 0 and "identical" in p.stdout, p.stdout + p.stderr
    p = cli("diff", "2", "3", db=db)
    assert p.returncode == 2 and "variant" in p.stderr
    p = cli("cross", "--table", db=db)
    assert "cortex-m7:nocache-sram" in p.stdout and "estimated KB/s" in p.stdout
    assert "instructions" not in p.stdout
    p = cli("show", "last", "-o", str(tmp_path / "r.csv"), db=db)
    assert p.returncode == 0 and "model cortex-m7-stm32f767/nocache-sram" in p.stdout
    rows = (tmp_path / "r.csv").read_text().splitlines()
    assert rows[0].split(",")[6] == "variant" and ",est-cycles,nocache-sram," in rows[1]
    p = cli("history", db=db)
    assert p.returncode == 0 and len(p.stdout.splitlines()) == 5
