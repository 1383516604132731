# SPDX-License-Identifier: MIT
"""What the ROM cross-checks (studies.rom_*crosscheck) share: one pass of a
console's image of a selection, built and run headless, its records read."""
import sys
import time

from hashbench.paths import ROOT
from hashbench.rom import image, run

GENERATED = ROOT / "docs" / "generated"


def log(m):
    print(m, file=sys.stderr)


def generated_page(title: str, command: str, body: str) -> str:
    """A page of docs/generated/ holding a cross-check's output: its title,
    the command that wrote it, then the study's own Markdown."""
    return (f"# {title}\n\nWritten by `{command}`; do not edit by hand (the method and what the figures "
            f"say: [roms.md](../roms.md)).\n\n{body}")


def play_pass(con, algos, impls, size: int, budget_ms: int, **build):
    """`con`: a hashbench.rom.console.Console -> (plan, built, session, the pass's records as run.read gives them);
    a line on stderr says what ran and how long it took.  `build`: the console build's own options (place=)."""
    p = image.plan(algos, impls, size, budget_ms, con.can_build)
    built = con.build(p, log, **build)
    t0 = time.monotonic()
    session = run.play(con, built.path, len(p.rows), p.budget_ms, log, pages=False)
    log(f"ROM: {len(p.rows)} rows, {con.describe(built)}; {session.emulated_s:.2f} s emulated, "
        f"{time.monotonic() - t0:.2f} s here")
    return p, built, session, run.read(session.records)
