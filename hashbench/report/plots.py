# SPDX-License-Identifier: MIT
"""The report's plots, drawn by matplotlib as SVG to inline in the page: no
script and no network to view them, text kept as text.  Every mark (a line,
a bar, a heat-map cell) carries the SVG id '<plot>-mark-<n>', so a test can
count what was drawn.  Figures come made: Result fields, hashbench.statistics.ranking
(via hashbench.report.data); nothing is computed here but positions."""
import io
import math
import re

import matplotlib
from matplotlib.colors import LogNorm, Normalize
from matplotlib.figure import Figure
from matplotlib.patches import Rectangle
from matplotlib.ticker import FuncFormatter, LogLocator, NullLocator

from ..units import format_size
from .data import TIERS, label

matplotlib.rcParams.update({
    "svg.fonttype": "none",          # <text>, not glyph outlines: smaller, selectable, searchable
    "svg.hashsalt": "hashbench",     # the same ids on every run: reproducible pages
    "font.family": "DejaVu Sans",
    "font.size": 9,
    "axes.spines.top": False,
    "axes.spines.right": False,
})
TIER_COLOURS = {"checksum": "#4c78a8", "non-crypto": "#f58518", "crypto": "#54a24b"}
PALETTE = matplotlib.colormaps["tab20"]
MARKERS = "os^Dv<>pP*Xh"
CMAP = "viridis_r"  # dark = costly; readable in grey and by the colour-blind


def to_svg(fig, key) -> str:
    buf = io.StringIO()
    fig.savefig(buf, format="svg", metadata={"Date": None}, bbox_inches="tight")
    svg = buf.getvalue()
    svg = svg[svg.index("<svg"):]
    svg = re.sub(r"<metadata>.*?</metadata>", "", svg, flags=re.S)  # RDF about the file, not the figure
    # matplotlib names its groups and clip paths per figure ('figure_1', 'p0123abcd'): prefix every id
    # and reference with the plot's key, so that several inline figures never share an id
    return re.sub(r'(\bid="|url\(#|href="#)(?!' + re.escape(key) + r'-)', lambda m: f"{m.group(1)}{key}-", svg)


def plain_log(axis, values):
    """Log-scale ticks written as plain numbers (1,000, not 10^3): at 1, 2, 5 x 10^n, denser over
    less than a decade, only the powers of ten over more than three."""
    values = [v for v in values if v and v > 0]
    span = math.log10(max(values) / min(values)) if values else 1
    subs = (1, 1.5, 2, 3, 5, 7) if span < 1 else ((1, 2, 5) if span <= 3 else (1,))
    axis.set_major_locator(LogLocator(base=10, subs=subs))
    axis.set_minor_locator(NullLocator())
    axis.set_major_formatter(FuncFormatter(lambda v, _: f"{v:,.0f}" if v >= 1 else f"{v:g}"))


def mark(artist, key, n):
    artist.set_gid(f"{key}-mark-{n}")


def speed(results, key="speed") -> str:
    """Horizontal bars of MB/s (log scale), one per verified result, coloured by tier."""
    rs = [r for r in results if r.verified and r.mb_per_s]
    with_impl = len({r.implementation for r in rs}) > 1
    with_build = len({r.build.name for r in rs}) > 1
    fig = Figure(figsize=(7.5, 0.8 + 0.2 * len(rs)))
    ax = fig.add_subplot()
    names = [" · ".join([label(r)] + ([r.implementation] if with_impl else []) + ([r.build.name] if with_build else []))
             for r in rs]
    bars = ax.barh(range(len(rs)), [r.mb_per_s for r in rs], color=[TIER_COLOURS.get(r.tier, "#888") for r in rs])
    for n, b in enumerate(bars):
        mark(b, key, n)
    ax.set_yticks(range(len(rs)), names)
    ax.invert_yaxis()
    ax.set_xscale("log")
    plain_log(ax.xaxis, [r.mb_per_s for r in rs])
    ax.set_xlabel(f"MB/s (10^6 B/s) @ {format_size(rs[0].size) if rs else ''} B, log scale")
    ax.grid(axis="x", which="both", alpha=0.25)
    handles = [Rectangle((0, 0), 1, 1, color=c) for t, c in TIER_COLOURS.items() if any(r.tier == t for r in rs)]
    ax.legend(handles, [t for t in TIER_COLOURS if any(r.tier == t for r in rs)], loc="lower right", fontsize=8)
    return to_svg(fig, key)


def lines(series, key, attr, ylabel) -> str:
    """One log-log line per series against size, a panel per tier."""
    tiers = [t for t in TIERS if any(s.tier == t for s in series)] + \
            sorted({s.tier for s in series if s.tier not in TIERS})
    fig = Figure(figsize=(8.5, 2.8 * len(tiers)))
    n = 0
    for i, tier in enumerate(tiers):
        ax = fig.add_subplot(len(tiers), 1, i + 1)
        algos = list(dict.fromkeys(s.points[0].algorithm for s in series if s.tier == tier))
        for j, s in enumerate(s for s in series if s.tier == tier):
            # 20 colours, and a marker per algorithm: no two lines of a panel look alike
            (line,) = ax.plot([p.size for p in s.points], [getattr(p, attr) for p in s.points],
                              marker=MARKERS[algos.index(s.points[0].algorithm) % len(MARKERS)],
                              color=PALETTE(j % 20), markersize=3.5, linewidth=1.2, label=s.name)
            mark(line, key, n)
            n += 1
        ax.set_xscale("log", base=2)
        ax.set_yscale("log")
        plain_log(ax.yaxis, [getattr(p, attr) for s in series if s.tier == tier for p in s.points])
        sizes = sorted({p.size for s in series if s.tier == tier for p in s.points})
        ax.set_xticks(sizes, [format_size(x) for x in sizes])
        ax.xaxis.set_minor_locator(NullLocator())
        ax.set_title(tier, loc="left", fontsize=9)
        ax.set_ylabel(ylabel)
        ax.grid(which="major", alpha=0.25)
        ax.legend(loc="center left", bbox_to_anchor=(1.01, 0.5), fontsize=7, frameon=False,
                  ncol=1 if sum(s.tier == tier for s in series) <= 16 else 2)
    fig.axes[-1].set_xlabel("input size (bytes), log scale")
    fig.tight_layout()
    return to_svg(fig, key)


def small_lines(series, key, blocks) -> str:
    """ns per call against every small length, linear axes, a panel per tier;
    a dotted line of the series' colour at each multiple of its algorithm's
    block length (blocks: series name -> block_len), where a block boundary
    adds a compression."""
    tiers = [t for t in TIERS if any(s.tier == t for s in series)] + \
            sorted({s.tier for s in series if s.tier not in TIERS})
    fig = Figure(figsize=(8.5, 2.8 * len(tiers)))
    n = 0
    top = max(p.size for s in series for p in s.points)
    for i, tier in enumerate(tiers):
        ax = fig.add_subplot(len(tiers), 1, i + 1)
        for j, s in enumerate(s for s in series if s.tier == tier):
            colour = PALETTE(j % 20)
            (line,) = ax.plot([p.size for p in s.points], [p.ns_per_call for p in s.points], color=colour,
                              linewidth=1.2, marker=".", markersize=2.5, label=s.name, drawstyle="steps-mid")
            mark(line, key, n)
            n += 1
            block = blocks.get(s.name, 1)
            if block >= 8:
                for x in range(block, top + 1, block):
                    ax.axvline(x, color=colour, linestyle=":", linewidth=0.9, alpha=0.7)
        ax.set_xlim(0, top)
        ax.set_ylim(bottom=0)
        ax.set_title(tier, loc="left", fontsize=9)
        ax.set_ylabel("ns per call")
        ax.grid(alpha=0.25)
        ax.legend(loc="center left", bbox_to_anchor=(1.01, 0.5), fontsize=7, frameon=False)
    fig.axes[-1].set_xlabel("input length (bytes)")
    fig.tight_layout()
    return to_svg(fig, key)


def scaling(series, key) -> str:
    """MB/s of all threads together against the thread count, one line per
    series, beside the ideal (one thread's MB/s times the count, dashed)."""
    fig = Figure(figsize=(7.5, 3.6))
    ax = fig.add_subplot()
    counts = sorted({p.threads for s in series for p in s.points})
    plotted = False
    for j, s in enumerate(series):
        colour = PALETTE(j % 20)
        # a row below the harness's resolution has no MB/s: no point, rather than a zero
        measured = [(p.threads, p.mb_per_s if p.threads == 1 else p.aggregate_mb_per_s) for p in s.points]
        measured = [(t, y) for t, y in measured if y and y > 0]
        (line,) = ax.plot([t for t, _ in measured], [y for _, y in measured], marker="o", markersize=3.5,
                          color=colour, label=s.name)
        mark(line, key, j)
        one = next((y for t, y in measured if t == 1), None)
        if one:
            ax.plot(counts, [one * c for c in counts], linestyle="--", linewidth=0.8, color=colour, alpha=0.6)
        plotted = plotted or bool(measured)
    ax.set_xticks(counts, [str(c) for c in counts])
    if plotted:
        ax.set_yscale("log")
    ax.set_xlabel("threads at once")
    ax.set_ylabel("MB/s, all threads (10^6 B/s)")
    ax.grid(alpha=0.25)
    ax.legend(loc="center left", bbox_to_anchor=(1.01, 0.5), fontsize=7, frameon=False)
    fig.tight_layout()
    return to_svg(fig, key)


def ranking(groups, key="ranking") -> str:
    """Relative time (1 = the fastest) ± spread, a panel per ranked group."""
    heights = [0.6 + 0.28 * len(ranks) for _, ranks in groups]
    fig = Figure(figsize=(7.5, sum(heights) + 0.6 * len(groups)))
    grid = fig.add_gridspec(len(groups), 1, height_ratios=heights)
    n = 0
    for i, (title, ranks) in enumerate(groups):
        ax = fig.add_subplot(grid[i])
        bars = ax.barh(range(len(ranks)), [k.relative for k in ranks], xerr=[k.spread for k in ranks],
                       color="#4c78a8", error_kw={"ecolor": "#333", "capsize": 3, "linewidth": 1})
        for b in bars:
            mark(b, key, n)
            n += 1
        ax.set_yticks(range(len(ranks)), [k.result.implementation for k in ranks])
        ax.invert_yaxis()
        ax.axvline(1.0, color="#999", linewidth=0.8)
        ax.set_title(title, loc="left", fontsize=9)
        ax.grid(axis="x", alpha=0.25)
        top = max(k.relative + k.spread for k in ranks)
        if top > 20:  # a 150x slower compact would flatten the rest: a log scale from 1
            ax.set_xscale("log")
            plain_log(ax.xaxis, [1, top])
            ax.set_xlim(0.9, top * 1.3)
        else:
            ax.set_xlim(0, top * 1.08)
    fig.axes[-1].set_xlabel("time relative to the fastest (1 = fastest) ± spread")
    fig.tight_layout()
    return to_svg(fig, key)


def fmt_cell(v) -> str:
    if v >= 1000:
        return f"{v:,.0f}"
    return f"{v:.3g}"


def heatmap(grid) -> str:
    """One cell per (row, column) figure, one colour scale (log when the
    figures span more than a decade): the grid's unit only."""
    values = [v for v in (grid.figure(r, c) for r in grid.rows for c in grid.cols) if v is not None and v > 0]
    fig = Figure(figsize=(max(4.5, 1.8 + 0.95 * len(grid.cols)), 1.0 + 0.24 * len(grid.rows)))
    ax = fig.add_subplot()
    lo, hi = (min(values), max(values)) if values else (1, 1)
    norm = LogNorm(lo, hi) if values and hi > lo * 10 else Normalize(lo * 0.9 if lo == hi else lo, hi)
    cmap = matplotlib.colormaps[CMAP if grid.value != "mb_per_s" else "viridis"]
    n = 0
    for y, row in enumerate(grid.rows):
        for x, col in enumerate(grid.cols):
            r = grid.cells.get((row, col))
            if r is None:
                continue
            v = grid.figure(row, col)
            if v is None:
                ax.add_patch(Rectangle((x, y), 1, 1, facecolor="#eee", hatch="///", edgecolor="#c00", gid=None))
                ax.text(x + 0.5, y + 0.5, "MISMATCH" if not r.verified else "-", ha="center", va="center",
                        fontsize=6, color="#c00")
                continue
            rgba = cmap(norm(v)) if v > 0 else (0.9, 0.9, 0.9, 1)
            cell = Rectangle((x, y), 1, 1, facecolor=rgba, edgecolor="white", linewidth=0.5)
            mark(cell, grid.key, n)
            n += 1
            ax.add_patch(cell)
            dark = sum(rgba[:3]) / 3 < 0.5
            ax.text(x + 0.5, y + 0.5, fmt_cell(v), ha="center", va="center", fontsize=6.5,
                    color="white" if dark else "black")
    ax.set_xlim(0, len(grid.cols))
    ax.set_ylim(len(grid.rows), 0)
    ax.set_xticks([x + 0.5 for x in range(len(grid.cols))], grid.cols, rotation=30 if len(grid.cols) > 5 else 0,
                  ha="right" if len(grid.cols) > 5 else "center")
    ax.set_yticks([y + 0.5 for y in range(len(grid.rows))], grid.rows)
    ax.tick_params(length=0)
    for side in ("left", "bottom"):
        ax.spines[side].set_visible(False)
    ax.xaxis.tick_top()
    if values:
        sm = matplotlib.cm.ScalarMappable(norm=norm, cmap=cmap)
        bar = fig.colorbar(sm, ax=ax, label=grid.unit + (" (log scale)" if isinstance(norm, LogNorm) else ""),
                           fraction=0.04, pad=0.02)
        if isinstance(norm, LogNorm):
            plain_log(bar.ax.yaxis, values)
    return to_svg(fig, grid.key)
