# SPDX-License-Identifier: MIT
"""hashbench compare: every implementation of algorithms, ranked."""
import sys

from .. import meters, userimpl
from ..flows import host_run, revisions
from ..present import exporters
from ..present.compare import present_compare, present_revisions
from ..present.host import header, report_mismatches
from ..storage.store import Store, ended
from . import compare_target
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
                              "  hashbench compare sha256 --impl-dir my-sha --rev HEAD~1 --rev HEAD --target gba\n"
                              "  hashbench compare crc32 --target gb      # C and SM83 assembly, exact cycles")
    c.add_argument("algos", nargs="+", metavar="ALGO")
    c.add_argument("--impl", action="append", metavar="IMPL", help="only these implementations (default: all)")
    userimpl.add_args(c)
    add_size_args(c, "time per implementation and size (default 200 ms)")
    meter = next(a for a in c._actions if a.dest == "meter")   # with --rev --target: a cross meter too
    meter.choices = list(meter.choices) + meters.model_spellings()
    meter.default = None   # none given: with --target, the target's own meter; else measured time
    meter.help += (f"; with --rev --target: {meters.CYCLE_MODEL}: the target's CPU model, estimated cycles "
                   f"(old spelling still taken: {', '.join(s for s in meters.model_spellings() if s != meters.CYCLE_MODEL)})")
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
    r.add_argument("--target", metavar="T",
                   help="measure on a cross target (exact) instead of the host; without --rev: rank our C and the "
                        "target CPU's assembly there (compare crc32 --target gb)")
    r.add_argument("--rounds", type=int, default=revisions.DEFAULT_ROUNDS,
                   help=f"with --rev under time: interleaved rounds (default {revisions.DEFAULT_ROUNDS})")
    c.set_defaults(func=main)
    return c


def main(args) -> int:
    if args.target and not args.rev:
        return compare_target.main(args)
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
    plan = revisions.plan(revisions.Request(
        algos=args.algos, revs=args.rev, sizes=args.size, sweep=args.sweep, impl_dirs=args.impl_dir,
        target=args.target, meter=args.meter, budget=args.budget, rounds=args.rounds, fail_above=args.fail_above,
        cluster=args.cluster, command=args.command_line))
    check_output(args)
    log = log_to_stderr(args.quiet)
    store = None if args.no_save else Store(args.db)
    done = revisions.compare(plan, store, log, args.quiet)
    if done.outcome:
        present_revisions(done)
    if args.output and done.run.results:
        exporters.write(args.output, done.run, args.format)
    code = ended(done.run, store, log)
    if code:
        return code
    if done.fails():
        how = "exactly" if done.outcome.exact else "with 95% confidence"
        print(f"fail: B is slower than A by more than {plan.fail_above:g}% ({how})", file=sys.stderr)
        return 1
    return 0
