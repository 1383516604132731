#!/usr/bin/env python3
# SPDX-License-Identifier: MIT
"""Validates the cycle-model meter (est-cycles) where the truth is known, and sets its estimates
beside the reference studies' published speeds.  Every row is printed; nothing is stored.

    .venv/bin/python -m studies.validate_cycle_model gba      # every algorithm, gba, gba-iwram and gba-iwram-arm,
                                                              # 64 and 1024 B: the model against mGBA
    .venv/bin/python -m studies.validate_cycle_model reference-studies   # N64, NDS, 3DS, GBA rows ("seeds")
    .venv/bin/python -m studies.validate_cycle_model layout   # N64: SHA-3 with its code or table moved
    .venv/bin/python -m studies.validate_cycle_model stm32    # Cortex-M7: caches, DTCM against SRAM
    .venv/bin/python -m studies.validate_cycle_model probes   # GBA: one Thumb instruction kind, repeated
    .venv/bin/python -m studies.validate_cycle_model all      # gba, reference-studies, layout, stm32
    .venv/bin/python -m studies.validate_cycle_model gba reference-studies --write   # rewrite their pages

The method: docs/cycle-models.md.
"""
import argparse
import sys

from hashbench import roster
from hashbench.flows.cross import Request, measure
from hashbench.meters import CYCLE_MODEL, cycle_model
from hashbench.meters.cpu_models import load_model, variant_titles, write_model_file
from hashbench.paths import ROOT
from hashbench.targets import host, load_all
from hashbench.toolchain.elf import read_elf
from studies import listed, reference_tables, write

GBA = ["gba", "gba-iwram", "gba-iwram-arm"]
GBA_SIZES = [64, 1024]


def log(m):
    print(m, file=sys.stderr)


# ---- GBA: the model against mGBA's exact cycles --------------------------------------------
def validate_gba(algo_ids=None, variant=None, sizes=GBA_SIZES, check_repeat=False):
    """-> (rows, problems, runs): a row per (target, algorithm, implementation,
    size) both meters measured: (target, algo, impl, size, mGBA cycles,
    model cycles, counters)."""
    algos = roster.select(algo_ids) if algo_ids else list(roster.algorithms())
    exact = measure(Request(GBA, sizes, algos), log=log)
    est = measure(Request(GBA, sizes, algos, meter=CYCLE_MODEL, model_variant=variant, check_repeat=check_repeat),
                  log=log)
    truth = {(r.target, r.algorithm, r.implementation, r.size): r for r in exact.results}
    rows, problems = [], [n.detail for run in (exact, est) for n in run.notes]
    for r in est.results:
        t = truth.get((r.target, r.algorithm, r.implementation, r.size))
        where = f"{r.target}/{r.algorithm}/{r.implementation}/{r.size}"
        if not r.verified or (t is not None and not t.verified):
            problems.append(f"{where}: digest mismatch, not compared")
        elif t is None:
            problems.append(f"{where}: measured by the model only")
        else:
            rows.append((r.target, r.algorithm, r.implementation, r.size, t.per_call, r.per_call,
                         r.extra.get("counters", {})))
    rows.sort(key=lambda x: (x[0], roster.order().get(x[1], 999), x[2] != "portable", x[3]))
    return rows, problems, (exact, est)


def error_pct(row) -> float:
    return 100.0 * (row[5] - row[4]) / row[4]


def gba_table(rows) -> str:
    """One table per placement (gba, gba-iwram, gba-iwram-arm): a row per
    algorithm and implementation, a column per size."""
    labels, titles = roster.labels(), {n: t.title for n, t in load_all().items()}
    out = []
    for target in GBA:
        cells = {}
        for row in rows:
            if row[0] == target:
                cells.setdefault((row[1], row[2]), {})[row[3]] = row
        if not cells:
            continue
        out += [f"**{target}** ({titles[target]})", "",
                "| algo | impl | " + " | ".join(f"{s} B: mGBA / model / err" for s in GBA_SIZES) + " |",
                "|---|---|" + "---:|" * len(GBA_SIZES)]
        for (algo, impl), by in cells.items():
            parts = [f"{r[4]:,} / {r[5]:,} / {error_pct(r):+.1f}%" if (r := by.get(s)) else "n/a"
                     for s in GBA_SIZES]
            out.append(f"| {labels.get(algo, algo)} | {impl} | " + " | ".join(parts) + " |")
        out.append("")
    return "\n".join(out).rstrip()


def gba_summary(rows) -> str:
    labels = roster.labels()
    out = []
    for t in GBA:
        rs = [r for r in rows if r[0] == t]
        if not rs:
            continue
        errs = [abs(error_pct(r)) for r in rs]
        worst = max(rs, key=lambda r: abs(error_pct(r)))
        out.append(f"{t}: {len(rs)} measurements, mean |error| {sum(errs) / len(errs):.2f}%, worst "
                   f"{error_pct(worst):+.1f}% ({labels.get(worst[1], worst[1])} {worst[2]} {worst[3]} B), "
                   f"{sum(e <= 6 for e in errs)}/{len(rs)} within 6%, {sum(e <= 10 for e in errs)}/{len(rs)} within 10%")
    return "\n".join(out)


# ---- the reference studies ---------------------------------------------------------------------------------
def validate_seeds(gba_runs=None) -> str:
    sd = reference_tables.seed_data()
    algos = sorted(set(sd["n64"]["kb_per_s"]) | set(sd["crypto_column"]["order"]), key=roster.order().get)
    algos = [roster.find(a) for a in algos]
    targets = load_all()
    runs = [measure(Request(["n64", "nds", "3ds"], [reference_tables.SIZE], algos, meter=CYCLE_MODEL), log=log)]
    off = measure(Request(["nds"], [reference_tables.SIZE], algos, meter=CYCLE_MODEL, model_variant="caches-off"),
                  log=log)
    if gba_runs is None:
        gba_runs = [measure(Request(GBA, [reference_tables.SIZE], algos, meter=m), log=log) for m in ("default", CYCLE_MODEL)]
    results = [r for run in runs + list(gba_runs) for r in run.results]
    fig = reference_tables.Figures(results)
    clocks = {n: t.clock_hz for n, t in targets.items()}
    return "\n".join(reference_tables.sections(fig, clocks, reference_tables.Figures(off.results, "caches-off")))


# ---- layout: the N64 reference study's SHA-3 relink -----------------------------------------------------
def layout_scan(t, elf, model, algo, name, span, step):
    """Estimates `algo` with the function or table `name` moved, for the
    caches only, by 0, step, ... < span bytes."""
    plugin = cycle_model.build_plugin(log)
    expected = host.expected_digests()
    e = read_elf(elf)
    lo, size = e.symbols[name], e.sizes[name]
    rows = []
    for delta in range(0, span, step):
        mf = write_model_file(model, t.build_dir / "layout" / f"{name}.{delta}.model", e, [(lo, lo + size, delta)])
        probe = cycle_model.Probe(plugin, model, mf)
        runs = [t.run_engine(elf, cycle_model, probe, ["-a", algo, "-s", "1024", "-i", "portable", "-k", str(k)])
                for k in (1, 3)]   # as cycle_model.run_calls with --calls 2
        (r,) = t.results(runs, expected, cycle_model, probe)
        if not r.verified:
            raise SystemExit(f"layout: {algo} digest mismatch")
        c = r.extra["counters"]
        rows.append((delta, r.per_call, c.get("icache_misses", 0), c.get("dcache_misses", 0), r.kb_per_s))
    return rows, size


def validate_layout(algo="sha3-256", step=512) -> str:
    """Moves SHA-3's permutation by 0..16 KiB (the VR4300's I-cache) and its
    round-constant table by 0..8 KiB (the D-cache), as a relink could
    place them, and reports the estimate at each offset."""
    t = load_all()["n64"]
    elf, _, _ = t.engine(log)
    model = load_model(t.cycle_model)
    out = []
    for name, span, cache in (("hb_keccak_f1600", 16384, "I"), ("hb_keccak_rc", 8192, "D")):
        log(f"layout: {algo} with {name} moved in steps of {step} B ...")
        rows, size = layout_scan(t, elf, model, algo, name, span, step)
        base = rows[0][1]
        worst = max(rows, key=lambda r: r[1])
        lines = [f"| {name} ({size} B) moved by | cycles/call | I-cache misses | D-cache misses | KB/s | vs as linked |",
                 "|---:|---:|---:|---:|---:|---:|"]
        lines += [f"| {d} | {c:,.0f} | {im:,.0f} | {dm:,.0f} | {kb:,.0f} | {100 * (base / c - 1):+.1f}% |"
                  for d, c, im, dm, kb in rows]
        if worst[1] > base:
            lines += ["", f"Worst placement of {name} ({cache}-cache): moved by {worst[0]} B, "
                          f"{100 * (1 - base / worst[1]):.1f}% slower than as linked."]
        else:
            best = min(rows, key=lambda r: r[1])
            lines += ["", f"As linked is the worst placement of {name} ({cache}-cache)" +
                      (f": moved by {best[0]} B it is {100 * (base / best[1] - 1):.1f}% faster."
                       if best[1] < base else ": no placement changes its cost.")]
        out.append("\n".join(lines))
    return "\n\n".join(out)


# ---- the STM32 study's memory experiments ----------------------------------------------------------
STM32_VARIANTS = [None, "sram", "icache-only-dtcm", "icache-only-sram", "nocache-dtcm", "nocache-sram"]


def validate_stm32(algos=("sha256", "ascon-hash256"), sizes=(1024, 65536)) -> str:
    titles = variant_titles("cortex-m7-stm32f767")
    res = {}
    for var in STM32_VARIANTS:
        log(f"Cortex-M7: {var or 'the model as it is'} ...")
        run = measure(Request(["cortex-m7"], list(sizes), [roster.find(a) for a in algos], impls=["portable"],
                              meter=CYCLE_MODEL, model_variant=var), log=log)
        res[var] = {(r.algorithm, r.size): r.per_call for r in run.results if r.verified}
    labels = roster.labels()
    cols = [(a, s) for a in algos for s in sizes]
    lines = ["| memory configuration | " + " | ".join(f"{labels[a]} {s} B cycles/B" for a, s in cols) + " |",
             "|---|" + "---:|" * len(cols)]
    for var in STM32_VARIANTS:
        cells = []
        for a, s in cols:
            c, b = res[var][(a, s)] / s, res[None][(a, s)] / s
            cells.append(f"{c:.1f}" + ("" if var is None else f" ({c / b:.2f}x)"))
        title = "caches on, data and stack in DTCM (the model as it is)" if var is None else titles[var]
        lines.append(f"| {title} | " + " | ".join(cells) + " |")

    def eff(v1, v2, a, s):
        return res[v2][(a, s)] / res[v1][(a, s)]
    big = max(sizes)
    notes = [f"- {labels[a]} at {big} B: SRAM instead of DTCM costs {100 * (eff(None, 'sram', a, big) - 1):+.1f}% "
             f"with the caches on, {100 * (eff('nocache-dtcm', 'nocache-sram', a, big) - 1):+.1f}% with them off; "
             f"turning both caches off costs {100 * (eff(None, 'nocache-dtcm', a, big) - 1):+.0f}% (data in DTCM), "
             f"the D-cache alone {100 * (eff(None, 'icache-only-dtcm', a, big) - 1):+.1f}% (DTCM) and "
             f"{100 * (eff('sram', 'icache-only-sram', a, big) - 1):+.1f}% (SRAM)." for a in algos]
    return "\n".join(lines) + "\n\n" + "\n".join(notes)


# ---- main -------------------------------------------------------------------------------------------
GENERATED = {  # what -> (its page, title)
    "gba": (ROOT / "docs" / "generated" / "cycle-model-gba.md", "The ARM7TDMI validation tables"),
    "seeds": (ROOT / "docs" / "generated" / "cycle-model-reference-studies.md",
              "Our code under the cycle model, beside the reference studies' figures"),
}


def generated_page(what: str, text: str) -> str:
    name = "reference-studies" if what == "seeds" else what
    return (f"# {GENERATED[what][1]}\n\nGenerated by `studies/validate_cycle_model.py {name} --write`; do not edit "
            "by hand (the method and what the rows say: [cycle-models.md](../cycle-models.md)).\n\n"
            + text.strip("\n") + "\n")


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter, epilog=__doc__)
    ap.add_argument("what", nargs="*", default=["all"],
                    help="gba, reference-studies (or its former name seeds), layout, stm32, probes, or all")
    ap.add_argument("-a", "--algo", action="append", metavar="ALGO", help="algorithm ids, comma lists (gba)")
    ap.add_argument("--variant", help="gba, probes: a variant of the arm7tdmi-gba model (e.g. mgba-shifts)")
    ap.add_argument("-o", "--output", metavar="FILE", help="also write the tables to FILE")
    ap.add_argument("--write", action=argparse.BooleanOptionalAction, default=False,
                    help="also rewrite the gba and reference-studies tables' pages under docs/generated/")
    args = ap.parse_args(argv)
    what = {"seeds" if w == "reference-studies" else w for w in args.what}
    if "all" in what:
        what = {"gba", "seeds", "layout", "stm32"}
    md = []

    def section(title, text, page=None):
        print(f"## {title}\n\n{text}\n")
        md.append(f"## {title}\n\n{text}\n")
        if args.write and page:
            write(generated_page(*page), GENERATED[page[0]][0])

    gba_runs = None
    if "probes" in what:
        from studies import cycle_probes
        section("GBA probes: one instruction kind repeated, mGBA against the model",
                cycle_probes.table(args.variant, log))
    if "gba" in what:
        rows, problems, gba_runs = validate_gba(listed(args.algo) or None, args.variant)
        text = gba_table(rows) + "\n\n" + gba_summary(rows) + "".join(f"\n\nnote: {p}" for p in problems)
        section("GBA: the cycle model against mGBA", text, page=("gba", text))
    if "seeds" in what:
        text = validate_seeds(gba_runs if not args.algo else None)
        section("Estimates beside the reference studies", text, page=("seeds", text))
    if "layout" in what:
        section("N64: SHA-3 and the cache layout", validate_layout())
    if "stm32" in what:
        section("Cortex-M7: the STM32 study's memory experiments", validate_stm32())
    if args.output:
        write("\n".join(md), args.output)
    return 0


if __name__ == "__main__":
    sys.exit(main())
