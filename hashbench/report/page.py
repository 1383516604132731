# SPDX-License-Identifier: MIT
"""The report as one self-contained HTML page: inline CSS, plots as inline
SVG (hashbench.report.plots), every figure also in a plain table that reads
without JavaScript, and the runs themselves as inline JSON.  No script runs
and nothing is fetched.  Each table cell holding a figure names it:
data-field (the Result attribute) and data-value (the stored number)."""
import html
import json

from .. import __version__
from ..present.host import described
from ..present.modes import mode_tables
from ..present.table import cycles_title, fmt_num
from ..results.result import METER_TITLES, now_iso
from ..units import format_size
from . import data, plots

CSS = """
body { font: 14px/1.45 "DejaVu Sans", system-ui, sans-serif; margin: 2em auto; max-width: 76em; padding: 0 1em;
       color: #222; background: #fff; }
h1 { font-size: 1.6em; margin-bottom: 0.2em; } h2 { border-bottom: 2px solid #4c78a8; padding-bottom: 0.2em;
margin-top: 2em; } h3 { margin-top: 1.6em; }
.sub { color: #666; margin-top: 0; }
figure { margin: 1em 0; overflow-x: auto; } figure svg { max-width: 100%; height: auto; }
figcaption { color: #555; font-size: 0.9em; }
table { border-collapse: collapse; font-size: 0.85em; margin: 0.5em 0 1em; }
th, td { padding: 0.15em 0.6em; border-bottom: 1px solid #e3e3e3; text-align: left; white-space: nowrap; }
th { background: #f4f6f9; position: sticky; top: 0; }
td.n, th.n { text-align: right; font-variant-numeric: tabular-nums; }
td.bad { color: #c00; font-weight: bold; }
details > summary { cursor: pointer; color: #4c78a8; }
dl.ctx { display: grid; grid-template-columns: max-content auto; gap: 0.1em 1em; font-size: 0.9em; }
dl.ctx dt { color: #666; } dl.ctx dd { margin: 0; font-family: "DejaVu Sans Mono", monospace; }
nav ul { columns: 2; }
"""


def esc(v) -> str:
    return html.escape("" if v is None else str(v))


def num_cell(r, field, text=None) -> str:
    """A figure's cell: which result (algorithm, implementation, size, target,
    build, meter), its Result attribute and exact stored value, shown formatted."""
    v = getattr(r, field) if r is not None else None
    if r is not None and not r.verified:
        return '<td class="n bad">MISMATCH</td>'
    if v is None:
        return '<td class="n">-</td>'
    return f'<td class="n" {row_attrs(r)} data-field="{field}" data-value="{v!r}">{esc(text or fmt_num(v))}</td>'


def row_attrs(r) -> str:
    return (f'data-algorithm="{esc(r.algorithm)}" data-implementation="{esc(r.implementation)}" '
            f'data-size="{r.size}" data-target="{esc(r.target)}" data-build="{esc(r.build.name)}" '
            f'data-meter="{esc(r.meter)}"')


def table(kind, run_id, headers, body_rows, numeric=()) -> str:
    head = "".join(f'<th class="n">{esc(h)}</th>' if i in numeric else f"<th>{esc(h)}</th>"
                   for i, h in enumerate(headers))
    return (f'<details open><summary>table</summary><table data-table="{kind}" data-run="{run_id}">'
            f"<thead><tr>{head}</tr></thead><tbody>{''.join(body_rows)}</tbody></table></details>")


def figure(key, svg, marks, caption) -> str:
    return (f'<figure data-plot="{esc(key)}" data-marks="{marks}">{svg}'
            f"<figcaption>{esc(caption)}</figcaption></figure>")


def plus_minus_field(r) -> str:
    """The Result attribute the terminal's ± column shows (present.table.plus_minus): the interval
    between processes, or a one-process run's spread of samples."""
    return "ci_pct" if r.ci_pct is not None else "spread_pct"


# ---- sections ----------------------------------------------------------------------

def speed_section(run, rs) -> str:
    key = f"r{run.id}-speed"
    marks = sum(1 for r in rs if r.verified and r.mb_per_s)
    rows = []
    for r in rs:
        rows.append(f"<tr {row_attrs(r)}><td>{esc(data.label(r))}</td><td>{esc(r.implementation)}</td>"
                    f"<td>{esc(r.build.name)}</td><td>{esc(r.tier)}</td>{num_cell(r, 'mb_per_s')}"
                    f"{num_cell(r, plus_minus_field(r))}{num_cell(r, 'cycles_per_byte')}"
                    f"{num_cell(r, 'ns_per_call')}</tr>")
    return ("<h3>Throughput</h3>"
            + figure(key, plots.speed(rs, key), marks, "MB/s per algorithm, fastest first; colour: tier")
            + f"<p class='sub' data-words='figure'>figure = {esc(described(rs, 'statistic'))} · "
              f"± = {esc(described(rs, 'plus_minus'))}</p>"
            + table("speed", run.id, ["algorithm", "impl", "build", "tier", "MB/s", "± %",
                                           cycles_title(rs), "ns/call"],
                    rows, numeric=(4, 5, 6, 7)))


def sweep_section(run, series) -> str:
    sizes = sorted({p.size for s in series for p in s.points})
    out = ["<h3>Throughput and time per call against size</h3>"]
    for attr, what, ylabel, caption in (
            ("mb_per_s", "throughput", "MB/s (10^6 B/s)",
             "throughput against input size, log-log: the per-call overhead bends each line down at small sizes"),
            ("ns_per_call", "per-call", "ns per call",
             "time per call against input size, log-log: flat where the fixed cost per call dominates, "
             "a slope of 1 where the per-byte cost does")):
        key = f"r{run.id}-{what}"
        out.append(figure(key, plots.lines(series, key, attr, ylabel), len(series), caption))
        rows = []
        for s in series:
            by = {p.size: p for p in s.points}
            rows.append(f"<tr {row_attrs(s.points[0])}><td>{esc(s.name)}</td>"
                        + "".join(num_cell(by.get(z), attr) for z in sizes) + "</tr>")
        unit = "MB/s" if attr == "mb_per_s" else "ns/call"
        out.append(table(what, run.id, ["algorithm"] + [f"{unit} @ {format_size(z)}" for z in sizes], rows,
                         numeric=tuple(range(1, len(sizes) + 1))))
    return "".join(out)


def small_section(run, series) -> str:
    key = f"r{run.id}-small"
    sizes = sorted({p.size for s in series for p in s.points})
    rows = []
    for z in sizes:
        cells = []
        for s in series:
            by = {p.size: p for p in s.points}
            cells.append(num_cell(by.get(z), "ns_per_call"))
        rows.append(f"<tr><td class='n'>{z}</td>{''.join(cells)}</tr>")
    return ("<h3>Time per call at every small length</h3>"
            + figure(key, plots.small_lines(series, key, data.block_lens(series)), len(series),
                     "ns per call against input length, the harness subtracted. Dotted: multiples of the "
                     "algorithm's block length, where one more block is compressed; with a length field in the "
                     "padding (MD4, MD5, SHA-1, SHA-2, RIPEMD-160, Tiger) the step comes 9 bytes earlier "
                     "(17 for SHA-512), and BLAKE2 and BLAKE3 take a full last block, so theirs comes one byte "
                     "later")
            + table("small", run.id, ["B"] + [s.name + " ns" for s in series], rows,
                    numeric=tuple(range(0, len(series) + 1))))


def threads_section(run, series) -> str:
    key = f"r{run.id}-threads"
    counts = sorted({p.threads for s in series for p in s.points})
    rows = []
    for s in series:
        by = {p.threads: p for p in s.points}
        cells = "".join(num_cell(by.get(c), "mb_per_s" if c == 1 else "aggregate_mb_per_s") for c in counts)
        rows.append(f"<tr {row_attrs(s.points[0])}><td>{esc(s.name)}</td>{cells}</tr>")
    return ("<h3>Thread scaling</h3>"
            + figure(key, plots.scaling(series, key), len(series),
                     "MB/s of all threads together (each on its own buffer and CPU, every round started at a "
                     "barrier) against the thread count; dashed: one thread's MB/s times the count")
            + table("threads", run.id, ["algorithm"] + [f"MB/s, {c} thread{'s' if c > 1 else ''}" for c in counts],
                    rows, numeric=tuple(range(1, len(counts) + 1))))


def mode_table_section(run, title, headers, rows) -> str:
    """A modes table (hashbench.present.modes) as it is on the terminal."""
    body = ["<tr>" + "".join(f"<td>{esc(c)}</td>" for c in row) + "</tr>" for row in rows]
    return f"<h3>{esc(title)}</h3>" + table("mode", run.id, headers, body)


def ranking_section(run, groups) -> str:
    key = f"r{run.id}-ranking"
    rows = []
    for title, ranks in groups:
        for n, k in enumerate(ranks, 1):
            r = k.result
            rows.append(f"<tr {row_attrs(r)}><td>{esc(title)}</td><td class='n'>{n}.</td>"
                        f"<td>{esc(r.implementation)}</td><td class='n' data-field='relative' "
                        f"data-value='{k.relative!r}'>{k.relative:.2f} ± {k.spread:.2f}</td>"
                        f"{num_cell(r, 'mb_per_s')}{num_cell(r, 'per_call')}"
                        f"<td>{esc(r.extra.get('impl_version') or 'ours')}</td></tr>")
    marks = sum(len(ranks) for _, ranks in groups)
    return ("<h3>Implementations ranked</h3>"
            + figure(key, plots.ranking(groups, key), marks,
                     "time relative to the fastest implementation, ± the spread of that ratio (as `compare`)")
            + table("ranking", run.id, ["group", "#", "impl", "time (rel.)", "MB/s", "ns/call", "version"], rows,
                    numeric=(1, 3, 4, 5)))


def grid_section(run_id, grid, heading, caption, prefix=None) -> str:
    """A heat map and its table; its marks are '<prefix><key>-mark-<n>' (prefix: 'r<run id>-')."""
    grid.key = (f"r{run_id}-" if prefix is None else prefix) + grid.key
    rows = []
    for row in grid.rows:
        cells = []
        for col in grid.cols:
            r = grid.cells.get((row, col))
            cells.append(num_cell(r, grid.value) if r is not None else '<td class="n">-</td>')
        first = next(r for (rw, _), r in grid.cells.items() if rw == row)
        rows.append(f"<tr data-algorithm='{esc(first.algorithm)}'><td>{esc(row)}</td>{''.join(cells)}</tr>")
    return (f"<h3>{esc(heading)}</h3>"
            + figure(grid.key, plots.heatmap(grid), grid.marks, f"{grid.title} ({grid.unit}). {caption}")
            + table(grid.key, run_id, [""] + grid.cols, rows, numeric=tuple(range(1, len(grid.cols) + 1))))


def context_section(run) -> str:
    ctx = run.context
    t = ctx.get("timer") or {}
    items = [("machine", ctx.get("hostname")), ("CPU", f"{ctx.get('cpu')} ({ctx.get('cores')} cores)"
                                                   if ctx.get("cpu") else None),
             ("OS", " ".join(str(x) for x in (ctx.get("os"), ctx.get("kernel")) if x) or None),
             ("compiler", " ".join(x for x in (ctx.get("compiler"), (ctx.get("cflags") or "").strip()) if x) or None),
             ("timer", f"{t.get('name')} ({t.get('unit')}, {t.get('description') or t.get('hz_source')})"
              if t else None),
             ("commit", ctx.get("commit")), ("hashbench", ctx.get("hashbench_version")),
             ("date", ctx.get("date") or run.started_at), ("command", run.command or None),
             ("run uuid", ctx.get("run_uuid"))]
    for name, tc in (ctx.get("targets") or {}).items():
        parts = [tc.get("title"), tc.get("compiler"), tc.get("runner"),
                 METER_TITLES.get(tc.get("meter"), tc.get("meter"))]
        items.append((f"target {name}", " · ".join(str(p) for p in parts if p)))
    for lib, ver in sorted((ctx.get("libraries") or {}).items()):
        items.append((f"library {lib}", ver))
    body = "".join(f"<dt>{esc(k)}</dt><dd>{esc(v)}</dd>" for k, v in items if v not in (None, ""))
    return f'<h3>Context</h3><dl class="ctx">{body}</dl>'


def run_section(run) -> str:
    rs = run.results
    parts = [f'<section id="run-{run.id}"><h2>Run {run.id} · {esc(run.kind)} · {esc(run.started_at)} · '
             f"{esc(data.machine_label(run.context))}</h2>",
             f'<p class="sub">{len(rs)} results · status {esc(run.status)}</p>', context_section(run)]
    single, series, groups = data.single(rs), data.series(rs), data.rankings(rs)
    if single:
        parts.append(speed_section(run, single))
    if series:
        parts.append(sweep_section(run, series))
    small, threads = data.small_series(rs), data.thread_series(rs)
    if small:
        parts.append(small_section(run, small))
    if threads:
        parts.append(threads_section(run, threads))
    for title, headers, rows, _ in mode_tables([r for r in rs if not r.exact]):
        if not title.startswith(("time per call", "threads")):   # those two are drawn above
            parts.append(mode_table_section(run, title, headers, rows))
    if groups:
        parts.append(ranking_section(run, groups))
    for g in data.exact_grids(rs):
        parts.append(grid_section(run.id, g, f"Across targets: {g.unit}",
                                  "One map per meter: instruction counts, exact and estimated cycles never share "
                                  "a colour scale."))
    for g in data.build_grids(rs):
        parts.append(grid_section(run.id, g, "Build matrix", "One column per build of the same code."))
    if not (single or series or groups or small or threads or data.exact_grids(rs)):
        parts.append("<p>This run holds no measured figure.</p>")
    for n in run.notes:
        parts.append(f"<p class='sub'>note: {esc(n.detail)}</p>")
    return "".join(parts) + "</section>"


def machines_section(runs) -> str:
    grid = data.machine_grid(runs)
    if grid is None:
        return ""
    return ('<section id="machines"><h2>Machines</h2><p class="sub">the newest run of each machine; '
            "machines are told apart by hostname, CPU and kernel</p>"
            + grid_section("all", grid, "Machine × algorithm", "Higher is faster.", prefix="") + "</section>")


def render(runs, title="hashbench report") -> str:
    """The whole page for these runs (hashbench.results.result.Run, as stored)."""
    toc = "".join(f'<li><a href="#run-{r.id}">run {r.id}: {esc(r.kind)}, {esc(r.started_at)}, '
                  f"{esc(data.machine_label(r.context))}</a></li>" for r in runs)
    machines = machines_section(runs)
    if machines:
        toc = '<li><a href="#machines">machines</a></li>' + toc
    payload = json.dumps([r.to_dict() for r in runs]).replace("</", "<\\/")
    return ("<!DOCTYPE html>\n<html lang='en'><head><meta charset='utf-8'>"
            "<meta name='viewport' content='width=device-width, initial-scale=1'>"
            f"<title>{esc(title)}</title><style>{CSS}</style></head><body>"
            f"<header><h1>{esc(title)}</h1><p class='sub'>{len(runs)} run(s) · made {esc(now_iso())} by "
            f"hashbench {esc(__version__)} · every figure was verified before it was timed · sizes in bytes "
            f"({esc(format_size(1024))} = 1024)</p></header><nav><ul>{toc}</ul></nav>"
            + machines + "".join(run_section(r) for r in runs)
            + f"<script type='application/json' id='hashbench-runs'>{payload}</script></body></html>\n")
