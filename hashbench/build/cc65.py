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
    cache.cached(prog, cmd, inputs, version(t), log)
    return prog, cmd


def object_bytes(t, obj) -> int:
    """ROM bytes of one object file: its CODE, RODATA and DATA segments
    (od65; BSS and ZEROPAGE take no ROM)."""
    proc = cache.run(["od65", "--dump-segsize", cache.rel(obj)])
    if proc.returncode != 0:
        raise BuildError(f"od65 failed on {obj}: {proc.stderr.strip()}")
    sizes = dict((m[0], int(m[1])) for m in re.findall(r"^\s*(\w+):\s+(\d+)\s*$", proc.stdout, re.M))
    return sum(sizes.get(s, 0) for s in ("CODE", "RODATA", "DATA", "ONCE", "INIT"))
