# SPDX-License-Identifier: MIT
"""Result tables as (headers, rows, aligns), rendered by rich on a terminal
and as plain aligned text elsewhere (pipes, files, NO_COLOR).  Only
formatting here: figures come made (hashbench.meters, hashbench.stats)."""
import math
import os
import shutil
import sys
import textwrap

from ..units import UNITS, format_size

TIER_MARK = {"checksum": ".", "non-crypto": "*", "crypto": "#"}
TIER_ORDER = {"checksum": 0, "non-crypto": 1, "crypto": 2}


def fancy(stream=None) -> bool:
    stream = stream or sys.stdout
    return stream.isatty() and "NO_COLOR" not in os.environ and os.environ.get("TERM") != "dumb"


def terminal_width(stream=None):
    """The columns a table may fill: $COLUMNS, else the terminal's; None (no limit) for a pipe or file."""
    stream = stream or sys.stdout
    if os.environ.get("COLUMNS", "").isdigit():
        return int(os.environ["COLUMNS"])
    return shutil.get_terminal_size().columns if stream.isatty() else None


def fit(headers, rows, wrap, width, least=12):
    """rows whose cells in columns `wrap` (indices, the long free text: lists, references) are folded
    onto lines of their own, below the row, so that the table is at most `width` characters wide
    (the other columns as they are; None: no limit), each folded column `least` wide at the least."""
    if not width or not rows:
        return rows
    sep = 2 * (len(headers) - 1)
    fixed = sum(max([len(str(h))] + [len(str(r[i])) for r in rows]) for i, h in enumerate(headers) if i not in wrap)
    room = max(least, (width - fixed - sep) // len(wrap))
    # a header wider than that keeps its width: the other folded columns share what it leaves
    wide = [len(str(headers[i])) for i in wrap if len(str(headers[i])) > room]
    if wide and len(wide) < len(wrap):
        room = max(least, (width - fixed - sep - sum(wide)) // (len(wrap) - len(wide)))
    out = []
    for row in rows:
        folded = {i: textwrap.wrap(str(row[i]).replace(",", ", "), room, break_long_words=True) or [""]
                  for i in wrap}
        folded = {i: [x.replace(", ", ",") for x in lines] for i, lines in folded.items()}
        for k in range(max(len(v) for v in folded.values())):
            out.append([(folded[i][k] if k < len(folded[i]) else "") if i in wrap else (c if k == 0 else "")
                        for i, c in enumerate(row)])
    return out


def fmt_num(v, digits=3):
    """Three significant digits, never scientific for the ranges we show."""
    if v is None or (isinstance(v, float) and math.isnan(v)):
        return "-"
    if v == 0:
        return "0"
    mag = math.floor(math.log10(abs(v)))
    decimals = max(0, digits - 1 - mag)
    return f"{v:,.{decimals}f}"


def throughput(result, unit):
    return None if result.mb_per_s is None else result.mb_per_s * 1e6 / UNITS[unit][0]


def digest_head(r) -> str:
    d = r.digest or ""
    return " ".join(d[i:i + 2].upper() for i in range(0, min(len(d), 8), 2))


def plus_minus(r):
    """The ± of a timed result: its confidence interval between processes,
    or, for a run of one process, the spread of its samples (MAD %)."""
    return r.ci_pct if r.ci_pct is not None else r.spread_pct


def cost_key(r):
    """Cheapest first: by throughput where there is one, else by cost per
    byte (estimated cycles, instructions); a mismatch last."""
    if r.mb_per_s is not None:
        return -r.mb_per_s
    return r.per_byte if r.per_byte is not None else math.inf


def sort_results(results, order, catalogue_order):
    pos = {a: i for i, a in enumerate(catalogue_order)}
    if order == "speed":
        return sorted(results, key=cost_key)
    if order == "name":
        return sorted(results, key=lambda r: (r.algorithm, r.implementation))
    return sorted(results, key=lambda r: (TIER_ORDER.get(r.tier, 9), pos.get(r.algorithm, 999)))


# a row whose harness is most of its time (hashbench.meters.timer.HARNESS_RESOLUTION): no speed
BELOW_HARNESS = "< harness"


def cycles_title(results) -> str:
    """The cycles column's title: TSC cycles tick at the reference clock, not the core's."""
    units = {r.cycle_unit for r in results if r.cycles_per_byte}
    return "ref-cyc/B" if units == {"ref-cycles"} else "cyc/B"


def single_size_table(results, unit="MB/s", show_impl=False, show_cycles=True):
    headers = ["", "ALGO"] + (["IMPL"] if show_impl else []) + ["TIER", unit, "±%"]
    if show_cycles:
        headers.append(cycles_title(results))
    headers += ["µs/call", "ITER", "H0 H1 H2 H3"]
    aligns = "ll" + ("l" if show_impl else "") + "lrr" + ("r" if show_cycles else "") + "rrl"
    rows = []
    for r in results:
        row = [TIER_MARK.get(r.tier, " "), r.label or r.algorithm]
        if show_impl:
            row.append(r.implementation)
        if not r.verified:
            row += [r.tier, "MISMATCH", "-"] + (["-"] if show_cycles else []) + ["-", "-", digest_head(r)]
            rows.append(row)
            continue
        speed = BELOW_HARNESS if r.extra.get("below_resolution") else fmt_num(throughput(r, unit))
        row += [r.tier, speed, f"{plus_minus(r):.1f}"]
        if show_cycles:
            row.append(fmt_num(r.cycles_per_byte))
        iters = sum(s[0] for s in r.samples)
        row += [fmt_num(r.ns_per_call / 1000.0), f"{iters:,}", digest_head(r)]
        rows.append(row)
    return headers, rows, aligns


def sweep_table(results, sizes, unit="MB/s", show_impl=False, order="category", catalogue_order=(), value=None):
    """Algorithms x sizes: throughput in `unit`, or `value` = (title,
    function of a result) for another figure (estimated cycles per byte)."""
    title, figure = value or (unit, lambda r: throughput(r, unit))
    keyed = {}
    for r in results:
        keyed.setdefault((r.algorithm, r.implementation), {})[r.size] = r
    firsts = sort_results([next(iter(v.values())) for v in keyed.values()], "category", catalogue_order)
    if order == "name":
        firsts.sort(key=lambda r: (r.algorithm, r.implementation))
    elif order == "speed":
        big = max(sizes)
        firsts.sort(key=lambda r: cost_key(keyed[(r.algorithm, r.implementation)].get(big) or r))
    headers = ["", "ALGO"] + (["IMPL"] if show_impl else []) + ["TIER"] + [f"{title}@{format_size(s)}" for s in sizes]
    aligns = "ll" + ("l" if show_impl else "") + "l" + "r" * len(sizes)
    rows = []
    for f in firsts:
        per = keyed[(f.algorithm, f.implementation)]
        row = [TIER_MARK.get(f.tier, " "), f.label or f.algorithm]
        if show_impl:
            row.append(f.implementation)
        row.append(f.tier)
        for s in sizes:
            r = per.get(s)
            row.append("-" if r is None else "MISMATCH" if not r.verified
                       else BELOW_HARNESS if r.extra.get("below_resolution") and value is None else fmt_num(figure(r)))
        rows.append(row)
    return headers, rows, aligns


# a meter's further per-call figures (Result.extra["counters"]), as table columns
COUNTER_TITLES = {"instructions": "instr/call", "l1_misses": "L1 miss", "ll_misses": "LL miss",
                  "branch_mispredicts": "br.miss"}


def counted_table(results, show_impl=False):
    """One size of an exact meter with counters (--meter est-cycles): cost per byte
    and per call, then each counter per call."""
    names = list(dict.fromkeys(k for r in results for k in r.extra.get("counters", {})))
    headers = ["", "ALGO"] + (["IMPL"] if show_impl else []) + ["TIER", "cyc/B", "cyc/call"]
    headers += [COUNTER_TITLES.get(n, n) for n in names] + ["H0 H1 H2 H3"]
    aligns = "ll" + ("l" if show_impl else "") + "lrr" + "r" * len(names) + "l"
    rows = []
    for r in results:
        row = [TIER_MARK.get(r.tier, " "), r.label or r.algorithm] + ([r.implementation] if show_impl else [])
        if not r.verified:
            rows.append(row + [r.tier, "MISMATCH", "-"] + ["-"] * len(names) + [digest_head(r)])
            continue
        counters = r.extra.get("counters", {})
        rows.append(row + [r.tier, fmt_num(r.per_byte), fmt_num(r.per_call)]
                    + [fmt_count(counters.get(n)) for n in names] + [digest_head(r)])
    return headers, rows, aligns


def fmt_count(v) -> str:
    """A count per call: whole numbers as they are, halves and such with a decimal."""
    if v is None:
        return "-"
    return f"{int(v):,}" if float(v).is_integer() else f"{v:,.1f}"


def render_plain(headers, rows, aligns) -> str:
    widths = [max([len(h)] + [len(str(r[i])) for r in rows]) for i, h in enumerate(headers)]

    def line(cells):
        out = []
        for c, w, a in zip(cells, widths, aligns):
            out.append(str(c).rjust(w) if a == "r" else str(c).ljust(w))
        return "  ".join(out).rstrip()

    sep = "-" * len(line(headers))
    return "\n".join([line(headers), sep] + [line(r) for r in rows])


def render_markdown(headers, rows, aligns) -> str:
    out = ["| " + " | ".join(h or " " for h in headers) + " |",
           "|" + "|".join("---:" if a == "r" else "---" for a in aligns) + "|"]
    out += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(out)


def render(headers, rows, aligns, title=None, stream=None):
    stream = stream or sys.stdout
    if fancy(stream):
        from rich import box
        from rich.console import Console
        from rich.table import Table
        t = Table(title=title, box=box.SIMPLE_HEAD, header_style="bold")
        for h, a in zip(headers, aligns):
            t.add_column(h, justify="right" if a == "r" else "left", no_wrap=True)
        for r in rows:
            t.add_row(*[str(c) for c in r])
        Console(file=stream).print(t)
    else:
        if title:
            print(title, file=stream)
        print(render_plain(headers, rows, aligns), file=stream)
