# SPDX-License-Identifier: MIT
"""hashbench compare: every implementation of algorithms, ranked."""
import sys

from .. import roster, userimpl
from ..present import exporters
from ..present.native import native_table
from ..present.table import COUNTER_TITLES, fmt_count, fmt_num, render
from ..ranking import rank
from ..result import METER_TITLES, Run
from ..store import Store
from ..targets import host
from ..userimpl.engine import host_engine
from .common import (
    METER_SKIPS,
    add_store_args,
    formatter,
    header,
    log_to_stderr,
    measure_host,
    note_skipped_backends,
    report_mismatches,
    select_impls,
)
from .run import add_size_args, timing_options


def add_parser(sub):
    c = sub.add_parser("compare", help="rank every implementation of algorithms", formatter_class=formatter,
                       description="Measure every available implementation of each ALGO (ours and the "
                                   "library backends), each verified first, sampled in turn (A B C A B C "
                                   "...) so drift hits all alike, in several engine processes; rank them "
                                   "fastest first by time relative to the fastest, ± the 95% interval of "
                                   "the per-process ratios.  --meter sim ranks them by estimated cycles "
                                   "under a CPU simulator instead: exact, no spread.",
                       epilog="examples:\n  hashbench compare keccak-256\n  hashbench compare sha256 blake3 --size 1m\n"
                              "  hashbench compare crc32 --sweep --impl portable,zlib,rust-crc32fast")
    c.add_argument("algos", nargs="+", metavar="ALGO")
    c.add_argument("--impl", action="append", metavar="IMPL", help="only these implementations (default: all)")
    userimpl.add_args(c)
    add_size_args(c, "time per implementation and size (default 200 ms)")
    c.add_argument("-o", "--output", metavar="FILE", help="also write FILE (.json, .csv or .md)")
    add_store_args(c)
    c.add_argument("-q", "--quiet", action="store_true")
    c.set_defaults(func=main)
    return c


def cost_ranking_rows(results):
    """Rows 'rank, relative cost, impl, cost/B, counters per call, version',
    cheapest first: an exact meter (--meter sim) needs no spread."""
    ranked = rank(results)
    names = list(dict.fromkeys(c for k in ranked for c in k.result.extra.get("counters", {})))
    rows = []
    for n, k in enumerate(ranked, 1):
        r, counters = k.result, k.result.extra.get("counters", {})
        rows.append([f"{n}.", f"{k.relative:.3f}", r.implementation, fmt_num(r.per_byte)]
                    + [fmt_count(counters.get(c)) for c in names] + [r.extra.get("impl_version") or "ours"])
    headers = ["#", "COST (rel.)", "IMPL", "cyc/B"] + [COUNTER_TITLES.get(k, k) for k in names] + ["VERSION"]
    return headers, rows, "lrlr" + "r" * len(names) + "l"


def ranking_rows(results):
    """Rows 'rank, relative time ± spread, impl, MB/s, cyc/B, version', fastest
    first (the figures: hashbench.ranking)."""
    return [[f"{n}.", f"{k.relative:.2f} ± {k.spread:.2f}", k.result.implementation, fmt_num(k.result.mb_per_s),
             fmt_num(k.result.cycles_per_byte), k.result.extra.get("impl_version") or "ours"]
            for n, k in enumerate(rank(results), 1)]


def main(args) -> int:
    opts = timing_options(args)
    if args.output:
        exporters.check_path(args.output)
    mine = userimpl.prepare(args, log_to_stderr(args.quiet))
    engine = host_engine(mine, log_to_stderr(args.quiet))
    catalogue, backends = host.catalogue(engine, METER_SKIPS.get(opts["meter"], ()))
    algos = [a.id for a in roster.select(args.algos, None, [a for a in roster.algorithms()
                                                           if a.id in {c["id"] for c in catalogue}])]
    impls = select_impls(catalogue, args.impl or ["all"])
    note_skipped_backends(backends, ["all"], opts["meter"])
    store = None if args.no_save else Store(args.db)
    opts.update(algos=algos, impls=impls, interleave=True)
    run = Run(kind="compare", command=" ".join(sys.argv), options=opts)
    measure_host(run, opts, catalogue, backends, store, args.quiet, engine)
    report_mismatches(run)
    if not args.quiet:
        print(header(run))
    labels = roster.labels()
    for algo in algos:
        for size in opts["sizes"]:
            rs = [r for r in run.results if r.algorithm == algo and r.size == size and r.verified]
            if not rs:
                continue
            print()
            title = f"{labels.get(algo, algo)} @ {size} B: {len(rs)} implementations, each verified"
            if all(r.exact for r in rs):
                render(*cost_ranking_rows(rs), title=title + f" · {METER_TITLES[rs[0].meter]}")
                continue
            render(["#", "TIME (rel.)", "IMPL", "MB/s", "cyc/B", "VERSION"], ranking_rows(rs), "lrlrrl", title=title)
            native = native_table(rs)
            if native:
                print()
                render(*native, title=f"{labels.get(algo, algo)} @ {size} B in bench-keccak256's form: the Rust "
                                      "crates built twice, default (no RUSTFLAGS) and native (-C target-cpu=native)")
                print(f"ours: portable, {run.context.get('compiler')} {(run.context.get('cflags') or '').strip()} "
                      "(no -march), corresponds to default; its -march=native build: "
                      f"hashbench matrix --flags='-O2,-O2 -march=native' -a {algo}")
    if args.output:
        exporters.write(args.output, run)
    if run.status == "interrupted":
        print(f"interrupted: kept the {len(run.results)} result(s) measured so far", file=sys.stderr)
        return 130
    return 1 if run.mismatches else 0
