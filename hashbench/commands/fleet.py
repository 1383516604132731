# SPDX-License-Identifier: MIT
"""hashbench fleet: the timed host benchmark on every machine of a Dask
cluster, each machine's run stored here with its own context."""
import contextlib
import io
import os
import sys

from ..distributed import executor
from ..errors import UserError
from ..flows import fleet
from ..storage.store import Store
from .options import Parser, add_store_args, formatter, log_to_stderr


def add_parser(sub):
    f = sub.add_parser(
        "fleet", help="the timed benchmark on every machine of a Dask cluster", formatter_class=formatter,
        description="Run `hashbench run` (its default, or the run options given after --) on every machine "
                    "of a Dask distributed cluster: one worker per machine (its hostname) runs it as a process "
                    "of its own, once none of that machine's workers has a job, and never beside another timed "
                    "run there.  Each machine's run comes back with its own context (hostname, CPU, OS, "
                    "compiler) and is stored here; `hashbench report` then sets the machines side by side.  "
                    "Every worker needs hashbench at this source digest (pip install 'hashbench[cluster]'), "
                    "make and a C compiler.",
        epilog="examples:\n  hashbench fleet --cluster tcp://sched:8786\n"
               "  hashbench fleet --cluster tcp://sched:8786 -- -a 'sha*' --budget 100\n"
               "  hashbench report -o machines.html last last~1 last~2   # the machines side by side")
    f.add_argument("--cluster", metavar="tcp://HOST:PORT",
                   help=f"the Dask scheduler (default ${executor.ENV})")
    add_store_args(f, save=False)
    f.add_argument("-q", "--quiet", action="store_true", help="no progress lines")
    f.add_argument("run_args", nargs="*", metavar="-- RUN OPTIONS", help="options of `hashbench run` (after --)")
    f.set_defaults(func=main)
    return f


def checked_run_args(run_args) -> list:
    """The run options, parsed here first, by `hashbench run`'s own parser: a
    bad one stops the fleet before it starts."""
    from . import run  # a sibling command: its parser, without the whole command line's
    bad = [a for a in run_args if a in ("-o", "--output", "--db", "--no-save", "--cluster")
           or a.startswith(("--output=", "--db=", "--cluster="))]
    if bad:
        raise UserError(f"fleet: {bad[0]} is the fleet's, not each machine's (the runs are stored here)")
    parser = Parser(prog="hashbench")
    run.add_parser(parser.add_subparsers(dest="command"))
    said = io.StringIO()
    try:
        with contextlib.redirect_stderr(said), contextlib.redirect_stdout(io.StringIO()):
            parser.parse_args(["run", *run_args])
    except SystemExit as exc:   # argparse's own line (after its usage) says what is wrong
        if exc.code == 0:
            raise UserError("fleet: give the runs' options, not --help: 'hashbench run --help' lists them") from exc
        why = (said.getvalue().strip().splitlines() or ["not options of `hashbench run`"])[-1]
        raise UserError(f"fleet: {why.split('error: ', 1)[-1]}") from exc
    return list(run_args)


def main(args) -> int:
    address = args.cluster or os.environ.get(executor.ENV)
    if not address:
        raise UserError(f"fleet: name the Dask scheduler with --cluster tcp://HOST:PORT (or ${executor.ENV})")
    run_args = checked_run_args(args.run_args)
    store = Store(args.db)
    log = log_to_stderr(args.quiet)
    cluster = executor.choose(address)
    stored, failed = [], []

    def on_run(host, answer):
        try:
            run = fleet.read_answer(host, answer)
        except UserError as exc:
            failed.append(host)
            print(f"hashbench: {exc}", file=sys.stderr)
            return
        run_id, duplicate = store.import_run(run)
        ctx = run.context
        stored.append(run_id)
        log(f"{host}: {len(run.results)} results, stored as run {run_id} ({ctx.get('cpu')}, {ctx.get('os')} "
            f"{ctx.get('kernel')}, {ctx.get('compiler')})")

    try:
        fleet.run_fleet(cluster, run_args, on_run, log)
    except KeyboardInterrupt:
        print(f"interrupted: kept the {len(stored)} machine run(s) that finished", file=sys.stderr)
        return 130
    finally:
        cluster.close()
    if stored:
        print(f"{len(stored)} machine(s) stored as runs {', '.join(map(str, stored))}; side by side: "
              f"hashbench report {' '.join(map(str, stored))}")
    return 1 if failed else 0
