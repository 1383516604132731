# SPDX-License-Identifier: MIT
"""The options every command shares (cli.py imports it: it stays light)."""
import argparse
import sys


def formatter(prog):
    return argparse.RawDescriptionHelpFormatter(prog, max_help_position=30)


def add_store_args(p, save=True):
    p.add_argument("--db", metavar="PATH|URL",
                   help="results database: an SQLite file or postgresql://user@host/db "
                        "(default $HASHBENCH_DB, else ~/.local/share/hashbench/results.sqlite)")
    if save:
        p.add_argument("--no-save", action="store_true", help="do not store the run")


def log_to_stderr(quiet):
    return (lambda m: None) if quiet else (lambda m: print(m, file=sys.stderr))
