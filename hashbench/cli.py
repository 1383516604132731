# SPDX-License-Identifier: MIT
"""hashbench: the command line.  It only wires the commands
(hashbench/commands/, one module each) and turns failures into one line:
results go to stdout; progress, warnings and errors to stderr; bad input
exits 2 with one line, never a traceback."""
import argparse
import sys

from . import __version__
from .commands import catalogue, compare, cross, diff, exchange, fleet, matrix, report, run, size, stored
from .commands.options import formatter
from .errors import UserError

# in the order `--help` lists them
COMMANDS = [run, catalogue, stored, compare, diff, cross, matrix, size, fleet, report, exchange]


def build_parser():
    p = argparse.ArgumentParser(
        prog="hashbench", formatter_class=formatter,
        description="Benchmark hash algorithms on this machine and on other CPUs; every digest is verified first.",
        epilog="examples:\n  hashbench run                       # every algorithm, 1024 B\n"
               "  hashbench run -a 'sha*' --sweep     # SHA family at 64/256/1024 B\n"
               "  hashbench hash -a blake3 FILE       # like b3sum\n"
               "  hashbench list\n  hashbench history; hashbench diff last~1 last\n"
               "  hashbench cross --target n64,nes   # other CPUs: exact counts\n"
               "  hashbench matrix --cc gcc,clang --flags=-O2,-O3   # builds side by side\n"
               "  hashbench size --flags=-Os,-O2     # code size per algorithm and build\n"
               "  hashbench report -o report.html     # plots and tables of the last run\n"
               "  hashbench export last -o run.json; hashbench import run.json  # between machines\n"
               "'hashbench COMMAND --help' explains each command.")
    p.add_argument("--version", action="version", version=f"hashbench {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")
    for module in COMMANDS:  # each registers its parser(s) and the function to call
        getattr(module, "add_parsers", getattr(module, "add_parser", None))(sub)
    return p


def main(argv=None):
    parser = build_parser()
    args = parser.parse_args(argv)
    if not args.command:
        parser.print_help()
        return 2
    try:
        return args.func(args)
    except UserError as exc:
        print(f"hashbench: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("hashbench: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
