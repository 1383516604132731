# SPDX-License-Identifier: MIT
"""gcc and its cross compilers (mips64-linux-gnuabi64-gcc, arm-none-eabi-gcc,
...): the QEMU targets' engine, the GBA's programs, code-size probes."""
import shlex
import sys
from pathlib import Path

from . import cache

parallel_programs = True
obj_suffix = ".o"
lib_suffix = ".a"
STD = ["-std=c99", "-Wall", "-Wextra"]


def tool(t, name: str) -> str:
    """The binutils tool (nm, size, ar, objcopy) next to the compiler."""
    return t.cc[:-3] + name if t.cc.endswith("gcc") else name


def version(t) -> str:
    return cache.tool_version(t.cc)


def programs(t) -> list:
    out = [t.cc, tool(t, "nm")]
    if getattr(t, "rom", "") == "gba":
        out.append(tool(t, "objcopy"))
    return out


def expand(t, flags) -> list:
    """{cc_include} -> the compiler's own include folder (freestanding builds
    that replace the C library's headers but keep the compiler's)."""
    out = []
    for f in flags:
        if "{cc_include}" in f:
            f = f.replace("{cc_include}", cache.run([t.cc, "-print-file-name=include"]).stdout.strip())
        out.append(f)
    return out


def compile_cmd(t, src, obj, defines=(), flags=(), includes=()) -> list:
    defs = ["-D" + d for d in defines]
    return [t.cc] + STD + expand(t, t.cflags) + list(flags) + list(includes) + defs + \
        ["-c", src, "-o", cache.rel(obj)]


def asm_cmd(t, src, obj) -> list:
    """-I the file's folder: GNU as finds a .include there only so (ca65 and sdasgb look beside the file)."""
    return [t.cc] + expand(t, t.cflags) + ["-I" + str(Path(src).parent), "-c", src, "-o", cache.rel(obj)]


def archive_cmd(t, lib, objs) -> list:
    ar = " ".join(shlex.quote(x) for x in [tool(t, "ar"), "rcs", cache.rel(lib)] + [cache.rel(o) for o in objs])
    return ["sh", "-c", f"rm -f {shlex.quote(cache.rel(lib))} && {ar}"]


def executable_cmd(t, sources, out, defines=(), includes=()) -> list:
    """One command from sources to a linked program (the QEMU engine)."""
    return [t.cc] + STD + expand(t, t.cflags) + list(includes) + ["-D" + d for d in defines] + \
        list(sources) + ["-o", cache.rel(out)] + expand(t, t.ldflags)


def link(t, objs, lib, out_dir, stem, log):
    """A GBA program: ELF with the target's linker script, then the ROM."""
    inputs = [cache.rel(o) for o in objs + [lib]]
    elf = out_dir / f"{stem}.elf"
    cmd = ([t.cc] + expand(t, t.cflags) + ["-nostartfiles", "-T", t.linker_script, "-Wl,--gc-sections",
                                          "-Wl,-Map=" + cache.rel(out_dir / "map.txt"), "-o", cache.rel(elf)]
           + inputs + expand(t, t.ldflags))
    cache.cached(elf, cmd, inputs + [t.linker_script], version(t), log)
    if getattr(t, "rom", "") != "gba":
        return elf, cmd
    rom = out_dir / f"{stem}.gba"
    script = (f"{shlex.quote(tool(t, 'objcopy'))} -O binary {shlex.quote(cache.rel(elf))} "
              f"{shlex.quote(cache.rel(rom))} && {shlex.quote(sys.executable)} -m hashbench.toolchain.gbarom "
              f"{shlex.quote(cache.rel(rom))}")
    cache.cached(rom, ["sh", "-c", script], [cache.rel(elf), "hashbench/toolchain/gbarom.py"], "", log)
    return rom, cmd

