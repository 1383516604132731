# SPDX-License-Identifier: MIT
"""hashbench export and hashbench import: whole runs between stores and
machines, as the JSON result files of docs/records.md (context, notes, every
result with its raw samples).  A run keeps its uuid (context.run_uuid)
across stores, so importing a run twice is recognised and skipped."""
import json
import sys

from ..errors import BuildError, UserError
from ..present.exporters import check_path, to_json, write_text
from ..results.result import FORMAT_VERSION, Run
from ..storage.store import Store
from .options import add_store_args, formatter


def add_parsers(sub):
    e = sub.add_parser("export", help="write a stored run to a JSON file", formatter_class=formatter,
                       description="Write a stored run (RUN: id, 'last' or 'last~N') as a JSON result file "
                                   "(docs/records.md): the machine's context, the notes and every result with "
                                   "its raw samples, so that `hashbench import` on another machine loses nothing.",
                       epilog="examples:\n  hashbench export last -o run.json\n"
                              "  hashbench export 7 -o - | ssh lab 'hashbench import -'")
    e.add_argument("run", nargs="?", default="last")
    e.add_argument("-o", "--output", metavar="FILE", required=True, help="the .json file ('-': standard output)")
    add_store_args(e, save=False)
    e.set_defaults(func=export_main)
    i = sub.add_parser("import", help="store runs from JSON files", formatter_class=formatter,
                       description="Store the runs of JSON result files (`hashbench export`, or `run`/`compare`/"
                                   "`cross -o FILE.json`) under new run ids.  Every file is checked before "
                                   "anything is stored, and each run is stored in one transaction: nothing is "
                                   "half-imported.  A run this store already holds (the same uuid) is skipped.  "
                                   "A file of a console ROM's records (a capture of the NUCLEO-F767 firmware's "
                                   "serial port) is read as the ROM's last pass: every digest verified, a run made.",
                       epilog="examples:\n  hashbench import run.json\n  hashbench import lab/*.json --db team.sqlite\n"
                              "  HASHBENCH_DB=postgresql://bench@db/hashbench hashbench import run.json\n"
                              "  hashbench import nucleo-capture.txt")
    i.add_argument("files", nargs="+", metavar="FILE", help="JSON result files or ROM record captures ('-': standard input)")
    add_store_args(i, save=False)
    i.set_defaults(func=import_main)


def export_main(args) -> int:
    if args.output != "-":
        check_path(args.output)
        if not args.output.lower().endswith(".json"):
            raise UserError(f"{args.output}: export writes JSON: name it .json")
    store = Store(args.db)
    run = store.load(args.run)
    if "run_uuid" not in run.context:  # a run stored before uuids: give it its identity now, once
        store.update_context(run)
    if args.output == "-":
        sys.stdout.write(to_json(run))
    else:
        write_text(args.output, to_json(run))
        print(f"wrote run {run.id} to {args.output} ({len(run.results)} results)", file=sys.stderr)
    return 0


def read_run(name) -> Run:
    """A JSON result file -> Run, or one clear UserError line."""
    try:
        text = sys.stdin.read() if name == "-" else open(name, encoding="utf-8").read()
    except OSError as exc:
        raise UserError(f"{name}: {exc.strerror}") from exc
    except UnicodeDecodeError as exc:
        raise UserError(f"{name}: not a hashbench result file (not UTF-8 text)") from exc
    from ..rom import flow  # a console ROM's records (a serial capture): a run made from them
    if flow.is_records(text):
        try:
            return flow.run_from_records(text, name)
        except BuildError as exc:
            raise UserError(f"{name}: {exc}") from exc
    try:
        d = json.loads(text)
    except json.JSONDecodeError as exc:
        raise UserError(f"{name}: not a hashbench result file (malformed JSON: {exc.msg}, line {exc.lineno})") from exc
    if not isinstance(d, dict) or "format_version" not in d or "results" not in d:
        raise UserError(f"{name}: not a hashbench result file (no format_version and results)")
    if d["format_version"] != FORMAT_VERSION:
        raise UserError(f"{name}: result file format {d['format_version']!r} is not {FORMAT_VERSION}")
    if not isinstance(d["results"], list) or not isinstance(d.get("context", {}), dict):
        raise UserError(f"{name}: not a hashbench result file (results must be a list, context an object)")
    try:
        return Run.from_dict(d)
    except UserError as exc:
        raise UserError(f"{name}: {exc}") from exc
    except (TypeError, ValueError, AttributeError) as exc:
        raise UserError(f"{name}: not a hashbench result file ({exc})") from exc


def import_main(args) -> int:
    runs = [(name, read_run(name)) for name in args.files]  # every file checked before anything is stored
    store = Store(args.db)
    for name, run in runs:
        new_id, duplicate = store.import_run(run)
        if duplicate:
            print(f"{name}: already stored as run {new_id} (uuid {run.context['run_uuid']}): skipped", file=sys.stderr)
        else:
            print(f"{name}: stored as run {new_id} ({len(run.results)} results)", file=sys.stderr)
    return 0
