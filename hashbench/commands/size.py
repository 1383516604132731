# SPDX-License-Identifier: MIT
"""hashbench size: the code each algorithm adds, per build and target."""
import json
import sys

from .. import roster
from ..distributed import executor
from ..distributed.jobs import Task
from ..errors import BuildError, UserError
from ..flows import matrix
from ..present.matrix import size_table
from ..present.table import render
from ..targets import Job
from ..toolchain import size
from .matrix import add_build_args, chosen_impls, target_algorithms, target_and_builds, with_folders
from .options import add_cluster_arg, formatter, log_to_stderr


def add_parser(sub):
    s = sub.add_parser(
        "size", help="code size per algorithm and build", formatter_class=formatter,
        description="Bytes of flash (text: code, read-only data and unwind tables; plus initialised data) that "
                    "each algorithm adds to a program that calls it, per build: its functions, its tables and "
                    "the library routines it pulls in.  Each probe program calls one function through a volatile "
                    "pointer; the baseline calls a do-nothing function; both are compiled with "
                    "-ffunction-sections -fdata-sections and linked with --gc-sections (and with link-time "
                    "optimisation when the flags say -flto), as the STM32 study measured flash.  On the host and "
                    "the Linux targets the shared C library is not counted; newlib-nano (cortex-m7, as a "
                    "CubeMX firmware links it), newlib (gba) and the N64's own C library are: the table's "
                    "title and each JSON object's c_library say which.  cc65 and SDCC (nes, gb, z80) keep or "
                    "drop whole object files, with no section garbage collection: there an algorithm's "
                    "figure is the ROM bytes of the object files it needs (every function in them), without "
                    "the run-time library's routines.",
        epilog="examples:\n  hashbench size                                # gcc -O2, every algorithm\n"
               "  hashbench size --cc gcc,clang --flags=-Os,-O2,-O3 -a 'sha*'\n"
               "  hashbench size --target cortex-m7 --flags='-Os,-O3,-Os -flto'\n"
               "  hashbench size --target n64 --json")
    add_build_args(s)
    s.set_defaults(impl="all")
    s.add_argument("--json", action="store_true", help="one JSON object per (build, algorithm, implementation)")
    add_cluster_arg(s)
    s.add_argument("-q", "--quiet", action="store_true", help="no progress lines")
    s.set_defaults(func=main)
    return s


def target_sizes(plan, builds, runner) -> dict:
    """{build name: {(algo, impl): bytes}} of a cross target's builds, each
    build's probes a job of `runner` (hashbench.distributed.executor)."""
    tasks = [Task(cfg.name, plan.target.name, cfg, code_size=True, measure=False, size_impls=tuple(plan.impls),
                  mine=tuple(plan.mine)) for cfg in builds]
    runner.check(tasks)
    job = Job(algos=plan.algos, impls=list(plan.impls), sizes=[], expected={}, log=plan.log)
    sizes = {}
    try:
        for task, answer in runner.answers(tasks, job):
            if answer.error or answer.size_error:
                plan.failed.append(f"build {task.key}: {answer.error or answer.size_error}")
            else:
                sizes[task.key] = answer.sizes
    finally:
        runner.close()
    return {cfg.name: sizes[cfg.name] for cfg in builds if cfg.name in sizes}


def main(args) -> int:
    target, builds = target_and_builds(args)
    mine = with_folders(args, log_to_stderr(args.quiet))
    algos = target_algorithms(target, roster.select(args.algo, args.tier))
    plan = matrix.Plan(builds=builds, algos=algos, impls=chosen_impls(args.impl, mine), sizes=[], mine=mine,
                       target=target, log=log_to_stderr(args.quiet))
    ok = matrix.checked_builds(plan)
    runner = executor.choose(args.cluster, {target.name: target}) if target is not None else None
    if runner is not None and runner.name != executor.Local.name and mine:
        raise UserError("--cluster probes our code: implementation folders are probed here")
    if target is not None:
        sizes = target_sizes(plan, ok, runner)
    else:
        if args.cluster:
            raise UserError("--cluster probes a cross target's builds (--target T); host builds are this machine's")
        sizes = {}
        for cfg in ok:
            try:
                sizes[cfg.name] = size.sizes_of(target, cfg, {a.id for a in algos}, plan.impls, plan.log, mine)
            except BuildError as exc:
                plan.failed.append(f"build {cfg.name}: {exc}")
    for n in plan.failed:
        print(f"hashbench: {getattr(n, 'detail', n)}", file=sys.stderr)
    if not sizes:
        return 2
    names = [c.name for c in ok if c.name in sizes]
    if args.json:
        libc = size.c_library(target) or None   # None: shared, not counted
        for b in names:
            for (a, i), v in sizes[b].items():
                print(json.dumps({"target": target.name if target else "host", "build": b, "algorithm": a,
                                  "implementation": i, "code_bytes": v, "c_library": libc}))
    else:
        where = target.name if target else "host"
        h, rows, al = size_table(sizes, names)
        render(h, rows, al, title=f"code bytes on {where}: {size.method(target)}")
    return 1 if plan.failed else 0
