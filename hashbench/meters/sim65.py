# SPDX-License-Identifier: MIT
"""sim65 (cc65's 6502 simulator): exact cycles of a whole run.

A program cannot read sim65's cycle counter; `sim65 -c` prints the run's
total when the program exits.  So the console program runs as
`prog IMPL SIZE EXTRA` (built with HB_CONSOLE_ARGV): it prints the digest, then
calls the hash EXTRA more times.  Per (implementation, size) the meter runs
EXTRA = 0 and 1 (and 2 with check_repeat) and turns each total into a
`total` record; cost = total(1) - total(0), and total(2) - total(0) must be
twice that."""
import re
from concurrent.futures import ThreadPoolExecutor

from .. import records
from ..build import cache
from ..errors import BuildError
from .exact import EMPTY, Measured, execute, read_console

NAME = "sim65"
METER = "exact-cycles"


def platform_defines(t) -> list:
    return []


def engine_defines(t) -> list:
    """The program takes IMPL SIZE EXTRA from its command line; its input
    buffer starts a page, as the NES ROM's does (console.c)."""
    return ["HB_CONSOLE_ARGV", "HB_CONSOLE_BUF_ALIGN=256"]


def programs(t) -> list:
    return [t.runner[0]]


def version(t) -> str:
    return cache.tool_version(t.runner[0])


def prepare(t, log):
    """Nothing to build for sim65."""


def program_command(t, prog, log) -> list:
    """The command that runs a program of ours once (its records on stdout)."""
    return ["sim65", cache.rel(prog)]


def to_records(text: str, errors=None) -> list:
    """The program's records, plus sim65's closing 'N cycles' as a total."""
    recs = records.parse(text, errors)
    m = re.search(r"^(\d+) cycles$", text, re.M)
    if m:
        recs.append({"rec": "total", "cycles": int(m.group(1))})
    return recs


def run(t, prog, impl, size, extra) -> dict:
    proc = execute(list(t.runner) + [cache.rel(prog), impl, str(size), str(extra)])
    bad = []
    p = read_console(to_records(proc.stdout, bad), bad)
    if proc.returncode != 0 or not p["done"] or p["cycles"] is None:
        detail = "; ".join(p["errors"]) or (proc.stdout + proc.stderr).strip()[-200:] or "no output"
        raise BuildError(f"{prog.name} {impl} {size} {extra}: sim65 {records.died_in(proc.returncode, proc.stdout)}: {detail}")
    return p


def measure(t, prog, impls, sizes, check_repeat=False, jobs=1) -> dict:
    """{(impl, size): Measured}, the empty function's too (EMPTY: console.c)."""
    extras = (0, 1, 2) if check_repeat else (0, 1)
    impls = list(impls) + [EMPTY]
    keys = [(impl, size, e) for impl in impls for size in sizes for e in extras]
    with ThreadPoolExecutor(max_workers=jobs) as pool:
        runs = dict(zip(keys, pool.map(lambda k: run(t, prog, *k), keys)))
    out = {}
    for impl in impls:
        for size in sizes:
            got = [runs[(impl, size, e)] for e in extras]
            digests = {p["digests"].get((impl, size)) for p in got}
            if len(digests) != 1:
                raise BuildError(f"{prog.name}: {impl} @{size} B: the runs print different digests")
            totals = [p["cycles"] for p in got]
            out[(impl, size)] = Measured(digests.pop(), [[e, c] for e, c in zip(extras[1:], totals[1:])],
                                         [[0, totals[0]]])
    return out
