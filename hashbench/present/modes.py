# SPDX-License-Identifier: MIT
"""The tables of the loop's modes (docs/records.md, "Modes"): time per call
at every small length, latency against throughput, thread scaling, the cost
of misalignment.  Each table sets a result only beside results of its own
run that differ from it in that one mode: never a latency figure against
another run's throughput."""
from ..units import format_size
from .table import TIER_MARK, fmt_num, sort_results

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


def _ns(r):
    return None if r is None or not r.verified else r.ns_per_call


def _ratio(a, b):
    return None if a is None or b is None or not b else a / b


def small_sweep_table(results, catalogue_order=()):
    """Lengths x (algorithm, implementation, mode): ns per call."""
    cols = _firsts(results, catalogue_order, lambda r: (r.algorithm, r.implementation, r.mode))
    show_impl = len({r.implementation for r in results}) > 1
    by = {(r.algorithm, r.implementation, r.mode, r.size): r for r in results}
    headers = ["B"] + [" ".join(x for x in ((c.label or c.algorithm), c.implementation if show_impl else "",
                                            c.mode_label) if x) + " ns" for c in cols]
    rows = [[str(size)] + [fmt_num(_ns(by.get((c.algorithm, c.implementation, c.mode, size)))) for c in cols]
            for size in sorted({r.size for r in results})]
    return headers, rows, "r" * len(headers)


def latency_table(results, catalogue_order=()):
    """Per algorithm: ns per call with independent calls and with chained
    ones, and latency / throughput."""
    show_impl = len({r.implementation for r in results}) > 1
    sizes = sorted({r.size for r in results})
    by = {(r.algorithm, r.implementation, r.size, r.threads, r.align, r.latency): r for r in results}
    firsts = _firsts(results, catalogue_order, lambda r: (r.algorithm, r.implementation, r.threads, r.align))
    headers = ["", "ALGO"] + (["IMPL"] if show_impl else []) + ["B", "thru ns/call", "lat ns/call", "lat/thru"]
    rows = []
    for f in firsts:
        for size in sizes:
            t = by.get((f.algorithm, f.implementation, size, f.threads, f.align, False))
            lat = by.get((f.algorithm, f.implementation, size, f.threads, f.align, True))
            if t is None and lat is None:
                continue
            rows.append(_lead(f, show_impl) + [format_size(size), fmt_num(_ns(t)), fmt_num(_ns(lat)),
                                               fmt_num(_ratio(_ns(lat), _ns(t)))])
    return headers, rows, "ll" + ("l" if show_impl else "") + "rrrr"


def threads_table(results, catalogue_order=()):
    """Per algorithm and thread count: MB/s of each thread, all together,
    and the scaling against one thread of the same run."""
    show_impl = len({r.implementation for r in results}) > 1
    by = {(r.algorithm, r.implementation, r.size, r.latency, r.align, r.threads): r for r in results}
    counts = sorted({r.threads for r in results})
    firsts = _firsts(results, catalogue_order, lambda r: (r.algorithm, r.implementation, r.size, r.latency, r.align))
    headers = ["", "ALGO"] + (["IMPL"] if show_impl else []) + ["B", "THREADS", "MB/s each", "MB/s total", "scaling"]
    rows = []
    for f in firsts:
        one = by.get((f.algorithm, f.implementation, f.size, f.latency, f.align, 1))
        base = aggregate(one)
        for n in counts:
            r = by.get((f.algorithm, f.implementation, f.size, f.latency, f.align, n))
            if r is None:
                continue
            per = "MISMATCH" if not r.verified else fmt_num(r.mb_per_s)
            rows.append(_lead(f, show_impl) + [format_size(f.size) + (" lat" if f.latency else ""), str(n), per,
                                               fmt_num(aggregate(r)), fmt_num(_ratio(aggregate(r), base))])
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
    headers = ["", "ALGO", "IMPL", "B", "ns@0"]
    for k in offsets:
        headers += [f"ns@{k}", f"cost@{k}"]
    rows = []
    for f in firsts:
        key = (f.algorithm, f.implementation, f.size, f.latency, f.threads)
        base = _ns(by.get(key + (0,)))
        row = _lead(f, True) + [format_size(f.size), fmt_num(base)]
        for k in offsets:
            ns = _ns(by.get(key + (k,)))
            row += [fmt_num(ns), fmt_num(_ratio(ns, base))]
        rows.append(row)
    return headers, rows, "lll" + "r" * (len(headers) - 3)


def mode_tables(results, catalogue_order=()) -> list:
    """(title, headers, rows, aligns) for every mode the results hold."""
    out = []
    if is_small_sweep({r.size for r in results}):
        out.append(("time per call at every length (ns, the harness subtracted)",)
                   + small_sweep_table(results, catalogue_order))
    if any(r.latency for r in results):
        out.append(("latency: each call's input starts with the previous digest (chained) against independent "
                    "calls; lat/thru = the ratio, measured in one run",) + latency_table(results, catalogue_order))
    if len({r.threads for r in results}) > 1 or any(r.threads > 1 for r in results):
        out.append(("threads at once, each on its own buffer and CPU; scaling = MB/s total against one thread",)
                   + threads_table(results, catalogue_order))
    if any(r.align for r in results):
        out.append(("misalignment: ns per call with the input K bytes past a 64-byte boundary; cost = against "
                    "aligned input",) + align_table(results, catalogue_order))
    return out
