# SPDX-License-Identifier: MIT
"""The Game Boy ROM's timer against mGBA's exact cycles, row by row
(docs/roms.md, "The Game Boy image").

    .venv/bin/python -m studies.rom_gb_crosscheck [--budget 200] [--size 1024] [-a ALGO] [--impl all]

Builds the Game Boy image of the selection (hashbench.rom.gb: the `gb`
target's compiler and flags, each algorithm in a switchable bank), runs it
headless in the mGBA libretro core, runs `hashbench cross --target gb` on
the same algorithms (each one's console program under the mGBA runner,
src/meters/mgba_run.c: exact cycles of one call), and prints one Markdown
row per row of the image.

The ROM times n calls between two readings of TIMA (65,536 Hz: a tick is
64 cycles) and the count of its overflows:
    cycles = (E + n * (C + F + l)) * (1 + I / 16384)
C: one call as the console program measures it (argument set-up, the call,
the body, the return); F: the row's stub and the banked call
(hashbench/rom/gb.py FAR_CALL_CYCLES); l: the loop's own cost per
iteration, 0 <= l <= L, L the ROM's harness (the same loop around an empty
function in bank 0, per iteration); E: the two readings and the loop's
set-up, which the ROM times as a span of no call (`empty_ticks`, to a
tick); I: the timer interrupt's cycles, once every 256 ticks (crt0.s: 100,
and 44 more every 256th).  So the check is
    0 <= ROM - (C + F) <= L + (E + 64) / n + ROM * I / 16384
(the 64: one tick over the batch).  Closer, with l = L - EMPTY_CALL (the
empty function's call and return, which C counts too), what is left of the
ROM's figure after the model is its residual."""
import argparse
import sys

from hashbench import roster
from hashbench.flows import cross
from hashbench.results.result import Build
from hashbench.rom import gb, run
from hashbench.targets import host
from studies import listed, reference_tables
from studies.rom_pass import log, measure_pass

TICK = 64                            # cycles a TIMA tick (4,194,304 / 65,536)
OVERFLOW = 256 * TICK
TIMER_IRQ = 100 + 44 / 256           # crt0.s: dispatch 20, common path 80; every 256th 44 more
EMPTY_CALL = 60                      # the empty function's call (24), SDCC's jp (hl) (4), its body (32)


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--budget", type=int, default=200, help="ms per row on the console (default 200)")
    ap.add_argument("--size", type=int, default=1024)
    ap.add_argument("-a", "--algo", action="append")
    ap.add_argument("--impl", default="portable", help="portable, compact or all")
    args = ap.parse_args(argv)
    algos = roster.select(listed(args.algo) or None)
    impls = list(roster.OURS) if args.impl == "all" else [args.impl]
    p, _built, session, got = measure_pass(gb.CONSOLE, algos, impls, args.size, args.budget)
    rom = {(r.algorithm, r.implementation): r
           for r in run.results(session.records, gb.CONSOLE, host.expected_digests(), Build("gb-rom"))}
    h_iters, h_ticks = got["harness"][args.size]
    loop, empty = h_ticks * TICK / h_iters, got["empty"][args.size] * TICK
    exact_run = cross.measure(cross.Request(["gb"], [args.size], [r.algo for r in p.rows],
                                            sorted({r.impl for r in p.rows})), log=log)
    exact = {(r.algorithm, r.implementation): r for r in exact_run.results if r.verified}
    print(f"size {args.size} B, budget {args.budget} ms; harness L = {loop:.1f} cycles an iteration, "
          f"E = {empty} cycles (a span of no call, to a tick); F = {gb.FAR_CALL_CYCLES} cycles a call\n")
    print("| row | ITER | ROM cycles/call | mGBA exact + F | ROM − that | bound | within | residual |")
    print("|---|---:|---:|---:|---:|---:|:---:|---:|")
    fails = 0
    for row in p.rows:
        key = (row.algo.id, row.impl)
        name = f"{row.label} ({row.impl})"   # the screen's label and, as its I column marks it, the implementation
        r, x = rom.get(key), exact.get(key)
        if r is None or x is None or not r.verified:
            print(f"| {name} | - | - | - | - | - | no figure | - |")
            fails += 1
            continue
        n = r.extra["iters"]
        per_call = r.extra["ticks"] * TICK / n
        base = x.per_call + x.extra.get("empty_call", 0) + gb.FAR_CALL_CYCLES   # the call itself, as before empty_call
        diff = per_call - base
        bound = loop + (empty + TICK) / n + per_call * TIMER_IRQ / OVERFLOW
        model = (base + loop - EMPTY_CALL + empty / n) * (1 + TIMER_IRQ / OVERFLOW)
        ok = 0 <= diff <= bound
        fails += not ok
        print(f"| {name} | {n:,} | {per_call:,.0f} | {base:,.0f} | {diff:+,.0f} ({diff / base:+.2%}) | "
              f"{bound:,.0f} | {'yes' if ok else 'NO'} | {per_call - model:+,.0f} ({(per_call - model) / model:+.4%}) |")
    seed = reference_tables.seed_data()["gb"]
    shown = [row for row in p.rows if row.algo.id in seed["ms"] and (row.algo.id, row.impl) in rom]
    if shown and args.size == seed["size"]:
        print("\nBeside the seed: hash-bench-gb's README, ms per hash of its C build (GBDK-2020's SDCC) and of "
              "its hand-written assembly, both a timer in an emulator, and the ROM's, 1024 B\n")
        print("| row | seed C ms | seed asm ms | ROM ms | ROM / seed C |\n|---|---:|---:|---:|---:|")
        for row in shown:
            c_ms, asm_ms = seed["ms"][row.algo.id]
            ms = rom[(row.algo.id, row.impl)].ns_per_call / 1e6
            print(f"| {row.label} ({row.impl}) | {c_ms:g} | {asm_ms or '-'} | {ms:,.0f} | {ms / c_ms:.2f} |")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
