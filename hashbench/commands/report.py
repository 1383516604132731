# SPDX-License-Identifier: MIT
"""hashbench report: stored runs as one self-contained HTML page."""
import os
import sys
import webbrowser
from pathlib import Path

from ..errors import UserError
from ..present.exporters import write_text
from ..store import Store
from .options import add_selector_args, add_store_args, formatter, selection_of

OVERVIEW_FROM = 12   # runs: from this many on, the page opens on the summary and draws no run in full


def add_parser(sub):
    r = sub.add_parser("report", help="write an HTML report of stored runs", formatter_class=formatter,
                       description="Write one HTML file with plots and tables of stored runs (RUN: id, 'last' "
                                   "or 'last~N'; default: the last run): throughput and time per call against "
                                   "size (log-log), implementations ranked with their spread, algorithm x target "
                                   "heat maps (one per meter), the build matrix, the machine x algorithm table "
                                   "when the runs come from several machines, and each run's context.  The file "
                                   "is self-contained: no network, no script, tables readable as they are.  "
                                   f"With {OVERVIEW_FROM} runs or more (or --overview) the page opens instead on a "
                                   "machine x algorithm summary (each series' newest figure and a sparkline of its "
                                   "runs, change points marked as by 'hashbench trend'), then one section per "
                                   "machine; runs are drawn in full only with --detail.  --all, --machine, -a, "
                                   "--since and --kind choose the runs from the store.",
                       epilog="examples:\n  hashbench report -o report.html\n"
                              "  hashbench report last~2 last~1 last -o week.html --open\n"
                              "  hashbench import a.json b.json && hashbench report last~1 last  "
                              "# two machines side by side\n"
                              "  hashbench report 12 --db postgresql://bench@db.example/hashbench -o fleet.html\n"
                              "  hashbench report --all --since 90d -o fleet.html --detail last   # many runs")
    r.add_argument("runs", nargs="*", metavar="RUN", help="stored runs (default: last)")
    r.add_argument("-o", "--output", metavar="FILE", default="report.html", help="the HTML file (default report.html)")
    r.add_argument("--title", default="hashbench report")
    r.add_argument("--open", action="store_true", help="open the report in the web browser")
    r.add_argument("--all", action="store_true", help="every stored run (with the selectors: every one they select)")
    r.add_argument("--overview", action="store_true",
                   help=f"the summary page even for fewer than {OVERVIEW_FROM} runs")
    r.add_argument("--detail", action="append", metavar="RUN", default=[],
                   help="with the summary: also draw this run in full (repeatable)")
    add_store_args(r, save=False)
    add_selector_args(r)
    r.set_defaults(func=main)
    return r


def main(args) -> int:
    out = Path(args.output)
    if out.suffix.lower() not in (".html", ".htm"):
        raise UserError(f"{args.output}: a report is HTML: name it .html")
    folder = out.parent if str(out.parent) else Path(".")
    if not folder.is_dir() or not os.access(folder, os.W_OK):
        raise UserError(f"{args.output}: cannot write there")
    store = Store(args.db)
    selection = selection_of(args)
    if args.all or not selection.empty:
        if args.runs:
            raise UserError("name runs, or choose them with --all / --machine / -a / --since / --kind: not both")
        ids = store.run_ids(selection)[::-1]
        if not ids:
            raise UserError(f"no run of {selection.describe()} in {store.path}")
    else:
        ids = list(dict.fromkeys(store.resolve(ref) for ref in (args.runs or ["last"])))
    detail = list(dict.fromkeys(store.resolve(ref) for ref in args.detail))
    if detail and not (args.overview or len(ids) >= OVERVIEW_FROM):
        raise UserError(f"--detail goes with the summary page ({OVERVIEW_FROM} runs or more, or --overview); "
                        "fewer runs are drawn in full anyway")
    if args.overview or len(ids) >= OVERVIEW_FROM:
        from ..report import overview
        from ..trend import build_series
        wanted = set(ids) | set(detail)
        headers = store.run_headers(ids=wanted)
        series = build_series(store.series_rows(ids=wanted, raw=True), algorithms=selection.algorithms,
                              by_commit=True)
        page = overview.render(headers, series, [store.load_run(i) for i in detail], args.title)
        count = len(headers)
    else:
        from ..report.page import render  # matplotlib: loaded only for this command
        runs = [store.load_run(i) for i in ids]
        page = render(runs, args.title)
        count = len(runs)
    write_text(out, page)
    print(f"wrote {out} ({count} run{'s' if count != 1 else ''})", file=sys.stderr)
    if args.open:
        webbrowser.open(out.resolve().as_uri())
    return 0
