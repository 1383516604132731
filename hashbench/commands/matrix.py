# SPDX-License-Identifier: MIT
"""hashbench matrix: builds (compilers x flags) x algorithms, side by side,
with code size."""
import os
import sys

from .. import executor, matrix, roster, userimpl
from ..build import configs
from ..errors import UserError
from ..present import exporters
from ..present import matrix as present
from ..present.host import report_mismatches
from ..spelling import one_name
from ..store import Store, ended
from ..targets import load_all
from ..units import parse_budget, parse_sizes
from .options import add_cluster_arg, add_store_args, formatter, log_to_stderr
from .output import add_format_arg, check_output

DEFAULT_ROUNDS = 5


def add_build_args(p):
    p.add_argument("--cc", action="append", metavar="CC[,CC...]",
                   help="host compilers: gcc, clang, clang-14, a path (default gcc); a cross target uses its own")
    p.add_argument("--flags", action="append", metavar="SET[,SET...]",
                   help="flag sets, comma-separated; write --flags=-O2,-O3 (with '='); a set may hold several "
                        "flags: --flags='-O3 -march=native,-O2 -flto' (default -O2)")
    p.add_argument("--target", metavar="T", help="a cross target (hashbench cross --list) instead of the host")
    p.add_argument("-a", "--algo", action="append", metavar="ALGO", help="ids, comma lists or globs (default: all)")
    p.add_argument("--tier", action="append", metavar="TIER", help="checksum, non-crypto or crypto")
    p.add_argument("--impl", default=None, help="portable (default), compact, an --impl-dir's name, or all "
                                                "(with --impl-dir and no --impl: portable and the folders')")
    userimpl.add_args(p)


def add_parser(sub):
    m = sub.add_parser(
        "matrix", help="builds side by side: compilers x flags x algorithms, with code size", formatter_class=formatter,
        description="Build the engine once per build (a compiler and a flag set, named from both: gcc-O2, "
                    "clang-O3-march=native), measure every algorithm with every build, and print one table per "
                    "algorithm: each build's figure relative to the best, '1.00 ± 0.02', beside its code size "
                    "(bytes of code and tables the algorithm adds to a program linked with --gc-sections; "
                    "-flto reaches the link).\n\n"
                    "On the host the builds are timed in rounds of short engine processes, one per build in "
                    "turn, so the machine's drift hits all alike; the figure is the median over rounds of the "
                    "per-round ratio to the best build, ± its median absolute deviation.  On a cross target "
                    "(--target) its engine is rebuilt per flag set (its -O level replaced) and measured with "
                    "its exact meter: the ratio of counts, ± 0.  Every digest is verified first.  A compiler "
                    "that is missing or rejects a flag set is named with its message; the other builds run.",
        epilog="examples:\n"
               "  hashbench matrix --cc gcc,clang --flags=-O2,-O3,-Os -a sha256,blake3\n"
               "  hashbench matrix --flags='-O2,-O2 -march=native' -a keccak-256\n"
               "  hashbench matrix --target cortex-m7 --flags=-Os,-O2,-O3\n"
               "  hashbench matrix --target n64 --flags='-O2,-O3,-O3 -funroll-loops' -a 'md5,sha*'\n"
               "  hashbench matrix --cc gcc,clang --tier crypto -o matrix.json\n"
               "  hashbench show last          # a stored matrix again; hashbench diff compares by build name")
    add_build_args(m)
    m.add_argument("--size", action="append", metavar="SIZE", help="bytes: 64, 1k, 1m (default 1024)")
    m.add_argument("--budget", default="200",
                   help="host: each build's time per measurement, over all rounds (default 200 ms)")
    m.add_argument("--rounds", type=int, default=DEFAULT_ROUNDS,
                   help=f"host: engine processes per build, interleaved (default {DEFAULT_ROUNDS})")
    m.add_argument("--timer", default="auto", help="host timer: auto, perf, tsc, cntvct, monotonic or cputime")
    m.add_argument("--no-code-size", action="store_true", help="do not measure code size")
    m.add_argument("-o", "--output", metavar="FILE", help="also write FILE (.json, .csv or .md)")
    add_format_arg(m)
    add_cluster_arg(m)
    add_store_args(m)
    m.add_argument("-q", "--quiet", action="store_true", help="no progress lines")
    m.set_defaults(func=main)
    return m


def target_and_builds(args):
    """--target, --cc, --flags -> (the cross target or None, the builds).
    A target's tools are looked for here unless a cluster runs its jobs
    (there the workers are asked)."""
    target = None
    if args.target:
        targets = load_all()
        args.target = one_name(args.target, targets, "--target")
        if args.target not in targets:
            raise UserError(f"unknown target {args.target!r} (targets: {', '.join(targets)})")
        target = targets[args.target]
        missing = [] if getattr(args, "cluster", None) or os.environ.get(executor.ENV) else target.missing()
        if missing:
            raise UserError(f"{target.name}: not installed: {', '.join(missing)} (scripts/setup.sh installs them)")
    return target, configs.parse(args.cc, args.flags, target)


def chosen_impls(text, mine=()) -> list:
    """--impl -> implementation names: ours, and the implementation folders' (`mine`)."""
    theirs = [m.name for m in mine]
    text = text or ",".join(["portable"] + theirs)
    impls = list(roster.OURS) + theirs if text == "all" else roster.split([text])
    bad = [i for i in impls if i not in roster.OURS and i not in theirs]
    if bad or not impls:
        raise UserError(f"unknown implementation {(bad or [text])[0]!r}: a matrix builds our code (portable, "
                        "compact or all) and the --impl-dir folders'")
    return impls


def target_algorithms(target, algos) -> list:
    """The selected algorithms that `target` builds (a console without 64-bit
    integers leaves some out); none is one line, exit 2, not every algorithm."""
    if target is None or not hasattr(target, "algorithms"):
        return algos
    kept = target.algorithms(algos)
    if algos and not kept:
        raise UserError(f"{target.name} builds none of the selected algorithms ({', '.join(a.id for a in algos)})")
    return kept


def with_folders(args, log):
    """The implementation folders of --impl-dir, verified; with them and
    no -a / --tier, their algorithms are chosen."""
    mine = userimpl.prepare(args.impl_dir, log)
    if mine and not args.algo and not args.tier:
        args.algo = list(dict.fromkeys(m.algorithm for m in mine))
    return mine


def main(args) -> int:
    target, builds = target_and_builds(args)
    if not 1 <= args.rounds <= 100:
        raise UserError("--rounds must be between 1 and 100")
    sizes = parse_sizes(args.size) if args.size else [1024]
    mine = with_folders(args, log_to_stderr(args.quiet))
    algos = target_algorithms(target, roster.select(args.algo, args.tier))
    impls = chosen_impls(args.impl, mine)
    roster.check_selection({a.id: list(a.impls) + [m.name for m in mine if m.algorithm == a.id] for a in algos},
                           [a.id for a in algos], impls)
    check_output(args)
    if target is None and args.cluster:
        raise UserError("--cluster runs a cross target's builds (--target T); host builds are timed here")
    plan = matrix.Plan(builds=builds, algos=algos, impls=impls, sizes=sizes, mine=mine,
                       budget_ms=parse_budget(args.budget), rounds=args.rounds, timer=args.timer, target=target,
                       code_size=not args.no_code_size, log=log_to_stderr(args.quiet), quiet=args.quiet,
                       executor=executor.choose(args.cluster, {target.name: target}) if target else None,
                       command=args.command_line)
    store = None if args.no_save else Store(args.db)
    run = matrix.measure(plan, store)
    failed = [n for n in run.notes if n.reason == "not-built"]
    for n in failed:
        print(f"hashbench: {n.detail}", file=sys.stderr)
    if len(failed) == len(builds):
        return 2
    for n in run.notes:
        if n.reason != "not-built":
            print(f"warning: {n.detail}", file=sys.stderr)
    report_mismatches(run)
    where = target.title if target else f"this machine ({run.context.get('cpu')})"
    print(f"{len(builds) - len(failed)} builds on {where}" +
          (f"; not built: {', '.join(n.data['build'] for n in failed)}" if failed else ""))
    if run.context.get("code_size"):
        print(f"CODE B: {run.context['code_size']}")
    present.present(run.results)
    if args.output:
        exporters.write(args.output, run, args.format)
    return ended(run, store, plan.log) or (1 if run.status == "failed" else 0)
