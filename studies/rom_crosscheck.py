# SPDX-License-Identifier: MIT
"""The GBA ROM's timer against mGBA's exact cycles, row by row
(docs/roms.md, "Two ways of measuring the same code").

    .venv/bin/python -m studies.rom_crosscheck [--budget 200] [--size 1024] [-a ALGO] [--write]

(--write: docs/generated/rom-gba-crosscheck.md, which docs/roms.md links, in
place of standard output.)

Builds the ROM image of the selection in the placement `gba`
(hashbench.rom.gba, --place gba: the `gba` target's compiler, flags and
placement: code in cartridge ROM, WAITCNT at its power-on value), runs it headless in the mGBA libretro core, and runs
`hashbench cross --target gba` on the same algorithms (each one's console
program under the mGBA runner, src/meters/mgba_run.c), then prints one
Markdown row per algorithm.

The ROM times n calls back to back between two readings of TM0/TM1:
    ticks = E + n * (C + l)
C: one call as the console program measures it (its span of one call less
its span of none: the call sequence, the body, the return), l: the loop's
own cost per iteration (counter, compare, branch), E: the two readings and
the loop's set-up, which the ROM times as a span of no call (`empty_ticks`).
So the ROM's cycles per call, ticks / n, exceed C by l + E / n, with
0 <= l <= L, L the ROM's harness (the same loop around an empty function,
per iteration, which holds l and the empty call).  The check: 0 <= ticks/n
- C <= L + (E + 1) / n, the 1 the timer's resolution; and l = ticks/n - C -
E/n should come out the same for every algorithm, the same loop."""
import argparse
import sys

from hashbench import roster
from hashbench.flows import cross
from hashbench.results.result import Build
from hashbench.rom import gba, run
from hashbench.targets import host
from studies import reference_tables, write
from studies.rom_pass import GENERATED, generated_page, log, measure_pass

PAGE = GENERATED / "rom-gba-crosscheck.md"


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--budget", type=int, default=200, help="ms per row on the console (default 200)")
    ap.add_argument("--size", type=int, default=1024)
    ap.add_argument("-a", "--algo", action="append")
    ap.add_argument("--write", action="store_true", help=f"write {PAGE.relative_to(GENERATED.parent.parent)} "
                                                         "(default: standard output)")
    args = ap.parse_args(argv)
    algos = roster.select(args.algo)
    _p, _built, session, got = measure_pass(gba.CONSOLE, algos, ["portable"], args.size, args.budget, place="gba")
    rom = {r.algorithm: r for r in run.results(session.records, gba.CONSOLE, host.expected_digests(), Build("gba-rom"))}
    h_iters, h_ticks = got["harness"][args.size]
    loop, empty = h_ticks / h_iters, got["empty"][args.size]
    exact_run = cross.measure(cross.Request(["gba"], [args.size], algos, ["portable"]), log=log)
    exact = {r.algorithm: r for r in exact_run.results if r.verified}
    out = [f"size {args.size} B, budget {args.budget} ms; harness L = {loop:.2f} cycles an iteration, "
           f"E = {empty} cycles (a span of no call)\n",
           "| algo | ITER | ROM cycles/call | mGBA exact | ROM − exact | bound L + (E+1)/n | within | l = diff − E/n |",
           "|---|---:|---:|---:|---:|---:|:---:|---:|"]
    fails = 0
    for a in algos:
        r, x = rom.get(a.id), exact.get(a.id)
        if r is None or x is None or not r.verified:
            out.append(f"| {a.label} | - | - | - | - | - | no figure | - |")
            fails += 1
            continue
        n = r.extra["iters"]
        per_call = r.extra["ticks"] / n
        diff = per_call - x.per_call
        bound = loop + (empty + 1) / n
        ok = 0 <= diff <= bound
        fails += not ok
        out.append(f"| {a.label} | {n:,} | {per_call:,.2f} | {x.per_call:,.0f} | {diff:+.2f} | {bound:.2f} | "
                   f"{'yes' if ok else 'NO'} | {diff - empty / n:.2f} |")
    seed = reference_tables.published("gba")
    shown = [a for a in algos if a.id in seed and a.id in rom and rom[a.id].verified]
    if shown and args.size == 1024:
        out.append("\nBeside the reference study: the suite page's approximate GBA KB/s (devkitARM, mGBA; "
                   "data/seed-speeds.toml) and the ROM's, both a timer in an emulator, 1024 B\n")
        out.append("| algo | seed KB/s | ROM KB/s | ROM / seed |\n|---|---:|---:|---:|")
        for a in shown:
            kb = rom[a.id].kb_per_s
            out.append(f"| {a.label} | {seed[a.id]:g} | {kb:.1f} | {kb / seed[a.id]:.2f} |")
    text = "\n".join(out) + "\n"
    if args.write:
        command = " ".join([".venv/bin/python -m studies.rom_crosscheck", *(argv if argv is not None else sys.argv[1:])])
        text = generated_page("The GBA ROM's timer against mGBA's exact cycles", command, text)
    write(text, PAGE if args.write else "-")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
