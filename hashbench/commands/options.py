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


def add_cluster_arg(p):
    from ..executor import ENV
    p.add_argument("--cluster", metavar="tcp://HOST:PORT",
                   help="run the jobs on a Dask distributed cluster, its scheduler at this address "
                        f"(default ${ENV}; none: here).  Every worker needs hashbench at this source "
                        "digest (pip install 'hashbench[cluster]') and the tools of the jobs it is given")
