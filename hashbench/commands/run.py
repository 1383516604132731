# SPDX-License-Identifier: MIT
"""hashbench run: benchmark algorithms on this machine."""
import sys

from .. import roster, userimpl
from ..errors import UserError
from ..present import exporters
from ..result import Run
from ..store import Store
from ..targets import host
from ..units import SWEEPS, parse_budget, parse_sizes, parse_unit
from ..userimpl.engine import host_engine
from .common import (
    HOST_METERS,
    METER_SKIPS,
    add_store_args,
    formatter,
    header,
    log_to_stderr,
    measure_host,
    note_skipped_backends,
    present_host,
    report_mismatches,
    select_impls,
)


def add_parser(sub):
    r = sub.add_parser("run", help="benchmark algorithms on this machine", formatter_class=formatter,
                       description="Verify, then time each selected algorithm on the standard workload "
                                   "(buf[i] = (i*31+7) & 0xFF) and print a table.",
                       epilog="examples:\n  hashbench run\n  hashbench run -a sha256,blake3 --size 1m\n"
                              "  hashbench run --tier crypto --sweep --units KB/s\n"
                              "  hashbench run --sweep long -a crc32 -o crc.json\n"
                              "  hashbench run --impl all -a sha256\n"
                              "  hashbench run --meter sim          # exact: the same figures on every run")
    r.add_argument("-a", "--algo", action="append", metavar="ALGO",
                   help="algorithm id, comma list or glob ('sha*'); repeatable (default: all)")
    r.add_argument("--tier", action="append", metavar="TIER", help="checksum, non-crypto or crypto; repeatable")
    r.add_argument("--impl", action="append", metavar="IMPL",
                   help="implementation(s): portable (default), compact, a backend, an --impl-dir's name, or 'all'")
    userimpl.add_args(r)
    add_size_args(r)
    r.add_argument("--sort", choices=["category", "speed", "name"], default="category")
    r.add_argument("--units", default="MB/s", help="MB/s (default), KB/s (the seed's) or MiB/s")
    r.add_argument("-o", "--output", metavar="FILE", help="also write FILE (.json, .csv or .md)")
    add_store_args(r)
    r.add_argument("-q", "--quiet", action="store_true", help="no progress, no header or footer")
    r.set_defaults(func=main)
    return r


def add_size_args(p, budget_help="time per measurement, e.g. 200, 200ms, 1s (default 200 ms)"):
    p.add_argument("--size", action="append", metavar="SIZE", help="bytes: 64, 1k, 1KiB, 1m (default 1024)")
    p.add_argument("--sweep", nargs="?", const="seed", choices=sorted(SWEEPS),
                   help="several sizes: 'seed' = 64/256/1024 (default), 'long' = 16 B .. 1 MiB")
    p.add_argument("--budget", default="200", help=budget_help)
    p.add_argument("--samples", type=int,
                   help="this many samples, shared by the processes (default: as many as the budget allows)")
    p.add_argument("--timer", default="auto", help="auto, perf, tsc, cntvct, monotonic or cputime")
    p.add_argument("--processes", type=int, default=host.DEFAULT_PROCESSES, metavar="N",
                   help="engine processes sharing the budget, one after another: the spread between "
                        f"processes is part of every ± and test (default {host.DEFAULT_PROCESSES})")
    p.add_argument("--meter", choices=list(HOST_METERS), default="time",
                   help="; ".join(f"{k}: {v}" for k, v in HOST_METERS.items()))


def timing_options(args) -> dict:
    """The options every timed command shares, checked before anything runs."""
    budget = parse_budget(args.budget)
    if args.samples is not None and not 1 <= args.samples <= 1000:
        raise UserError("--samples must be between 1 and 1000")
    if not 1 <= args.processes <= 100:
        raise UserError("--processes must be between 1 and 100")
    if args.sweep and args.size:
        raise UserError("use either --size or --sweep, not both")
    sizes = SWEEPS[args.sweep] if args.sweep else (parse_sizes(args.size) if args.size else [1024])
    if args.meter == "sim" and (args.samples or args.timer != "auto" or args.budget != "200"):
        print("note: --meter sim counts each call: --budget, --samples and --timer do not apply",
              file=sys.stderr)
    return {"sizes": sizes, "budget_ms": budget, "samples": args.samples, "timer": args.timer,
            "processes": args.processes, "meter": args.meter}


def main(args) -> int:
    unit = parse_unit(args.units)
    opts = timing_options(args)
    if args.output:
        exporters.check_path(args.output)
    mine = userimpl.prepare(args, log_to_stderr(args.quiet))
    userimpl.default_selection(args, mine)
    engine = host_engine(mine, log_to_stderr(args.quiet))
    catalogue, backends = host.catalogue(engine, METER_SKIPS.get(opts["meter"], ()))
    algos = [a.id for a in roster.select(args.algo, args.tier, [a for a in roster.algorithms()
                                                               if a.id in {c["id"] for c in catalogue}])]
    impls = select_impls(catalogue, args.impl)
    note_skipped_backends(backends, impls, opts["meter"])
    store = None if args.no_save else Store(args.db)
    opts.update(algos=algos, impls=impls)
    run = Run(kind="host", command=" ".join(sys.argv), options=opts)
    measure_host(run, opts, catalogue, backends, store, args.quiet, engine)
    report_mismatches(run)
    if run.results:
        if not args.quiet:
            print(header(run))
        present_host(run, run.results, unit, args.sort, [c["id"] for c in catalogue], args.quiet)
    if args.output:
        exporters.write(args.output, run)
        if not args.quiet:
            print(f"wrote {args.output}", file=sys.stderr)
    if run.status == "interrupted":
        saved = f"; saved as run {run.id}" if store else ""
        print(f"interrupted: kept the {len(run.results)} result(s) measured so far{saved}", file=sys.stderr)
        return 130
    if store and not args.quiet:
        print(f"saved as run {run.id} in {store.path}", file=sys.stderr)
    return 1 if run.mismatches else 0
