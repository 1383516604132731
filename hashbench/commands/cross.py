# SPDX-License-Identifier: MIT
"""hashbench cross: the same portable C on other CPUs - under QEMU with
exact instruction counts, and on the 8/16-bit consoles' simulators with
exact cycles - every digest verified against the reference first."""
import sys

from .. import meters, roster, userimpl
from ..distributed.executor import choose
from ..errors import UserError
from ..flows.cross import DEFAULT_CALLS, DEFAULT_SIZES, Request, measure
from ..meters.cpu_models import load_model
from ..present import exporters
from ..present.crosstab import present_exact, present_targets
from ..present.host import report_mismatches
from ..spelling import one_name
from ..storage.store import Store, ended
from ..targets import load_all, select
from ..targets.qemu import MAX_SIZE
from ..units import parse_sizes
from .options import add_cluster_arg, add_refused_mode_args, add_store_args, formatter, log_to_stderr, refuse_modes
from .output import add_format_arg, check_output


def add_parser(sub):
    c = sub.add_parser(
        "cross", help="other CPUs under QEMU and console simulators: exact counts", formatter_class=formatter,
        description="Build the guest engine for each target (targets/*.toml), run it, verify every digest "
                    "against the reference byte for byte, and store the results.  QEMU targets (n64, nds, 3ds, "
                    "cortex-m7, ...): instructions per call, counted by a QEMU plugin.  Console targets (nes, "
                    "gb, z80, gba and its placements gba-prefetch, gba-iwram, gba-iwram-arm): one program per "
                    "algorithm, exact cycles from sim65, mGBA or ucsim.  Counts are exact and repeatable; a wrong "
                    "digest is reported as a mismatch with no "
                    "cost.  --meter est-cycles instead estimates cycles with the target's CPU model "
                    "(data/cpu-models/, docs/cycle-models.md): meter est-cycles, converted to time at the "
                    "CPU's real clock, labelled as estimated and never tabled with exact figures.  SDCC (gb, "
                    "z80) is slow: a first run of every algorithm takes minutes; builds are cached after that.",
        epilog="examples:\n  hashbench cross --list\n  hashbench cross --target n64,nds\n"
               "  hashbench cross --target nes,gba --size 64  # exact 6502 and ARM7TDMI cycles\n"
               "  hashbench cross --all -o cross.json\n  hashbench cross --all -a 'sha*' --size 1k\n"
               "  hashbench cross --target n64,nds,3ds,cortex-m7 --meter est-cycles   # estimated cycles\n"
               "  hashbench cross --target cortex-m7 --meter est-cycles --model-variant nocache-sram\n"
               "  hashbench cross --table            # the stored results, algorithms x targets")
    c.add_argument("--target", action="append", metavar="T[,T...]", help="targets to run")
    c.add_argument("--all", action="store_true", help="every target")
    c.add_argument("--list", action="store_true", help="list the targets and whether they can run here")
    c.add_argument("--table", action="store_true",
                   help="print algorithms x targets; alone: from the newest stored results")
    c.add_argument("-a", "--algo", action="append", metavar="ALGO", help="ids, comma lists or globs (default: all)")
    c.add_argument("--impl", default="all",
                   help="portable, compact, a CPU's assembly (sm83, 6502, armv4: only on a CPU that runs it; armv4 on "
                        "gba-iwram-arm, nds and 3ds), small (on the nes: "
                        "the portable code built with HB_NO_PORTABLE_TABLES of the algorithms its ROM image builds "
                        "so to fit a bank), an --impl-dir's name, or all (default: all)")
    userimpl.add_args(c)
    c.add_argument("--size", action="append", metavar="SIZE", help="bytes (default 64,256,1024; at most 64K)")
    c.add_argument("--calls", type=int, default=DEFAULT_CALLS, help="calls in each measured region (default 2)")
    c.add_argument("--check-repeat", action="store_true", help="run everything twice; fail unless counts repeat")
    c.add_argument("--meter", choices=meters.spellings(*meters.CROSS), default=meters.DEFAULT, metavar="METER",
                   help="default: each target's own (QEMU: instructions; consoles: exact-cycles); "
                        f"{meters.CYCLE_MODEL}: cycles estimated by the target's CPU model (the CYCLE MODEL column "
                        "of --list); instructions or exact-cycles: that target's own, refused where it counts the "
                        "other (old spellings still taken: "
                        + ", ".join(f"{a} = {m}" for a, m in meters.old_spellings(*meters.CROSS)) + ")")
    c.add_argument("--model-variant", metavar="NAME",
                   help="with --meter est-cycles: a variant of the CPU model (caches off, data in SRAM, ...; "
                        "--list names them); results of a variant are kept apart from the model's own")
    c.add_argument("-o", "--output", metavar="FILE", help="also write FILE (.json, .csv or .md)")
    add_format_arg(c)
    add_refused_mode_args(c)
    add_cluster_arg(c)
    add_store_args(c)
    c.add_argument("-q", "--quiet", action="store_true", help="no progress lines")
    c.set_defaults(func=main)
    return c


def stored_table(args) -> int:
    res = Store(args.db).latest_results(kind="cross")
    if not res:
        raise UserError("no stored cross results: run 'hashbench cross --target T' first")
    size = parse_sizes(args.size)[-1] if args.size else None
    present_exact(res, size, suffix=" (stored cross results, newest per target)")
    return 0


def checked(args, targets) -> Request:
    """The cross run asked for (targets, sizes, implementations, algorithms,
    --impl-dir code, meter), checked before anything is built."""
    refuse_modes(args, "on a cross target: its engine counts one thread's plain loop on aligned input, exactly "
                       "(use 'hashbench run')")
    names = select(targets, args.target, args.all)
    sizes = parse_sizes(args.size) if args.size else list(DEFAULT_SIZES)
    if max(sizes) > MAX_SIZE:
        raise UserError(f"--size: the cross engine's buffer holds at most {MAX_SIZE} bytes")
    if not 1 <= args.calls <= 1000:
        raise UserError("--calls must be between 1 and 1000")
    mine = userimpl.prepare(args.impl_dir, log_to_stderr(args.quiet))
    from ..targets import load_all
    isas = {i for t in load_all().values() for i in t.isas}   # the assembly a cross target runs (not the Super NES's 65816)
    ours = roster.OURS + (roster.SMALL,) + tuple(n for n in roster.asm_names() if roster.isa_of(n) in isas)
    chosen = [one_name(i, ours, "--impl") for i in roster.split([args.impl])]
    every = "all" in chosen
    impls = list(ours) if every else [i for i in chosen if i in ours]
    beside = [m.substitute() for m in mine if every or m.name in chosen]
    bad = [i for i in chosen if i not in ours + ("all",) and i not in {m.name for m in mine}]
    if bad and bad[0] in roster.asm_names():
        raise UserError(f"{bad[0]}: no cross target runs this assembly ({roster.isa_of(bad[0])}); a console image "
                        "does (hashbench rom --impl)")
    if bad:
        raise UserError(f"unknown implementation {bad[0]!r}: cross runs {', '.join(ours)} and the --impl-dir "
                        "folders' code")
    for i in (i for i in chosen if i in roster.asm_names()):
        if not any(roster.isa_of(i) in targets[n].isas for n in names):
            runs = [t for t, x in load_all().items() if roster.isa_of(i) in x.isas]
            raise UserError(f"--impl {i}: {', '.join(names)} run{'s' if len(names) == 1 else ''} no "
                            f"{roster.isa_of(i)} code; the targets that do: {', '.join(runs)}")
    algos = roster.select(args.algo or list(dict.fromkeys(m.algorithm for m in mine)) or None)
    small = set().union(*(targets[n].small_rows(log_to_stderr(args.quiet)) for n in names
                          if hasattr(targets[n], "small_rows"))) if roster.SMALL in chosen else set()
    roster.check_selection({a.id: list(a.impls) + list(a.asm) + [m.name for m in mine if m.algorithm == a.id]
                            + ([roster.SMALL] if a.id in small else []) for a in algos}, [a.id for a in algos], chosen)
    empty = [n for n in names if hasattr(targets[n], "algorithms") and not targets[n].algorithms(algos)]
    if empty:   # a 6502 or Z80 has no 64-bit integers: -a sha512 leaves it nothing to build
        why = f"none of the selected algorithms ({', '.join(a.id for a in algos)})"
        if empty == names:
            raise UserError(f"{', '.join(names)} build{'s' if len(names) == 1 else ''} {why}")
        for n in empty:
            print(f"warning: {n}: skipped: it builds {why}", file=sys.stderr)
        names = [n for n in names if n not in empty]
    other = meters.not_counting(args.meter, [(n, meters.for_target(targets[n].kind, meters.DEFAULT,
                                                                   getattr(targets[n], "meter", ""))) for n in names])
    if other:   # --meter instructions (or exact-cycles): the stored name of some targets' own figure
        raise UserError(f"--meter {args.meter}: " + "; ".join(f"{n} counts {m.stores[0]}" for n, m in other)
                        + f" (--meter {meters.DEFAULT}: each target its own)")
    if args.model_variant and not meters.uses_model(args.meter):
        raise UserError(f"--model-variant goes with --meter {meters.CYCLE_MODEL}")
    if meters.uses_model(args.meter):
        lacking = [n for n in names if not targets[n].cycle_model]
        if lacking:
            with_model = ", ".join(n for n, t in targets.items() if t.cycle_model)
            raise UserError(f"no cycle model for {', '.join(lacking)} (targets with one: {with_model})")
        for n in names:
            load_model(targets[n].cycle_model, args.model_variant)   # an unknown variant stops here
    check_output(args)
    return Request(names, sizes, algos, impls, args.calls, args.check_repeat, args.meter, args.model_variant,
                   beside=beside, command=args.command_line)


def main(args) -> int:
    targets = load_all()
    if args.list:
        present_targets(targets)
        return 0
    if not args.target and not args.all:
        if args.table:
            return stored_table(args)
        raise UserError("name a target with --target T[,T...] or use --all (see 'hashbench cross --list')")
    req = checked(args, targets)
    store = None if args.no_save else Store(args.db)
    log = log_to_stderr(args.quiet)
    run = measure(req, store, log, targets, choose(args.cluster, targets))
    report_mismatches(run)
    for n in run.notes:
        if n.reason not in ("target-failed", "target-missing", "not-supported"):   # each said once, as it happened
            print(f"warning: {n.detail}", file=sys.stderr)
    if run.results:
        for size in sorted({r.size for r in run.results}):   # every size measured, smallest first
            present_exact(run.results, size, [n for n in req.targets if n in run.context["targets"]])
    if args.output:
        exporters.write(args.output, run, args.format)
        log(f"wrote {args.output}")
    return ended(run, store, log) or (1 if run.status == "failed" else 0)
