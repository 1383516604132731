# SPDX-License-Identifier: MIT
"""hashbench: the command line.  Results go to stdout; progress, warnings
and errors to stderr.  Bad input exits 2 with one line, never a traceback."""
import argparse
import json
import subprocess
import sys

from . import __version__
from . import engine as eng
from . import cross
from . import stats
from .errors import UserError
from .present import exporters
from .present.table import (fmt_num, render, single_size_table, sort_results, sweep_table)
from .selection import select_algorithms, select_impls
from .store import Store
from .units import SWEEPS, UNITS, format_size, parse_budget, parse_sizes, parse_unit


def _formatter(prog):
    return argparse.RawDescriptionHelpFormatter(prog, max_help_position=30)


def build_parser():
    p = argparse.ArgumentParser(
        prog="hashbench", formatter_class=_formatter,
        description="Benchmark hash algorithms on this machine; every digest is verified first.",
        epilog="examples:\n  hashbench run                       # every algorithm, 1024 B\n"
               "  hashbench run -a 'sha*' --sweep     # SHA family at 64/256/1024 B\n"
               "  hashbench hash -a blake3 FILE       # like b3sum\n"
               "  hashbench list\n  hashbench history; hashbench diff last~1 last\n"
               "'hashbench COMMAND --help' explains each command.")
    p.add_argument("--version", action="version", version=f"hashbench {__version__}")
    sub = p.add_subparsers(dest="command", metavar="COMMAND")

    r = sub.add_parser("run", help="benchmark algorithms on this machine", formatter_class=_formatter,
                       description="Verify, then time each selected algorithm on the standard workload "
                                   "(buf[i] = (i*31+7) & 0xFF) and print a table.",
                       epilog="examples:\n  hashbench run\n  hashbench run -a sha256,blake3 --size 1m\n"
                              "  hashbench run --tier crypto --sweep --units KB/s\n"
                              "  hashbench run --sweep long -a crc32 -o crc.json\n"
                              "  hashbench run --impl all -a sha256")
    r.add_argument("-a", "--algo", action="append", metavar="ALGO",
                   help="algorithm id, comma list or glob ('sha*'); repeatable (default: all)")
    r.add_argument("--tier", action="append", metavar="TIER", help="checksum, non-crypto or crypto; repeatable")
    r.add_argument("--impl", action="append", metavar="IMPL",
                   help="implementation(s): portable (default), compact, a backend, or 'all'")
    r.add_argument("--size", action="append", metavar="SIZE", help="bytes: 64, 1k, 1KiB, 1m (default 1024)")
    r.add_argument("--sweep", nargs="?", const="seed", choices=sorted(SWEEPS),
                   help="several sizes: 'seed' = 64/256/1024 (default), 'long' = 16 B .. 1 MiB")
    r.add_argument("--budget", default="200", help="time per measurement, e.g. 200, 200ms, 1s (default 200 ms)")
    r.add_argument("--samples", type=int, help="exactly this many samples (default: as many as the budget allows)")
    r.add_argument("--timer", default="auto", help="auto, perf, tsc, cntvct, monotonic or cputime")
    r.add_argument("--sort", choices=["category", "speed", "name"], default="category")
    r.add_argument("--units", default="MB/s", help="MB/s (default), KB/s (the seed's) or MiB/s")
    r.add_argument("-o", "--output", metavar="FILE", help="also write FILE (.json, .csv or .md)")
    r.add_argument("--db", metavar="PATH", help="results database (default ~/.local/share/hashbench/)")
    r.add_argument("--no-save", action="store_true", help="do not store the run")
    r.add_argument("-q", "--quiet", action="store_true", help="no progress, no header or footer")

    l = sub.add_parser("list", help="the algorithm roster", formatter_class=_formatter,
                       description="List every algorithm with its tier, digest size and implementations.",
                       epilog="examples:\n  hashbench list\n  hashbench list --json | jq .id")
    l.add_argument("--json", action="store_true", help="one JSON object per line")

    h = sub.add_parser("hash", help="print digests of files, like sha256sum", formatter_class=_formatter,
                       description="Print '<hex>  <name>' for each FILE (standard input when none or '-').",
                       epilog="examples:\n  hashbench hash -a sha256 README.md\n  echo -n abc | hashbench hash -a md5")
    h.add_argument("-a", "--algo", required=True, help="algorithm id")
    h.add_argument("--impl", default="portable", help="implementation (default portable)")
    h.add_argument("files", nargs="*", metavar="FILE")

    hi = sub.add_parser("history", help="list stored runs", formatter_class=_formatter,
                        description="List the runs in the results database, newest first.",
                        epilog="example:\n  hashbench history --limit 5")
    hi.add_argument("--db", metavar="PATH")
    hi.add_argument("--limit", type=int, default=30)

    s = sub.add_parser("show", help="print a stored run again", formatter_class=_formatter,
                       description="Print a stored run's table (RUN: id, 'last' or 'last~N').",
                       epilog="examples:\n  hashbench show last\n  hashbench show 3 -o run3.md")
    s.add_argument("run")
    s.add_argument("--db", metavar="PATH")
    s.add_argument("--units", default="MB/s")
    s.add_argument("--sort", choices=["category", "speed", "name"], default="category")
    s.add_argument("-o", "--output", metavar="FILE")

    c = sub.add_parser("compare", help="rank every implementation of algorithms", formatter_class=_formatter,
                       description="Measure every available implementation of each ALGO (ours and the "
                                   "library backends), each verified first, sampled in turn (A B C A B C "
                                   "...) so drift hits all alike; rank them fastest first by time relative "
                                   "to the fastest, with spread.",
                       epilog="examples:\n  hashbench compare keccak-256\n  hashbench compare sha256 blake3 --size 1m\n"
                              "  hashbench compare crc32 --sweep --impl portable,zlib,rust-crc32fast")
    c.add_argument("algos", nargs="+", metavar="ALGO")
    c.add_argument("--impl", action="append", metavar="IMPL", help="only these implementations (default: all)")
    c.add_argument("--size", action="append", metavar="SIZE", help="bytes: 64, 1k, 1m (default 1024)")
    c.add_argument("--sweep", nargs="?", const="seed", choices=sorted(SWEEPS))
    c.add_argument("--budget", default="200", help="time per implementation and size (default 200 ms)")
    c.add_argument("--samples", type=int)
    c.add_argument("--timer", default="auto")
    c.add_argument("-o", "--output", metavar="FILE")
    c.add_argument("--db", metavar="PATH")
    c.add_argument("--no-save", action="store_true")
    c.add_argument("-q", "--quiet", action="store_true")

    d = sub.add_parser("diff", help="compare two stored runs", formatter_class=_formatter,
                       description="Time ratio per algorithm (B / A: below 1 means B is faster), with a "
                                   "Mann-Whitney test on the raw samples; differences under 1% or with "
                                   "p >= 0.01 are reported as not significant.",
                       epilog="example:\n  hashbench diff last~1 last")
    d.add_argument("run_a")
    d.add_argument("run_b")
    d.add_argument("--db", metavar="PATH")
    cross.add_parser(sub)
    return p


# ---- commands -----------------------------------------------------------

def cmd_list(args):
    engine_path = eng.ensure_built()
    algos, backends = eng.catalogue(engine_path)
    if args.json:
        for a in algos:
            print(json.dumps({k: a[k] for k in a if k != "rec"}))
        return 0
    headers = ["ID", "LABEL", "TIER", "BITS", "BLOCK", "WIDTH", "IMPLEMENTATIONS", "SPEC"]
    rows = [[a["id"], a["label"], a["tier"], a["digest_len"] * 8, a["block_len"], a["width"],
             ",".join(a["impls"]), a["spec"]] for a in algos]
    render(headers, rows, "lllrrrll")
    skipped = [b["name"] for b in backends if not b["available"]]
    if skipped:
        print(f"backends not available here: {', '.join(skipped)}", file=sys.stderr)
    return 0


def cmd_hash(args):
    engine_path = eng.ensure_built()
    algos, _ = eng.catalogue(engine_path)
    algo = select_algorithms(algos, [args.algo])
    if len(algo) != 1:
        raise UserError(f"'{args.algo}' names {len(algo)} algorithms; hash needs exactly one")
    impls = next(a["impls"] for a in algos if a["id"] == algo[0])
    if args.impl not in impls:
        raise UserError(f"{algo[0]} has no implementation {args.impl!r} (available: {', '.join(impls)})")
    proc = subprocess.run([str(engine_path), "hash", algo[0], args.impl] + (args.files or ["-"]))
    return 1 if proc.returncode else 0


def _header(run, opts):
    ctx = run["context"]
    t = ctx.get("timer") or {}
    hz = f", {t['hz'] / 1e9:.3f} GHz {t.get('hz_source')}" if t.get("hz") and t.get("unit") != "ns" else ""
    lines = [f"hashbench {__version__} · {ctx.get('cpu')} · {ctx.get('cores')} cores · "
             f"{ctx.get('os')} {ctx.get('kernel')}",
             f"compiler {ctx.get('compiler')} {ctx.get('cflags', '').strip()} · timer {t.get('name')} "
             f"({t.get('unit')}{hz}) · budget {opts['budget_ms']} ms · workload (i*31+7)&0xFF"]
    return "\n".join(lines)


def _footer(run, unit):
    parts = [f"{len(run['results'])} results in {run.get('elapsed_s', 0):.1f} s"]
    for tier in ("checksum", "non-crypto", "crypto"):
        rs = [r for r in run["results"] if r.get("tier") == tier and r.get("mb_per_s")]
        if rs:
            best = max(rs, key=lambda r: r["mb_per_s"])
            v = best["mb_per_s"] * 1e6 / UNITS[unit][0]
            parts.append(f"fastest {tier}: {best.get('label')} ({fmt_num(v)} {unit})")
    over = run.get("overhead") or {}
    if over:
        parts.append("harness overhead " + ", ".join(f"{fmt_num(v)} ns@{format_size(s)}" for s, v in over.items())
                     + " per call (subtracted)")
    return " · ".join(parts)


def present_run(run, unit, order, catalogue_order, quiet=False, opts=None):
    results = run["results"]
    sizes = sorted({r["size"] for r in results})
    impls = {r["implementation"] for r in results}
    if not quiet and opts:
        print(_header(run, opts))
    if len(sizes) > 1:
        h, rows, al = sweep_table(results, sizes, unit, len(impls) > 1, order, catalogue_order)
    else:
        ordered = sort_results(results, order, catalogue_order)
        h, rows, al = single_size_table(ordered, unit, len(impls) > 1,
                                        any(r.get("cycles_per_byte") for r in results))
        if sizes and not quiet:
            print(f"size {sizes[0]} B · median of {min((len(r['samples']) for r in results), default=0)}+ "
                  f"samples · ± = MAD in % of the median")
    render(h, rows, al)
    if not quiet:
        print(_footer(run, unit))
    noisy = [r for r in results if r.get("spread_pct", 0) > 5]
    if noisy and not quiet:
        worst = max(noisy, key=lambda r: r["spread_pct"])
        print(f"warning: spread above 5% on {len(noisy)} result(s), worst {worst['algorithm']} "
              f"{worst['spread_pct']:.0f}%: close other programs or raise --budget", file=sys.stderr)


def cmd_run(args):
    unit = parse_unit(args.units)
    budget = parse_budget(args.budget)
    if args.samples is not None and not 1 <= args.samples <= 1000:
        raise UserError("--samples must be between 1 and 1000")
    if args.sweep and args.size:
        raise UserError("use either --size or --sweep, not both")
    sizes = SWEEPS[args.sweep] if args.sweep else (parse_sizes(args.size) if args.size else [1024])
    if args.output:
        exporters.check_path(args.output)
    engine_path = eng.ensure_built()
    catalogue, backends = eng.catalogue(engine_path)
    algos = select_algorithms(catalogue, args.algo, args.tier)
    impls = select_impls(catalogue, algos, args.impl)
    for b in backends:
        if not b["available"] and (impls == ["all"] or b["name"] in impls):
            print(f"note: backend {b['name']} is not available on this machine: skipped", file=sys.stderr)
    store = None if args.no_save else Store(args.db)
    opts = {"algos": algos, "impls": impls, "sizes": sizes, "budget_ms": budget,
            "samples": args.samples, "timer": args.timer, "backends": backends}
    from .runner import run_host
    run = run_host(opts, catalogue, store, args.quiet, engine_path)
    opts.pop("backends", None)
    for e in run["errors"]:
        print(f"error: {e['algo']}/{e['impl']} @{e['size']} B: digest {e['digest']} does not match "
              f"the {e['basis']} digest {e['expected']}: not timed", file=sys.stderr)
    if run["results"]:
        present_run(run, unit, args.sort, [a["id"] for a in catalogue], args.quiet, opts)
    if args.output:
        exporters.write(args.output, run)
        if not args.quiet:
            print(f"wrote {args.output}", file=sys.stderr)
    if run["status"] == "interrupted":
        saved = f"; saved as run {run['id']}" if store else ""
        print(f"interrupted: kept the {len(run['results'])} result(s) measured so far{saved}", file=sys.stderr)
        return 130
    if store and not args.quiet:
        print(f"saved as run {run['id']} in {store.path}", file=sys.stderr)
    return 1 if run["errors"] else 0


def ranking_rows(results):
    """Rows 'rank, impl, relative time ± spread, MB/s, cyc/B, version', fastest first.

    Relative spread combines both relative MADs (as hyperfine combines
    standard deviations): r * sqrt((s_i/t_i)^2 + (s_best/t_best)^2)."""
    ranked = sorted(results, key=lambda r: r["ns_per_call"])
    best = ranked[0]
    rows = []
    for n, r in enumerate(ranked, 1):
        rel = r["ns_per_call"] / best["ns_per_call"]
        if r is best:
            err = 0.0
        else:
            err = rel * ((r["spread_pct"] / 100) ** 2 + (best["spread_pct"] / 100) ** 2) ** 0.5
        rows.append([f"{n}.", f"{rel:.2f} ± {err:.2f}", r["implementation"], fmt_num(r.get("mb_per_s")),
                     fmt_num(r.get("cycles_per_byte")), r.get("impl_version") or "ours"])
    return rows


def cmd_compare(args):
    budget = parse_budget(args.budget)
    if args.sweep and args.size:
        raise UserError("use either --size or --sweep, not both")
    sizes = SWEEPS[args.sweep] if args.sweep else (parse_sizes(args.size) if args.size else [1024])
    if args.output:
        exporters.check_path(args.output)
    engine_path = eng.ensure_built()
    catalogue, backends = eng.catalogue(engine_path)
    algos = select_algorithms(catalogue, args.algos)
    impls = select_impls(catalogue, algos, args.impl or ["all"])
    for b in backends:
        if not b["available"]:
            print(f"note: backend {b['name']} is not available on this machine: skipped", file=sys.stderr)
    store = None if args.no_save else Store(args.db)
    opts = {"algos": algos, "impls": impls, "sizes": sizes, "budget_ms": budget, "samples": args.samples,
            "timer": args.timer, "interleave": True, "backends": backends}
    from .runner import run_host
    run = run_host(opts, catalogue, store, args.quiet, engine_path)
    opts.pop("backends", None)
    for e in run["errors"]:
        print(f"error: {e['algo']}/{e['impl']} @{e['size']} B: digest {e['digest']} does not match "
              f"the {e['basis']} digest {e['expected']}: not timed", file=sys.stderr)
    if not args.quiet:
        print(_header(run, opts))
    label = {a["id"]: a["label"] for a in catalogue}
    for algo in algos:
        for size in sizes:
            rs = [r for r in run["results"] if r["algorithm"] == algo and r["size"] == size]
            if not rs:
                continue
            print()
            render(["#", "TIME (rel.)", "IMPL", "MB/s", "cyc/B", "VERSION"], ranking_rows(rs), "lrlrrl",
                   title=f"{label.get(algo, algo)} @ {size} B: {len(rs)} implementations, each verified")
    if args.output:
        exporters.write(args.output, run)
    if run["status"] == "interrupted":
        print(f"interrupted: kept the {len(run['results'])} result(s) measured so far", file=sys.stderr)
        return 130
    return 1 if run["errors"] else 0


def cmd_history(args):
    store = Store(args.db)
    runs = store.runs(args.limit)
    if not runs:
        print(f"no runs stored in {store.path}")
        return 0
    headers = ["RUN", "DATE", "KIND", "STATUS", "RESULTS", "CPU", "COMMIT"]
    rows = [[r["id"], r["started_at"], r["kind"], r["status"], r["results"], r["context"].get("cpu", ""),
             r["context"].get("commit", "")] for r in runs]
    render(headers, rows, "rlllrll")
    return 0


def cmd_show(args):
    store = Store(args.db)
    run = store.load_run(store.resolve(args.run))
    unit = parse_unit(args.units)
    print(f"run {run['id']} · {run['started_at']} · {run['status']} · {run['command'] or ''}".rstrip())
    if run["kind"] == "cross":
        return cross.show_run(run)
    opts = dict(run["options"])
    opts.setdefault("budget_ms", "?")
    present_run(run, unit, args.sort, [], False, opts)
    if args.output:
        exporters.write(args.output, run)
    return 0


def cmd_diff(args):
    store = Store(args.db)
    a = store.load_run(store.resolve(args.run_a))
    b = store.load_run(store.resolve(args.run_b))
    key = lambda r: (r.get("target", "host"), r["algorithm"], r["implementation"], r["size"])
    bmap = {key(r): r for r in b["results"]}
    rows = []
    for ra in a["results"]:
        rb = bmap.get(key(ra))
        if not rb or not ra.get("samples") or not rb.get("samples"):
            continue
        ratio, p, sig = stats.compare(ra["samples"], rb["samples"])
        verdict = ("B faster" if ratio < 1 else "B slower") if sig else "no significant difference"
        rows.append([ra.get("label", ra["algorithm"]), ra["implementation"], format_size(ra["size"]),
                     fmt_num(ra.get("ns_per_call", 0) / 1000), fmt_num(rb.get("ns_per_call", 0) / 1000),
                     f"{ratio:.3f}", f"{p:.3g}", verdict])
    if not rows:
        raise UserError(f"runs {a['id']} and {b['id']} have no measurement in common")
    print(f"A = run {a['id']} ({a['started_at']}), B = run {b['id']} ({b['started_at']}); ratio = time B / time A")
    render(["ALGO", "IMPL", "SIZE", "A µs", "B µs", "B/A", "p", "VERDICT"], rows, "lllrrrrl")
    if a["context"].get("cpu") != b["context"].get("cpu"):
        print("note: the runs were measured on different CPUs", file=sys.stderr)
    return 0


COMMANDS = {"run": cmd_run, "list": cmd_list, "hash": cmd_hash, "history": cmd_history,
            "show": cmd_show, "diff": cmd_diff, "compare": cmd_compare,
            "cross": cross.cmd_cross}


def main(argv=None):
    parser = build_parser()
    args = parser.parse_args(argv)
    if not args.command:
        parser.print_help()
        return 2
    try:
        return COMMANDS[args.command](args)
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
