# SPDX-License-Identifier: MIT
"""The tables of the loop's modes (docs/records.md, "Modes"): time per call
at every small length, latency against throughput, thread scaling, the cost
of misalignment.  Each table sets a result only beside results of its own
run that differ from it in that one mode: never a latency figure against
another run's throughput."""
import math

from ..statistics.diff import compare_timed
from ..units import format_size
from .table import BELOW_HARNESS, TIER_MARK, fmt_num, sort_results

SMALL_MIN_SIZES = 10   # a run of consecutive lengths from 0 this long is a small sweep


def is_small_sweep(sizes) -> bool:
    sizes = sorted(sizes)
    return len(sizes) >= SMALL_MIN_SIZES and sizes == list(range(sizes[0], sizes[0] + len(sizes))) and sizes[0] == 0


def has_modes(results) -> bool:
    return any(r.mode_label for r in results) or is_small_sweep({r.size for r in results})


def _firsts(results, catalogue_order, key):
    """One result per `key`, in the run's category order."""
    seen = {}
    for r in sort_results(results, "category", catalogue_order):
        seen.setdefault(key(r), r)
    return list(seen.values())


def _lead(r, show_impl) -> list:
    return [TIER_MARK.get(r.tier, " "), r.label or r.algorithm] + ([r.implementation] if show_impl else [])


def _other_modes(r, table_mode) -> str:
    """The result's modes other than the one its table sets side by side."""
    parts = ([f"{r.threads} threads"] if r.threads != 1 and table_mode != "threads" else []) \
        + (["chained"] if r.latency and table_mode != "latency" else []) \
        + ([f"align {r.align}"] if r.align and table_mode != "align" else [])
    return ", ".join(parts)


def _ns(r):
    return None if r is None or not r.verified else r.ns_per_call


def _cell(value, r):
    """A small sweep's cell: `value` of r, formatted; "< harness" for a timed row below the
    harness's resolution (its net time is the harness's noise: 0.002 ns for CRC-8 at 2 B)."""
    if r is not None and r.verified and r.extra.get("below_resolution"):
        return BELOW_HARNESS
    return fmt_num(_value(value, r))


def _value(fn, r):
    return None if r is None or not r.verified else fn(r)


def _ratio(a, b):
    return None if a is None or b is None or not b else a / b


def ratio_text(base, other) -> str:
    """other / base as diff tests it (engine processes as the unit), with its
    95% confidence interval where there are processes enough to give one."""
    if base is None or other is None or not base.verified or not other.verified:
        return "-"
    c = compare_timed(base, other, paired=True)   # measured in the same processes
    if math.isnan(c.lo) or math.isnan(c.hi):
        return f"{c.ratio:.2f}"
    return f"{c.ratio:.2f} [{c.lo:.2f}-{c.hi:.2f}]"


def small_sweep_table(results, catalogue_order=(), unit="ns", value=None):
    """Lengths x (algorithm, implementation, mode): ns per call, or `value`
    of each result (an exact meter's cost per call) in `unit`."""
    value = value or _ns
    cols = _firsts(results, catalogue_order, lambda r: (r.algorithm, r.implementation, r.mode))
    show_impl = len({r.implementation for r in results}) > 1
    by = {(r.algorithm, r.implementation, r.mode, r.size): r for r in results}
    headers = ["B"] + [" ".join(x for x in ((c.label or c.algorithm), c.implementation if show_impl else "",
                                            c.mode_label) if x) + f" {unit}" for c in cols]
    rows = [[str(size)] + [_cell(value, by.get((c.algorithm, c.implementation, c.mode, size))) for c in cols]
            for size in sorted({r.size for r in results})]
    return headers, rows, "r" * len(headers)


def falls_with_size(results) -> list:
    """[(smaller, larger)]: in each series of one code (algorithm, implementation, mode) over a sweep's
    sizes, a row whose net time per call lies below a smaller size's beyond both their ±: more bytes
    cannot take less time, so one of the two is a measurement's artefact.  For each larger row, the
    smaller whose figure is furthest above it.  Timed rows with a figure and a ± only."""
    series = {}
    for r in results:
        if r.verified and not r.exact and r.ns_per_call and r.ci_pct is not None \
                and not r.extra.get("below_resolution"):
            series.setdefault((r.algorithm, r.implementation, r.mode), []).append(r)
    out = []
    for rows in series.values():
        rows.sort(key=lambda r: r.size)
        for k, larger in enumerate(rows):
            top = larger.ns_per_call * (1 + larger.ci_pct / 100)
            below = [r for r in rows[:k] if r.size < larger.size and top < r.ns_per_call / (1 + r.ci_pct / 100)]
            if below:
                out.append((max(below, key=lambda r: r.ns_per_call), larger))
    return out


def falls_line(results):
    """One line naming the rows whose net time falls with size beyond their ± (falls_with_size), or None."""
    pairs = falls_with_size(results)
    if not pairs:
        return None
    named = "; ".join(f"{b.label or b.algorithm} {fmt_num(b.ns_per_call)} ns at {format_size(b.size)} B below "
                      f"{fmt_num(a.ns_per_call)} ns at {format_size(a.size)} B" for a, b in pairs[:4])
    more = f" and {len(pairs) - 4} more" if len(pairs) > 4 else ""
    return (f"net time falls with size beyond the ±: {named}{more}: more bytes cannot take less time, so these "
            "figures are a measurement's artefact (rerun, or raise --budget)")


def latency_table(results, catalogue_order=()):
    """Per algorithm: ns per call with independent calls and with chained
    ones, and latency / throughput."""
    show_impl = len({r.implementation for r in results}) > 1
    sizes = sorted({r.size for r in results})
    by = {(r.algorithm, r.implementation, r.size, r.threads, r.align, r.latency): r for r in results}
    firsts = _firsts(results, catalogue_order, lambda r: (r.algorithm, r.implementation, r.threads, r.align))
    show_mode = any(_other_modes(r, "latency") for r in results)
    headers = ["", "ALGO"] + (["IMPL"] if show_impl else []) + (["MODE"] if show_mode else []) \
        + ["B", "thru ns/call", "lat ns/call", "lat/thru [95%]"]
    rows = []
    for f in firsts:
        for size in sizes:
            t = by.get((f.algorithm, f.implementation, size, f.threads, f.align, False))
            lat = by.get((f.algorithm, f.implementation, size, f.threads, f.align, True))
            if t is None and lat is None:
                continue
            rows.append(_lead(f, show_impl) + ([_other_modes(f, "latency")] if show_mode else [])
                        + [format_size(size), fmt_num(_ns(t)), fmt_num(_ns(lat)), ratio_text(t, lat)])
    return headers, rows, "ll" + ("l" if show_impl else "") + ("l" if show_mode else "") + "rrrr"


def threads_table(results, catalogue_order=()):
    """Per algorithm and thread count: MB/s of each thread, all together,
    and the scaling against one thread of the same run."""
    show_impl = len({r.implementation for r in results}) > 1
    by = {(r.algorithm, r.implementation, r.size, r.latency, r.align, r.threads): r for r in results}
    counts = sorted({r.threads for r in results})
    firsts = _firsts(results, catalogue_order, lambda r: (r.algorithm, r.implementation, r.size, r.latency, r.align))
    headers = ["", "ALGO"] + (["IMPL"] if show_impl else []) + ["B", "THREADS", "MB/s per thread", "MB/s total",
                                                                "scaling"]
    rows = []
    for f in firsts:
        one = by.get((f.algorithm, f.implementation, f.size, f.latency, f.align, 1))
        base = aggregate(one)
        for n in counts:
            r = by.get((f.algorithm, f.implementation, f.size, f.latency, f.align, n))
            if r is None:
                continue
            total = aggregate(r)
            per = "MISMATCH" if not r.verified else fmt_num(total / n if total else None)
            rows.append(_lead(f, show_impl) + [" ".join(x for x in (format_size(f.size), _other_modes(f, "threads"))
                                                        if x), str(n), per,
                                               fmt_num(total), fmt_num(_ratio(total, base))])
    return headers, rows, "ll" + ("l" if show_impl else "") + "rrrrr"


def aggregate(r):
    """All threads' MB/s together (one thread: its own)."""
    if r is None or not r.verified:
        return None
    return r.mb_per_s if r.threads == 1 else r.aggregate_mb_per_s


def align_table(results, catalogue_order=()):
    """Per algorithm and implementation: ns per call aligned, then at each
    offset with its cost against aligned input."""
    offsets = sorted({r.align for r in results} - {0})
    by = {(r.algorithm, r.implementation, r.size, r.latency, r.threads, r.align): r for r in results}
    firsts = _firsts(results, catalogue_order,
                     lambda r: (r.algorithm, r.implementation, r.size, r.latency, r.threads))
    show_mode = any(_other_modes(r, "align") for r in results)
    headers = ["", "ALGO", "IMPL"] + (["MODE"] if show_mode else []) + ["B", "ns@0"]
    for k in offsets:
        headers += [f"ns@{k}", f"cost@{k} [95%]"]
    rows = []
    for f in firsts:
        key = (f.algorithm, f.implementation, f.size, f.latency, f.threads)
        base = by.get(key + (0,))
        row = _lead(f, True) + ([_other_modes(f, "align")] if show_mode else []) + [format_size(f.size),
                                                                                   fmt_num(_ns(base))]
        for k in offsets:
            other = by.get(key + (k,))
            row += [fmt_num(_ns(other)), ratio_text(base, other)]
        rows.append(row)
    lead = 4 if show_mode else 3
    return headers, rows, "l" * lead + "r" * (len(headers) - lead)


def mode_tables(results, catalogue_order=()) -> list:
    """(title, headers, rows, aligns) for every mode the results hold."""
    out = []
    if is_small_sweep({r.size for r in results}):
        out.append(("time per call at every length (ns, the harness subtracted; < harness: below its "
                    "resolution)",)
                   + small_sweep_table(results, catalogue_order))
    if any(r.latency for r in results):
        out.append(("latency: each call's input starts with the previous digest (chained) against independent "
                    "calls; lat/thru = the ratio, measured in one run",) + latency_table(results, catalogue_order))
    if len({r.threads for r in results}) > 1 or any(r.threads > 1 for r in results):
        out.append(("threads at once, each on its own buffer and CPU; MB/s total = the sum of each thread's own "
                    "figure, per thread = total / threads; scaling = MB/s total against one thread",)
                   + threads_table(results, catalogue_order))
    if any(r.align for r in results):
        out.append(("misalignment: ns per call with the input K bytes past a 64-byte boundary; cost = against "
                    "aligned input",) + align_table(results, catalogue_order))
    return out
