# SPDX-License-Identifier: MIT
"""ucsim's sz80: exact Z80 T-states.

Output and stop go through ucsim's simulator interface, one byte whose
address is written here only and handed to the guest build
(-DHB_SIMIF=...) and to sz80 (-I if=rom[...]).  The meter stops sz80 at
a breakpoint on hb_mark() and reads its clock with `state`; each reading
becomes a `mark` record in the program's stream."""
import re

from .. import records
from ..build import cache, sdcc
from ..errors import BuildError
from .exact import execute, read_console, spans_measured

NAME = "ucsim"
METER = "exact-cycles"
SIMIF_ADDR = 0xFFFF
MARK_SYMBOL = "hb_mark"
_CLOCK = re.compile(r"Total time since last reset= \S+ sec \((\d+) clks\)")


def platform_defines(t) -> list:
    return [f"HB_SIMIF=0x{SIMIF_ADDR:X}"]


def engine_defines(t) -> list:
    return []


def programs(t) -> list:
    return [t.runner[0]]


def version(t) -> str:
    return cache.tool_version(t.runner[0], "-v")


def prepare(t, log):
    """Nothing to build for ucsim."""


def script(addr: int, marks: int) -> str:
    """Console commands: stop at hb_mark, read the clock at each of the
    `marks` stops, then run to the end.  One `run` too many would restart the
    program's final loop forever, so the count must be exact."""
    return f"break 0x{addr:x}\n" + "run\nstate\n" * marks + "run\nquit\n"


def to_records(console: str, errors=None) -> list:
    """sz80's console -> the program's records, with each clock reading
    after a breakpoint stop as a `mark` record, in order."""
    out = []
    for line in console.splitlines():
        m = _CLOCK.search(line)
        if m:
            out.append({"rec": "mark", "cycles": int(m.group(1))})
        elif '{"rec":' in line:  # the program's line, after ucsim's prompt if any
            out += records.parse([line[line.find('{"rec":'):]], errors)
    return out


def run(t, prog, marks: int) -> dict:
    cmd = list(t.runner) + ["-I", f"if=rom[0x{SIMIF_ADDR:x}]", "-b", "-q", cache.rel(prog)]
    proc = execute(cmd, stdin_text=script(sdcc.symbol_address(prog, MARK_SYMBOL), marks))
    bad = []
    p = read_console(to_records(proc.stdout, bad), bad)
    if proc.returncode != 0 or not p["done"] or p["errors"]:
        detail = "; ".join(p["errors"]) or (proc.stdout + proc.stderr).strip()[-200:] or "no output"
        raise BuildError(f"{prog.name}: sz80 {records.died_in(proc.returncode, proc.stdout)}: {detail}")
    return p


def measure(t, prog, impls, sizes, check_repeat=False, jobs=1) -> dict:
    """Six marks for each implementation and size, and for console.c's empty function at each size."""
    return spans_measured(run(t, prog, 6 * (len(impls) + 1) * len(sizes)), prog.name)
