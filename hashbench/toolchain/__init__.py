# SPDX-License-Identifier: MIT
"""Builds: one interface over the toolchains (gcc and its cross compilers,
cc65, SDCC), a cache of build steps, and the host engine's make.

A toolchain module gives, for a target description:
  programs(t)                   the executables it needs (for 'is it installed?')
  version(t)                    the compiler's version line
  compile_cmd(t, src, obj, defines, flags)   one C file -> one object
  asm_cmd(t, src, obj)          start-up assembly -> object
  archive_cmd(t, lib, objs)     objects -> a static library
  link(t, objs, lib, out_dir, stem, log)     -> (the file to run, the link command)
  tool(t, name)                 a binutils-like tool of that toolchain (nm, size, ar, objcopy)
and the suffixes of its objects and libraries, and whether two programs may
compile side by side (parallel_programs: cl65 writes its assembly beside
the C source).  Adding a toolchain is one
module and one line in TOOLCHAINS."""
import importlib
import re
from pathlib import Path

from ..paths import ROOT

TOOLCHAINS = ("gcc", "cc65", "sdcc")   # modules of this package, imported when first used


def toolchain(name: str):
    if name not in TOOLCHAINS:
        raise KeyError(name)
    return importlib.import_module(f".{name}", __name__)


INCLUDE = re.compile(r'^\s*\.include\s+"([^"]+)"', re.M)


def assembly_includes(src) -> list:
    """The files an assembly source names with .include "x": beside it, as
    sdasgb and ca65 resolve them, else from the repository's root, where the
    builds run (the GBA's crt0.s files name their shared start-up so); the
    build depends on them too."""
    def where(name: str) -> str:
        beside = Path(src).parent / name
        return str(beside) if (ROOT / beside).exists() or not (ROOT / name).exists() else name
    return [where(m.group(1)) for m in INCLUDE.finditer((ROOT / src).read_text())]


def assembly_search(sources) -> tuple:
    """(-I flags, the included files) for one gcc command over `sources`: GNU as finds a .include
    only in a folder named with -I, where ca65 and sdasgb look beside the file."""
    incs = [i for s in sources if str(s).endswith(".s") for i in assembly_includes(s)]
    return ["-I" + d for d in dict.fromkeys(str(Path(i).parent) for i in incs)], incs


def assembly_text(src) -> str:
    """An assembly source with the files it .includes pasted in where it names them: a copy that
    stands alone (the ROM builds write theirs elsewhere, where the assembler would not find them)."""
    text = (ROOT / src).read_text()
    for inc in assembly_includes(src):
        text = re.sub(rf'^\s*\.include\s+"{re.escape(Path(inc).name)}".*$',
                      lambda _m, inc=inc: (ROOT / inc).read_text(), text, flags=re.M)
    return text
