# SPDX-License-Identifier: MIT
"""The options of a host run (run and compare), checked before anything
runs, as a hashbench.flows.host_run.Options (host_run.prepare sets the run up)."""
import os
import sys

from .. import meters
from ..errors import UserError
from ..flows import host_run
from ..targets.host import DEFAULT_PROCESSES
from ..units import parse_budget, parse_sizes, parse_sweep
from .options import refuse_modes
from .output import check_output


def add_size_args(p, budget_help="time per measurement, e.g. 200, 200ms, 1s (default 200 ms)"):
    p.add_argument("--size", action="append", metavar="SIZE",
                   help="bytes: 64, 1k or 1KiB (1,024 B), 1m or 1MiB (1,048,576 B); default 1024.  "
                        "Sizes are binary; MB/s is 10^6 B/s (--unit MiB/s: binary)")
    p.add_argument("--sweep", nargs="?", const="reference-study", metavar="SWEEP",
                   help="several sizes: 'reference-study' (or its former name 'seed') = 64/256/1024 (default), "
                        "'long' = 16 B .. 1 MiB, 'small' = every length 0..128 B (time per call), 'small:N' = 0..N")
    p.add_argument("--budget", default="200", help=budget_help)
    p.add_argument("--samples", type=int,
                   help="this many samples, shared by the processes (default: as many as the budget allows)")
    p.add_argument("--timer", default="auto", help="auto, perf, tsc, cntvct, monotonic or cputime")
    p.add_argument("--processes", type=int, default=DEFAULT_PROCESSES, metavar="N",
                   help="engine processes sharing the budget, one after another: the spread between "
                        f"processes is part of every ± and test (default {DEFAULT_PROCESSES})")
    p.add_argument("--meter", choices=meters.spellings(meters.HOST), default="ns", metavar="METER",
                   help="what reads the cost: " + meters.help_text(meters.HOST))


def timing_options(args) -> dict:
    """The options every timed command shares, checked before anything runs."""
    budget = parse_budget(args.budget)
    if args.samples is not None and not 1 <= args.samples <= 1000:
        raise UserError("--samples must be between 1 and 1000")
    if not 1 <= args.processes <= 100:
        raise UserError("--processes must be between 1 and 100")
    if args.sweep and args.size:
        raise UserError("use either --size or --sweep, not both")
    sizes = parse_sweep(args.sweep) if args.sweep else (parse_sizes(args.size) if args.size else [1024])
    meter = meters.choose(args.meter, meters.HOST)
    if meter.exact and (args.samples or args.timer != "auto" or args.budget != "200"):
        print(f"note: --meter {args.meter} counts each call: --budget, --samples and --timer do not apply",
              file=sys.stderr)
    return {"sizes": sizes, "budget_ms": budget, "samples": args.samples, "timer": args.timer,
            "processes": args.processes, "meter": meter.option}


MAX_THREADS = 64     # the engine's
ALIGN_ALL = list(range(8))


def add_mode_args(p):
    """The loop's modes (docs/records.md, "Modes"): run only."""
    p.add_argument("--latency", action="store_true",
                   help="also time chained calls: each call's input starts with the previous digest, so calls "
                        "cannot overlap; ns per call beside throughput, and their ratio")
    p.add_argument("--threads", metavar="N|all|N,N..",
                   help="N threads at once, each on its own buffer and pinned to a CPU, against one thread: "
                        "aggregate and per-thread MB/s and the scaling; a list gives a scaling table")
    p.add_argument("--align", metavar="K|all|K,K..",
                   help="the input K bytes past a 64-byte boundary (0..63; all = 0..7), against aligned input: "
                        "the cost of misalignment, every implementation verified at that offset first")


def _counts(text, what, lo, hi, all_values) -> list:
    if text.strip() == "all":
        return list(all_values)
    out = []
    for part in text.split(","):
        if not part.strip().isdigit() or not lo <= int(part) <= hi:
            raise UserError(f"bad {what} {part.strip()!r}: use a number from {lo} to {hi}, a comma list, or all")
        out.append(int(part))
    return out


def mode_options(args) -> dict:
    """--latency, --threads, --align as the run's options; a mode the meter
    cannot honour is refused.  A single --threads N or --align K is measured
    beside its baseline (1 thread, offset 0) in the same run."""
    opts = {}
    if args.threads is not None:   # '' too: an empty value is bad input, not no mode
        allowed = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
        counts = _counts(args.threads, "thread count", 1, MAX_THREADS, [min(allowed, MAX_THREADS)])
        opts["threads"] = sorted(set([1] + counts))
    if args.align is not None:   # '' too: an empty value is bad input, not no mode
        opts["aligns"] = sorted(set([0] + _counts(args.align, "alignment", 0, 63, ALIGN_ALL)))
    if args.latency:
        opts["latency"] = True
    meter = meters.choose(args.meter, meters.HOST)
    refused = [m for m in meters.MODES if m not in meter.modes]
    if refused:
        honour = meters.named_where(meters.HOST, lambda m: m.modes)
        refuse_modes(args, f"under --meter {args.meter}: {meter.instrument} counts the plain loop of one thread "
                           f"(use --meter {honour})", refused)
    return opts


def host_options(args, algos, tiers, impls, noted_impls=None, **extra) -> host_run.Options:
    """A host run's options (run, compare), checked before anything is built
    or stored.  `noted_impls`: whose missing backends to note (default: the
    chosen); `extra`: the loop's modes, or interleave=True."""
    opts = timing_options(args)
    check_output(args)
    meter = meters.choose(opts["meter"], meters.HOST)
    if args.cluster and not meter.jobs:
        counted = meters.named_where(meters.HOST, lambda m: m.jobs)
        raise UserError(f"--cluster runs the jobs of --meter {counted}; --meter {args.meter} times this machine "
                        "(every machine of a cluster: hashbench fleet --cluster ...)")
    return host_run.Options(**opts, algos=algos, tiers=tiers, impls=impls, noted_impls=noted_impls, extra=extra,
                            impl_dirs=args.impl_dir, cluster=args.cluster, db=None if args.no_save else args.db,
                            save=not args.no_save, quiet=args.quiet, command=args.command_line)
