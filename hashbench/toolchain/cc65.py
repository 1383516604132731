# SPDX-License-Identifier: MIT
"""cc65: the NES's 6502 (cl65 compiles and links, ar65 archives)."""
import re
import shlex
from pathlib import Path

from ..errors import BuildError
from ..paths import ROOT
from . import cache

parallel_programs = False  # cl65 writes its assembly beside the C source: two programs' console.c would collide
obj_suffix = ".o"
lib_suffix = ".lib"


def tool(t, name: str) -> str:
    return {"ar": "ar65"}.get(name, name)


def version(t) -> str:
    return cache.tool_version(t.cc)


def programs(t) -> list:
    return [t.cc, tool(t, "ar")]


def compile_cmd(t, src, obj, defines=(), flags=(), includes=()) -> list:
    # cl65 wants -o before the source
    return [t.cc] + list(t.cflags) + list(flags) + ["-c"] + list(includes) + ["-D" + d for d in defines] + \
        ["-o", cache.rel(obj), src]


def asm_cmd(t, src, obj) -> list:
    return [t.cc] + list(t.cflags) + ["-c", "-o", cache.rel(obj), src]


def archive_cmd(t, lib, objs) -> list:
    ar = " ".join(shlex.quote(x) for x in [tool(t, "ar"), "a", cache.rel(lib)] + [cache.rel(o) for o in objs])
    return ["sh", "-c", f"rm -f {shlex.quote(cache.rel(lib))} && {ar}"]


SHIFT_SYMBOL = "__HB_SHIFT__"   # a linker config that declares it lets link() move the program up
MAX_SHIFT = 64


def link(t, objs, lib, out_dir, stem, log):
    """The program; where its linker config takes SHIFT_SYMBOL (sim65.cfg),
    at the first start ($0200 + shift) where no branch of the start-up,
    the engine or cc65's runtime is one that sim65 miscounts
    (sim65_miscounted_branches): the algorithms' code and tables keep their
    pages, the rest moves."""
    inputs = [cache.rel(o) for o in objs + [lib]]
    configs = [f for f in t.ldflags if f.endswith(".cfg")]   # ld65's memory layout (nes: sim65.cfg)
    shifts = range(MAX_SHIFT) if any(SHIFT_SYMBOL in (ROOT / c).read_text() for c in configs) else [0]
    for shift in shifts:
        name = stem if not shift else f"{stem}-shift{shift}"
        prog, map_file = out_dir / f"{name}.prg", out_dir / ("map.txt" if not shift else f"map-shift{shift}.txt")
        cmd = [t.cc] + list(t.ldflags) + (["-Wl", f"-D,{SHIFT_SYMBOL}={shift}"] if shift else []) + \
            ["-m", cache.rel(map_file), "-o", cache.rel(prog)] + inputs
        cache.cached(prog, cmd, inputs + configs, version(t), log)
        if len(shifts) == 1 or not sim65_miscounted_branches(prog, map_file, HARNESS_SEGMENTS):
            return prog, cmd
    raise BuildError(f"{stem}: every start up to +{MAX_SHIFT} puts a branch where sim65 miscounts it")


# ---- sim65's page rule for branches -------------------------------------------------------------

# sim65 (cc65 2.19, src/sim65/6502.c) charges a taken branch's page crossing
# from the page of the branch's own opcode, a 6502 from the page of the next
# instruction (opcode + 2): a branch at $xxFE or $xxFF whose target is on
# the page of one and not the other costs sim65 a cycle more or less than
# the CPU.  Run once a byte (cc65's decax1 in a C loop's counter), that moved
# a row 0.3% from the NES ROM's figure.
BRANCH_OPCODES = {0x10, 0x30, 0x50, 0x70, 0x90, 0xB0, 0xD0, 0xF0}
HARNESS_SEGMENTS = ("STARTUP", "LOWCODE", "ONCE", "CODE")   # all but ALGOCODE, which sits as in the NES image


def instruction_length(op: int) -> int:
    """Bytes of a 6502 instruction from its opcode (documented opcodes;
    the others as their column's)."""
    lo, hi = op & 0x0F, op >> 4
    if op in (0x00, 0x40, 0x60) or lo in (0x8, 0xA):
        return 1
    if op == 0x20 or lo in (0xC, 0xD, 0xE) or (lo == 0x9 and hi & 1):
        return 3
    return 2


def sim65_miscounted_branches(prog, map_file, segments) -> list:
    """[(symbol, offset, address)] of every branch in `segments` of a sim65
    program (its 12-byte header, then MAIN) that sim65 times otherwise than
    a 6502, reading each segment instruction by instruction from its start."""
    data = Path(prog).read_bytes()
    text = Path(map_file).read_text()
    seg = {m[0]: (int(m[1], 16), int(m[2], 16)) for m in re.findall(
        r"^(\w+)\s+([0-9A-F]{6})\s+([0-9A-F]{6})\s+[0-9A-F]{6}", text.split("Segment list:", 1)[1], re.M)}
    load = int.from_bytes(data[8:10], "little")        # the header's load address (__MAIN_START__)
    names = sorted({(int(a, 16), n) for n, a in re.findall(r"(\w+)\s+([0-9A-F]{6}) R",
                                                            text.split("Exports list by name:", 1)[1])})
    found = []
    for name in segments:
        if name not in seg:
            continue
        at, end = seg[name]
        while at <= end:
            op = data[12 + at - load]
            if op in BRANCH_OPCODES and at & 0xFF >= 0xFE:
                off = data[12 + at + 1 - load]
                target = (at + 2 + off - (256 if off > 127 else 0)) & 0xFFFF
                if (at >> 8 != target >> 8) != ((at + 2) >> 8 != target >> 8):
                    sym = max((x for x in names if x[0] <= at), default=(at, "?"))
                    found.append((sym[1], at - sym[0], at))
            at += instruction_length(op)
    return found


def segment_sizes(obj) -> dict:
    """{segment: bytes} of one object file (od65)."""
    proc = cache.run(["od65", "--dump-segsize", cache.rel(obj)])
    if proc.returncode != 0:
        raise BuildError(f"od65 failed on {obj}: {proc.stderr.strip()}")
    return {m[0]: int(m[1]) for m in re.findall(r"^\s*(\w+):\s+(\d+)\s*$", proc.stdout, re.M)}


def object_bytes(t, obj) -> int:
    """ROM bytes of one object file: its CODE, RODATA and DATA segments
    and the algorithms' own (targets/nes.toml: ALGOCODE, PAGED; BSS and
    ZEROPAGE take no ROM)."""
    sizes = segment_sizes(obj)
    return sum(sizes.get(s, 0) for s in ("CODE", "ALGOCODE", "RODATA", "PAGED", "DATA", "ONCE", "INIT"))


def exports(obj) -> list:
    """The C names an object file exports (od65; cc65 prefixes an underscore)."""
    proc = cache.run(["od65", "--dump-exports", cache.rel(obj)])
    if proc.returncode != 0:
        raise BuildError(f"od65 failed on {obj}: {proc.stderr.strip()}")
    return sorted(n[1:] for n in re.findall(r'Name:\s+"(\w+)"', proc.stdout) if n.startswith("_"))


def map_sizes(path) -> dict:
    """Segment sizes from ld65's map file."""
    text = path.read_text()
    part = text.split("Segment list:", 1)[1].split("Exports list", 1)[0]
    return {m[0]: int(m[1], 16) for m in re.findall(r"^(\w+)\s+[0-9A-F]{6}\s+[0-9A-F]{6}\s+([0-9A-F]{6})", part, re.M)}


# ---- a console ROM's build: cc65 and ca65 run apart, ld65 with the image's own config ----------------

def system_cflags(t, system: str) -> list:
    """The target's flags with cc65's `system` (nes) in place of its -t (sim6502)."""
    out, skip = [], False
    for f in t.cflags:
        if skip:
            skip = False
            continue
        if f == "-t":
            skip = True
            continue
        out.append(f)
    return ["-t", system] + out


def compile_to_object(t, system: str, src: str, obj, flags=(), includes=(), inputs=(), log=lambda m: None):
    """cc65 then ca65, the assembly in the build folder beside `obj` (cl65
    would write it beside the source, where two builds of one file would
    meet: the ROM's builds run in parallel) -> obj."""
    asm = obj.with_suffix(".s")
    cmd = ["sh", "-c", " ".join(
        ["cc65"] + system_cflags(t, system) + list(flags) + list(includes) +
        ["-o", cache.rel(asm), src, "&&", "ca65", "-t", system, "-o", cache.rel(obj), cache.rel(asm)])]
    cache.cached(obj, cmd, [src] + list(inputs), cache.tool_version("cc65"), log)
    return obj


def assemble(system: str, src, obj, inputs=(), log=lambda m: None):
    cache.cached(obj, ["ca65", "-t", system, "-o", cache.rel(obj), cache.rel(src)], [cache.rel(src)] + list(inputs),
                 cache.tool_version("ca65"), log)
    return obj


LIB_DIR = Path("/usr/share/cc65/lib")   # the Debian package's runtime libraries


def library_member(lib: str, name: str, obj, log=lambda m: None):
    """One object of a cc65 library (`lib` in LIB_DIR: nes.lib), taken out
    with ar65 into `obj` (its folder; the name is the member's) -> obj."""
    obj.parent.mkdir(parents=True, exist_ok=True)
    cmd = ["sh", "-c", f"cd {cache.rel(obj.parent)} && ar65 x {LIB_DIR / lib} {name}"]
    cache.cached(obj, cmd, [], cache.tool_version("ld65", "-V"), log)
    return obj


def link_image(config, objs, libs, out, map_file, log=lambda m: None):
    """ld65 with the image's own memory layout (`config`) -> out."""
    cmd = ["ld65", "-C", cache.rel(config), "-m", cache.rel(map_file), "-o", cache.rel(out)] + \
        [cache.rel(o) for o in objs] + list(libs)
    cache.cached(out, cmd, [cache.rel(config)] + [cache.rel(o) for o in objs], cache.tool_version("ld65", "-V"), log)
    return out
