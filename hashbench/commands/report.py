# SPDX-License-Identifier: MIT
"""hashbench report: stored runs as one self-contained HTML page."""
import os
import sys
import webbrowser
from pathlib import Path

from ..errors import UserError
from ..present.exporters import write_text
from ..store import Store
from .options import add_store_args, formatter


def add_parser(sub):
    r = sub.add_parser("report", help="write an HTML report of stored runs", formatter_class=formatter,
                       description="Write one HTML file with plots and tables of stored runs (RUN: id, 'last' "
                                   "or 'last~N'; default: the last run): throughput and time per call against "
                                   "size (log-log), implementations ranked with their spread, algorithm x target "
                                   "heat maps (one per meter), the build matrix, the machine x algorithm table "
                                   "when the runs come from several machines, and each run's context.  The file "
                                   "is self-contained: no network, no script, tables readable as they are.",
                       epilog="examples:\n  hashbench report -o report.html\n"
                              "  hashbench report last~2 last~1 last -o week.html --open\n"
                              "  hashbench import a.json b.json && hashbench report last~1 last  "
                              "# two machines side by side\n"
                              "  hashbench report 12 --db postgresql://bench@db.example/hashbench -o fleet.html")
    r.add_argument("runs", nargs="*", metavar="RUN", help="stored runs (default: last)")
    r.add_argument("-o", "--output", metavar="FILE", default="report.html", help="the HTML file (default report.html)")
    r.add_argument("--title", default="hashbench report")
    r.add_argument("--open", action="store_true", help="open the report in the web browser")
    add_store_args(r, save=False)
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
    refs = args.runs or ["last"]
    ids = list(dict.fromkeys(store.resolve(ref) for ref in refs))
    runs = [store.load_run(i) for i in ids]
    from ..report.page import render  # matplotlib: loaded only for this command
    write_text(out, render(runs, args.title))
    print(f"wrote {out} ({len(runs)} run{'s' if len(runs) != 1 else ''})", file=sys.stderr)
    if args.open:
        webbrowser.open(out.resolve().as_uri())
    return 0
