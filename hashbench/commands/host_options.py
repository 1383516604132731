# SPDX-License-Identifier: MIT
"""The options of a host run (run and compare), checked before anything
runs, and its set-up: the engine built, algorithms and implementations chosen."""
import os
import sys

from .. import executor, host_run, roster, userimpl
from ..errors import UserError
from ..result import Run
from ..store import Store
from ..targets import host_sim
from ..targets.host import DEFAULT_PROCESSES
from ..units import parse_budget, parse_sizes, parse_sweep
from ..userimpl.engine import host_engine
from .options import log_to_stderr, refuse_modes
from .output import check_output

# --meter of run and compare: what reads the cost of the host engine's code
HOST_METERS = {
    "time": "the host's timers: measured time (default)",
    "cycles": "core cycles: perf_event, else estimated from a calibration kernel timed around every sample",
    "sim": "Callgrind: estimated cycles from simulated instructions, caches and branches (exact)",
}


def add_size_args(p, budget_help="time per measurement, e.g. 200, 200ms, 1s (default 200 ms)"):
    p.add_argument("--size", action="append", metavar="SIZE", help="bytes: 64, 1k, 1KiB, 1m (default 1024)")
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
    sizes = parse_sweep(args.sweep) if args.sweep else (parse_sizes(args.size) if args.size else [1024])
    if args.meter == "sim" and (args.samples or args.timer != "auto" or args.budget != "200"):
        print("note: --meter sim counts each call: --budget, --samples and --timer do not apply",
              file=sys.stderr)
    return {"sizes": sizes, "budget_ms": budget, "samples": args.samples, "timer": args.timer,
            "processes": args.processes, "meter": args.meter}


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
    if args.meter == "sim":
        refuse_modes(args, "under --meter sim: Callgrind counts the plain loop of one thread "
                           "(use --meter time or cycles)")
    return opts


def note_skipped_backends(backends, impls, meter="time"):
    skips = host_run.METER_SKIPS.get(meter, ())
    for b in backends:
        if not b["available"] and b["name"] not in skips and (impls == ["all"] or b["name"] in impls):
            print(f"note: backend {b['name']} is not available on this machine: skipped", file=sys.stderr)
    if skips:
        host_sim.note_skipped(backends, impls)


def prepare_host_run(args, kind, algos, tiers, impls, noted_impls=None, **options):
    """Checks the timing options, builds the engine, picks the algorithms and
    implementations it has -> (Run, host_run.Host, Store or None, the
    executor of a sim run's jobs or None).
    `noted_impls`: whose missing backends to note (default: `impls`)."""
    opts = timing_options(args)
    check_output(args)
    if args.cluster and opts["meter"] != "sim":
        raise UserError(f"--cluster runs the jobs of --meter sim; --meter {opts['meter']} times this machine "
                        "(every machine of a cluster: hashbench fleet --cluster ...)")
    log = log_to_stderr(args.quiet)
    mine = userimpl.prepare(args, log)   # verified before anything is built for timing or stored
    runner = executor.choose(args.cluster, host_sim.targets()) if opts["meter"] == "sim" else None
    if runner is not None and runner.name != executor.Local.name and mine:
        raise UserError("--cluster measures our code: implementation folders are measured here")
    if mine and kind == "host":          # ours beside theirs, on their algorithms, unless told otherwise
        impls = impls or ["portable"] + [m.name for m in mine]
        algos = algos or (None if tiers else list(dict.fromkeys(m.algorithm for m in mine)))
    host = host_run.open_host(opts["meter"], host_engine(mine, log) if mine else None)
    algo_ids = host_run.select_algos(host.catalogue, algos, tiers)
    impl_names = host_run.select_impls(host.catalogue, impls)
    roster.check_selection({c["id"]: c["impls"] for c in host.catalogue}, algo_ids, impl_names)
    note_skipped_backends(host.backends, noted_impls or impl_names, opts["meter"])
    store = None if args.no_save else Store(args.db)
    opts.update(algos=algo_ids, impls=impl_names, **options)
    return Run(kind=kind, command=" ".join(sys.argv), options=opts), host, store, runner
