# SPDX-License-Identifier: MIT
"""A host run on the terminal: its header, tables, footer and warnings."""
import sys

from .. import __version__
from ..meters import callgrind
from ..meters import clock as clock_meter
from ..meters import timer as timer_meter
from ..results.result import METER_TITLES
from ..units import UNITS, format_size
from .modes import falls_line, has_modes, is_small_sweep, mode_tables, small_sweep_table
from .table import counted_table, fmt_num, plus_minus, render, single_size_table, sort_results, sweep_table


def report_mismatches(run):
    for r in run.mismatches:
        where = "" if r.target == "host" else f"{r.target}: "
        print(f"error: {where}{r.algorithm}/{r.implementation} @{r.size} B: digest {r.digest} does not match "
              f"the {r.verified_against} digest {r.expected}: not timed", file=sys.stderr)


def header(run) -> str:
    """The machine, build, timer, meter and processes of a timed run, and the
    machine's clock during it (the calibration kernel) with its drift."""
    ctx = run.context
    first = (f"hashbench {__version__} · {ctx.get('cpu')} · {ctx.get('cores')} cores · "
             f"{ctx.get('os')} {ctx.get('kernel')}")
    compiler = f"compiler {ctx.get('compiler')} {(ctx.get('cflags') or '').strip()}"
    if callgrind.stored_header(ctx):  # a meter other than the timers says what it is
        return "\n".join([first, f"{compiler} · workload (i*31+7)&0xFF"] + callgrind.stored_header(ctx))
    t = ctx.get("timer") or {}
    hz = f", {t['hz'] / 1e9:.3f} GHz {t.get('hz_source')}" if t.get("hz") and t.get("unit") != "ns" else ""
    budget = run.options.get("budget_ms", "?")
    meters = sorted({r.meter for r in run.results if not r.exact}) or ["ns"]
    nproc = run.options.get("processes") or 1
    lines = [first,
             f"{compiler} · timer {t.get('name')} "
             f"({t.get('unit')}{hz}) · {', '.join(METER_TITLES.get(m, m) for m in meters)} · "
             f"{nproc} process{'es' if nproc > 1 else ''} · budget {budget} ms · workload (i*31+7)&0xFF"]
    clk = clock_meter.of_run(run)
    if clk:
        lines.append(clock_meter.describe(clk))
    return "\n".join(lines)


def warn_drift(run, quiet=False):
    """On stderr: a warning when the machine's clock moved more than a few %
    during the run."""
    clk = clock_meter.of_run(run)
    if clk and clk["drift_pct"] > clock_meter.DRIFT_WARN_PCT and not quiet:
        if any(timer_meter.clock_bound(r) for r in run.results if not r.exact):
            advice = "time figures moved with it: --meter core-cycles divides it out"
        else:
            advice = "the estimated core cycles divide it out, time figures did not"
        print(f"warning: the machine's clock changed by {clk['drift_pct']:.1f}% during the run "
              f"(calibration kernel, {clk['min_hz'] / 1e9:.2f}-{clk['max_hz'] / 1e9:.2f} GHz): {advice}",
              file=sys.stderr)


def fastest_figure(best, unit, modes) -> str:
    """The fastest row's figure as its table printed it: in `unit` in the plain table; in a mode
    run, MB/s as the threads table's one-thread row shows it, else ns per call as the latency,
    misalignment and small-sweep tables show it."""
    if not modes:
        return f"{fmt_num(best.mb_per_s * 1e6 / UNITS[unit][0])} {unit}"
    if len({m.threads for m in modes}) > 1 or any(m.threads > 1 for m in modes):
        return f"{fmt_num(best.mb_per_s)} MB/s"
    return f"{fmt_num(best.ns_per_call)} ns/call @{format_size(best.size)}"


def footer(run, results, unit) -> str:
    """The count, the fastest of each tier (a mode run: among the plain rows, one thread,
    independent aligned calls, whose figure a table shows; a pooled or chained figure is in
    no column) and the harness overhead."""
    parts = [f"{len(results)} results in {run.elapsed_s:.1f} s"] if run.elapsed_s else [f"{len(results)} results"]
    modes = [r for r in results if r.mode_label] if has_modes(results) else []
    if has_modes(results) and not modes:   # a small sweep of plain rows only
        modes = results
    for tier in ("checksum", "non-crypto", "crypto"):
        rs = [r for r in results if r.tier == tier and r.mb_per_s and r.verified and not (modes and r.mode_label)]
        if rs:
            best = max(rs, key=lambda r: r.mb_per_s)
            parts.append(f"fastest {tier}: {best.label} ({fastest_figure(best, unit, modes)})")
    over = {}
    for r in results:
        if r.extra.get("overhead_ns") is not None:
            over.setdefault(r.size, r.extra["overhead_ns"])
    if len(over) > 9:   # a small sweep: the range
        parts.append(f"harness overhead {fmt_num(min(over.values()))}-{fmt_num(max(over.values()))} ns per call "
                     f"at {format_size(min(over))}-{format_size(max(over))} B (subtracted)")
    elif over:
        parts.append("harness overhead " + ", ".join(f"{fmt_num(v)} ns@{format_size(s)}" for s, v in sorted(over.items()))
                     + " per call (subtracted)")
    return " · ".join(parts)


def present_modes(run, results, unit, catalogue_order, quiet=False):
    """The tables of a run in the loop's modes (--sweep small, --latency, --threads, --align)."""
    for title, h, rows, al in mode_tables(results, catalogue_order):
        render(h, rows, al, title=None if quiet else title)
    line = falls_line(results)
    if line and not quiet:
        print(line)
    if not quiet:
        print(footer(run, results, unit))
    warn_drift(run, quiet)


def two_speeds_line(results):
    """One line naming the rows whose samples sat at two speeds with some process at the slower
    only (timer_meter.unsettled): their figures may not repeat; None when there are none."""
    rows = [r for r in results if r.verified and not r.exact and timer_meter.unsettled(r)]
    if not rows:
        return None
    names = ", ".join(r.label or r.algorithm for r in rows[:4]) + (f" and {len(rows) - 4} more" if len(rows) > 4 else "")
    return (f"two speeds: {len(rows)} row(s) ({names}) sampled at two speeds, some process only at the slower: "
            "their figures may not repeat (diff calls them inconclusive); rerun with nothing else running, "
            "or compare them with 'hashbench compare' (interleaved)")


def disagree_line(results):
    """One line naming the rows whose processes' figures span more than their ± (meters/timer.py:
    processes_disagree_pct), or None."""
    rows = [r for r in results if r.verified and r.extra.get("processes_disagree_pct")]
    if not rows:
        return None
    names = ", ".join(f"{r.label or r.algorithm}, {r.extra['processes_disagree_pct']:.0f}%" for r in rows[:4])
    more = f" and {len(rows) - 4} more" if len(rows) > 4 else ""
    return (f"processes disagree: {len(rows)} row(s) ({names}{more}) whose processes' figures span more than "
            "their ± (where each process's code and data landed): the figure is their median, one process's "
            "luck does not make it")


def described(results, key) -> str:
    """What the rows stored as `key` (extra: the statistic or the ±), in words: the one
    description they share, or each with its rows; '(not recorded)' for old records."""
    counts = {}
    for r in results:
        if r.verified:
            text = r.extra.get(key) or "(not recorded)"
            counts[text] = counts.get(text, 0) + 1
    if len(counts) <= 1:
        return next(iter(counts), "(not recorded)")
    return "; ".join(f"{text} ({n} row{'s' if n > 1 else ''})" for text, n in counts.items())


def figure_line(results, size=None) -> str:
    """The line above a timed table: the processes, and the figure (and, for a one-size table,
    which prints it, the ±) as each row stored them.  `size` None: a sweep's sizes."""
    procs = max((r.processes or 1 for r in results if r.verified), default=1)
    pinned = {c for r in results if r.verified for c in timer_meter.process_cpus(r).values()} - {None}
    over = f" pinned to {len(pinned)} CPUs in turn" if pinned and procs > 1 else ""
    sizes = sorted({r.size for r in results})
    where = f"size {size} B" if size is not None else f"sizes {format_size(sizes[0])}-{format_size(sizes[-1])} B"
    return (f"{where} · {procs} process{'es' if procs > 1 else ''}{over} · "
            f"figure = {described(results, 'statistic')}"
            + (f" · ± = {described(results, 'plus_minus')}" if size is not None else ""))


def present_timed(run, results, unit, order, catalogue_order, quiet=False):
    """The host table of timed results: one size, or a sweep."""
    if has_modes(results):
        present_modes(run, results, unit, catalogue_order, quiet)
        return
    sizes = sorted({r.size for r in results})
    impls = {r.implementation for r in results}
    if len(sizes) > 1:
        h, rows, al = sweep_table(results, sizes, unit, len(impls) > 1, order, catalogue_order)
        if not quiet:
            print(figure_line(results))
            line = falls_line(results)
            if line:
                print(line)
    else:
        ordered = sort_results(results, order, catalogue_order)
        h, rows, al = single_size_table(ordered, unit, len(impls) > 1, any(r.cycles_per_byte for r in results))
        if sizes and not quiet:
            print(figure_line(results, sizes[0]))
    note = disagree_line(results)
    if note and not quiet:
        print(note)
    line = two_speeds_line(results)
    if line and not quiet:
        print(line)
    render(h, rows, al)
    if not quiet:
        print(footer(run, results, unit))
    noisy = [r for r in results if r.verified and (plus_minus(r) or 0) > 5]
    if noisy and not quiet:
        worst = max(noisy, key=plus_minus)
        print(f"warning: ± above 5% on {len(noisy)} result(s), worst {worst.algorithm} "
              f"{plus_minus(worst):.0f}%: close other programs, raise --budget or --processes", file=sys.stderr)
    warn_drift(run, quiet)


def present_counted(run, results, order, catalogue_order, quiet=False):
    """The host table of an exact meter with counters (--meter est-cycles): one
    size, or estimated cycles per byte across a sweep."""
    sizes = sorted({r.size for r in results})
    show_impl = len({r.implementation for r in results}) > 1
    if is_small_sweep(sizes):
        if not quiet:
            print(f"{METER_TITLES[results[0].meter]} per call at every length, the harness subtracted")
        h, rows, al = small_sweep_table(results, catalogue_order, "cyc", lambda r: r.per_call)
    elif len(sizes) > 1:
        h, rows, al = sweep_table(results, sizes, show_impl=show_impl, order=order, catalogue_order=catalogue_order,
                                  value=("cyc/B", lambda r: r.per_byte))
    else:
        h, rows, al = counted_table(sort_results(results, order, catalogue_order), show_impl)
        if not quiet:
            print(f"size {sizes[0]} B · {METER_TITLES[results[0].meter]} · per call, the harness subtracted")
    render(h, rows, al)
    if not quiet:
        done = f"{len(results)} results in {run.elapsed_s:.1f} s" if run.elapsed_s else f"{len(results)} results"
        harness = {r.size: r.harness[0] for r in results if r.verified and r.harness}
        over = ", ".join(f"{fmt_num(callgrind.est_cycles(h[1:]) / h[0])} cycles@{format_size(s)}"
                         for s, h in sorted(harness.items()))
        print(done + (f" · harness {over} per call (subtracted)" if over else ""))


def present_host(run, results, unit, order, catalogue_order, quiet=False):
    """A host run's tables: timed results, and exact ones with counters."""
    timed = [r for r in results if not r.exact]
    counted = [r for r in results if r.exact]
    if timed:
        present_timed(run, timed, unit, order, catalogue_order, quiet)
    if counted:
        present_counted(run, counted, order, catalogue_order, quiet)
