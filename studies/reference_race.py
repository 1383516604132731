#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Races our code against the reference studies on their own consoles (NES at 64 B, Game Boy and GBA
at 1024 B): their figure in cycles beside our fastest implementation's and our `compact`'s exact
cycles (the method: docs/reference-studies.md, "Racing them on their consoles").

  .venv/bin/python -m studies.reference_race                     # run nes, gb, gba; print the tables
  .venv/bin/python -m studies.reference_race --target nes        # only these consoles
  .venv/bin/python -m studies.reference_race -o race.md          # also write them to a file
"""
import argparse
import sys

from hashbench import roster
from hashbench.flows.cross import Request, measure
from hashbench.targets import load_all
from studies import listed, write
from studies.reference_tables import gba_column_origin, published, seed_data

COMPACT_TOO = {"crc8", "crc16", "crc32"}  # the reference study's CRCs are bitwise: compact code too
# Where each console's race runs: the reference study's own placement first.
PLACEMENTS = {"nes": ["nes"], "gb": ["gb"], "gba": ["gba", "gba-prefetch", "gba-iwram", "gba-iwram-arm"]}
ROM_ONLY = {"gba": ["gba", "gba-prefetch"]}


def seed_rows(clocks: dict) -> dict:
    """{console: (size, [(algo id, seed cycles, what the reference study published, asm cycles or None)])}."""
    d = seed_data()
    nes = {a: tuple(v) for a, v in d["nes"]["ms"].items()}
    gb = {a: (v[0], v[1] or None) for a, v in d["gb"]["ms"].items()}
    gba = published("gba", d)
    nes_hz, gb_hz, gba_hz = clocks["nes"], clocks["gb"], clocks["gba"]
    return {
        "nes": (64, [(a, corr * nes_hz / 1e3, f"{corr} ms (printed {printed})", None)
                     for a, (printed, corr) in nes.items()]),
        "gb": (1024, [(a, c * gb_hz / 1e3, f"{c} ms", asm * gb_hz / 1e3 if asm else None)
                      for a, (c, asm) in gb.items()]),
        # The GBA port's README defines its KB/s as 1e6 / (µs per 1024-byte hash): hashes a second.
        "gba": (1024, [(a, gba_hz / kb, f"~{kb} KB/s", None) for a, kb in gba.items()]),
    }


def verified(results) -> dict:
    """{(target, algo, impl): cycles per call} of the verified results."""
    return {(r.target, r.algorithm, r.implementation): r.per_call for r in results
            if r.verified and r.per_call and not (len(r.digest) >= 4 and set(r.digest) == {"0"})}


def cyc(v) -> str:
    return "n/a" if v is None else f"{v:,.0f}"


def ratio(ours, seed) -> str:
    r = ours / seed
    return f"{r:.2f}" if r >= 0.01 else f"{r:.4f}"


def fastest(got, places, algo, impls=roster.OURS):
    """(cycles, target, impl) of the fastest verified result among places, or None."""
    have = [(v, t, i) for t in places for i in impls if (v := got.get((t, algo, i)))]
    return min(have) if have else None


def beats(got, places, algo, seed) -> bool:
    best = fastest(got, places, algo)
    comp = fastest(got, places, algo, ("compact",))
    return best is not None and best[0] <= seed and (algo not in COMPACT_TOO or (comp or best)[0] <= seed)


def table(console, size, rows, got, places) -> tuple:
    """Markdown lines and (rows beaten, rows) for one console: fastest over
    every placement, each placement's fastest beside it."""
    labels = roster.labels()
    where = " (target, impl)" if len(places) > 1 else " (impl)"
    head = (f"| algo | seed | seed cycles | ours fastest{where} | ours ÷ seed | compact | compact ÷ seed"
            " | beats |")
    if console == "gb":
        head += " seed asm cycles |"
    if len(places) > 1:
        head += "".join(f" {p} fastest |" for p in places)
    lines = [f"### {console} at {size} B", "", head, "|" + "---|" * (head.count("|") - 1)]
    beaten = 0
    rom = ROM_ONLY.get(console)
    rom_beaten = 0
    for algo, seed, as_published, asm in rows:
        best = fastest(got, places, algo)
        comp = fastest(got, places, algo, ("compact",))
        ok = beats(got, places, algo, seed)
        beaten += ok
        rom_beaten += bool(rom) and beats(got, rom, algo, seed)
        tag = (f"{best[1]} {best[2]}" if len(places) > 1 else best[2]) if best else ""
        fast = f"{cyc(best[0])} ({tag}) | {ratio(best[0], seed)}" if best else "n/a | n/a"
        line = f"| {labels.get(algo, algo)} | {as_published} | {cyc(seed)} | {fast} |"
        line += f" {cyc(comp[0])} | {ratio(comp[0], seed)} |" if comp else " – | – |"
        line += " yes |" if ok else " **no** |"
        if console == "gb":
            line += f" {cyc(asm)} |" if asm else " – |"
        if len(places) > 1:
            line += "".join(f" {cyc((fastest(got, [p], algo) or [None])[0])} |" for p in places)
        lines.append(line)
    lines += ["", f"{console}: ours at least as fast on **{beaten} of {len(rows)}** rows."]
    if rom:
        lines.append(f"{console}, code in cartridge ROM only ({', '.join(rom)}): {rom_beaten} of {len(rows)}.")
    return lines, (beaten, len(rows))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--target", action="append", metavar="T[,T...]", help="consoles to race (default: nes,gb,gba)")
    ap.add_argument("--rom-only", action="store_true",
                    help="on the GBA, race only the cartridge-ROM placements (gba, gba-prefetch)")
    ap.add_argument("-o", "--output", metavar="FILE", help="also write the tables to FILE")
    args = ap.parse_args()
    targets = load_all()
    consoles = listed(args.target, ["nes", "gb", "gba"])
    unknown = [c for c in consoles if c not in PLACEMENTS]
    if unknown:
        ap.error(f"unknown console {', '.join(unknown)}: choose from {', '.join(PLACEMENTS)}")
    seeds = seed_rows({c: targets[c].clock_hz for c in PLACEMENTS})
    log = lambda m: print(m, file=sys.stderr)  # noqa: E731
    out, score = [], {}
    for console in consoles:
        size, rows = seeds[console]
        algos = [roster.find(a) for a, *_ in rows]
        places = ROM_ONLY.get(console, PLACEMENTS[console]) if args.rom_only else PLACEMENTS[console]
        run = measure(Request(places, [size], algos, calls=1), log=log, targets=targets)
        for n in run.notes:
            log(f"note: {n.detail}")
        lines, score[console] = table(console, size, rows, verified(run.results), places)
        out += lines + [""]
        if console == "gba":
            out += [gba_column_origin(targets["gba"].clock_hz), ""]
    out.append("Rows beaten: " + ", ".join(f"{c} {b}/{n}" for c, (b, n) in score.items()) + ".")
    text = "\n".join(out) + "\n"
    sys.stdout.write(text)
    if args.output:
        write(text, args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
