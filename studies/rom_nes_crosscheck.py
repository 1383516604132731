# SPDX-License-Identifier: MIT
"""The NES ROM's timer against sim65's exact 6502 cycles, row by row
(docs/roms.md, "The NES").

    .venv/bin/python -m studies.rom_nes_crosscheck [--budget 200] [--size 64] [-a ALGO] [--region ntsc]

Builds the NES image of the selection (hashbench.rom.nes: cc65 -O as the
`nes` target), runs it headless in Nestopia, and runs `hashbench cross
--target nes` on the same rows: the same C under sim65 (the files the
image built with HB_NO_PORTABLE_TABLES built so there too), then prints one
Markdown row per row of the image.

The ROM's timer (src/platform/rom/nes/nes.c, hb_rom_span_ticks) gives CPU
cycles: a span starts right after an NMI and ends by counting the region
test's 11-cycle loop until the next one, so it resolves about two loop
iterations (the loop's own 11 cycles and the start's wait for the NMI),
where the frame counter alone resolved a frame (29,780.5 cycles on NTSC).
In a span of n calls each call costs C + 10 + LOOP, and every frame the NMI
takes 75 cycles of the F:

    ticks  =  n x (C + 10 + LOOP) x F / (F - 75)  +  e,    |e| < RESOLUTION

C: one call as sim65 counts it (the arguments pushed, the call, the body,
the return); 10: the trampoline that maps the row's bank (mapped already:
ldy, cpy, beq, jmp); LOOP: the ROM's counter (hb_rom_app.c, time_calls: a
byte counted down, a branch and two jumps: 18 cycles in cc65's listing).  So the
ROM's figure with the NMI, the trampoline and the counter taken off,

    rom_c = ticks x (F - 75) / F / n - 10 - LOOP,

should equal C to within RESOLUTION / n; the goal is 0.5% on every row."""
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
LOOP_CYCLES = 18         # time_calls' counter (cc65's listing): lda, beq (not taken), dec, jmp, and the jmp back
RESOLUTION = 30          # cycles a span may be off: the loop's 11 at its end, the NMI wait's 7 at its start, jitter
GOAL = 0.005             # every row within 0.5% of sim65


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
    ap.add_argument("--budget", type=int, default=200, help="ms a row on the console (default 200, the ROM's)")
    ap.add_argument("--region", choices=sorted(FRAME_CYCLES), default="ntsc", help="Nestopia's system (default ntsc)")
    args = ap.parse_args(argv)
    impls = list(roster.OURS) if args.impl == "all" else [args.impl]
    con = nes.CONSOLE.with_options(nestopia_favored_system=args.region)
    p, built, session, got = play_pass(con, roster.select(args.algo), impls, args.size, args.budget)
    region = REGION_OF_CLOCK[got["engine"]["clock_hz"]]
    frame = FRAME_CYCLES[region]
    if got["engine"]["tick_hz"] != got["engine"]["clock_hz"]:
        raise SystemExit(f"rom_nes_crosscheck: the image's timer ticks at {got['engine']['tick_hz']} Hz, not "
                         "the CPU's clock: an image from before the NES timed spans to the cycle")
    h_iters, h_ticks = got["harness"][args.size]
    t0 = time.monotonic()
    sim = sim65_cycles(built, args.size)
    print(f"NES ROM, {region.upper()} (the ROM's test; F = {frame:,} cycles a frame), {args.size} B, budget "
          f"{args.budget} ms: {len(p.rows)} rows, {nes.describe(built)}; {session.emulated_s:.0f} s emulated, "
          f"{session.wall_s:.1f} s here (sim65: {time.monotonic() - t0:.1f} s). Harness (the loop around an "
          f"empty function): {h_ticks / h_iters:,.1f} cycles a call ({h_iters:,} calls); an empty span "
          f"{got['empty'][args.size]} cycles.\n")
    print("| algo | impl | ITER | ROM cycles/call | ROM less NMI, trampoline, loop | sim65 cycles/call | "
          "difference | resolution | within 0.5% |")
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
        rom = r["ticks"] / r["iters"]
        rom_c = rom * (frame - NMI_CYCLES) / frame - TRAMPOLINE_CYCLES - LOOP_CYCLES
        diff = rom_c / sim[key] - 1
        ok = abs(diff) <= GOAL
        fails += not ok
        print(f"| {label} | {r['impl']} | {r['iters']:,} | {rom:,.1f} | {rom_c:,.1f} | {sim[key]:,} | "
              f"{diff:+.3%} | ±{RESOLUTION / r['iters'] / sim[key]:.3%} | {'yes' if ok else 'NO'} |")
    seed = reference_tables.seed_data()["nes"]
    shown = [(r, seed["ms"][r["algo"]]) for _d, r in got["rows"]
             if r["algo"] in seed["ms"] and r["impl"] == "portable" and r["verified"]]
    if shown and args.size == seed["size"]:
        print(f"\nBeside the seed (hash-bench-nes, cc65 clock(), {seed['size']} B): ms a hash as it printed them "
              "(50 ticks a second assumed), corrected to NTSC's 60, and the ROM's (its cycles at the detected clock)\n")
        print("| algo | seed ms printed | seed ms at 60 Hz | ROM ms | seed (60 Hz) / ROM |\n|---|---:|---:|---:|---:|")
        for r, (printed, at60) in shown:
            ms = r["ticks"] * 1000.0 / got["engine"]["tick_hz"] / r["iters"]
            print(f"| {roster.find(r['algo']).label} | {printed:g} | {at60:g} | {ms:,.1f} | {at60 / ms:.2f} |")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
