# SPDX-License-Identifier: MIT
"""The NDS ROM's timer in two emulators against the ARM946E-S cycle model,
row by row (docs/roms.md, "The NDS timer in melonDS").

    .venv/bin/python -m studies.rom_nds_melonds [--budget 200] [--size 1024] [-a ALGO] [-o FILE]

Builds the NDS image of the selection once and runs that one image twice:
headless in Debian's DeSmuME libretro core (hashbench.rom.run, as
`hashbench rom --run`) and in melonDS, the studies' NDS emulator, as the
browser page runs it (hashbench.rom.webrun: EmulatorJS's WebAssembly build of
the melonDS libretro core, from npm, in headless Chromium, as
`hashbench rom --run --emulator melonds`).  Then the ARM946E-S model's
estimate for the same code (`hashbench cross --target nds --meter
cycle-model --impl portable`), and one Markdown row per algorithm.

Each emulator's column is its ROM timer's cycles a call less its own
harness, as in studies.rom_nds_crosscheck: (cycles - E) / n - L."""
import argparse
import math
import sys
import time

from hashbench import roster
from hashbench.results.result import Build
from hashbench.rom import image, nds, run, webrun
from hashbench.targets import host
from studies import listed, write
from studies.rom_nds_crosscheck import estimates, geomean
from studies.rom_pass import log

NEAR = 0.05      # the share of the model's estimate the summary counts rows within


def less_loop(session, size: int) -> tuple:
    """-> ({algorithm id: cycles a call less the harness}, L, E) of one pass."""
    got = run.read(session.records)
    h_iters, h_ticks = got["harness"][size]
    cycles_a_tick = got["engine"]["clock_hz"] / got["engine"]["tick_hz"]
    loop, empty = h_ticks * cycles_a_tick / h_iters, got["empty"][size] * cycles_a_tick
    rows = {r.algorithm: (r.extra["ticks"] * cycles_a_tick - empty) / r.extra["iters"] - loop
            for r in run.results(session.records, nds.CONSOLE, host.expected_digests(), Build("nds-rom"))
            if r.verified}
    return rows, loop, empty


def table(algos, desmume: dict, melonds: dict, model: dict) -> tuple:
    """-> (the Markdown lines, [(label, DeSmuME / model, melonDS / model)] of the rows with all three)."""
    lines = ["| algorithm | DeSmuME, cycles/call | melonDS, cycles/call | model est. cycles | DeSmuME / model "
             "| melonDS / model | melonDS / DeSmuME |",
             "|---|---:|---:|---:|---:|---:|---:|"]
    ratios = []

    def fig(v):
        return "-" if v is None else f"{v:,.0f}"
    for a in algos:
        d, m, e = desmume.get(a.id), melonds.get(a.id), model.get(a.id)
        if d is None or m is None or e is None:
            lines.append(f"| {a.label} | {fig(d)} | {fig(m)} | {fig(e)} | - | - | - |")
            continue
        ratios.append((a.label, d / e, m / e))
        lines.append(f"| {a.label} | {d:,.0f} | {m:,.0f} | {e:,.0f} | {d / e:.2f} | {m / e:.2f} | {m / d:.2f} |")
    return lines, ratios


def summary(ratios) -> list:
    if not ratios:
        return ["No algorithm has all three figures."]
    out = []
    for name, i in (("DeSmuME", 1), ("melonDS", 2)):
        r = [t[i] for t in ratios]
        out.append(f"- {name} / model: geometric mean {geomean(r):.2f}, {min(r):.2f}-{max(r):.2f}×, "
                   f"{sum(abs(v - 1) <= NEAR for v in r)} of {len(r)} rows within {NEAR:.0%}.")
    closer = sum(abs(math.log(m)) < abs(math.log(d)) for _, d, m in ratios)
    out.append(f"- melonDS is the nearer to the model on {closer} of {len(ratios)} rows.")
    return out


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--budget", type=int, default=200, help="ms per row on the console (default 200)")
    ap.add_argument("--size", type=int, default=1024, help="message size in bytes (default 1024)")
    ap.add_argument("-a", "--algo", action="append", help="algorithms (repeat or comma list; default all)")
    ap.add_argument("-o", "--output", metavar="FILE", default="-",
                    help="where the table goes, written whole (default '-': standard output)")
    args = ap.parse_args(argv)
    algos = roster.select(listed(args.algo) or None)
    con = nds.CONSOLE
    p = image.plan(algos, ["portable"], args.size, args.budget, con.can_build)
    built = con.build(p, log)
    passes = {}
    for name, measured in (("DeSmuME", con), ("melonDS", webrun.in_browser(con))):
        t0 = time.monotonic()
        session = run.measure(measured, built.path, len(p.rows), p.budget_ms, log, pages=False)
        log(f"{name}: {len(p.rows)} rows; {session.emulated_s:.2f} s emulated, {time.monotonic() - t0:.1f} s here")
        passes[name] = less_loop(session, args.size)
    model = estimates(algos, args.size, None, None)
    lines, ratios = table(algos, passes["DeSmuME"][0], passes["melonDS"][0], model)
    head = [f"NDS ROM, one image, {args.size} B, {args.budget} ms a row; ARM9 cycles at 67.03 MHz, each emulator's "
            f"figure less its own harness (DeSmuME: L = {passes['DeSmuME'][1]:.1f}, E = {passes['DeSmuME'][2]:.0f}; "
            f"melonDS: L = {passes['melonDS'][1]:.1f}, E = {passes['melonDS'][2]:.0f} cycles).", ""]
    write("\n".join(head + lines + [""] + summary(ratios)) + "\n", args.output)
    return 0 if len(ratios) == len(algos) else 1


if __name__ == "__main__":
    sys.exit(main())
