# SPDX-License-Identifier: MIT
"""hashbench compare: every implementation of algorithms, ranked."""
import sys

from .. import host_run
from ..present import exporters
from ..present.compare import present_compare
from ..present.host import header, report_mismatches
from .host_options import add_size_args, prepare_host_run
from .options import add_store_args, formatter


def add_parser(sub):
    c = sub.add_parser("compare", help="rank every implementation of algorithms", formatter_class=formatter,
                       description="Measure every available implementation of each ALGO (ours and the "
                                   "library backends), each verified first, sampled in turn (A B C A B C "
                                   "...) so drift hits all alike, in several engine processes; rank them "
                                   "fastest first by time relative to the fastest, ± the 95% interval of "
                                   "the per-process ratios.  --meter sim ranks them by estimated cycles "
                                   "under a CPU simulator instead: exact, no spread.",
                       epilog="examples:\n  hashbench compare keccak-256\n  hashbench compare sha256 blake3 --size 1m\n"
                              "  hashbench compare crc32 --sweep --impl portable,zlib,rust-crc32fast")
    c.add_argument("algos", nargs="+", metavar="ALGO")
    c.add_argument("--impl", action="append", metavar="IMPL", help="only these implementations (default: all)")
    add_size_args(c, "time per implementation and size (default 200 ms)")
    c.add_argument("-o", "--output", metavar="FILE", help="also write FILE (.json, .csv or .md)")
    add_store_args(c)
    c.add_argument("-q", "--quiet", action="store_true")
    c.set_defaults(func=main)
    return c


def main(args) -> int:
    run, host, store = prepare_host_run(args, "compare", args.algos, None, args.impl or ["all"],
                                        noted_impls=["all"], interleave=True)
    host_run.measure(run, host, store, args.quiet)
    report_mismatches(run)
    if not args.quiet:
        print(header(run))
    present_compare(run, run.options["algos"], run.options["sizes"])
    if args.output:
        exporters.write(args.output, run)
    if run.status == "interrupted":
        print(f"interrupted: kept the {len(run.results)} result(s) measured so far", file=sys.stderr)
        return 130
    return 1 if run.mismatches else 0
