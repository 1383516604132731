#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The NES ROM's frame-counter figures against exact 6502 cycles of the
same C: the image (hashbench/rom/nes.py) runs headless in Nestopia, and
`cross --target nes` runs each row's code under sim65 (cc65 -O alike; the
files the image built with HB_NO_PORTABLE_TABLES built so there too).

Per row, the ROM's cycles a call are ticks x F / iters, F the CPU cycles of
a frame (NTSC 29,780.5; PAL 33,247.5; Dendy 35,464): the timer counts
whole frames, so over a span of `ticks` frames the true time is within one
frame of it, and the figure within F / iters of the truth.  The truth is
sim65's cycles of one call, plus what the ROM's loop adds around a call (its
harness: the same loop around an empty function, itself within F / its
iters), plus the trampoline's 10 cycles, plus the NMI's 75 cycles a frame.
So the check is

    |ROM - (sim65 + loop + 10) x F / (F - 75)|  <=  F / iters + F / harness iters

    .venv/bin/python tools/rom_nes_timer_check.py [-a ALGOS] [--budget MS] [--size B] [--region ntsc|pal|dendy]

prints the table (Markdown) that docs/roms.md carries."""
import argparse
import dataclasses
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from hashbench import roster  # noqa: E402
from hashbench.commands.cross import measure  # noqa: E402
from hashbench.rom import image, nes, run  # noqa: E402
from hashbench.targets import load_all  # noqa: E402

FRAME_CYCLES = {"ntsc": 29780.5, "pal": 33247.5, "dendy": 35464.0}
CLOCKS = {1789773: "ntsc", 1662607: "pal", 1773448: "dendy"}
NMI_CYCLES = 75          # crt0.s's NMI with nothing queued: entry, counter, scroll, return
TRAMPOLINE_CYCLES = 10   # ldy #, cpy zp, beq (not taken... taken), jmp: the bank already mapped


def rom_pass(rows, size, budget_ms, region, log):
    plan = image.plan(rows, ["portable", "compact"], size, budget_ms, nes.can_build)
    built = nes.build(plan, log)
    nes.CORE_OPTIONS["nestopia_favored_system"] = region
    run.limit_s = lambda *_a, **_k: 7200.0
    session = run.play(nes, built.path, len(built.plan.rows), budget_ms, log, stream=sys.stderr, pages=False)
    return built, run.read(session.records), session


def sim65_cycles(built, size, log) -> dict:
    """{(algo, impl): exact cycles of one call} from sim65, each row's code
    built as the image built it."""
    small = sorted({Path(s).stem for g in built.groups if g.small for s in g.sources})
    base = load_all()["nes"]
    t = dataclasses.replace(base, name="nes-rom-check", no_portable_tables=small)
    algos = list(dict.fromkeys(r.algo for r in built.plan.rows))
    impls = sorted({r.impl for r in built.plan.rows})
    got = measure([t.name], [size], algos, impls=impls, targets={t.name: t}, log=log)
    out = {}
    for r in got.results:
        if r.verified and r.per_call:
            out[(r.algorithm, r.implementation)] = r.per_call
    # a file built small runs its compact code for `portable` too (sim65 reports it as compact)
    for g in built.groups:
        if g.small:
            for row in g.rows:
                if (row.algo.id, row.impl) not in out and (row.algo.id, "compact") in out:
                    out[(row.algo.id, row.impl)] = out[(row.algo.id, "compact")]
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("-a", "--algo", action="append", help="ids, comma lists or globs (default: every one the NES builds)")
    ap.add_argument("--size", type=int, default=64)
    ap.add_argument("--budget", type=int, default=1000, help="ms a row (default 1000)")
    ap.add_argument("--region", choices=sorted(FRAME_CYCLES), default="ntsc")
    args = ap.parse_args()

    def log(m):
        print(m, file=sys.stderr)
    algos = roster.select(args.algo)
    built, got, session = rom_pass(algos, args.size, args.budget, args.region, log)
    eng = got["engine"]
    region = CLOCKS[eng["clock_hz"]]
    frame = FRAME_CYCLES[region]
    h_iters, h_ticks = got["harness"][args.size]
    loop = h_ticks * frame / h_iters
    sim = sim65_cycles(built, args.size, log)
    print(f"NES ROM ({region.upper()}, {eng['tick_hz']} frames/s, F = {frame:,} cycles) against sim65, "
          f"{args.size} B, budget {args.budget} ms; loop {loop:,.0f} cycles a call (harness: {h_iters} calls "
          f"in {h_ticks} frames, within {frame / h_iters:,.0f}); {session.emulated_s:.0f} s emulated, "
          f"{session.wall_s:.1f} s wall\n")
    print("| algo | impl | ROM iters | frames | ROM cycles/call | sim65 cycles/call | predicted | "
          "ROM / predicted | bound | within |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|:-:|")
    bad = 0
    for digest, r in got["rows"]:
        key = (r["algo"], r["impl"])
        if not r["verified"] or key not in sim:
            print(f"| {r['algo']} | {r['impl']} | | | | | | | | {'digest mismatch' if not r['verified'] else 'no sim65 figure'} |")
            bad += 1
            continue
        rom = r["ticks"] * frame / r["iters"]
        predicted = (sim[key] + loop + TRAMPOLINE_CYCLES) * frame / (frame - NMI_CYCLES)
        bound = frame / r["iters"] + frame / h_iters
        ok = abs(rom - predicted) <= bound
        bad += not ok
        print(f"| {r['algo']} | {r['impl']} | {r['iters']} | {r['ticks']} | {rom:,.0f} | {sim[key]:,.0f} | "
              f"{predicted:,.0f} | {rom / predicted:.4f} | ±{bound:,.0f} | {'yes' if ok else 'NO'} |")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
