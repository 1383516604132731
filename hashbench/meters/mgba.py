# SPDX-License-Identifier: MIT
"""mGBA (libmgba): exact cycles of the Game Boy's SM83 and the GBA's
ARM7TDMI, read at each hb_mark() by src/meters/mgba_run.c.

The program and the runner talk through one mailbox byte (docs/records.md):
the runner looks at it after every instruction.  Its address is written
here only, and handed to both: the guest build (-DHB_MAILBOX=...) and the
runner (--mailbox).  It sits where nothing else lives: HRAM on the Game
Boy, the last bytes of EWRAM on the GBA."""
import os

from ..errors import BuildError
from ..paths import BUILD
from ..results import records
from ..toolchain import cache
from .exact import execute, read_console, spans_measured

NAME = "mgba"
METER = "exact-cycles"
MAILBOX = {"gb": 0xFF80, "gba": 0x0203FFF0}  # by the target's `system`
RUNNER_SRC = ["src/meters/mgba_run.c", "src/engine/hb_record.c"]
HEADER = "/usr/include/mgba/core/core.h"
RUNNER = BUILD / "meters" / "mgba-run"


def mailbox(t) -> int:
    try:
        return MAILBOX[t.system]
    except KeyError:
        raise BuildError(f"{t.name}: mGBA runs 'gb' and 'gba' systems, not {t.system!r}") from None


def platform_defines(t) -> list:
    return [f"HB_MAILBOX=0x{mailbox(t):X}"]


def engine_defines(t) -> list:
    return []


def programs(t) -> list:
    return [cache.host_cc()] + ([] if os.path.exists(HEADER) else ["libmgba headers (libmgba-dev)"])


def version(t) -> str:
    out = cache.run(["dpkg-query", "-W", "-f=${Version}", "libmgba-dev"]).stdout.strip()
    return "libmgba " + (out or "unknown")


def prepare(t, log):
    cc = cache.host_cc()
    cmd = [cc, "-std=gnu11", "-O2", "-Wall", "-Wextra", "-DHB_RECORD_U64", "-Isrc/engine"] + RUNNER_SRC + \
        ["-o", cache.rel(RUNNER), "-lmgba"]
    cache.cached(RUNNER, cmd, RUNNER_SRC + ["src/engine/hb_record.h"], cache.tool_version(cc), log)
    return RUNNER


def program_command(t, prog, log) -> list:
    """The command that runs a program of ours once (its records on stdout)."""
    return [str(prepare(t, log)), "--mailbox", f"0x{mailbox(t):X}", cache.rel(prog)]


def run(t, rom) -> dict:
    proc = execute([str(RUNNER), "--mailbox", f"0x{mailbox(t):X}", cache.rel(rom)])
    bad = []
    p = read_console(records.parse(proc.stdout, bad), bad)
    if proc.returncode != 0 or not p["done"] or p["errors"]:
        detail = "; ".join(p["errors"]) or (proc.stdout + proc.stderr).strip()[-200:] or "no output"
        raise BuildError(f"{rom.name}: mgba-run {records.died_in(proc.returncode, proc.stdout)}: {detail}")
    return p


def measure(t, prog, impls, sizes, check_repeat=False, jobs=1) -> dict:
    """One run gives every (implementation, size): the spans repeat by
    construction (two one-call spans must be equal)."""
    return spans_measured(run(t, prog), prog.name)
