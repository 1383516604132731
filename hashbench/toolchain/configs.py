# SPDX-License-Identifier: MIT
"""Build configurations as data: a compiler and its flags, with a name.

A configuration's name is derived from both and is stable (the same
compiler and flags give the same name in every run, so stored results of
two runs meet in `hashbench diff`) and readable: the compiler's file name,
then each flag without its leading dashes, joined by '-':

    gcc  -O2                  -> gcc-O2
    clang -O3 -march=native   -> clang-O3-march=native
    gcc  -O2 -flto            -> gcc-O2-flto
    arm-none-eabi-gcc -Os     -> gcc-Os   (a cross target: its toolchain's name)
    cl65 -Oirs                -> cc65-Oirs

Characters a folder name should not hold become '_'.  The name, with '='
written '_' (make reads a target with '=' as an assignment), is also the
build's folder: build/matrix/<folder>/ on the host,
build/cross/<target>/<folder>/ for a QEMU target, build/console/<target>/<folder>/
for a console.

--flags takes flag sets separated by commas (`--flags=-O2,-O3,-Os`); a flag
set may hold several flags (`--flags='-O3 -march=native,-O2 -flto'`); every
comma after a -Wl,… (-Wa, -Wp, -Xlinker) stays with it (ld has its own -O1),
so a flag set after one goes in a --flags of its own."""
import re
import shlex
import shutil
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from ..errors import UserError
from . import cache

HOST_COMPILERS_DEFAULT = ["gcc"]
FLAGS_DEFAULT = ["-O2"]     # the project's default build (Makefile OPT)
PASS_THROUGH = re.compile(r"^-(Wl|Wa|Wp|Xlinker)$")
UNSAFE = re.compile(r"[^A-Za-z0-9=._+-]")
OPT = re.compile(r"^-O[0-9a-z]*$")        # an optimisation level: gcc's -O2, -Os, -Ofast; cc65's -O, -Oirs


@dataclass(frozen=True)
class BuildConfig:
    """One build: `compiler` (a program: gcc, clang, clang-14, a cross gcc)
    and `flags` (a tuple of arguments).  `short` is the compiler's part of
    the name ('gcc' for every cross target's gcc)."""
    compiler: str
    flags: tuple
    short: str

    @property
    def name(self) -> str:
        parts = [self.short] + [f.lstrip("-") for f in self.flags]
        return UNSAFE.sub("_", "-".join(p for p in parts if p))

    @property
    def folder(self) -> str:
        """The name as a folder: '=' would make make read a target as an assignment."""
        return self.name.replace("=", "_")

    @property
    def flag_text(self) -> str:
        return " ".join(shlex.quote(f) for f in self.flags)

    def to_dict(self) -> dict:
        return {"name": self.name, "compiler": self.compiler, "flags": self.flag_text}


def split_flag_sets(values) -> list:
    """['-O2,-O3', '-O3 -march=native'] -> [('-O2',), ('-O3',), ('-O3', '-march=native')].
    A comma separates flag sets, except inside -Wl,… (-Wa, -Wp, -Xlinker)."""
    out = []
    for value in values or []:
        pieces = str(value).split(",")
        sets, current = [], None
        for piece in pieces:
            if current is not None and current and PASS_THROUGH.match(current.split()[-1].split(",")[0]):
                current += "," + piece
                continue
            if current is not None:
                sets.append(current)
            current = piece
        if current is not None:
            sets.append(current)
        for s in sets:
            try:
                fs = tuple(shlex.split(s))
            except ValueError as exc:
                raise UserError(f"--flags: cannot read {s!r} ({exc})") from exc
            if fs:
                out.append(fs)
    if not out:
        raise UserError("--flags names no flag set (e.g. --flags=-O2,-O3)")
    return out


def short_name(compiler: str) -> str:
    return Path(compiler).name or compiler


def parse(compilers=None, flags=None, target=None) -> list:
    """--cc and --flags -> the builds, compilers outermost, in the order
    given, each once (the same compiler and flags named twice is one build).
    target: a cross target, which builds with its own compiler only (named
    by its toolchain: gcc, cc65, sdcc); without --flags its own -O level."""
    ccs = [c.strip() for v in (compilers or []) for c in str(v).split(",") if c.strip()]
    if target is not None:
        bad = [c for c in ccs if c not in (target.cc, toolchain_name(target))]
        if bad:
            raise UserError(f"--cc {bad[0]}: target {target.name} builds with its own compiler ({target.cc}); "
                            "--cc chooses the host's")
        ccs = [target.cc]
        default = [tuple(f for f in target.cflags if OPT.match(f))]
    else:
        ccs = ccs or list(HOST_COMPILERS_DEFAULT)
        default = [tuple(f.split()) for f in FLAGS_DEFAULT]
    flag_sets = split_flag_sets(flags) if flags else default
    out, names = [], {}
    for cc in ccs:
        for fs in flag_sets:
            cfg = BuildConfig(cc, fs, toolchain_name(target) if target is not None else short_name(cc))
            if cfg in out:
                continue
            other = names.get(cfg.name)
            if other is not None:
                raise UserError(f"builds '{other.compiler} {other.flag_text}' and '{cfg.compiler} {cfg.flag_text}' "
                                f"would both be named {cfg.name}: name the compiler one way")
            names[cfg.name] = cfg
            out.append(cfg)
    return out


def toolchain_name(target) -> str:
    return getattr(target, "toolchain", "gcc")


def first_error(text: str) -> str:
    """The compiler's telling line: its first 'error' line, else its last line."""
    lines = [x.strip() for x in text.splitlines() if x.strip()]
    hit = next((x for x in lines if "error" in x.lower()), None)
    return hit or (lines[-1] if lines else "no message")


def check(cfg: BuildConfig, base_flags=(), link=True) -> str:
    """None when `cfg.compiler` exists and accepts `cfg.flags` (with
    `base_flags` before them) on a tiny strict C99 program, compiled and,
    with `link`, linked; else one line naming the build and quoting the
    compiler."""
    if shutil.which(cfg.compiler) is None:
        return f"build {cfg.name}: compiler {cfg.compiler!r} not found"
    with tempfile.TemporaryDirectory(prefix="hb-probe-") as tmp:
        src = Path(tmp) / "probe.c"
        src.write_text("int main(void) { return 0; }\n")
        cmd = [cfg.compiler, "-std=c99", "-pedantic", "-Wall", "-Wextra", "-Werror"] + list(base_flags) + \
            list(cfg.flags) + ([] if link else ["-c"]) + [str(src), "-o", str(Path(tmp) / "probe")]
        try:
            proc = subprocess.run(cmd, capture_output=True, text=True, timeout=120, cwd=tmp)
        except (OSError, subprocess.SubprocessError) as exc:
            return f"build {cfg.name}: cannot run {cfg.compiler}: {exc}"
    if proc.returncode != 0:
        return f"build {cfg.name}: {cfg.compiler} rejects '{cfg.flag_text}': {first_error(proc.stderr + proc.stdout)}"
    return None


def version(cfg: BuildConfig) -> str:
    return cache.tool_version(cfg.compiler)


def replace_opt(base_flags, flags) -> list:
    """A target's flags with its optimisation level (-O…) replaced by a
    build's flags, which come last."""
    return [f for f in base_flags if not OPT.match(f)] + list(flags)
