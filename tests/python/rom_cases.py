# SPDX-License-Identifier: MIT
"""What the ROM tests build and run, per console of the registry
(hashbench/rom/console.py): one small image and one headless pass of it,
made once per test process and shared by tests/python/test_rom_consoles.py
(what every console must do) and the console's own test file (what only it
does: its header, banks, controls)."""
import functools
import shutil
from dataclasses import dataclass
from pathlib import Path

from hashbench import roster
from hashbench.rom import console, image, libretro, run


@dataclass(frozen=True)
class Case:
    algos: str                   # the image's rows (-a)
    engine: tuple                # its engine record's (target, cpu, timer, tick_hz, clock_hz)
    tools: tuple                 # the programs the build needs
    command: tuple               # `hashbench rom` arguments of the command's test, -o, --run and --db aside
    rows_shown: int              # the rows that command's image holds (digests verified)
    image_suffix: str            # -o's suffix
    impls: tuple = ("portable",)
    size: int = 1024
    budget_ms: int = 20
    screenshot: tuple | None = None   # the command's --screenshot (taken where there is a screen): its size
                                      # (the title's 3 lines, a line a row, the legend's, the status line; the
                                      # DS's lower screen below, after a strip of 4 pixels), at scale 2
    two_colours: bool = False    # ... and it has the text's and the background's colours only
    loop_cycles: tuple | None = None  # the harness (the timed loop around an empty function): CPU cycles a call
    ctrl_c_budget: str = ""      # the Ctrl-C test's --budget (CTRL_C_ROWS' image); "": no such test


# The Ctrl-C test's rows: enough that Ctrl-C after the first leaves rows to do, few enough to compile
# in seconds (the whole roster's image took a full compile, twice on the NUCLEO: 20-25 s a console).
CTRL_C_ROWS = "xor8,crc32,md5,sha256,sha512"

CASES = {
    "nes": Case("crc32,md5,sha256", ("nes", "6502", "frames+loop", 1789773, 1789773), ("cc65",),
                ("-a", "crc32,md5", "--size", "64"), 2, ".nes", impls=("portable", "compact"), size=64,
                screenshot=(512, 112), two_colours=True),
    "snes": Case("crc32,md5", ("snes", "65816", "master cycles", 21477273, 3579545), ("cc65",),
                 ("-a", "crc32,md5", "--size", "64"), 2, ".sfc", size=64, screenshot=(512, 112),
                 two_colours=True),
    "gb": Case("djb2,fletcher16,crc16,adler32", ("gb", "SM83", "tima", 65536, 4194304), ("sdcc", "makebin"),
               ("-a", "crc16", "--impl", "all", "--size", "64"), 3, ".gb", impls=("portable", "compact"), size=64,
               two_colours=True),   # all: portable, compact and the SM83's assembly
    # the same image as a Color runs it: double speed (gb.c's start-up)
    "gbc": Case("djb2,fletcher16,crc16,adler32", ("gbc", "SM83", "tima", 131072, 8388608), ("sdcc", "makebin"),
                ("-a", "crc16", "--impl", "all", "--size", "64"), 3, ".gb", impls=("portable", "compact"), size=64,
                loop_cycles=(100, 1000)),
    "gba": Case("crc32,md5,sha256", ("gba", "ARM7TDMI", "cycles", 16777216, 16777216), ("arm-none-eabi-gcc",),
                ("-a", "crc32,md5"), 2, ".gba", impls=("portable", "compact"), screenshot=(480, 112),
                two_colours=True, loop_cycles=(10, 200)),
    "nds": Case("crc32,md5,sha256", ("nds", "ARM946E-S", "bus-cycles", 33513982, 67027964), ("arm-none-eabi-gcc",),
                ("-a", "crc32,md5"), 2, ".nds", screenshot=(512, 504), loop_cycles=(2, 100)),
    "n64": Case("crc32,md5,sha256", ("n64", "VR4300", "count", 46875000, 93750000), ("mips64-linux-gnuabi64-gcc",),
                ("-a", "crc32"), 1, ".z64", ctrl_c_budget="1s"),
    "nucleo-f767": Case("crc32,md5,sha256", ("nucleo-f767-qemu", "Cortex-M7", "timer0", 25000000, 25000000),
                        ("arm-none-eabi-gcc", "qemu-system-arm"), ("-a", "crc32"), 1, ".elf", ctrl_c_budget="5s"),
}


def missing_tools(name: str) -> str:
    """What the console's build lacks here, or ''."""
    gone = [t for t in CASES[name].tools if shutil.which(t) is None]
    return f"needs {', '.join(gone)} (scripts/setup.sh)" if gone else ""


def missing_emulator(name: str) -> str:
    """Why the console's image cannot run here, or ''."""
    con = console.get(name)
    if con.runs_in_libretro:
        core = libretro.CORES_DIR / libretro.CORE_FILES[con.emulator]
        return "" if core.exists() else f"needs the libretro core {core.name} (scripts/setup.sh)"
    try:
        con.check_emulator()
    except Exception as exc:   # UserError: what to install
        return str(exc)
    return ""


def plan(name: str) -> image.Plan:
    c, con = CASES[name], console.get(name)
    return image.plan(roster.select([c.algos]), list(c.impls), c.size, c.budget_ms, con.can_build)


@functools.cache
def built(name: str):
    """-> (plan, built): the case's image (the plan as the build narrowed it)."""
    p = plan(name)
    return p, console.get(name).build(p)


@functools.cache
def session(name: str) -> run.Session:
    """One headless pass of the case's image, the table read off the screen."""
    p, b = built(name)
    con = console.get(name)
    return run.measure(con, Path(b.path), len(p.rows), p.budget_ms, stream=None,
                       legend=len(image.legend(con.cols, [(r.algo, r.impl) for r in p.rows])))


def labels(p) -> dict:
    return {(r.algo.id, r.impl): r.label for r in p.rows}
