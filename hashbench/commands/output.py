# SPDX-License-Identifier: MIT
"""-o FILE and --format: the options of commands that write a run to a file."""
import sys

from ..errors import UserError
from ..present import exporters, formats


def add_format_arg(p):
    """--format, beside -o: a dashboard's JSON instead of the extension's format."""
    p.add_argument("--format", choices=list(formats.FORMATS), metavar="FORMAT",
                   help="with -o FILE.json: " + ", ".join(formats.FORMATS) + " (Bencher Metric Format; Google "
                        "Benchmark's JSON; github-action-benchmark's customSmallerIsBetter); each benchmark "
                        "named algorithm/implementation/size/target/build, then a mode's "
                        "threads:N, latency, align:K")


def check_output(args):
    """-o and --format, checked before anything is measured."""
    if getattr(args, "format", None) and not args.output:
        raise UserError("--format goes with -o FILE.json")
    if args.output:
        exporters.check_path(args.output, getattr(args, "format", None))


def write_output(args, run) -> bool:
    """-o FILE: the run written -> True.  After Ctrl-C with nothing measured
    yet there is nothing to write: said, and the command still exits 130."""
    if not args.output:
        return False
    if run.status == "interrupted" and not formats.measured(run):
        print(f"{args.output}: not written: nothing was measured before the interrupt", file=sys.stderr)
        return False
    exporters.write(args.output, run, getattr(args, "format", None))
    return True
