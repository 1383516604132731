# SPDX-License-Identifier: MIT
"""The options every command shares (cli.py imports it: it stays light)."""
import argparse
import os
import sys

from ..errors import UserError


class Parser(argparse.ArgumentParser):
    """argparse's errors (a missing value, a bad choice, an unknown option)
    as one line, like every other bad input, not its usage block; the
    commands' parsers are of this class too."""

    def error(self, message):
        self.exit(2, f"{self.prog}: {message} (see '{self.prog} --help')\n")

    def parse_naming_command(self, argv):
        """parse_args, with unknown options named after the command they were
        given to, whose --help lists what it takes."""
        args, extra = self.parse_known_args(argv)
        if extra:
            command = getattr(args, "command", None)
            Parser(prog=f"hashbench {command}" if command else "hashbench").error(
                f"unrecognized arguments: {' '.join(extra)}")
        return args


class Version(argparse.Action):
    """--version, reading the package's metadata only when asked."""

    def __init__(self, option_strings, dest=argparse.SUPPRESS, **kw):
        super().__init__(option_strings, dest, nargs=0, help="show the version and exit", **kw)

    def __call__(self, parser, namespace, values, option_string=None):
        from .. import __version__
        print(f"hashbench {__version__}")
        parser.exit()


def formatter(prog):
    # the width given, as argparse would find it (COLUMNS, else the terminal's, less 2): left to
    # argparse, every parser built imports shutil, and with it bz2, lzma and zlib (a slower start)
    try:
        columns = int(os.environ["COLUMNS"])
    except (KeyError, ValueError):
        try:
            columns = os.get_terminal_size(sys.__stdout__.fileno()).columns
        except (AttributeError, ValueError, OSError):
            columns = 80
    return argparse.RawDescriptionHelpFormatter(prog, max_help_position=30, width=columns - 2)


def add_store_args(p, save=True):
    p.add_argument("--db", metavar="PATH|URL",
                   help="results database: an SQLite file or postgresql://user@host/db "
                        "(default $HASHBENCH_DB, else ~/.local/share/hashbench/results.sqlite)")
    if save:
        p.add_argument("--no-save", action="store_true", help="do not store the run")


def add_selector_args(p, kind=True):
    """Which stored runs to read (hashbench/selection.py): history, show, diff and trend."""
    g = p.add_argument_group("which stored runs")
    g.add_argument("--machine", action="append", metavar="HOST",
                   help="runs measured on this machine (its hostname; globs and comma lists; repeatable)")
    g.add_argument("-a", "--algo", action="append", metavar="ALGO",
                   help="runs that measured one of these algorithms (ids, comma lists or globs)")
    g.add_argument("--since", metavar="WHEN",
                   help="runs started at or after WHEN: a date (2026-11-01), a date-time (UTC) or an age (12h, 30d, 2w)")
    if kind:
        g.add_argument("--kind", action="append", metavar="KIND",
                       help="runs of this kind: host, compare, cross, matrix, rom, fleet, ... (comma lists)")
    return g


def selection_of(args):
    """The selectors of add_selector_args, checked (unknown algorithms fail with a hint)."""
    from .. import roster
    from ..selection import Selection, parse_since
    algos = getattr(args, "algo", None)
    ids = tuple(a.id for a in roster.select(algos)) if algos else ()
    return Selection(machines=tuple(roster.split(getattr(args, "machine", None))), algorithms=ids,
                     since=parse_since(getattr(args, "since", None)),
                     kinds=tuple(roster.split(getattr(args, "kind", None))))


def log_to_stderr(quiet):
    return (lambda m: None) if quiet else (lambda m: print(m, file=sys.stderr))


def add_cluster_arg(p, when=""):
    from ..executor import ENV
    p.add_argument("--cluster", metavar="tcp://HOST:PORT",
                   help=f"{when + ': ' if when else ''}run the jobs on a Dask distributed cluster, its scheduler at "
                        f"this address (default ${ENV}; none: here).  Every worker needs hashbench at this source "
                        "digest (pip install 'hashbench[cluster]') and the tools of the jobs it is given")


def add_refused_mode_args(p):
    """The modes' options on a command that cannot honour them (cross): taken,
    so that refuse_modes says why in one line, and left out of --help."""
    p.add_argument("--latency", action="store_true", help=argparse.SUPPRESS)
    p.add_argument("--threads", help=argparse.SUPPRESS)
    p.add_argument("--align", help=argparse.SUPPRESS)


def refuse_modes(args, why, modes=("threads", "latency", "align")):
    """One line, exit 2, for a mode (of `modes`: each its option) `why` says cannot be honoured here."""
    for flag in modes:
        if getattr(args, flag, None) not in (None, False):
            raise UserError(f"--{flag} cannot be measured {why}")
