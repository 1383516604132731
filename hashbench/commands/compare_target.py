# SPDX-License-Identifier: MIT
"""hashbench compare ALGO --target T (without --rev): our implementations of
each algorithm on one cross target - portable and compact C, and the
assembly written for that target's CPU - measured by the target's own
exact meter (hashbench.cross), each verified first, ranked by cycles a
call.  Exact counts need no samples: the ranking is the counts' order."""
import sys

from .. import cross, roster
from ..errors import UserError
from ..present import exporters
from ..present.host import report_mismatches
from ..present.table import fmt_num, render
from ..spelling import one_name
from ..store import Store, ended
from ..targets import load_all
from ..units import parse_sizes
from .options import log_to_stderr
from .output import check_output


def main(args) -> int:
    targets = load_all()
    name = one_name(args.target, targets, "--target")
    if name not in targets:
        raise UserError(f"unknown target {name!r} (see 'hashbench cross --list')")
    if args.sweep or args.impl_dir or args.cluster or args.fail_above is not None:
        raise UserError("compare --target without --rev ranks our implementations at given --size: "
                        "--sweep, --impl-dir, --cluster and --fail-above go with --rev")
    if args.meter:
        raise UserError("compare --target measures with the target's own exact meter (no --meter without --rev)")
    t = targets[name]
    algos = roster.select(args.algos)
    sizes = parse_sizes(args.size) if args.size else [1024]
    ours = roster.OURS + roster.asm_names()
    impls = roster.split(args.impl) if args.impl else list(ours)
    bad = [i for i in impls if i not in ours]
    if bad:
        raise UserError(f"unknown implementation {bad[0]!r}: compare --target ranks {', '.join(ours)}")
    isa = getattr(t, "isa", "")
    if not any(i in a.impls_on(isa) for a in algos for i in impls):
        raise UserError(f"{name}: none of {', '.join(impls)} exists for {', '.join(a.id for a in algos)} on {isa}")
    check_output(args)
    store = None if args.no_save else Store(args.db)
    run = cross.measure(cross.Request([name], sizes, algos, impls, command=args.command_line), store,
                        log_to_stderr(args.quiet), targets)
    report_mismatches(run)
    for n in run.notes:
        print(f"note: {n.text}", file=sys.stderr)
    present_ranking(run, name)
    if args.output and run.results:
        exporters.write(args.output, run, args.format)
    return ended(run, store, log_to_stderr(args.quiet)) or (1 if run.mismatches or not run.results else 0)


def present_ranking(run, name):
    """Per algorithm and size, fastest first: cycles a call, a byte, and
    the times the fastest's count."""
    groups = {}
    for r in run.results:
        if r.verified and r.per_call is not None:
            groups.setdefault((r.algorithm, r.size), []).append(r)
    for (algo, size), rs in groups.items():
        rs.sort(key=lambda r: r.per_call)
        best = rs[0].per_call
        unit = rs[0].unit or "cycles"
        rows = [[i + 1, r.implementation, fmt_num(r.per_call), fmt_num(r.per_call / size),
                 f"{r.per_call / best:.2f}x"] for i, r in enumerate(rs)]
        render(["#", "IMPL", f"{unit.upper()}/CALL", f"{unit.upper()}/BYTE", "VS FASTEST"], rows, "rlrrr",
               title=f"{algo} @ {size} B on {name} ({rs[0].meter}, verified, fastest first)")
