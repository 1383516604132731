#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Beat the seed on its own console (issue 14, item 3): for every row of the
hash-bench family's NES (64 B), Game Boy (1024 B) and GBA (1024 B) tables,
the seed's figure in cycles of that console's clock beside our fastest
implementation's and our `compact`'s exact cycles, the ratio ours / seed,
and whether ours is at least as fast.

  .venv/bin/python tools/seed_race.py                     # run nes, gb, gba; print the tables
  .venv/bin/python tools/seed_race.py --targets nes       # only these consoles
  .venv/bin/python tools/seed_race.py --out race.md       # also write them to a file

The seed's figures: data/seed-speeds.toml where this tree has it, else the
copies in tools/cross8_report.py (both from docs/seeds.md).  NES: ms per hash
at 64 B corrected to NTSC's 60 clock() ticks a second (the smaller of its two
columns, so the harder one to beat); Game Boy: the family's C build at
1024 B (its hand-written assembly port, where there is one, beside it); GBA:
the suite page's approximate KB/s at 1024 B, against our `gba` target (code
in cartridge ROM, as the seed placed it) and, beside it, `gba-prefetch` (the
seed's prefetch setting) and `gba-iwram`.
A seed figure in ms becomes cycles as ms * clock / 1000, one in KB/s as
size / (KB/s * 1000) * clock.  Ours are exact simulator cycles of one call,
harness subtracted, of results whose digest matched the host's.  `compact`
must beat the seed too where the seed's code is compact as well: its
bitwise CRCs.
"""
import argparse
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from hashbench import roster  # noqa: E402
from hashbench.commands.cross import measure  # noqa: E402
from hashbench.targets import load_all  # noqa: E402

COMPACT_TOO = {"crc8", "crc16", "crc32"}  # the seed's CRCs are bitwise: compact code too
GBA_CLOCK = 16777216


def seed_rows() -> dict:
    """{console: (size, [(algo id, seed cycles, what the seed published, asm cycles or None)])}."""
    toml = ROOT / "data" / "seed-speeds.toml"
    if toml.exists():
        import tomllib
        d = tomllib.loads(toml.read_text())
        nes = {a: tuple(v) for a, v in d["nes"]["ms"].items()}
        gb = {a: (v[0], v[1] or None) for a, v in d["gb"]["ms"].items()}
        col = d["crypto_column"]
        gba = dict(zip(col["order"], col["gba"]))
    else:
        import cross8_report as c8
        nes = {c8.IDS[k]: v for k, v in c8.SEED_NES.items()}
        gb = {c8.IDS[k]: v for k, v in c8.SEED_GB.items()}
        gba = {c8.IDS[k]: v for k, v in c8.SEED_GBA.items()}
    nes_hz, gb_hz = 1789773, 4194304
    return {
        "nes": (64, [(a, corr * nes_hz / 1e3, f"{corr} ms (printed {printed})", None)
                     for a, (printed, corr) in nes.items()]),
        "gb": (1024, [(a, c * gb_hz / 1e3, f"{c} ms", asm * gb_hz / 1e3 if asm else None)
                      for a, (c, asm) in gb.items()]),
        "gba": (1024, [(a, 1024 / (kb * 1e3) * GBA_CLOCK, f"~{kb} KB/s", None) for a, kb in gba.items()]),
    }


def verified(results) -> dict:
    """{(target, algo, impl): cycles per call} of the verified results."""
    return {(r.target, r.algorithm, r.implementation): r.per_call for r in results
            if r.verified and r.per_call and not (len(r.digest) >= 4 and set(r.digest) == {"0"})}


def cyc(v) -> str:
    return "n/a" if v is None else f"{v:,.0f}"


def table(console, size, rows, got, extra_targets=()) -> tuple:
    """Markdown lines and (rows beaten, rows) for one console."""
    labels = roster.labels()
    head = "| algo | seed | seed cycles | ours fastest (impl) | ours ÷ seed | compact | compact ÷ seed | beats |"
    if console == "gb":
        head += " seed asm cycles |"
    for extra in extra_targets:
        head += f" {extra} fastest |"
    lines = [f"### {console} at {size} B", "", head, "|" + "---|" * (head.count("|") - 1)]
    beaten = 0
    for algo, seed, published, asm in rows:
        impls = {i: got.get((console, algo, i)) for i in roster.OURS}
        have = {i: v for i, v in impls.items() if v}
        best = min(have.items(), key=lambda kv: kv[1]) if have else None
        comp = impls.get("compact")
        ok = best is not None and best[1] <= seed and (algo not in COMPACT_TOO or (comp or best[1]) <= seed)
        beaten += ok
        fast = f"{cyc(best[1])} ({best[0]}) | {best[1] / seed:.2f}" if best else "n/a | n/a"
        line = f"| {labels.get(algo, algo)} | {published} | {cyc(seed)} | {fast} |"
        line += f" {cyc(comp)} | {comp / seed:.2f} |" if comp else " – | – |"
        line += " yes |" if ok else " **no** |"
        if console == "gb":
            line += f" {cyc(asm)} |" if asm else " – |"
        for extra in extra_targets:
            alt = [v for (t, a, _), v in got.items() if t == extra and a == algo]
            line += f" {cyc(min(alt)) if alt else 'n/a'} |"
        lines.append(line)
    return lines + ["", f"{console}: ours at least as fast on **{beaten} of {len(rows)}** rows."], (beaten, len(rows))


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--targets", default="nes,gb,gba", help="consoles to race (default: nes,gb,gba)")
    ap.add_argument("--no-iwram", action="store_true",
                    help="on the GBA, leave out the gba-prefetch and gba-iwram columns")
    ap.add_argument("--out", type=Path, help="also write the tables to this file")
    args = ap.parse_args()
    targets = load_all()
    seeds = seed_rows()
    log = lambda m: print(m, file=sys.stderr)  # noqa: E731
    out, score = [], {}
    for console in args.targets.split(","):
        size, rows = seeds[console]
        algos = [roster.find(a) for a, *_ in rows]
        names = [console] + (["gba-prefetch", "gba-iwram"] if console == "gba" and not args.no_iwram else [])
        run = measure(names, [size], algos=algos, calls=1, log=log, targets=targets)
        for n in run.notes:
            log(f"note: {n.detail}")
        lines, score[console] = table(console, size, rows, verified(run.results), names[1:])
        out += lines + [""]
    out.append("Rows beaten: " + ", ".join(f"{c} {b}/{n}" for c, (b, n) in score.items()) + ".")
    text = "\n".join(out) + "\n"
    sys.stdout.write(text)
    if args.out:
        args.out.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
