# SPDX-License-Identifier: MIT
"""The NDS ROM's timer against the ARM946E-S cycle model, row by row
(docs/roms.md, "The NDS timer against the ARM946E-S cycle model").

    .venv/bin/python -m studies.rom_nds_crosscheck [--budget 200] [--size 1024] [-a ALGO] [-o FILE] [--db PATH]

Builds the NDS image of the selection (hashbench.rom.nds: the `nds`
target's compiler and flags, code and data in main RAM with the caches on),
runs it headless in Debian's DeSmuME libretro core, and runs `hashbench
cross --target nds --meter est-cycles --impl portable` on the same
algorithms twice: the model itself (data/cpu-models/arm946e-s-nds.toml)
and its `desmume` variant (the ARM9 as DeSmuME charges it, not as the
hardware runs).  Then prints one Markdown row per algorithm.

There is no exact-cycle ARM9 meter to hold the ROM to, so this is a
comparison, not a check with a bound.  The ROM times n calls back to back
between two readings of TM0/TM1 (two ARM9 cycles a tick):
    cycles = E + n * (C + l)
E: the two readings and the loop's set-up (`empty_ticks`, a span of no
call), l: the loop's own cost per iteration.  The ROM's column is
(cycles - E) / n - L, L the ROM's harness (the same loop around an empty
function, per iteration: l and the empty function's call), so it is C
less at most the empty call's few cycles; the model's columns count the
call, body and return of one call."""
import argparse
import math
import sys

from hashbench import roster
from hashbench.flows import cross
from hashbench.meters import CYCLE_MODEL
from hashbench.results.result import Build
from hashbench.rom import nds, run
from hashbench.storage.store import Store
from hashbench.targets import host
from studies import listed, write
from studies.rom_pass import GENERATED, generated_page, log, measure_pass

VARIANT = "desmume"
NEAR = (0.01, 0.03, 0.05)       # the shares of the variant's estimate the summary counts rows within


def estimates(algos, size: int, variant, store) -> dict:
    """{algorithm id: estimated cycles a call} of the ARM946E-S model (or its variant)."""
    done = cross.measure(cross.Request(["nds"], [size], algos, ["portable"], meter=CYCLE_MODEL, model_variant=variant),
                         store, log)
    return {r.algorithm: r.per_call for r in done.results if r.verified}


def geomean(values) -> float:
    return math.exp(sum(map(math.log, values)) / len(values)) if values else float("nan")


def table(algos, rom: dict, model: dict, variant: dict) -> tuple[list, list]:
    """-> (the Markdown lines, [(label, ROM / model, ROM / variant)] of the rows with all three figures)."""
    lines = [f"| algorithm | ROM timer (DeSmuME), cycles/call, loop subtracted | model est. cycles | ROM / model "
             f"| `{VARIANT}` variant est. cycles | ROM / variant |",
             "|---|---:|---:|---:|---:|---:|"]
    ratios = []
    for a in algos:
        r, m, v = rom.get(a.id), model.get(a.id), variant.get(a.id)
        if r is None or m is None or v is None:
            lines.append(f"| {a.label} | {'-' if r is None else f'{r:,.0f}'} | {'-' if m is None else f'{m:,.0f}'} "
                         f"| - | {'-' if v is None else f'{v:,.0f}'} | - |")
            continue
        ratios.append((a.label, r / m, r / v))
        lines.append(f"| {a.label} | {r:,.0f} | {m:,.0f} | {r / m:.2f} | {v:,.0f} | {r / v:.3f} |")
    return lines, ratios


def summary(ratios) -> list:
    if not ratios:
        return ["No algorithm has all three figures."]
    to_model = [m for _, m, _ in ratios]
    to_variant = [v for _, _, v in ratios]
    farthest = max(ratios, key=lambda t: abs(math.log(t[2])))
    near = ", ".join(f"{sum(abs(v - 1) <= share for v in to_variant)} within {share:.0%}" for share in NEAR)
    outside = ", ".join(f"{label} {v:.2f}" for label, _, v in ratios if abs(v - 1) > NEAR[1])
    return [f"- ROM / model: geometric mean {geomean(to_model):.2f}, {min(to_model):.2f}-{max(to_model):.2f}×, "
            f"{sum(m >= 1 for m in to_model)} of {len(ratios)} rows at or above 1.",
            f"- ROM / `{VARIANT}` variant: geometric mean {geomean(to_variant):.3f} "
            f"({geomean([v for lb, _, v in ratios if lb != farthest[0]]):.3f} without {farthest[0]}, the farthest, "
            f"{farthest[2]:.2f}); of {len(ratios)} rows {near}.",
            f"- Outside {NEAR[1]:.0%} of the variant: {outside or 'none'}."]


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--budget", type=int, default=200, help="ms per row on the console (default 200)")
    ap.add_argument("--size", type=int, default=1024, help="message size in bytes (default 1024)")
    ap.add_argument("-a", "--algo", action="append", help="algorithms (repeat or comma list; default all)")
    ap.add_argument("-o", "--output", metavar="FILE", default="-",
                    help="where the table goes, written whole (default '-': standard output)")
    ap.add_argument("--write", action="store_true", help="write docs/generated/rom-nds-crosscheck.md, which "
                                                         "docs/roms.md links (in place of -o)")
    ap.add_argument("--db", metavar="PATH", help="also store the two cross runs in this results database "
                                                 "(default: not stored)")
    args = ap.parse_args(argv)
    algos = roster.select(listed(args.algo) or None)
    _p, _built, session, got = measure_pass(nds.CONSOLE, algos, ["portable"], args.size, args.budget)
    h_iters, h_ticks = got["harness"][args.size]
    cycles_a_tick = got["engine"]["clock_hz"] / got["engine"]["tick_hz"]
    loop, empty = h_ticks * cycles_a_tick / h_iters, got["empty"][args.size] * cycles_a_tick
    rom = {r.algorithm: (r.extra["ticks"] * cycles_a_tick - empty) / r.extra["iters"] - loop
           for r in run.results(session.records, nds.CONSOLE, host.expected_digests(), Build("nds-rom")) if r.verified}
    store = Store(args.db) if args.db else None
    model, variant = estimates(algos, args.size, None, store), estimates(algos, args.size, VARIANT, store)
    lines, ratios = table(algos, rom, model, variant)
    head = [f"NDS ROM in DeSmuME (interpreter, advanced bus timing), {args.size} B, {args.budget} ms a row; "
            f"ARM9 cycles at 67.03 MHz. The ROM's figure is less its harness, L = {loop:.1f} cycles an "
            f"iteration (the loop around an empty function), and the span of no call, E = {empty:.0f} cycles, "
            f"over its n calls.", ""]
    text = "\n".join(head + lines + [""] + summary(ratios)) + "\n"
    if args.write:
        command = " ".join([".venv/bin/python -m studies.rom_nds_crosscheck", *(argv if argv is not None else sys.argv[1:])])
        text = generated_page("The NDS ROM's timer against the ARM946E-S cycle model", command, text)
    write(text, GENERATED / "rom-nds-crosscheck.md" if args.write else args.output)
    return 0 if len(ratios) == len(algos) else 1


if __name__ == "__main__":
    sys.exit(main())
