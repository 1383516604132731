# SPDX-License-Identifier: MIT
"""The Super NES ROM's H/V-counter timer against its own code's bus cycles,
priced by the Super NES's memory timing, row by row (docs/roms.md, "The
Super NES").

    .venv/bin/python -m studies.rom_snes_crosscheck [--budget 1000] [--size 64] [-a ALGO] [--core balanced]

Builds the Super NES image of the selection, runs it headless in
bsnes-mercury, and runs each row's code out of the same image in
studies.snes_bus: the trampoline, the stub and the function, from the
image's bytes at the image's addresses, every bus cycle priced as the
Super NES prices it (FastROM reads 6 master cycles, work RAM 8, internal
operations 6), its digest checked against the reference (the 65816 rows,
`--impl 65816`, by Machine816: 16-bit registers, the direct page moved).  Also runs
`hashbench cross --target nes` on the same rows (sim65's exact 6502
cycles of the same C), beside the interpreter's 6502 count.

The ROM times n calls back to back: ticks = n x (P + l) x R + e, where P
is one call's master cycles as traced, l what the ROM's loop adds per call
(the same for every row), R the real time a CPU master cycle takes: each
line of 1,364 master cycles gives 40 to DRAM refresh, and each frame about
NMI_MC to the NMI, so R = FRAME / (FRAME - 262 x 40 - NMI_MC); e the timer's
error on the span, within 8 master cycles (two readings, 4 each), plus one
refresh (40) and one NMI (NMI_MC) where the span's end cuts one.  The
harness (the same loop around an empty function, `nothing`, whose call is
traced too) gives l.  The refresh stops the CPU at a fixed point of the
line, whatever bus cycle is under way: where the emulator lets the CPU
lose the rest of that cycle, a line costs up to one more bus cycle
(ALIGN_MC, 8 master cycles), which no trace of the code alone can tell.
So with d = ticks / n - h_ticks / h_n - (P - P_nothing) x R and
E = (8 + 40 + NMI_MC) x (1 / n + 1 / h_n),

    -E  <=  d  <=  E + (P - P_nothing) x R x 262 x ALIGN_MC / FRAME

and the master cycles a line's refresh took, as the row's d implies
(40 + a), say how much of that allowance the emulator used."""
import argparse
import dataclasses
import re
import sys
import time

from hashbench import roster
from hashbench.results.verify import reference_table
from hashbench.rom import nes, snes
from studies.rom_nes_crosscheck import sim65_cycles
from studies.rom_pass import measure_pass
from studies.snes_bus import Machine, Machine816

LINES, LINE_MC, REFRESH_MC = 262, 1364, 40
FRAME_MC = LINES * LINE_MC - 2
# the NMI with no text to copy (crt0.s): the interrupt's entry, jml, the 16-bit saves, the direct page
# set to 0 and put back (phd 28, lda # 18, tcd 12, pld 34), the frame base's 32-bit add, RDNMI, the
# frame count, the dirty test, the restores, rti; counted from its code
NMI_MC = 752
R = FRAME_MC / (FRAME_MC - LINES * REFRESH_MC - NMI_MC)
SPAN_ERROR_MC = 8 + REFRESH_MC + NMI_MC
ALIGN_MC = 8    # at most the rest of one bus cycle a line (work RAM and SlowROM: 8; FastROM and internal: 6)
# cc65's C stack pointer when the ROM's loop calls a row, its two pointer arguments pushed: main,
# run_pass, measure, calibrated and time_calls below the stack's top ($0600); read from bsnes's work
# RAM during a pass (the largest value sampled while a row runs).  It decides which of the code's
# (sp),y accesses cross a page, a cycle each: XOR-8, CRC-8, CRC-32, DJB2, MD5 and SHA-1 trace to the
# same master cycles from any entry between $05E0 and $05F4.
ENTRY_SP = 0x05F0


def exports(map_path) -> dict:
    text = map_path.read_text().split("Exports list by name:", 1)[1].split("Exports list by value:", 1)[0]
    return {k: int(v, 16) for k, v in re.findall(r"(\w+)\s+([0-9A-F]{6})\s+R?LZ?A?", text)}


def nothing_address(rom: bytes, names: dict) -> int:
    """hb_rom_app.c's static `nothing` (jsr pushax; jmp incsp6), found by its bytes."""
    code = bytes([0x20]) + names["pushax"].to_bytes(2, "little") + bytes([0x4C]) + names["incsp6"].to_bytes(2, "little")
    at = rom.find(code, 0, snes.BANK)
    if at < 0 or rom.find(code, at + 1, snes.BANK) >= 0:
        raise SystemExit("cannot find the application's `nothing` in bank 0")
    return 0x8000 + at


def traced(built, names, nothing, size: int) -> dict:
    """{(algo, impl): (trace of a call, its digest ok)} and the harness's trace under None."""
    rom = built.path.read_bytes()
    ref = reference_table()
    buf = names["__BSS_RUN__"]            # the application's first variable, page-aligned
    out = buf + max(built.plan.sizes)      # its second (hb_rom_app.c: buf, then out)

    def call(entry, algo=None, impl=None):
        m = (Machine816 if impl == "65816" else Machine)(rom)   # the 65816 routines: 16-bit registers
        m.ram[snes.DATA_AT] = 0x4C          # jmpvec's jmp, as the start-up copies it
        m.ram[buf:buf + size] = bytes((i * 31 + 7) & 0xFF for i in range(size))
        sp = ENTRY_SP                        # the call's first two arguments on cc65's C stack
        m.ram[0:2] = sp.to_bytes(2, "little")
        m.ram[sp:sp + 4] = buf.to_bytes(2, "little") + out.to_bytes(2, "little")
        m.call(entry, size & 0xFF, size >> 8)          # the first call: what the ROM verifies
        ok = algo is None or bytes(m.ram[out:out + algo.digest_len]).hex() == ref.get((algo.id, size))
        m.ram[0:2] = sp.to_bytes(2, "little")
        return m.call(entry, size & 0xFF, size >> 8), ok   # a later one: what the ROM times

    got = {None: call(nothing)}
    for r in built.plan.rows:
        got[(r.algo.id, r.impl)] = call(names["_" + r.symbol], r.algo, r.impl)
    return got


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("-a", "--algo", action="append", help="ids, comma lists or globs (default: every one cc65 builds)")
    ap.add_argument("--impl", default="portable",
                    help="portable, compact, 65816 (the assembly, traced by Machine816) or all (default: portable)")
    ap.add_argument("--size", type=int, default=64, help="bytes (default 64, the NES seed's)")
    ap.add_argument("--budget", type=int, default=1000, help="ms a row on the console (default 1000)")
    ap.add_argument("--core", choices=("accuracy", "balanced"), default="accuracy", help="bsnes-mercury's profile")
    ap.add_argument("--no-sim65", action="store_true", help="leave out sim65's 6502 cycles")
    ap.add_argument("--nes", action="store_true", help="also run the NES image of the selection: NES/SNES per row")
    ap.add_argument("--skip-trace", action="append", default=["pbkdf2-sha256"],
                    help="rows not to interpret (too slow in Python; default pbkdf2-sha256)")
    args = ap.parse_args(argv)
    impls = list(roster.OURS) if args.impl == "all" else [args.impl]
    con = dataclasses.replace(snes.CONSOLE, emulator="bsnes_mercury_" + args.core)
    if args.nes:   # the groups the NES image builds small are built small here too: the same code on both
        con = dataclasses.replace(con, build=lambda plan, log=lambda m: None:
                                  snes.build(plan, log, group_room=nes.BANK_ROOM))
    p, built, session, got = measure_pass(con, roster.select(args.algo), impls, args.size, args.budget)
    folder = built.path.parent
    names = exports(folder / "bank0.map")
    t0 = time.monotonic()
    keep = [r for r in built.plan.rows if r.algo.id not in args.skip_trace]
    built.plan.rows[:] = keep
    trace = traced(built, names, nothing_address(built.path.read_bytes(), names), args.size)
    t_trace = time.monotonic() - t0
    sim = {} if args.no_sim65 else sim65_cycles(built, args.size)
    h_iters, h_ticks = got["harness"][args.size]
    nothing = trace[None][0]
    print(f"Super NES ROM in bsnes-mercury {args.core}, {args.size} B, budget {args.budget} ms: {len(p.rows)} rows, "
          f"{snes.describe(built)}; {session.emulated_s:.0f} s emulated, {session.wall_s:.1f} s here; the "
          f"interpreter {t_trace:.1f} s. Harness: {h_ticks / h_iters:,.1f} master cycles an iteration ({h_iters:,} "
          f"calls), of which `nothing`'s call {nothing.master:,} as traced. R = {R:.5f}.\n")
    print("| algo | impl | ITER | ROM master/call | less harness | traced (less `nothing`) | x R | d | "
          "bound | within | refresh a line (40 + a) | master per CPU cycle | traced 6502 cycles | sim65 cycles |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|:-:|---:|---:|---:|---:|")
    fails = 0
    for _digest, r in got["rows"]:
        key = (r["algo"], r["impl"])
        label = roster.find(r["algo"]).label
        if key not in trace:
            print(f"| {label} | {r['impl']} | {r['iters']:,} | {r['ticks'] / r['iters']:,.0f} | - | not traced |"
                  + " - |" * 8)
            continue
        t, ok = trace[key]
        rom = r["ticks"] / r["iters"]
        less = rom - h_ticks / h_iters
        pred = t.master - nothing.master
        d = less - pred * R
        err = SPAN_ERROR_MC * (1 / r["iters"] + 1 / h_iters)
        high = err + pred * R * LINES * ALIGN_MC / FRAME_MC
        good = ok and r["verified"] and -err <= d <= high
        line_refresh = (FRAME_MC - NMI_MC - pred * FRAME_MC / less) / LINES
        fails += not good
        s65 = f"{sim[key]:,.0f}" if key in sim else "-"
        six = "-" if r["impl"] == "65816" else f"{t.cycles_6502 - snes.TRAMPOLINE_CYCLES:,}"   # no 6502 runs it
        print(f"| {label} | {r['impl']} | {r['iters']:,} | {rom:,.0f} | {less:,.0f} | {pred:,} | {pred * R:,.0f} | "
              f"{d:+,.0f} | {-err:,.0f} .. {high:,.0f} | {'yes' if good else 'NO' if ok else 'BAD DIGEST'} | "
              f"{line_refresh:.1f} | {t.master / t.cycles:.3f} | {six} | {s65} |")
    if args.nes:
        nes_vs_snes(args, impls, built, got)
    return 1 if fails else 0


def nes_vs_snes(args, impls, built, got):
    """The NES image of the same selection in Nestopia (NTSC): the time a
    call takes on each console, the ROMs' loops included, and the ratio."""
    _p, nes_built, _s, nes_got = measure_pass(nes.CONSOLE, roster.select(args.algo), impls, args.size, args.budget)

    def small(b):
        return {(r.algo.id, r.impl) for g in b.groups if g.small for r in g.rows}
    frame_s = 29780.5 / 1789773
    nes_s = {(r["algo"], r["impl"]): (r["ticks"] * frame_s / r["iters"], frame_s / r["iters"])
             for _d, r in nes_got["rows"] if r["verified"]}
    print(f"\nNES ROM (Nestopia, NTSC, frames of {frame_s * 1e3:.4f} ms) beside the Super NES ROM, {args.size} B, "
          f"{args.budget} ms a row; a call's time, the ROM's loop included\n")
    print("| algo | impl | NES ms (± one frame / n) | Super NES ms | NES / Super NES | code |")
    print("|---|---|---:|---:|---:|---|")
    for _d, r in got["rows"]:
        key = (r["algo"], r["impl"])
        if key not in nes_s or not r["verified"]:
            continue
        ms, res = nes_s[key]
        sn = r["ticks"] / got["engine"]["tick_hz"] / r["iters"]
        on_nes, on_snes = key in small(nes_built), key in small(built)
        code = ("the same" + (" (compact: built small on both)" if on_nes else "") if on_nes == on_snes
                else f"differs: built small on the {'NES' if on_nes else 'Super NES'} only")
        print(f"| {roster.find(r['algo']).label} | {r['impl']} | {ms * 1e3:,.2f} ± {res * 1e3:.2f} | {sn * 1e3:,.3f} | "
              f"{ms / sn:.3f} | {code} |")


if __name__ == "__main__":
    sys.exit(main())
