# SPDX-License-Identifier: MIT
"""The NES ROM's timer against sim65's exact 6502 cycles, row by row
(docs/roms.md, "The NES").

    .venv/bin/python -m studies.rom_nes_crosscheck [--budget 200] [--size 64] [-a ALGO] [--impl portable,6502]
        [--region ntsc] [--write]

(--write: docs/generated/rom-nes-crosscheck.md, which docs/roms.md links.)

Builds the NES image of the selection (hashbench.rom.nes: cc65 -O as the
`nes` target), runs it headless in Nestopia, and runs `hashbench cross
--target nes` on the same rows: the same C under sim65 (the files the
image built with HB_NO_PORTABLE_TABLES built so there too; its `small` rows
by cross's `small` implementation), then prints one
Markdown row per row of the image.

The ROM's timer (src/platform/rom/nes/nes.c, hb_rom_span_ticks) gives CPU
cycles: a span starts right after an NMI and ends by counting the region
test's 11-cycle loop until the next one, so it resolves about two loop
iterations (the loop's own 11 cycles and the start's wait for the NMI),
where the frame counter alone resolved a frame (29,780.5 cycles on NTSC).
Every frame the NMI takes 75 cycles of the F.

The two harnesses around a call differ: the ROM's loop (hb_rom_app.c,
time_calls: a byte counter, the row's bank trampoline) and sim65's
(console.c: a volatile byte compared with an unsigned int through cc65's
runtime, the function pointer pushed, jmpvec), about 100 cycles a call
apart.  So each side's stored figure has its own harness taken off, as
every meter defines a figure: the same loop around a function that does
nothing, timed by the ROM (its rom_harness record, reached through a
trampoline as a row is) and counted by sim65 (console.c's `empty`), and on
the ROM's side the NMIs inside the span (irq_ticks, 75 cycles each).  What
is left is the body beyond an empty call, per_call on both sides, which
should agree to within RESOLUTION / n; the goal is 0.5% on every row.

Both programs start the algorithms' code and the tables they index on a page
(src/platform/guest/sim65.cfg, nes.py's linker_config): a 6502 charges a
cycle for a taken branch or an indexed read across a page, so an unaligned
table or loop moved a row by 1-3% with the other rows of the image.
(Subtracting constants modelled from cc65's listing instead left every
byte-loop row 0.7-2.3% apart: that gap was the harness, not the code.)"""
import argparse
import dataclasses
import sys
import time
from pathlib import Path

from hashbench import roster
from hashbench.flows import cross
from hashbench.results.result import Build
from hashbench.results.verify import Expected
from hashbench.rom import nes, run
from hashbench.targets import load_all
from studies import reference_tables, write
from studies.rom_pass import GENERATED, generated_page, log, measure_pass

FRAME_CYCLES = {"ntsc": 29780.5, "pal": 33247.5, "dendy": 35464.0}
REGION_OF_CLOCK = {1789773: "ntsc", 1662607: "pal", 1773448: "dendy"}
RESOLUTION = 30          # cycles a span may be off: the loop's 11 at its end, the NMI wait's 7 at its start, jitter
PAGE = GENERATED / "rom-nes-crosscheck.md"
GOAL = 0.005             # every row within 0.5% of sim65


def sim65_cycles(built, size) -> dict:
    """{(algo, impl): sim65's per_call (cycles of one call beyond an empty
    call's)}, each row's code built as the image built it: its `small` rows
    by the `small` implementation `cross --target nes` runs (for the
    algorithms this image holds so, which a selection may make other than
    the default image's), the compact rows of a group built small from
    files built so too."""
    small = sorted({Path(s).stem for g in built.groups if g.small for s in g.sources})
    t = dataclasses.replace(load_all()["nes"], name="nes-rom-check", no_portable_tables=small)
    t.image_small = {r.algo.id for r in built.plan.rows if r.impl == roster.SMALL}
    out = {}
    # one implementation a program, so that its code starts the page as its group's does in the image
    for impl in sorted({r.impl for r in built.plan.rows}):
        algos = list({r.algo.id: r.algo for r in built.plan.rows if r.impl == impl}.values())
        got = cross.measure(cross.Request([t.name], [size], algos, [impl]), log=log, targets={t.name: t})
        out.update({(r.algorithm, r.implementation): r.per_call for r in got.results if r.verified and r.per_call})
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-a", "--algo", action="append", help="ids, comma lists or globs (default: every one the NES builds)")
    ap.add_argument("--impl", default="portable", help="portable, compact, 6502 (the assembly), a comma list, or all "
                                                       "(portable and compact; default: portable)")
    ap.add_argument("--size", type=int, default=64, help="bytes (default 64, the seed's)")
    ap.add_argument("--budget", type=int, default=200, help="ms a row on the console (default 200, the ROM's)")
    ap.add_argument("--region", choices=sorted(FRAME_CYCLES), default="ntsc", help="Nestopia's system (default ntsc)")
    ap.add_argument("--write", action="store_true", help=f"write {PAGE.relative_to(GENERATED.parent.parent)} "
                                                         "(default: standard output)")
    args = ap.parse_args(argv)
    out = []
    emit = out.append
    impls = list(roster.OURS) if args.impl == "all" else args.impl.split(",")
    con = nes.CONSOLE.with_options(nestopia_favored_system=args.region)
    p, built, session, got = measure_pass(con, roster.select(args.algo), impls, args.size, args.budget)
    region = REGION_OF_CLOCK[got["engine"]["clock_hz"]]
    frame = FRAME_CYCLES[region]
    if got["engine"]["tick_hz"] != got["engine"]["clock_hz"]:
        raise SystemExit(f"rom_nes_crosscheck: the image's timer ticks at {got['engine']['tick_hz']} Hz, not "
                         "the CPU's clock: an image from before the NES timed spans to the cycle")
    h_iters, h_ticks = got["harness"][args.size]
    t0 = time.monotonic()
    sim = sim65_cycles(built, args.size)
    rom = {(x.algorithm, x.implementation): x for x in run.results(session.records, con, Expected(), Build("nes-rom"))}
    emit(f"NES ROM, {region.upper()} (the ROM's test; F = {frame:,} cycles a frame), {args.size} B, budget "
         f"{args.budget} ms: {len(p.rows)} rows, {nes.describe(built)}; {session.emulated_s:.0f} s emulated, "
         f"{session.wall_s:.1f} s here (sim65: {time.monotonic() - t0:.1f} s). Harness (the loop around an "
         f"empty function, through a trampoline): {h_ticks / h_iters:,.1f} cycles a call ({h_iters:,} calls); "
         f"an empty span {got['empty'][args.size]} cycles.\n")
    emit("| algo | impl | ITER | ROM cycles/call | ROM less harness and NMIs | sim65 less empty call | "
         "difference | resolution | within 0.5% |")
    emit("|---|---|---:|---:|---:|---:|---:|---:|:-:|")
    fails = 0
    for _digest, r in got["rows"]:
        key = (r["algo"], r["impl"])
        label = roster.find(r["algo"]).label
        if not r["verified"] or key not in sim:
            fails += 1
            why = "digest mismatch" if not r["verified"] else "no sim65 figure"
            emit(f"| {label} | {r['impl']} | - | - | - | - | - | - | {why} |")
            continue
        rom_body, sim_body = rom[key].per_call, sim[key]
        diff = rom_body / sim_body - 1
        ok = abs(diff) <= GOAL
        fails += not ok
        emit(f"| {label} | {r['impl']} | {r['iters']:,} | {r['ticks'] / r['iters']:,.1f} | {rom_body:,.1f} | "
             f"{sim_body:,} | {diff:+.3%} | ±{RESOLUTION / r['iters'] / sim_body:.3%} | {'yes' if ok else 'NO'} |")
    seed = reference_tables.seed_data()["nes"]
    shown = [(r, seed["ms"][r["algo"]]) for _d, r in got["rows"]
             if r["algo"] in seed["ms"] and r["impl"] == "portable" and r["verified"]]
    if shown and args.size == seed["size"]:
        emit(f"\nBeside the seed (hash-bench-nes, cc65 clock(), {seed['size']} B): ms a hash as it printed them "
              "(50 ticks a second assumed), corrected to NTSC's 60, and the ROM's (its cycles at the detected clock)\n")
        emit("| algo | seed ms printed | seed ms at 60 Hz | ROM ms | seed (60 Hz) / ROM |\n|---|---:|---:|---:|---:|")
        for r, (printed, at60) in shown:
            ms = r["ticks"] * 1000.0 / got["engine"]["tick_hz"] / r["iters"]
            emit(f"| {roster.find(r['algo']).label} | {printed:g} | {at60:g} | {ms:,.1f} | {at60 / ms:.2f} |")
    text = "\n".join(out) + "\n"
    if args.write:
        command = " ".join([".venv/bin/python -m studies.rom_nes_crosscheck", *(argv if argv is not None else sys.argv[1:])])
        text = generated_page("The NES ROM's timer against sim65's exact cycles", command, text)
    write(text, PAGE if args.write else "-")
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main())
