# SPDX-License-Identifier: MIT
"""hashbench compare: every implementation of algorithms, ranked."""
import math
import sys

from .. import host_run, meters, revisions, roster, userimpl
from ..errors import UserError
from ..present import exporters
from ..present.compare import present_compare
from ..present.host import header, report_mismatches
from ..present.table import fmt_num, render
from ..result import METER_TITLES
from ..store import Store, ended, recording
from ..units import parse_budget, parse_sizes
from .host_options import add_size_args, host_options
from .options import add_cluster_arg, add_store_args, formatter, log_to_stderr
from .output import add_format_arg, check_output, write_output


def add_parser(sub):
    c = sub.add_parser("compare", help="rank every implementation of algorithms", formatter_class=formatter,
                       description="Measure every available implementation of each ALGO (ours and the "
                                   "library backends), each verified first, sampled in turn (A B C A B C "
                                   "...) so drift hits all alike, in several engine processes; rank them "
                                   "fastest first by time relative to the fastest, ± the 95% interval of "
                                   "the per-process ratios.  --meter est-cycles ranks them by estimated cycles "
                                   "under a CPU simulator instead: exact, no spread.",
                       epilog="examples:\n  hashbench compare keccak-256\n  hashbench compare sha256 blake3 --size 1m\n"
                              "  hashbench compare crc32 --sweep --impl portable,zlib,rust-crc32fast\n"
                              "  hashbench compare fnv1a32 --impl-dir my-fnv --meter est-cycles     # your code ranked too\n"
                              "  hashbench compare sha256 --rev main --rev HEAD --meter est-cycles --fail-above 1   # for CI\n"
                              "  hashbench compare sha256 --impl-dir my-sha --rev HEAD~1 --rev HEAD --target gba")
    c.add_argument("algos", nargs="+", metavar="ALGO")
    c.add_argument("--impl", action="append", metavar="IMPL", help="only these implementations (default: all)")
    userimpl.add_args(c)
    add_size_args(c, "time per implementation and size (default 200 ms)")
    meter = next(a for a in c._actions if a.dest == "meter")   # with --rev --target: a cross meter too
    meter.choices = list(meter.choices) + meters.model_spellings()
    meter.default = None   # none given: with --target, the target's own meter; else measured time
    meter.help += (f"; with --rev --target: {meters.CYCLE_MODEL} ({', '.join(meters.model_spellings())}): the "
                   "target's CPU model, estimated cycles")
    c.add_argument("-o", "--output", metavar="FILE", help="also write FILE (.json, .csv or .md)")
    add_format_arg(c)
    add_store_args(c)
    add_cluster_arg(c, "with --meter est-cycles")
    c.add_argument("-q", "--quiet", action="store_true", help="no progress, no header")
    r = c.add_argument_group("revisions side by side (CI)")
    r.add_argument("--rev", action="append", metavar="REV",
                   help="twice: --rev A --rev B builds ALGO's code at two git revisions (of the hashbench tree, or "
                        "with --impl-dir of the repository holding that folder), each in its own worktree, and "
                        "measures them in one run: interleaved rounds under time, exact under --meter est-cycles or "
                        "--target")
    r.add_argument("--fail-above", type=float, metavar="PCT",
                   help="exit 1 when B is slower than A by more than PCT %% (with 95%% confidence under time, "
                        "exactly under an exact meter)")
    r.add_argument("--target", metavar="T", help="with --rev: measure on a cross target (exact) instead of the host")
    r.add_argument("--rounds", type=int, default=revisions.DEFAULT_ROUNDS,
                   help=f"with --rev under time: interleaved rounds (default {revisions.DEFAULT_ROUNDS})")
    c.set_defaults(func=main)
    return c


def main(args) -> int:
    if args.rev or args.fail_above is not None or args.target or args.meter in meters.model_spellings():
        return compare_revisions(args)
    args.meter = args.meter or meters.HOST_DEFAULT
    opts = host_options(args, args.algos, None, args.impl or ["all"], noted_impls=["all"], interleave=True)
    run, host, store, runner = host_run.prepare(opts, "compare")
    host_run.measure(run, host, store, args.quiet, runner, log_to_stderr(args.quiet))
    report_mismatches(run)
    if not args.quiet:
        print(header(run))
    present_compare(run, run.options["algos"], run.options["sizes"])
    write_output(args, run)
    return ended(run, store, log_to_stderr(args.quiet)) or (1 if run.mismatches else 0)


def compare_revisions(args) -> int:
    """compare ALGO --rev A --rev B: B against A, and --fail-above's verdict."""
    if not args.rev:
        raise UserError(f"--fail-above, --target and --meter {' or '.join(meters.model_spellings())} go with "
                        "--rev A --rev B")
    if args.cluster:
        counted = " or ".join(m.option for m in meters.REGISTRY if m.where == meters.HOST and m.jobs)
        raise UserError(f"--cluster runs the jobs of --meter {counted} without --rev; --rev measures here")
    if len(args.algos) != 1 or any(c in args.algos[0] for c in "*?[,"):
        raise UserError("--rev compares one algorithm: compare ALGO --rev A --rev B")
    algo = roster.select(args.algos)[0].id
    if args.fail_above is not None and not 0 <= args.fail_above < math.inf:   # nan would never fail
        raise UserError("--fail-above takes a percentage, 0 or more")
    if args.sweep or (args.size and len(parse_sizes(args.size)) > 1):
        raise UserError("--rev measures one size: give one --size")
    size = parse_sizes(args.size)[0] if args.size else 1024
    dirs = userimpl.folders(args.impl_dir)
    if len(dirs) > 1:
        raise UserError("--rev takes one implementation folder")
    model = args.meter is not None and meters.uses_model(args.meter)
    if args.target and not (model or args.meter is None):
        raise UserError(f"--target measures with the target's own exact meter, or --meter {meters.CYCLE_MODEL}")
    if args.meter in meters.model_spellings() and not args.target:
        raise UserError(f"--meter {args.meter} goes with --rev A --rev B --target T")
    check_output(args)
    log = log_to_stderr(args.quiet)
    repo = revisions.repository(dirs[0] if dirs else None)
    revs = revisions.resolve(repo, args.rev)
    revisions.prepare(revs, repo, dirs[0] if dirs else None, log)
    impl = revs[0].impl.name if revs[0].impl else "portable"
    if revs[0].impl and revs[0].impl.algorithm != algo:
        raise UserError(f"{revs[0].impl.folder}: its code is {revs[0].impl.algorithm}, not {algo}")
    if args.target:
        o = revisions.measure_target(revs, args.target, algo, size, log,
                                     meters.CYCLE_MODEL if model else meters.DEFAULT)
        where = args.target
    else:
        o = revisions.measure_host(revs, algo, impl, size, args.meter or meters.HOST_DEFAULT, parse_budget(args.budget),
                                   revisions.rounds_ok(args.rounds), args.quiet, log)
        where = "this machine"
    unit = METER_TITLES.get(o.a.meter, o.a.meter)
    print(f"{algo} ({impl}) @ {size} B on {where} · {unit} · per call"
          + ("" if o.exact else f" · {o.rounds} interleaved rounds"))
    rows = [[tag, rev.label, rev.commit[:12], fmt_num(res.per_call), res.unit or ""]
            for tag, rev, res in (("A", revs[0], o.a), ("B", revs[1], o.b))]
    render(["", "REV", "COMMIT", "PER CALL", "UNIT"], rows, "lllrl")
    print(f"{revisions.ratio_text(o)}: {o.verdict()} (B costs {revisions.percent(o)} than A)")
    run = revisions.as_run(revs, o)
    store = None if args.no_save else Store(args.db)
    if store:
        with recording(store, run):   # measured already: stored whole
            pass
        ended(run, store, log)
    if args.output:
        exporters.write(args.output, run, args.format)
    if args.fail_above is not None and o.slower_by_more_than(args.fail_above):
        how = "exactly" if o.exact else "with 95% confidence"
        print(f"fail: B is slower than A by more than {args.fail_above:g}% ({how})", file=sys.stderr)
        return 1
    return 0
