# SPDX-License-Identifier: MIT
"""The NES ROM's frame counter against sim65's exact 6502 cycles, row by row
(docs/roms.md, "The NES").

    .venv/bin/python -m studies.rom_nes_crosscheck [--budget 1000] [--size 64] [-a ALGO] [--region ntsc]

Builds the NES image of the selection (hashbench.rom.nes: cc65 -O as the
`nes` target), runs it headless in Nestopia, and runs `hashbench cross
--target nes` on the same rows: the same C under sim65 (the files the
image built with HB_NO_PORTABLE_TABLES built so there too), then prints one
Markdown row per row of the image.

The ROM times n calls back to back and counts the frames between its two
readings of the timer.  A frame is F CPU cycles (NTSC 29,780.5; PAL
33,247.5; Dendy 35,464) and the counter moves once a frame, so the span's
true length lies within one frame of `ticks` frames.  In that span each call
costs C + 10 + l, and every frame the NMI takes 75 cycles:

    ticks x F  =  n x (C + 10 + l) x F / (F - 75)  +  e,    |e| < F

C: one call as sim65 counts it (the call sequence, the body, the return);
10: the trampoline that maps the row's bank (mapped already: ldy, cpy, beq,
jmp); l: what the ROM's loop adds per iteration beyond the call (a 32-bit
counter and compare, the arguments pushed again), 0 <= l <= L, L the ROM's
harness (the same loop around an empty function, per iteration, itself
within F over its own count).  So with d = ticks x (F - 75) / n - 10 - C,
the loop's share as measured,

    -F / n  <=  d  <=  L + F / n + F / n_harness

and d should come out about the same for every row: the same loop.  The
F / n term is the timer's resolution, one frame over the whole span: with a
1 s budget a row of 1,000 cycles a call runs about 1,800 times (16 cycles),
one of two seconds a call once (29,780)."""
import argparse
import dataclasses
import sys
import time
from pathlib import Path

from hashbench import cross, roster
from hashbench.rom import nes
from hashbench.targets import load_all
from studies import reference_tables
from studies.rom_pass import log, play_pass

FRAME_CYCLES = {"ntsc": 29780.5, "pal": 33247.5, "dendy": 35464.0}
REGION_OF_CLOCK = {1789773: "ntsc", 1662607: "pal", 1773448: "dendy"}
NMI_CYCLES = 75          # crt0.s's NMI with nothing queued: entry, counter, scroll, return
TRAMPOLINE_CYCLES = 10   # the row's bank already mapped: ldy #, cpy zp, beq, jmp


def sim65_cycles(built, size) -> dict:
    """{(algo, impl): exact cycles of one call} under sim65, each row's code
    built as the image built it (portable of a small build runs compact)."""
    small = sorted({Path(s).stem for g in built.groups if g.small for s in g.sources})
    t = dataclasses.replace(load_all()["nes"], name="nes-rom-check", no_portable_tables=small)
    algos = list({r.algo.id: r.algo for r in built.plan.rows}.values())
    impls = sorted({r.impl for r in built.plan.rows} | ({"compact"} if small else set()))
    got = cross.measure([t.name], [size], algos, impls, targets={t.name: t}, log=log)
    out = {(r.algorithm, r.implementation): r.per_call for r in got.results if r.verified and r.per_call}
    for r in built.plan.rows:
        if (r.algo.id, r.impl) not in out and (r.algo.id, "compact") in out:
            out[(r.algo.id, r.impl)] = out[(r.algo.id, "compact")]
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-a", "--algo", action="append", help="ids, comma lists or globs (default: every one the NES builds)")
    ap.add_argument("--impl", default="portable", help="portable, compact or all (default: portable)")
    ap.add_argument("--size", type=int, default=64, help="bytes (default 64, the seed's)")
    ap.add_argument("--budget", type=int, default=1000, help="ms a row on the console (default 1000)")
    ap.add_argument("--region", choices=sorted(FRAME_CYCLES), default="ntsc", help="Nestopia's system (default ntsc)")
    args = ap.parse_args(argv)
    impls = list(roster.OURS) if args.impl == "all" else [args.impl]
    con = nes.CONSOLE.with_options(nestopia_favored_system=args.region)
    p, built, session, got = play_pass(con, roster.select(args.algo), impls, args.size, args.budget)
    region = REGION_OF_CLOCK[got["engine"]["clock_hz"]]
    frame = FRAME_CYCLES[region]
    h_iters, h_ticks = got["harness"][args.size]
    loop = h_ticks * frame / h_iters
    t0 = time.monotonic()
    sim = sim65_cycles(built, args.size)
    print(f"NES ROM, {region.upper()} (the ROM's test; {got['engine']['tick_hz']} frames a second, F = {frame:,} "
          f"cycles), {args.size} B, budget {args.budget} ms: {len(p.rows)} rows, {nes.describe(built)}; "
          f"{session.emulated_s:.0f} s emulated, {session.wall_s:.1f} s here (sim65: {time.monotonic() - t0:.1f} s). "
          f"Harness L = {loop:,.0f} cycles an iteration ({h_iters:,} calls in {h_ticks} frames).\n")
    print("| algo | impl | ITER | frames | ROM cycles/call | sim65 cycles/call | d (loop share) | "
          "bound | within |")
    print("|---|---|---:|---:|---:|---:|---:|---:|:-:|")
    fails = 0
    for _digest, r in got["rows"]:
        key = (r["algo"], r["impl"])
        label = roster.find(r["algo"]).label
        if not r["verified"] or key not in sim:
            fails += 1
            why = "digest mismatch" if not r["verified"] else "no sim65 figure"
            print(f"| {label} | {r['impl']} | - | - | - | - | - | - | {why} |")
            continue
        rom = r["ticks"] * frame / r["iters"]
        d = r["ticks"] * (frame - NMI_CYCLES) / r["iters"] - TRAMPOLINE_CYCLES - sim[key]
        low, high = -frame / r["iters"], loop + frame / r["iters"] + frame / h_iters
        ok = low <= d <= high
        fails += not ok
        print(f"| {label} | {r['impl']} | {r['iters']:,} | {r['ticks']:,} | {rom:,.0f} | {sim[key]:,.0f} | "
              f"{d:+,.0f} | {low:,.0f} .. {high:,.0f} | {'yes' if ok else 'NO'} |")
    seed = reference_tables.seed_data()["nes"]
    shown = [(r, seed["ms"][r["algo"]]) for _d, r in got["rows"]
             if r["algo"] in seed["ms"] and r["impl"] == "portable" and r["verified"]]
    if shown and args.size == seed["size"]:
        print(f"\nBeside the seed (hash-bench-nes, cc65 clock(), {seed['size']} B): ms a hash as it printed them "
              "(50 ticks a second assumed), corrected to NTSC's 60, and the ROM's (frames / the detected rate)\n")
        print("| algo | seed ms printed | seed ms at 60 Hz | ROM ms | seed (60 Hz) / ROM |\n|---|---:|---:|---:|---:|")
        for r, (printed, at60) in shown:
            ms = r["ticks"] * 1000.0 / got["engine"]["tick_hz"] / r["iters"]
            print(f"| {roster.find(r['algo']).label} | {printed:g} | {at60:g} | {ms:,.1f} | {at60 / ms:.2f} |")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
