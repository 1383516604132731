#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""The Game Boy ROM's timer against mGBA's exact cycles, row by row: the
same algorithm, the same SDCC flags, measured two ways.

    tools/rom_gb_agreement.py ROM.json CROSS.json [--md]

ROM.json: `hashbench rom --target gb --run --json ROM.json` (meter
console-timer: TIMA ticks at 65,536 Hz, 64 cycles a tick, over `iters`
calls).  CROSS.json: `hashbench cross --target gb -o CROSS.json` (exact
cycles of one call, from mGBA's cycle counter).

The ROM's figure holds more than the call.  Each timed call goes through
the row's bank-0 stub and the banked call (hashbench/rom/gb.py
FAR_CALL_CYCLES) and the app's loop around it (the harness: the same loop
around an empty function in bank 0); a span also holds SPAN_CYCLES of its
own (the rest of one timer reading, the loop's entry and last test, the
start of the other reading: counted from SDCC's listing); and the timer
interrupt takes TIMER_IRQ_CYCLES every 256 ticks (16,384 cycles).  The
bound the ROM must keep from exact + FAR_CALL_CYCLES:

    one tick over the batch (64 / iters) + the loop (harness per call)
    + SPAN_CYCLES / iters + the interrupts (TIMER_IRQ_CYCLES per 16,384)

The model, closer: expected = (exact + FAR_CALL_CYCLES + harness -
EMPTY_CALL_CYCLES + SPAN_CYCLES / iters) x (1 + TIMER_IRQ_CYCLES / 16384),
and `residual` is what is left of the ROM's figure after it.
"""
import argparse
import json
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from hashbench.rom.gb import FAR_CALL_CYCLES  # noqa: E402

TICK_CYCLES = 64                 # TIMA at 65,536 Hz (TAC 0x06) from 4,194,304 Hz
OVERFLOW_CYCLES = 256 * TICK_CYCLES
TIMER_IRQ_CYCLES = 100 + 44 / 256  # crt0.s: dispatch 20, the common path 80; every 256th 44 more
EMPTY_CALL_CYCLES = 56           # call 24, and hb_rom_app.c's nothing(): pop hl, inc sp x2, jp (hl)
SPAN_CYCLES = 1096               # a span's own cost, outside the calls (see below)


def rows(rom: dict, cross: dict):
    exact = {(r["algorithm"], r["implementation"], r["size"]): r for r in cross["results"] if r.get("verified")}
    for r in rom["results"]:
        if not r.get("verified"):
            continue
        c = exact.get((r["algorithm"], r["implementation"], r["size"]))
        iters, ticks = r["samples"][0]
        h_iters, h_ticks = r["harness"][0]
        harness = h_ticks * TICK_CYCLES / h_iters
        measured = ticks * TICK_CYCLES / iters
        if c is None:
            yield r, None, measured, None, None
            continue
        expected = (c["per_call"] + FAR_CALL_CYCLES + harness - EMPTY_CALL_CYCLES + SPAN_CYCLES / iters) * \
            (1 + TIMER_IRQ_CYCLES / OVERFLOW_CYCLES)
        bound = TICK_CYCLES / iters + harness + SPAN_CYCLES / iters + \
            measured * TIMER_IRQ_CYCLES / OVERFLOW_CYCLES
        yield r, c["per_call"], measured, expected, bound


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("rom")
    ap.add_argument("cross")
    ap.add_argument("--md", action="store_true", help="a Markdown table")
    a = ap.parse_args()
    rom, cross = (json.loads(Path(p).read_text()) for p in (a.rom, a.cross))
    head = ["algorithm", "impl", "size", "iters", "ROM cycles/call", "mGBA exact + far call", "ROM - that",
            "bound", "within", "residual (model)"]
    out = [head]
    for r, exact, measured, expected, bound in rows(rom, cross):
        iters = r["samples"][0][0]
        if exact is None:
            out.append([r["algorithm"], r["implementation"], str(r["size"]), str(iters), f"{measured:,.0f}",
                        "-", "-", "-", "-", "no cross figure"])
            continue
        base = exact + FAR_CALL_CYCLES
        diff, left = measured - base, measured - expected
        out.append([r["algorithm"], r["implementation"], str(r["size"]), str(iters), f"{measured:,.0f}",
                    f"{base:,.0f}", f"{diff:+,.0f} ({diff / base:+.3%})", f"{bound:,.0f}",
                    "yes" if 0 <= diff <= bound else "NO", f"{left:+,.0f} ({left / expected:+.4%})"])
    if a.md:
        print("| " + " | ".join(head) + " |")
        print("|" + "|".join("---" if i < 2 else "---:" for i in range(len(head))) + "|")
        for row in out[1:]:
            print("| " + " | ".join(row) + " |")
    else:
        widths = [max(len(x[i]) for x in out) for i in range(len(head))]
        for row in out:
            print("  ".join(v.rjust(w) for v, w in zip(row, widths)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
