# SPDX-License-Identifier: MIT
"""hashbench run: benchmark algorithms on this machine."""
import sys

from .. import userimpl
from ..flows import host_run
from ..present.host import header, present_host, report_mismatches
from ..storage.store import ended
from ..units import parse_unit
from .host_options import add_mode_args, add_size_args, host_options, mode_options
from .options import add_cluster_arg, add_store_args, formatter, log_to_stderr
from .output import add_format_arg, write_output


def add_parser(sub):
    r = sub.add_parser("run", help="benchmark algorithms on this machine", formatter_class=formatter,
                       description="Verify, then time each selected algorithm on the standard workload "
                                   "(buf[i] = (i*31+7) & 0xFF) and print a table.",
                       epilog="examples:\n  hashbench run\n  hashbench run -a sha256,blake3 --size 1m\n"
                              "  hashbench run --tier crypto --sweep --units KB/s\n"
                              "  hashbench run --sweep long -a crc32 -o crc.json\n"
                              "  hashbench run --impl all -a sha256\n"
                              "  hashbench run -a xxh64 --sweep small    # ns per call at every length 0..128 B\n"
                              "  hashbench run --latency --size 16      # chained calls against independent ones\n"
                              "  hashbench run --threads 1,2            # thread scaling\n"
                              "  hashbench run --align all              # misalignment cost, offsets 0..7\n"
                              "  hashbench run --meter est-cycles          # exact: the same figures on every run")
    r.add_argument("-a", "--algo", action="append", metavar="ALGO",
                   help="algorithm id, comma list or glob ('sha*'); repeatable (default: all)")
    r.add_argument("--tier", action="append", metavar="TIER", help="checksum, non-crypto or crypto; repeatable")
    r.add_argument("--impl", action="append", metavar="IMPL",
                   help="implementation(s): portable (default), compact, a backend, an --impl-dir's name, or 'all'")
    userimpl.add_args(r)
    add_size_args(r)
    add_mode_args(r)
    r.add_argument("--sort", choices=["category", "speed", "name"], default="category")
    r.add_argument("--units", default="MB/s", help="MB/s (default), KB/s (the reference studies') or MiB/s")
    r.add_argument("-o", "--output", metavar="FILE", help="also write FILE (.json, .csv or .md)")
    add_format_arg(r)
    add_store_args(r)
    add_cluster_arg(r, "with --meter est-cycles")
    r.add_argument("-q", "--quiet", action="store_true", help="no progress, no header or footer")
    r.set_defaults(func=main)
    return r


def main(args) -> int:
    unit = parse_unit(args.units)
    opts = host_options(args, args.algo, args.tier, args.impl, **mode_options(args))
    run, host, store, runner = host_run.prepare(opts, "host")
    host_run.measure(run, host, store, args.quiet, runner, log_to_stderr(args.quiet))
    report_mismatches(run)
    if run.results:
        if not args.quiet:
            print(header(run))
        present_host(run, run.results, unit, args.sort, [c["id"] for c in host.catalogue], args.quiet)
    if write_output(args, run) and not args.quiet:
        print(f"wrote {args.output}", file=sys.stderr)
    return ended(run, store, log_to_stderr(args.quiet)) or (1 if run.mismatches else 0)
