# SPDX-License-Identifier: MIT
"""hashbench history and hashbench show: stored runs, of every kind."""
from .. import overlap
from ..errors import UserError
from ..present import exporters
from ..present.run import present_run
from ..present.table import render
from ..store import Store
from ..units import parse_unit
from .options import add_selector_args, add_store_args, formatter, selection_of
from .output import add_format_arg, check_output


def add_parsers(sub):
    hi = sub.add_parser("history", help="list stored runs", formatter_class=formatter,
                        description="List the runs in the results database, newest first: host runs, "
                                    "comparisons and cross runs alike; --machine, -a, --since and --kind choose "
                                    "which.",
                        epilog="examples:\n  hashbench history --limit 5\n"
                               "  hashbench history --machine 'bench-*' -a sha256 --since 30d --kind host")
    add_store_args(hi, save=False)
    hi.add_argument("--limit", type=int, default=30, help="the newest N runs of the selection (default 30; 0: all)")
    add_selector_args(hi)
    hi.set_defaults(func=history_main)
    s = sub.add_parser("show", help="print a stored run again", formatter_class=formatter,
                       description="Print a stored run's tables (RUN: id, 'last' or 'last~N'), whatever it "
                                   "measured; -o writes it as .json, .csv or .md with one schema for every "
                                   "run kind.  With --machine, -a, --since or --kind, 'last' and 'last~N' "
                                   "count only the runs they select (as in 'hashbench history').",
                       epilog="examples:\n  hashbench show last\n  hashbench show 3 -o run3.md\n"
                              "  hashbench show 5 -o cross.csv\n  hashbench show last --machine bench-7")
    s.add_argument("run")
    add_store_args(s, save=False)
    add_selector_args(s)
    s.add_argument("--units", default="MB/s")
    s.add_argument("--sort", choices=["category", "speed", "name"], default="category")
    s.add_argument("-o", "--output", metavar="FILE", help="also write FILE (.json, .csv or .md)")
    add_format_arg(s)
    s.set_defaults(func=show_main)


def history_main(args) -> int:
    if args.limit < 0:
        raise UserError(f"bad --limit {args.limit}: a number of runs, 0 for all")
    selection = selection_of(args)
    store = Store(args.db)
    runs = store.runs(args.limit or None, selection=selection)
    if not runs:
        print(f"no runs stored in {store.path}" if selection.empty else
              f"no run of {selection.describe()} in {store.path}")
        return 0
    rows = []
    for r in runs:
        where = ",".join((r["context"].get("targets") or {}).keys()) or "host"
        rows.append([r["id"], r["started_at"], r["kind"], r["status"], r["results"], where,
                     r["context"].get("cpu", ""), r["context"].get("commit", "")])
    render(["RUN", "DATE", "KIND", "STATUS", "RESULTS", "TARGETS", "CPU", "COMMIT"], rows, "rlllrlll")
    return 0


def show_main(args) -> int:
    unit = parse_unit(args.units)
    check_output(args)
    store = Store(args.db)
    run = store.load(args.run, selection_of(args))
    print(f"run {run.id} · {run.started_at} · {run.kind} · {run.status} · {run.command or ''}".rstrip())
    present_run(run, unit, args.sort)
    for n in run.notes:
        print(f"note: {n.detail}")
    for o in run.context.get(overlap.CONTEXT_KEY) or []:
        print(f"note: measured while another hashbench measured on this machine (pid {o['pid']}, from "
              f"{o['started']}: {o['command']}): its times are disturbed")
    if args.output:
        exporters.write(args.output, run, args.format)
    return 0
