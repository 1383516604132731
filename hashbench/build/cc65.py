# SPDX-License-Identifier: MIT
"""cc65: the NES's 6502 (cl65 compiles and links, ar65 archives)."""
import re
import shlex

from ..errors import BuildError
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


def link(t, objs, lib, out_dir, stem, log):
    inputs = [cache.rel(o) for o in objs + [lib]]
    prog = out_dir / f"{stem}.prg"
    cmd = [t.cc] + list(t.ldflags) + ["-m", cache.rel(out_dir / "map.txt"), "-o", cache.rel(prog)] + inputs
    configs = [f for f in t.ldflags if f.endswith(".cfg")]   # ld65's memory layout (nes: sim65.cfg)
    cache.cached(prog, cmd, inputs + configs, version(t), log)
    return prog, cmd


def segment_sizes(obj) -> dict:
    """{segment: bytes} of one object file (od65)."""
    proc = cache.run(["od65", "--dump-segsize", cache.rel(obj)])
    if proc.returncode != 0:
        raise BuildError(f"od65 failed on {obj}: {proc.stderr.strip()}")
    return {m[0]: int(m[1]) for m in re.findall(r"^\s*(\w+):\s+(\d+)\s*$", proc.stdout, re.M)}


def object_bytes(t, obj) -> int:
    """ROM bytes of one object file: its CODE, RODATA and DATA segments
    and PAGED, its page-aligned tables (BSS and ZEROPAGE take no ROM)."""
    sizes = segment_sizes(obj)
    return sum(sizes.get(s, 0) for s in ("CODE", "RODATA", "PAGED", "DATA", "ONCE", "INIT"))


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


def link_image(config, objs, libs, out, map_file, log=lambda m: None):
    """ld65 with the image's own memory layout (`config`) -> out."""
    cmd = ["ld65", "-C", cache.rel(config), "-m", cache.rel(map_file), "-o", cache.rel(out)] + \
        [cache.rel(o) for o in objs] + list(libs)
    cache.cached(out, cmd, [cache.rel(config)] + [cache.rel(o) for o in objs], cache.tool_version("ld65", "-V"), log)
    return out
